import LockstepCore
import Platform

/// The article's rules as invariants, checked after every step.
extension BibleReader {
    static func field(_ r: Record, _ key: String) -> String? {
        guard let v = r.fields.first(where: { $0.key == key })?.value else { return nil }
        switch v {
        case .word(let w), .string(let w): return w
        case .int(let i): return String(i)
        default: return nil
        }
    }

    public static let invariants: [Invariant<BibleReader>] = [
        Invariant("searchNeverFails", "no user query reaches FTS5 as a syntax error (checklist 6)") { _, outputs in
            outputs.first { $0.name == "search.ftsStepError" }.map { "the search failed: \(field($0, "message") ?? "?")" }
        },
        Invariant("oneHighlightPerVerse", "the reading view shows at most one highlight per verse, the newest") { _, outputs in
            for r in outputs where r.name == "verse" {
                if let h = field(r, "highlight"), h.contains(",") { return "verse \(field(r, "id") ?? "?") shows \(h)" }
            }
            var seen: Set<String> = []
            for r in outputs where r.name == "highlight" {
                let key = (field(r, "device") ?? "") + "/" + (field(r, "verse") ?? "")
                if !seen.insert(key).inserted { return "highlight \(key) listed twice" }
            }
            return nil
        },
        Invariant("widgetReloadInFuture", "the widget's reload date is after now") { _, outputs in
            outputs.first { $0.name == "widget.timeline" && $0.fields.contains { $0.key == "reloadInPast" && $0.value == .bool(true) } }
                .map { "reload at \(field($0, "reloadAfter") ?? "?") is not after now" }
        },
        Invariant("widgetWithoutApp", "the widget shows a daily verse, never the placeholder, from a timeline or snapshot") { _, outputs in
            outputs.first { $0.name == "widget.entry" && field($0, "source") != "extension" }.map { _ in "a widget entry did not come from the extension's own list" }
        },
        Invariant("widgetPickIsDayOfYear", "the widget's index is (day of year − 1) mod the list's count", checkStep: { _, outputs, _ in
            for r in outputs where r.name == "widget.entry" && field(r, "source") == "extension" {
                guard let d = Int(field(r, "dayOfYear") ?? ""), let i = field(r, "index") else { continue }
                if i != String((d - 1) % dailyVerses.count) { return "day \(d) shows index \(i)" }
            }
            return nil
        }),
        Invariant("updateKeepsUserData", "an app update never touches user data") { _, outputs in
            for r in outputs where r.name == "appUpdate" && field(r, "userRowsBefore") != field(r, "userRowsAfter") {
                return "the update changed the user store from \(field(r, "userRowsBefore") ?? "?") to \(field(r, "userRowsAfter") ?? "?") rows"
            }
            return nil
        },
        Invariant("hitsRankedAscending", "search hits come in ascending rank (best first)") { _, outputs in
            var last: Double?
            for r in outputs {
                if r.name == "search" { last = nil }
                guard r.name == "hit", case .fixed(let v, _)? = r.fields.first(where: { $0.key == "rank" })?.value else { continue }
                if let l = last, Double(v) < l { return "hit \(field(r, "id") ?? "?") ranks before a better one" }
                last = Double(v)
            }
            return nil
        },
    ]
}
