import LockstepCore
import Platform

extension CloudNotes {
    /// The scenario line of each event (`Domain.text(of:)`), read back by `events` as the same event.
    public static func text(of event: Event) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .edit(let device, let note, let text): return line.choice("device", device).word("note", note).string("text", text).line
        case .open(let device): return line.choice("device", device).line
        case .pin(let p, let note), .unpin(let p, let note): return line.choice("process", p).word("note", note).line
        case .refresh: return line.line
        case .cloud(let c): return CloudVocabulary.text(of: c)
        case .appGroup(let g): return AppGroupVocabulary.text(of: g)
        }
    }
}
