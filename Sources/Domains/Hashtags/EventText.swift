import LockstepCore
import Platform

extension Hashtags {
    /// The scenario line of an event (`Domain.text(of:)`), which `events` reads back as the same
    /// event. Timer events (`bannerHide`, `pasteboardExpiry`) have none, nor a `bundleUpdate`,
    /// whose bytes came from a file the line would have to name.
    public static func text(of event: HashtagsEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .textInput(let t): return line.string("text", t).line
        case .submit(let c), .tapAdd(let c), .appear(let c), .pasteButton(let c): return line.word("category", c).line
        case .swipeDelete(let c, let t), .pick(let c, let t): return line.word("category", c).string("tag", t).line
        case .move(let c, let from, let to):
            return line.word("category", c).tuple("from", from.map(Double.init)).int("to", to).line
        case .copy(let d, let localOnly):
            return line.optional(d) { $0.duration("expiresAfter", $1) }.bool("localOnly", localOnly, default: false).line
        case .remoteConfig(let n): return line.int("tagLimit", n).line
        case .relaunch, .pasteIntoInstagram: return line.line
        case .bundleUpdate: return nil
        case .bannerHide, .pasteboardExpiry: return nil
        case .pasteboard(let p): return PasteboardVocabulary.text(of: p)
        case .env(let change): return DeviceVocabulary.text(of: change)
        }
    }
}
