import LockstepCore
import LockstepRunner

/// Makes a failing scenario small: fewer event lines, then simpler values, keeping only candidates
/// that still fail the same way.
///
/// 1. **Prefix**: the shortest prefix of the event lines that still fails (a binary search; a walk
///    that breaks an invariant at step 40 of 200 loses the last 160 at once).
/// 2. **ddmin** (Zeller and Hildebrandt's delta debugging) over the remaining lines: try each of n
///    chunks alone, then each complement, doubling n when neither fails. It ends 1-minimal (no
///    single line can be removed) unless a limit stops it first.
/// 3. **Expansion**, when lines that remain are `gen` or `include` lines and an `expand` is given:
///    the scenario is written out flat (`Expander`: each generated or included event its own line,
///    replaying to the same trace), and steps 1 and 2 run again on single events, so a generated
///    push-up or stroke loses the frames or samples that do not matter.
/// 4. **Values**, then ddmin again while values changed (a simpler value can make a line do
///    nothing, so it can go): each number in a `key=value` field or a `+` time is tried as `0`, then as half of
///    itself (toward zero, whole), then without its fraction; a change is kept when it still fails.
///
/// Every candidate runs the whole scenario, so the cost is attempts × one replay; `maxAttempts`
/// and `timeLimitNanoseconds` bound it, and hitting either is reported (the result is the smallest
/// failing scenario found so far, not known to be minimal).
public struct Shrinker {
    /// Does this candidate still fail the same way? (Candidates that do not run are not failures.)
    public typealias Predicate = (ScenarioText) -> Bool

    public var maxAttempts: Int
    public var timeLimitNanoseconds: UInt64
    public private(set) var attempts = 0
    public private(set) var limitHit: String?
    /// When step 3 ran: the event lines before and after writing the scenario out flat.
    public private(set) var expanded: (lines: Int, into: Int)?
    /// Writes a scenario out flat (`Project.flattened`), or nil when it cannot be.
    var expand: ((ScenarioText) -> ScenarioText?)?
    let started = BenchClock.nanoseconds()
    let fails: Predicate
    /// Told after each attempt: attempts so far and the current event count.
    var progress: (Int, Int) -> Void

    public static let defaultMaxAttempts = 5_000
    public static let defaultTimeLimitSeconds = 120

    public init(maxAttempts: Int = Shrinker.defaultMaxAttempts,
                timeLimitSeconds: Int = Shrinker.defaultTimeLimitSeconds,
                progress: @escaping (Int, Int) -> Void = { _, _ in },
                expand: ((ScenarioText) -> ScenarioText?)? = nil, fails: @escaping Predicate) {
        self.expand = expand
        self.maxAttempts = maxAttempts
        self.timeLimitNanoseconds = UInt64(max(1, timeLimitSeconds)) * 1_000_000_000
        self.progress = progress
        self.fails = fails
    }

    /// Whether a limit stops further attempts (and records which).
    mutating func outOfBudget() -> Bool {
        if limitHit != nil { return true }
        if attempts >= maxAttempts { limitHit = "maxAttempts=\(maxAttempts)"; return true }
        if BenchClock.nanoseconds() &- started > timeLimitNanoseconds {
            limitHit = "time limit \(timeLimitNanoseconds / 1_000_000_000) s"
            return true
        }
        return false
    }

    mutating func test(_ candidate: ScenarioText) -> Bool {
        attempts += 1
        let result = fails(candidate)
        progress(attempts, candidate.events.count)
        return result
    }

    /// The smallest failing scenario found. `scenario` itself must fail (the caller checks first).
    public mutating func shrink(_ scenario: ScenarioText) -> ScenarioText {
        var current = prefix(scenario)
        current = ddmin(current)
        if let expand, current.events.contains(where: Shrinker.isGenOrInclude), !outOfBudget(),
           let flat = expand(current), flat != current, test(flat) {
            expanded = (current.events.count, flat.events.count)
            current = ddmin(prefix(flat))
        }
        // Simpler values can make a line removable (a dose of 0 pills is refused, so the line no
        // longer does anything): remove lines again until neither step changes anything.
        for _ in 0..<Shrinker.maxRounds {
            let before = current
            current = simplifyValues(current)
            if current == before || outOfBudget() { break }
            current = ddmin(current)
        }
        return current
    }

