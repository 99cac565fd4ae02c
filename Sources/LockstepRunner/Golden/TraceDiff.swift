import LockstepCore

/// Finds where two traces first differ and says so the way a person debugging wants to read it:
/// which step, which event, the expected and actual lines, and a little context.
public struct TraceDivergence: Sendable, CustomStringConvertible {
    /// 1-based line number in both traces.
    public var line: Int
    /// The step the differing line belongs to (its step line), if it is inside the steps.
    public var stepLine: String?
    public var expected: String?
    public var actual: String?
    /// Lines before the divergence (shared by both).
    public var context: [String]
    /// A one-line reason (unknown version, truncated golden, state-only change).
    public var reason: String

    public var description: String {
        var out = "  \(reason)\n"
        if let stepLine { out += "  in step: \(stepLine)\n" }
        for c in context { out += "    \(c)\n" }
        out += "  - expected (line \(line)): \(expected ?? "<end of golden>")\n"
        out += "  + actual   (line \(line)): \(actual ?? "<end of run>")\n"
        return out
    }
}

public enum TraceDiff {
    public static let contextLines = 3

    /// The first divergence between an expected trace (a golden) and an actual one; nil if identical.
    public static func compare(expected: [UInt8], actual: [UInt8]) -> TraceDivergence? {
        if expected == actual { return nil }
        let e = lines(expected), a = lines(actual)
        // A golden in an unknown format is reported as such rather than as a diff.
        if let first = e.first, first != a.first, first.hasPrefix("lockstep-trace ") {
            return TraceDivergence(line: 1, stepLine: nil, expected: first, actual: a.first, context: [],
                                   reason: "golden has an unknown trace format '\(first)'; this Lockstep writes '\(a.first ?? "")'")
        }
        if let first = e.first, !first.hasPrefix("lockstep-trace ") {
            return TraceDivergence(line: 1, stepLine: nil, expected: first, actual: a.first, context: [],
                                   reason: "golden is not a Lockstep trace (its first line should be '\(a.first ?? "lockstep-trace 1")')")
        }
        var i = 0
        let n = min(e.count, a.count)
        while i < n && e[i] == a[i] { i += 1 }
        // A step whose outputs changed nearly always changes its digest too, and the digest is on the
        // step line, above the outputs. Report the first differing output of that step instead, so the
        // changed output is what the person sees; a step whose outputs all match is a digest-only change.
        var digestAlsoDiffers = false
        if i < n, isStepLine(e[i]), isStepLine(a[i]), dropDigest(e[i]) == dropDigest(a[i]) {
            var j = i + 1
            while j < n && e[j] == a[j] && isOutputLine(e[j]) { j += 1 }
            if j < e.count || j < a.count {
                let el = j < e.count ? e[j] : nil, al = j < a.count ? a[j] : nil
                if el != al && (el.map(isOutputLine) ?? false || al.map(isOutputLine) ?? false) {
                    i = j
                    digestAlsoDiffers = true
                }
            }
        }
        // The step the divergence belongs to: the differing line itself when both sides are step lines,
        // else the nearest step line above it (not a step line that only the run has at this position).
        let startsAtStep = i < a.count && isStepLine(a[i]) && (i >= e.count || isStepLine(e[i]))
        let upper = min(startsAtStep ? i + 1 : i, a.count)
        let stepLine = (0..<upper).reversed().lazy.map { a[$0] }.first(where: isStepLine)
        let context = Array(a[max(0, i - contextLines)..<i])
        let expectedLine = i < e.count ? e[i] : nil
        let actualLine = i < a.count ? a[i] : nil
        var reason: String
        if expectedLine == nil {
            reason = "golden ends at line \(i) but the run continues (the golden may be truncated)"
        } else if actualLine == nil {
            reason = "the run ends at line \(i) but the golden continues"
        } else if let el = expectedLine, let al = actualLine, isStepLine(el), isStepLine(al), dropDigest(el) == dropDigest(al) {
            reason = "first divergence at line \(i + 1): same step and event, different state digest (look at this step's outputs and the final state)"
        } else {
            reason = "first divergence at line \(i + 1)" + (digestAlsoDiffers ? " (the step's state digest differs too)" : "")
        }
        if !e.contains(where: { $0 == "state" }) {
            reason += "; the golden has no footer, so it is truncated"
        }
        return TraceDivergence(line: i + 1, stepLine: stepLine, expected: expectedLine, actual: actualLine,
                               context: context, reason: reason)
    }

    static func lines(_ bytes: [UInt8]) -> [Substring] {
        let text = String(decoding: bytes, as: UTF8.self)
        var result = text.split(separator: "\n", omittingEmptySubsequences: false)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// Step lines start with the step index.
    static func isStepLine(_ line: Substring) -> Bool {
        guard let c = line.utf8.first else { return false }
        return c >= 48 && c <= 57
    }

    /// Output lines are indented under their step.
    static func isOutputLine(_ line: Substring) -> Bool { line.hasPrefix("  ") }

    static func dropDigest(_ line: Substring) -> Substring {
        if let hash = line.lastIndex(of: "#") { return line[..<hash] }
        return line
    }
}

extension TraceDivergence {
    init(line: Int, stepLine: Substring?, expected: Substring?, actual: Substring?, context: [Substring], reason: String) {
        self.init(line: line, stepLine: stepLine.map(String.init), expected: expected.map(String.init),
                  actual: actual.map(String.init), context: context.map(String.init), reason: reason)
    }
}
