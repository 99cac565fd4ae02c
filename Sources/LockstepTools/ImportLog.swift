/// What one import found, record by record: event lines made, records dropped (by reason), values
/// clamped (by reason), and located errors. Nothing is silent: every record not converted as it
/// stands is counted under a reason that the summary prints.
struct ImportLog {
    /// At most this many errors are kept and printed (the limit maxImportErrors); the rest are counted.
    static let maxErrors = 100
    /// Line numbers listed per drop or clamp reason in the summary.
    static let maxListedLines = 5

    struct Tally {
        var reason: String
        var count = 0
        var lines: [Int] = []
    }

    var errors: [String] = []
    var errorCount = 0
    var lines: [String] = []
    /// Records that became event lines.
    var converted = 0
    var dropped: [Tally] = []
    var clamped: [Tally] = []
    /// Counts worth showing that are neither drops nor clamps (coalesced touches, empty frames).
    var noted: [Tally] = []
    var firstNs: Int64?
    var lastNs: Int64 = 0

    mutating func error(_ path: String, line: Int, _ problem: ImportProblem) {
        errorCount += 1
        if errors.count < Self.maxErrors { errors.append("\(path):\(line):\(problem.column): \(problem.message)") }
    }

    mutating func drop(_ reason: String, line: Int) { Self.tally(&dropped, reason, line) }
    mutating func clamp(_ reason: String, line: Int) { Self.tally(&clamped, reason, line) }
    mutating func note(_ reason: String, line: Int) { Self.tally(&noted, reason, line) }

    private static func tally(_ list: inout [Tally], _ reason: String, _ line: Int) {
        if let i = list.firstIndex(where: { $0.reason == reason }) {
            list[i].count += 1
            if list[i].lines.count < maxListedLines { list[i].lines.append(line) }
        } else {
            list.append(Tally(reason: reason, count: 1, lines: [line]))
        }
    }

    mutating func emit(_ ns: Int64, _ event: String) {
        converted += 1
        if firstNs == nil { firstNs = ns }
        lastNs = ns
        lines.append(ImportTime.text(ns) + " " + event)
    }

    var droppedCount: Int { dropped.reduce(0) { $0 + $1.count } }
    var clampedCount: Int { clamped.reduce(0) { $0 + $1.count } }

    /// The summary lines, indented under the command's first line.
    func summary() -> [String] {
        var out: [String] = []
        let span = firstNs.map { " (\(ImportTime.text($0)) ... \(ImportTime.text(lastNs)) s)" } ?? ""
        out.append("  converted \(converted) records into \(lines.count) event lines\(span)")
        for t in noted { out.append("  \(t.count) \(t.reason)\(Self.listed(t))") }
        out.append("  dropped \(droppedCount)" + (dropped.isEmpty ? "" : ":"))
        for t in dropped { out.append("    \(t.count) \(t.reason)\(Self.listed(t))") }
        out.append("  clamped \(clampedCount)" + (clamped.isEmpty ? "" : ":"))
        for t in clamped { out.append("    \(t.count) \(t.reason)\(Self.listed(t))") }
        return out
    }

    private static func listed(_ t: Tally) -> String {
        let more = t.count > t.lines.count ? ", ..." : ""
        return " (line" + (t.count == 1 ? " " : "s ") + t.lines.map(String.init).joined(separator: ", ") + more + ")"
    }
}