    /// Rounds of values-then-lines after the first ddmin (each round that changes nothing ends it).
    static let maxRounds = 4

    /// Whether an event line is a `gen` or `include` line (its second word).
    static func isGenOrInclude(_ line: String) -> Bool {
        let words = line.split(maxSplits: 2, omittingEmptySubsequences: true, whereSeparator: { $0 == " " || $0 == "\t" })
        return words.count >= 2 && (words[1] == "gen" || words[1] == "include")
    }

    /// The shortest failing prefix, by binary search over the number of event lines (failing is
    /// mostly monotone in the prefix: a violation at one step stays once the steps after it go).
    mutating func prefix(_ s: ScenarioText) -> ScenarioText {
        var low = 0, high = s.events.count  // high fails (the whole scenario)
        while low + 1 < high, !outOfBudget() {
            let mid = (low + high) / 2
            if test(s.with(events: Array(s.events[..<mid]))) { high = mid } else { low = mid }
        }
        if high == 1, !outOfBudget(), test(s.with(events: [])) { high = 0 }
        return s.with(events: Array(s.events[..<high]))
    }

    mutating func ddmin(_ s: ScenarioText) -> ScenarioText {
        var items = s.events
        var n = 2
        search: while items.count >= 2, !outOfBudget() {
            let size = (items.count + n - 1) / n
            let chunks = stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
            // Reduce to a chunk...
            for chunk in chunks {
                if outOfBudget() { break search }
                if test(s.with(events: chunk)) { items = chunk; n = 2; continue search }
            }
            // ...or to a complement (with two chunks each complement is the other chunk, tried above).
            if chunks.count > 2 {
                for i in chunks.indices {
                    if outOfBudget() { break search }
                    let complement = chunks.enumerated().filter { $0.offset != i }.flatMap(\.element)
                    if test(s.with(events: complement)) { items = complement; n = max(n - 1, 2); continue search }
                }
            }
            // ...or split finer; at one line per chunk nothing can go: 1-minimal.
            if n >= items.count { break }
            n = min(items.count, n * 2)
        }
        if items.count == 1, !outOfBudget(), test(s.with(events: [])) { items = [] }
        return s.with(events: items)
    }

    mutating func simplifyValues(_ s: ScenarioText) -> ScenarioText {
        var current = s
        var changed = true
        var passes = 0
        while changed, passes < 4, !outOfBudget() {
            changed = false
            passes += 1
            for i in current.events.indices {
                // Whole-line simplifications first, one attempt each: fewer fields (a frame with
                // fewer joints), then every decimal of the line with fewer digits.
                var field = 0
                while field < ShrinkValues.keyedFields(in: current.events[i]).count, !outOfBudget() {
                    var next = current
                    next.events[i] = ShrinkValues.without(current.events[i], field: field)
                    if test(next) { current = next; changed = true } else { field += 1 }
                }
                for places in [1, 2, 3] where !outOfBudget() {
                    let rounded = ShrinkValues.rounded(current.events[i], places: places)
                    guard rounded != current.events[i] else { continue }
                    var next = current
                    next.events[i] = rounded
                    if test(next) { current = next; changed = true; break }
                }
                var tokenIndex = 0
                while let line = Optional(current.events[i]), tokenIndex < ShrinkValues.numbers(in: line).count, !outOfBudget() {
                    for candidate in ShrinkValues.simpler(line, token: tokenIndex) {
                        var next = current
                        next.events[i] = candidate
                        if test(next) { current = next; changed = true; break }
                        if outOfBudget() { break }
                    }
                    tokenIndex += 1
                }
            }
        }
        return current
    }
}

/// The numbers in an event line that `shrink` may make simpler, and the simpler versions.
enum ShrinkValues {
    /// The ranges of the `key=value` tokens of an event line (the time and the kind are not).
    static func keyedFields(in line: String) -> [Range<String.Index>] {
        tokens(in: line).dropFirst(2).filter { line[$0].contains("=") && !line[$0].hasPrefix("\"") }
    }

