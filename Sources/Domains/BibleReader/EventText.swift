import LockstepCore
import Platform

extension BibleReader {
    /// Each recorded event as the line that reads back to it (for `expand` and `shrink`).
    public static func text(of event: BibleReaderEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .launch(let d, let b): return line.word("device", d).choice("bundle", b).line
        case .openChapter(let d, let b, let c, let t): return line.word("device", d).int("book", b).int("chapter", c).word("translation", t).line
        case .search(let d, let q, let t, let l): return line.word("device", d).text("q", q).word("translation", t).int("limit", l, default: 100).line
        case .toggleHighlight(let d, let v, let c): return line.word("device", d).int("verse", v).word("color", c).line
        case .appUpdate(let d): return line.word("device", d).line
        case .widget(let r): return line.choice("call", r).line
        case .cloud(let l): return CloudVocabulary.text(of: l)
        }
    }
}
