import LockstepCore

/// `gen study sessions=N gap=30s`: a study routine repeated N times on device A: a search (cycling
/// through the article's and the note's queries), a chapter opened, a highlight toggled, and a
/// widget timeline.
extension BibleReader {
    public static let maxStudySessions = 100_000
    static let studyQueries = ["love one another", "faith hope", "shepherd", "LÓVE One", "the", "commandment", "Jesus Christ", "word"]
    static let studyVerses: [Int64] = [43_003_016, 43_013_034, 19_023_001, 62_004_007]

    public static let generators: [Generator<BibleReaderEvent>] = [
        Generator("study", "sessions of search, read, highlight and widget, gap apart", parameters: { f throws(ScenarioError) in
            (sessions: try f("sessions", .int, in: 1...maxStudySessions, "how many sessions"),
             gap: try f("gap", .duration, default: .seconds(30), in: .seconds(1) ... .days(1), "between sessions"))
        }, stream: { p, context, emit throws(ScenarioError) in
            guard p.sessions * 4 <= context.maxEvents else { throw context.error("\(p.sessions * 4) events; the budget is \(context.maxEvents)") }
            for i in 0..<p.sessions {
                let t = p.gap * Int64(i)
                let verse = studyVerses[i % studyVerses.count]
                try emit(Generated(t, .search(device: "A", query: studyQueries[i % studyQueries.count], translation: i % 3 == 0 ? "WEB" : "KJV", limit: 100)))
                try emit(Generated(t, .openChapter(device: "A", book: Int(verse / 1_000_000), chapter: Int((verse / 1_000) % 1_000), translation: "KJV")))
                try emit(Generated(t, .toggleHighlight(device: "A", verse: verse, color: "yellow")))
                try emit(Generated(t, .widget(.timeline)))
            }
        }),
    ]
}
