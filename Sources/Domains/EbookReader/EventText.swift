import LockstepCore
import Platform

extension EbookReader {
    /// Each recorded event as the line that reads back to it (for `expand` and `shrink`).
    public static func text(of event: EbookReaderEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .book(let id, let title, let author, let words, let lang):
            return line.text("id", id).string("title", title, default: "Untitled").string("author", author, default: "Anonymous")
                .optional(words) { $0.int("words", $1) }.word("lang", lang).line
        case .preview(let b, let bytes): return line.text("book", b).int("bytes", bytes, default: 16_384).line
        case .download(let b), .open(let b), .deleteBook(let b): return line.text("book", b).line
        case .fsFail(let op): return line.choice("op", op).line
        case .viewport(let w, let h): return line.number("width", w).number("height", h, default: 844).line
        case .dynamicType(let c): return line.choice("size", c).line
        case .settings(let l):
            return line.text("font", l.font).number("size", l.size).number("lineHeight", l.lineHeight).number("margin", l.margin).choice("theme", l.theme).line
        case .scroll(let y): return line.number("y", y).line
        case .scrollEnd(let k, let d): return line.choice("kind", k).bool("decelerate", d, default: false).line
        case .select(let ranges, let os):
            return line.text("ranges", ranges.map { "\($0.location):\($0.length)" }.joined(separator: ",")).int("os", os).line
        case .highlight, .bookmark, .streak, .appear, .disappear, .speechResume, .relaunch, .purgeCaches: return line.line
        case .jump(let m): return line.int("mark", m).line
        case .deleteMark(let id): return line.int("id", id).line
        case .scene(let p): return line.choice("phase", p).line
        case .speak(let r): return line.number("rate", r).line
        case .speechPause(let b), .speechStop(let b): return line.choice("at", b).line
        case .speech(let voices): return SpeechVocabulary.text(of: voices)
        case .speechWake: return nil
        case .network(.line(let l)): return NetVocabulary.text(of: l)
        case .network(.timer): return nil
        case .audio(let e): return AudioVocabulary.text(of: e)
        }
    }
}