    /// `line` without its `field`-th `key=value` token.
    static func without(_ line: String, field: Int) -> String {
        let fields = keyedFields(in: line)
        guard field < fields.count else { return line }
        var copy = line
        var range = fields[field]
        // Take the space before the token with it.
        if range.lowerBound > copy.startIndex, copy[copy.index(before: range.lowerBound)] == " " {
            range = copy.index(before: range.lowerBound)..<range.upperBound
        }
        copy.removeSubrange(range)
        return copy
    }

    /// `line` with every decimal number in its values cut to `places` digits after the point
    /// (toward zero: `0.68055` → `0.68`); the time is left alone.
    static func rounded(_ line: String, places: Int) -> String {
        var out = ""
        var digitsAfterDot = -1  // -1: not inside a number's fraction
        var inTime = true
        var previous: Character = " "
        for c in line {
            if inTime { out.append(c); if c == " " { inTime = false }; previous = c; continue }
            if c == "." && previous.isASCII && previous.isNumber {
                digitsAfterDot = 0
                out.append(c)
            } else if digitsAfterDot >= 0 && c.isASCII && c.isNumber {
                digitsAfterDot += 1
                if digitsAfterDot <= places { out.append(c) }
            } else {
                digitsAfterDot = -1
                out.append(c)
            }
            previous = c
        }
        return out
    }

    /// The ranges of the space-separated tokens of a line.
    static func tokens(in line: String) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var i = line.startIndex
        while i < line.endIndex {
            while i < line.endIndex, line[i] == " " || line[i] == "\t" { i = line.index(after: i) }
            let start = i
            while i < line.endIndex, line[i] != " " && line[i] != "\t" { i = line.index(after: i) }
            if start < i { result.append(start..<i) }
        }
        return result
    }

    /// Ranges of the numbers in `key=NUMBER` fields and in a leading `+NUMBER` time (with an optional
    /// unit such as `ms`, kept as it is).
    static func numbers(in line: String) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var i = line.startIndex
        var first = true
        while i < line.endIndex {
            // A token starts after spaces.
            while i < line.endIndex, line[i] == " " || line[i] == "\t" { i = line.index(after: i) }
            let tokenStart = i
            while i < line.endIndex, line[i] != " " && line[i] != "\t" { i = line.index(after: i) }
            let token = line[tokenStart..<i]
            if first, token.hasPrefix("+") {
                if let r = numberRange(token, from: token.index(after: token.startIndex)) { result.append(r) }
            } else if let eq = token.firstIndex(of: "="), !token.contains("\"") {
                if let r = numberRange(token, from: token.index(after: eq)) { result.append(r) }
            }
            first = false
        }
        return result
    }

    /// The digits (with a sign and one dot) starting at `start`, if the value is a plain number
    /// (followed by nothing or by a unit of letters).
    static func numberRange(_ token: Substring, from start: String.Index) -> Range<String.Index>? {
        var j = start
        if j < token.endIndex, token[j] == "-" { j = token.index(after: j) }
        var digits = 0, dots = 0
        while j < token.endIndex, token[j].isASCII && (token[j].isNumber || token[j] == ".") {
            if token[j] == "." { dots += 1 } else { digits += 1 }
            j = token.index(after: j)
        }
        guard digits > 0, dots <= 1 else { return nil }
        let rest = token[j...]
        guard rest.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return start..<j
    }

    /// `line` with its `token`-th number replaced by simpler ones, simplest first; none equal to it.
    static func simpler(_ line: String, token: Int) -> [String] {
        let ranges = numbers(in: line)
        guard token < ranges.count else { return [] }
        let range = ranges[token]
        let text = String(line[range])
        var options: [String] = ["0"]
        if let v = Int(text) {
            if v / 2 != 0 { options.append(String(v / 2)) }
        } else if let dot = text.firstIndex(of: ".") {
            let whole = String(text[..<dot])
            options.append(whole.isEmpty || whole == "-" ? "0" : whole)
        }
        var seen: [String] = []
        return options.compactMap { option in
            guard option != text, !seen.contains(option) else { return nil }
            seen.append(option)
            var copy = line
            copy.replaceSubrange(range, with: option)
            return copy
        }
    }
}
