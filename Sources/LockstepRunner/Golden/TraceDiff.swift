#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore

/// Finds where two traces first differ and says so the way a person debugging wants to read it:
/// which step, which event, the expected and actual lines, and a little context.
///
/// Lines are compared as bytes, never as Swift `String`s (which are equal under Unicode canonical
/// equivalence), and shown with control bytes and invalid UTF-8 escaped (`\x00`, `\x0d`, `\x1b`,
/// `\xff`), so two lines that differ only in such bytes never look identical in a report.
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
    /// Header lines that differ (`seed 1` against `seed 2`), when the first divergence is in the header.
    public var headerChanges: [HeaderChange] = []
    /// When the first divergence is in the header: the first step that differs too, if any.
    public var firstDifferingStep: StepDifference?
    /// How many steps differ, when the report could count them (not for a CRLF or foreign golden).
    public var steps: StepCount?

    /// One header line on each side (nil: that side has no such line).
    public struct HeaderChange: Sendable, Equatable {
        public var expected: String?
        public var actual: String?
    }

    /// The first differing line inside the steps, with each side's own line number (a header line
    /// more or less moves every later line).
    public struct StepDifference: Sendable {
        public var expectedLine: Int
        public var actualLine: Int
        public var stepLine: String?
        public var expected: String?
        public var actual: String?
    }

    /// Differing steps, compared block by block (a step line and its outputs) in step order after
    /// the first divergence.
    public struct StepCount: Sendable, Equatable {
        public var differing: Int
        /// Steps in the run, when the run's end was within the compared window.
        public var total: Int?
        /// The index of the first differing step.
        public var first: Int?
        /// False when the window after the divergence was cut at `TraceComparator.tailBytes`:
        /// `differing` is then a lower bound.
        public var exact: Bool
        /// The bytes after the divergence that were compared when not exact.
        public var windowBytes: Int
        /// Whether the first divergence is in the header (or else, with no differing step, the footer).
        public var inHeader: Bool

        public var sentence: String {
            let of = total.map { " (of \($0) step\($0 == 1 ? "" : "s"))" } ?? ""
            if differing == 0 {
                guard exact else { return "no step differs in the \(windowBytes) bytes after the divergence (the limit tailBytes)" }
                return inHeader ? "only the header differs; every step is the same\(of)" : "every step is the same\(of); only the footer differs"
            }
            let count = (exact ? "" : "at least ") + "\(differing) step\(differing == 1 && exact ? " differs" : "s differ")"
            let firstText = first.map { differing == 1 && exact ? ": step \($0)" : ", the first is step \($0)" } ?? ""
            let cut = exact ? "" : " (counted in the \(windowBytes) bytes after the divergence, the limit tailBytes)"
            return count + of + firstText + cut
        }
    }

    public var description: String {
        var out = ""
        for change in headerChanges {
            out += "  header differs: - \(change.expected ?? "<no such line>") / + \(change.actual ?? "<no such line>")\n"
        }
        out += "  \(reason)\n"
        if let steps { out += "  \(steps.sentence)\n" }
        if let stepLine { out += "  in step: \(stepLine)\n" }
        for c in context { out += "    \(c)\n" }
        out += "  - expected (line \(line)): \(expected ?? "<end of golden>")\n"
        out += "  + actual   (line \(line)): \(actual ?? "<end of run>")\n"
        if let step = firstDifferingStep {
            out += "  first differing step" + (step.stepLine.map { ": \($0)" } ?? "") + "\n"
            out += "  - expected (line \(step.expectedLine)): \(step.expected ?? "<end of golden>")\n"
            out += "  + actual   (line \(step.actualLine)): \(step.actual ?? "<end of run>")\n"
        }
        return out
    }
}

public enum TraceDiff {
    public static let contextLines = 3

    /// The first divergence between an expected trace (a golden) and an actual one; nil if identical.
    public static func compare(expected: [UInt8], actual: [UInt8]) -> TraceDivergence? {
        let comparator = TraceComparator(expected: ExpectedStream(bytes: expected))
        comparator.write(actual)
        return comparator.finish()
    }

    /// Compares two trace files streaming, holding a bounded window of each, never the whole files.
    /// Each file must be a regular file of at most `maxBytes` bytes.
    public static func compareFiles(expected: String, actual: String, maxBytes: Int,
                                    limitName: String? = nil) throws(FileIO.Failure) -> TraceDivergence? {
        let stream = try ExpectedStream(path: expected, maxBytes: maxBytes, limitName: limitName)
        let (fd, size) = try FileIO.openRegular(actual)
        defer { FileIO.closeFile(fd) }
        guard size <= maxBytes else {
            throw FileIO.Failure(path: actual, message: FileIO.overLimitMessage(size: size, maxBytes: maxBytes, limitName: limitName))
        }
        let comparator = TraceComparator(expected: stream)
        var block = [UInt8](repeating: 0, count: ExpectedStream.blockBytes)
        var total = 0
        var rounds = 0
        while rounds < 100_000_000 {  // bounded: each round reads at least one byte or stops
            rounds += 1
            let n = FileIO.readChunk(fd: fd, into: &block, at: 0, count: block.count)
            if n < 0 { throw FileIO.Failure(path: actual, message: "read error: \(FileIO.errnoText())") }
            if n == 0 { break }
            total += n
            guard total <= maxBytes else {
                throw FileIO.Failure(path: actual, message: "file grew over the limit of \(maxBytes) bytes while being read")
            }
            comparator.write(n == block.count ? block : Array(block[0..<n]))
        }
        let divergence = comparator.finish()
        if let failure = stream.failure { throw FileIO.Failure(path: expected, message: failure) }
        return divergence
    }

    /// A line as shown in a report: control bytes (below 0x20, and 0x7f) and bytes that are not valid
    /// UTF-8 escaped as `\xNN`, C1 controls (U+0080...U+009F) as `\u{NN}`, everything else as text.
    public static func display(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        var rounds = 0
        while i < bytes.count && rounds <= bytes.count {  // bounded: each round consumes at least one byte
            rounds += 1
            let c = bytes[i]
            let length = validScalarLength(bytes, i)
            if length == 0 || c < 0x20 || c == 0x7F {
                out += Array("\\x".utf8) + Array(hexByte(c).utf8)
                i += 1
            } else if length == 2 && c == 0xC2 && bytes[i + 1] <= 0x9F {
                out += Array("\\u{".utf8) + Array(String(bytes[i + 1], radix: 16).utf8) + [125]
                i += 2
            } else {
                out += bytes[i..<(i + length)]
                i += length
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The length of the valid UTF-8 scalar starting at `i`, or 0 if the bytes there are ill-formed.
    static func validScalarLength(_ b: [UInt8], _ i: Int) -> Int {
        let c = b[i]
        let n = b.count
        func cont(_ k: Int) -> Bool { k < n && b[k] & 0xC0 == 0x80 }
        switch c {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return cont(i + 1) ? 2 : 0
        case 0xE0:
            return i + 1 < n && b[i + 1] >= 0xA0 && b[i + 1] <= 0xBF && cont(i + 2) ? 3 : 0
        case 0xED:
            return i + 1 < n && b[i + 1] >= 0x80 && b[i + 1] <= 0x9F && cont(i + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(i + 1) && cont(i + 2) ? 3 : 0
        case 0xF0:
            return i + 1 < n && b[i + 1] >= 0x90 && b[i + 1] <= 0xBF && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF1...0xF3: return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF4:
            return i + 1 < n && b[i + 1] >= 0x80 && b[i + 1] <= 0x8F && cont(i + 2) && cont(i + 3) ? 4 : 0
        default: return 0
        }
    }

    static func hexByte(_ b: UInt8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [digits[Int(b >> 4)], digits[Int(b & 15)]], as: UTF8.self)
    }

    /// Step lines start with the step index.
    static func isStepLine(_ line: [UInt8]) -> Bool {
        guard let c = line.first else { return false }
        return c >= 48 && c <= 57
    }

    /// Output lines are indented under their step.
    static func isOutputLine(_ line: [UInt8]) -> Bool { line.count >= 2 && line[0] == 32 && line[1] == 32 }

    static func dropDigest(_ line: [UInt8]) -> ArraySlice<UInt8> {
        if let hash = line.lastIndex(of: 35) { return line[..<hash] }
        return line[...]
    }

    static func hasPrefix(_ line: [UInt8], _ prefix: String) -> Bool { line.starts(with: prefix.utf8) }

    /// The reason, given a window of lines around the first difference (see `TraceComparator`).
    static func divergence(_ w: DiffWindow) -> TraceDivergence {
        let e = w.expected, a = w.actual
        let show = display
        // A golden whose lines end in CR LF is reported as such, not as an unknown format.
        if let ef = w.expectedFirst, let af = w.actualFirst, ef.last == 13, Array(ef.dropLast()) == af {
            return TraceDivergence(line: 1, stepLine: nil, expected: show(ef), actual: show(af), context: [],
                                   reason: crlfReason(line: 1))
        }
        // A golden in an unknown format is reported as such rather than as a diff.
        if let first = w.expectedFirst, first != w.actualFirst, hasPrefix(first, "lockstep-trace ") {
            return TraceDivergence(line: 1, stepLine: nil, expected: show(first), actual: w.actualFirst.map(show), context: [],
                                   reason: "golden has an unknown trace format '\(show(first))'; this Lockstep writes '\(w.actualFirst.map(show) ?? "")'")
        }
        if let first = w.expectedFirst, !hasPrefix(first, "lockstep-trace ") {
            return TraceDivergence(line: 1, stepLine: nil, expected: show(first), actual: w.actualFirst.map(show), context: [],
                                   reason: "golden is not a Lockstep trace (its first line should be '\(w.actualFirst.map(show) ?? "lockstep-trace 1")')")
        }
        let base = w.base  // the global index of e[0] and a[0]
        var i = 0
        let n = min(e.count, a.count)
        while i < n && e[i] == a[i] { i += 1 }
        // Every line is the same: only the final newline differs. Report the last line.
        let onlyFinalNewline = i == e.count && i == a.count && i > 0
        if onlyFinalNewline { i -= 1 }
        // A step whose outputs changed nearly always changes its digest too, and the digest is on the
        // step line, above the outputs. Report the first differing output of that step instead, so the
        // changed output is what the person sees; a step whose outputs all match is a digest-only change.
        var digestAlsoDiffers = false
        if !onlyFinalNewline, i < n, isStepLine(e[i]), isStepLine(a[i]), dropDigest(e[i]) == dropDigest(a[i]) {
            var j = i + 1
            while j < n && e[j] == a[j] && isOutputLine(e[j]) { j += 1 }
            // Past the window's end (a step with very many equal outputs) nothing is known: stay at the step.
            let known = (j < e.count || w.expectedEnds) && (j < a.count || w.actualEnds)
            if known && (j < e.count || j < a.count) {
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
        let stepLine = (0..<upper).reversed().lazy.map { a[$0] }.first(where: isStepLine) ?? w.stepLineBefore
        let context = Array(a[max(0, i - contextLines)..<i])
        let expectedLine = i < e.count ? e[i] : nil
        let actualLine = i < a.count ? a[i] : nil
        let line = base + i + 1
        var reason: String
        var footerNote = true
        if onlyFinalNewline {
            reason = w.expectedLacksFinalNewline
                ? "the golden's last line (line \(line)) has no final newline; the run ends it with one"
                : "the run's last line (line \(line)) has no final newline; the golden's has one"
            footerNote = false
        } else if expectedLine == nil {
            reason = "golden ends at line \(base + i) but the run continues (the golden may be truncated)"
        } else if actualLine == nil {
            reason = "the run ends at line \(base + i) but the golden continues"
        } else if let el = expectedLine, let al = actualLine, el.last == 13, Array(el.dropLast()) == al {
            reason = crlfReason(line: line)
            footerNote = false
        } else if let el = expectedLine, let al = actualLine, isStepLine(el), isStepLine(al), dropDigest(el) == dropDigest(al) {
            reason = "first divergence at line \(line): same step and event, different state digest (look at this step's outputs and the final state)"
        } else {
            reason = "first divergence at line \(line)" + (digestAlsoDiffers ? " (the step's state digest differs too)" : "")
            if let el = expectedLine, let al = actualLine { reason += lookAlikeNote(el, al) }
        }
        if footerNote && !w.expectedHasStateLine {
            reason += "; the golden has no footer, so it is truncated"
        }
        var result = TraceDivergence(line: line, stepLine: stepLine.map(show), expected: expectedLine.map(show),
                                     actual: actualLine.map(show), context: context.map(show), reason: reason)
        if !onlyFinalNewline && footerNote { addStepReport(&result, w) }
        return result
    }

    /// A step block: a step line and its outputs, or a `---` line and what follows it, or the lines
    /// before the first of these (the lead).
    struct Block {
        var lines: ArraySlice<[UInt8]>
        /// Index in the window's line array of the block's first line.
        var start: Int
        var isStep: Bool
    }

    static let dashes = Array("---".utf8)

    /// Splits `lines[from...]` into blocks; the lead (possibly empty) is always block 0.
    static func blocks(_ lines: [[UInt8]], from: Int, leadIsStep: Bool) -> [Block] {
        var result: [Block] = []
        var start = from
        var isStep = leadIsStep
        var i = from
        while i < lines.count {
            if isStepLine(lines[i]) || lines[i] == dashes {
                result.append(Block(lines: lines[start..<i], start: start, isStep: isStep))
                start = i
                isStep = isStepLine(lines[i])
            }
            i += 1
        }
        result.append(Block(lines: lines[start..<max(start, lines.count)], start: start, isStep: isStep))
        return result
    }

    /// The step index at the start of a step line (`12 3.000000000 add` → 12).
    static func stepIndex(_ line: [UInt8]) -> Int? {
        let digits = line.prefix { $0 >= 48 && $0 <= 57 }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// Counts the differing steps in the window (and, for a header divergence, lists the header
    /// changes and finds the first differing step). Steps are aligned by their order, not by an edit
    /// distance: a step more or less makes every later step differ, which the count then says.
    static func addStepReport(_ result: inout TraceDivergence, _ w: DiffWindow) {
        let e = w.expected, a = w.actual
        let shared = w.sharedLines - w.base  // index of the first unshared line in e and a
        let inHeader = w.sharedDashes == 0
        var eBlocks: [Block], aBlocks: [Block]
        var leadStepIndex: Int? = nil
        if inHeader {
            guard let ed = e.firstIndex(of: dashes), let ad = a.firstIndex(of: dashes) else { return }
            result.headerChanges = headerChanges(Array(e[..<ed]), Array(a[..<ad]))
            eBlocks = blocks(e, from: ed, leadIsStep: false)
            aBlocks = blocks(a, from: ad, leadIsStep: false)
        } else {
            guard shared >= 0 else { return }
            eBlocks = blocks(e, from: min(shared, e.count), leadIsStep: w.lastBoundaryIsStep)
            aBlocks = blocks(a, from: min(shared, a.count), leadIsStep: w.lastBoundaryIsStep)
            if w.lastBoundaryIsStep { leadStepIndex = w.stepLineBefore.flatMap(stepIndex) }
        }
        // A side cut by the window: its last block may be incomplete, so it is not compared.
        if !w.expectedEnds { eBlocks.removeLast() }
        if !w.actualEnds { aBlocks.removeLast() }
        let exact = w.expectedEnds && w.actualEnds
        let comparable = exact ? max(eBlocks.count, aBlocks.count)
            : min(w.expectedEnds ? Int.max : eBlocks.count, w.actualEnds ? Int.max : aBlocks.count)
        var differing = 0
        var first: Int? = nil
        var firstBlock: Int? = nil
        for k in 0..<comparable {
            let eb = k < eBlocks.count ? eBlocks[k] : nil, ab = k < aBlocks.count ? aBlocks[k] : nil
            let isStep = (eb?.isStep ?? false) || (ab?.isStep ?? false)
            guard isStep, !(eb.map { Array($0.lines) } == ab.map { Array($0.lines) }) else { continue }
            differing += 1
            if firstBlock == nil {
                firstBlock = k
                let line = ab.flatMap { $0.lines.first } ?? eb.flatMap { $0.lines.first }
                first = (k == 0 && !inHeader) ? leadStepIndex : line.flatMap(stepIndex)
            }
        }
        let total = w.actualEnds ? w.sharedSteps + aBlocks.dropFirst().filter(\.isStep).count + (inHeader && aBlocks.first?.isStep == true ? 1 : 0) : nil
        result.steps = TraceDivergence.StepCount(differing: differing, total: total, first: first, exact: exact,
                                                 windowBytes: w.tailBytes, inHeader: inHeader)
        // A header divergence hides the steps' own first difference: find it.
        if inHeader, let k = firstBlock {
            let eb = k < eBlocks.count ? eBlocks[k] : nil, ab = k < aBlocks.count ? aBlocks[k] : nil
            var j = 0
            let el = eb.map { Array($0.lines) } ?? [], al = ab.map { Array($0.lines) } ?? []
            while j < el.count && j < al.count && el[j] == al[j] { j += 1 }
            // As above: a step line that differs only in its digest points at its first differing output.
            if j == 0, el.count > 1 || al.count > 1, let ef = el.first, let af = al.first, dropDigest(ef) == dropDigest(af) {
                var k = 1
                while k < el.count && k < al.count && el[k] == al[k] { k += 1 }
                if k < el.count || k < al.count { j = k }
            }
            let eStart = eb?.start ?? eBlocks.last.map { $0.start + $0.lines.count } ?? e.count
            let aStart = ab?.start ?? aBlocks.last.map { $0.start + $0.lines.count } ?? a.count
            result.firstDifferingStep = TraceDivergence.StepDifference(
                expectedLine: w.base + eStart + j + 1, actualLine: w.base + aStart + j + 1,
                stepLine: (al.first ?? el.first).map(display),
                expected: j < el.count ? display(el[j]) : nil, actual: j < al.count ? display(al[j]) : nil)
        }
    }

    /// Header lines matched by their first word (`seed`, `faults`, `title`), in the golden's order,
    /// then the lines only the run has.
    static func headerChanges(_ e: [[UInt8]], _ a: [[UInt8]]) -> [TraceDivergence.HeaderChange] {
        func key(_ line: [UInt8]) -> ArraySlice<UInt8> { line.prefix { $0 != 32 } }
        var changes: [TraceDivergence.HeaderChange] = []
        for line in e {
            let other = a.first { key($0) == key(line) }
            if other != line { changes.append(.init(expected: display(line), actual: other.map(display))) }
        }
        for line in a where !e.contains(where: { key($0) == key(line) }) {
            changes.append(.init(expected: nil, actual: display(line)))
        }
        return changes
    }

    static func crlfReason(line: Int) -> String {
        "golden has CRLF (\\r\\n) line endings (from line \(line)); traces end lines with LF (\\n) only: the file was converted to Windows line endings (for example by git's core.autocrlf); restore LF endings or record it again"
    }

    /// Two different lines that would read the same in a report (the same text in another Unicode
    /// normalization form, or an escape that is also literal text) get a note saying where they differ.
    static func lookAlikeNote(_ e: [UInt8], _ a: [UInt8]) -> String {
        let se = display(e), sa = display(a)
        guard se == sa else { return "" }  // Swift String equality: canonical equivalence
        let k = zip(e, a).prefix { $0 == $1 }.count + 1
        if Array(se.utf8) != Array(sa.utf8) {
            return "; the lines are the same text in different Unicode normalization forms (NFC and NFD, for example) and differ from byte \(k)"
        }
        return "; the lines look the same but differ from byte \(k)"
    }
}

/// The lines around the first difference, which is all `TraceDiff.divergence` needs.
struct DiffWindow {
    /// Global 0-based index of `expected[0]` and `actual[0]` (the shared context comes first).
    var base: Int
    var expected: [[UInt8]]
    var actual: [[UInt8]]
    /// Whether the traces end within the window (else lines past it exist but were not kept).
    var expectedEnds: Bool
    var actualEnds: Bool
    var expectedLacksFinalNewline: Bool
    var expectedFirst: [UInt8]?
    var actualFirst: [UInt8]?
    /// The last step line before the window, for a divergence after a step's many outputs.
    var stepLineBefore: [UInt8]?
    /// Whether the golden has a `state` line anywhere (its footer).
    var expectedHasStateLine: Bool
    /// How many complete lines both traces share (the first unshared one is `sharedLines - base`).
    var sharedLines: Int = 0
    /// Step lines and `---` lines among the shared lines.
    var sharedSteps: Int = 0
    var sharedDashes: Int = 0
    /// Whether the last step line or `---` among the shared lines was a step line: the divergence is
    /// then inside that step.
    var lastBoundaryIsStep: Bool = false
    /// The bytes kept of each side after the divergence (`TraceComparator.tailBytes`).
    var tailBytes: Int = 0
}

/// The expected side of a comparison: a regular file read in blocks, or bytes in memory.
final class ExpectedStream {
    static let blockBytes = 1 << 18
    private var fd: Int32 = -1
    private(set) var buffer: [UInt8]
    var position = 0
    private(set) var filled = 0
    private var atEnd = false
    private var remaining: Int
    /// A read error, if one happened (the comparison then reports it instead of a divergence).
    private(set) var failure: String?

    init(bytes: [UInt8]) {
        buffer = bytes
        filled = bytes.count
        atEnd = true
        remaining = 0
    }

    /// Opens `path` (a regular file, never blocking on a FIFO) of at most `maxBytes` bytes.
    init(path: String, maxBytes: Int, limitName: String?, blockBytes: Int = ExpectedStream.blockBytes) throws(FileIO.Failure) {
        let (fd, size) = try FileIO.openRegular(path)
        guard size <= maxBytes else {
            FileIO.closeFile(fd)
            throw FileIO.Failure(path: path, message: FileIO.overLimitMessage(size: size, maxBytes: maxBytes, limitName: limitName))
        }
        self.fd = fd
        self.remaining = maxBytes
        self.buffer = [UInt8](repeating: 0, count: max(1, blockBytes))
    }

    deinit { if fd >= 0 { FileIO.closeFile(fd) } }

    /// True when unread bytes are available in `buffer[position..<filled]`; false at the end.
    func fill() -> Bool {
        if position < filled { return true }
        guard fd >= 0, !atEnd else { return false }
        let n = FileIO.readChunk(fd: fd, into: &buffer, at: 0, count: buffer.count)
        if n < 0 { failure = "read error: \(FileIO.errnoText())"; atEnd = true; return false }
        if n == 0 { atEnd = true; return false }
        remaining -= n
        if remaining < 0 { failure = "file grew over its size limit while being read"; atEnd = true; return false }
        position = 0
        filled = n
        return true
    }
}

/// Compares a trace, as it is written, with an expected trace read alongside it, holding only a
/// bounded window: the last few shared lines, the last step line, and after the first difference at
/// most `tailBytes` of each side. So `check` and `record` never hold a whole golden or trace.
final class TraceComparator {
    static let defaultTailBytes = 1 << 20
    let tailBytes: Int
    let expected: ExpectedStream
    private var lineIndex = 0
    private var partial: [UInt8] = []
    private var ring: [[UInt8]] = Array(repeating: [], count: TraceDiff.contextLines)
    private var ringCount = 0
    private var ringNext = 0
    private var lastStep: [UInt8] = []
    private var hasLastStep = false
    private var firstLine: [UInt8]?
    private var sawStateLine = false
    private var sharedSteps = 0
    private var sharedDashes = 0
    private var lastBoundaryIsStep = false
    private var diverged = false
    private var actualTail: [UInt8] = []
    private var actualTailFull = false
    /// Bytes of the actual trace seen so far.
    private(set) var actualBytes = 0

    init(expected: ExpectedStream, tailBytes: Int = TraceComparator.defaultTailBytes) {
        self.expected = expected
        self.tailBytes = max(1, tailBytes)
    }

    func write(_ chunk: [UInt8]) {
        actualBytes += chunk.count
        if diverged { appendTail(chunk[...]); return }
        chunk.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            var offset = 0
            var rounds = 0
            while offset < p.count && rounds < 100_000_000 {
                rounds += 1
                guard expected.fill() else {
                    diverged = true
                    appendTail(chunk[offset...])
                    return
                }
                let available = expected.filled - expected.position
                let k = min(p.count - offset, available)
                let same = expected.buffer.withUnsafeBufferPointer { e in
                    TraceComparator.commonPrefix(base + offset, e.baseAddress! + expected.position, k)
                }
                consumeCommon(UnsafeBufferPointer(start: base + offset, count: same))
                expected.position += same
                offset += same
                if same < k {
                    diverged = true
                    appendTail(chunk[offset...])
                    return
                }
            }
        }
    }

    /// How many leading bytes of `a` and `b` (both `count` long) are equal.
    static func commonPrefix(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int {
        if memcmp(a, b, count) == 0 { return count }
        var i = 0
        while i < count && a[i] == b[i] { i += 1 }
        return i
    }

    private func appendTail(_ bytes: ArraySlice<UInt8>) {
        let room = tailBytes - actualTail.count
        if bytes.count > room { actualTailFull = true }
        if room > 0 { actualTail.append(contentsOf: bytes.prefix(room)) }
    }

    /// Bytes both traces share: split into lines and remember what a report may need.
    private func consumeCommon(_ segment: UnsafeBufferPointer<UInt8>) {
        guard let base = segment.baseAddress else { return }
        var start = 0
        var rounds = 0
        while start < segment.count && rounds <= segment.count {
            rounds += 1
            guard let hit = memchr(base + start, 10, segment.count - start) else { break }
            let end = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            let piece = UnsafeBufferPointer(start: base + start, count: end - start)
            if partial.isEmpty {
                completeLine(piece)
            } else {
                partial.append(contentsOf: piece)
                let line = partial
                partial.removeAll(keepingCapacity: true)
                line.withUnsafeBufferPointer { completeLine($0) }
            }
            start = end + 1
        }
        if start < segment.count { partial.append(contentsOf: UnsafeBufferPointer(start: base + start, count: segment.count - start)) }
    }

    private static let stateWord = Array("state".utf8)

    private func completeLine(_ line: UnsafeBufferPointer<UInt8>) {
        if lineIndex == 0 { firstLine = Array(line) }
        if let c = line.first, c >= 48 && c <= 57 {
            lastStep.removeAll(keepingCapacity: true)
            lastStep.append(contentsOf: line)
            hasLastStep = true
            sharedSteps += 1
            lastBoundaryIsStep = true
        } else if line.elementsEqual(TraceDiff.dashes) {
            sharedDashes += 1
            lastBoundaryIsStep = false
        }
        if line.elementsEqual(TraceComparator.stateWord) { sawStateLine = true }
        ring[ringNext].removeAll(keepingCapacity: true)
        ring[ringNext].append(contentsOf: line)
        ringNext = (ringNext + 1) % ring.count
        ringCount = min(ringCount + 1, ring.count)
        lineIndex += 1
    }

    /// The first divergence, or nil when the traces are identical. Call once, after the last write.
    func finish() -> TraceDivergence? {
        if !diverged {
            guard expected.fill() else { return nil }
            diverged = true
        }
        // The expected side from the divergence on: a bounded tail, then a scan for the footer.
        var expectedTail: [UInt8] = []
        var rounds = 0
        while expectedTail.count < tailBytes && expected.fill() && rounds < 100_000 {
            rounds += 1
            let take = min(tailBytes - expectedTail.count, expected.filled - expected.position)
            expectedTail.append(contentsOf: expected.buffer[expected.position..<(expected.position + take)])
            expected.position += take
        }
        var scanner = StateLineScanner(afterPartial: partial)
        expectedTail.withUnsafeBufferPointer { scanner.feed($0) }
        let expectedTailFull = expected.fill()
        rounds = 0
        while !scanner.found && expected.fill() && rounds < 100_000_000 {
            rounds += 1
            expected.buffer.withUnsafeBufferPointer { p in
                scanner.feed(UnsafeBufferPointer(rebasing: p[expected.position..<expected.filled]))
            }
            expected.position = expected.filled
        }
        scanner.end()
        let (eLines, eLacksNewline) = TraceComparator.split(partial + expectedTail, complete: !expectedTailFull)
        let (aLines, _) = TraceComparator.split(partial + actualTail, complete: !actualTailFull)
        var context: [[UInt8]] = []
        for k in 0..<ringCount { context.append(ring[(ringNext - ringCount + k + ring.count) % ring.count]) }
        let window = DiffWindow(
            base: lineIndex - context.count, expected: context + eLines, actual: context + aLines,
            expectedEnds: !expectedTailFull, actualEnds: !actualTailFull,
            expectedLacksFinalNewline: eLacksNewline,
            expectedFirst: lineIndex > 0 ? firstLine : eLines.first, actualFirst: lineIndex > 0 ? firstLine : aLines.first,
            stepLineBefore: hasLastStep ? lastStep : nil,
            expectedHasStateLine: sawStateLine || scanner.found,
            sharedLines: lineIndex, sharedSteps: sharedSteps, sharedDashes: sharedDashes,
            lastBoundaryIsStep: lastBoundaryIsStep, tailBytes: tailBytes)
        return TraceDiff.divergence(window)
    }

    /// Lines of `bytes` without their `\n`. When `complete`, a last piece without `\n` is a final line
    /// that lacks its newline; otherwise it was cut by the window and is dropped (unless it is the
    /// only line, which is then kept as far as it goes).
    static func split(_ bytes: [UInt8], complete: Bool) -> (lines: [[UInt8]], lacksFinalNewline: Bool) {
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        var lacks = false
        if let last = lines.last {
            if last.isEmpty {
                lines.removeLast()
            } else if complete {
                lacks = true
            } else if lines.count > 1 {
                lines.removeLast()
            }
        }
        return (lines, lacks)
    }
}

/// Finds a line that is exactly `state` in a byte stream fed in pieces, at the cost of a `memchr` per
/// line plus at most six byte comparisons at each line start.
struct StateLineScanner {
    private static let word = Array("state\n".utf8)
    /// How many bytes of `state\n` the current line has matched from its start; -1 when it cannot match.
    private var matched: Int
    private(set) var found = false

    /// Starts in the middle of a line whose first bytes are `partial`.
    init(afterPartial partial: [UInt8]) {
        let w = StateLineScanner.word
        matched = partial.count < w.count && partial.elementsEqual(w.prefix(partial.count)) ? partial.count : -1
    }

    mutating func feed(_ p: UnsafeBufferPointer<UInt8>) {
        guard let base = p.baseAddress, !found else { return }
        let w = StateLineScanner.word
        var i = 0
        var rounds = 0
        while i < p.count && rounds <= p.count {
            rounds += 1
            if matched >= 0 {
                if p[i] == w[matched] {
                    matched += 1
                    i += 1
                    if matched == w.count { found = true; return }
                } else {
                    matched = -1
                }
                continue
            }
            guard let hit = memchr(base + i, 10, p.count - i) else { return }
            i = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
            matched = 0
        }
    }

    /// At the end of the stream: `state` without a final newline still counts.
    mutating func end() { if matched == StateLineScanner.word.count - 1 { found = true } }
}

// MARK: - Every differing step, for `review`

/// Every difference between a golden and a proposed trace, step by step, for a person deciding
/// whether to accept it. Both files are read streaming, one step block at a time (a block keeps at
/// most `TraceReview.maxBlockLines` lines; longer ones are compared by hash beyond that), and the
/// lines shown are bounded by `maxLines`: past it only counts are kept.
public struct TraceReview: Sendable {
    public enum Kind: Sendable, Equatable { case context, removed, added, note }
    public struct Line: Sendable, Equatable {
        public var kind: Kind
        public var text: String
    }

    /// The lines to show, in order: `note` lines head each differing block.
    public var lines: [Line] = []
    /// Steps that differ (a step present on one side only counts).
    public var differingSteps = 0
    /// Steps in the proposed trace.
    public var steps = 0
    public var headerDiffers = false
    public var footerDiffers = false
    /// Differing lines (`-` and `+`) not shown because `maxLines` was reached.
    public var notShown = 0
    /// No golden: the proposed trace is shown as all added.
    public var isNew = false
    /// Lines of the proposed trace.
    public var proposedLines = 0

    public var identical: Bool { !isNew && lines.isEmpty && notShown == 0 }

    /// A block holding more lines than this is compared line by line only that far, then by hash.
    public static let maxBlockLines = 2000
    static let contextLines = 2

    /// Compares the golden at `expected` (nil or missing: a new golden) with `actual`.
    public static func compare(expected: String?, actual: String, maxBytes: Int, limitName: String,
                               maxLines: Int) throws(FileIO.Failure) -> TraceReview {
        var review = TraceReview()
        let aReader = try TraceLineReader(path: actual, maxBytes: maxBytes, limitName: limitName)
        let eReader: TraceLineReader?
        if let expected, FileIO.exists(expected) {
            eReader = try TraceLineReader(path: expected, maxBytes: maxBytes, limitName: limitName)
        } else {
            eReader = nil
        }
        guard let eReader else {
            review.isNew = true
            var rounds = 0
            while let line = aReader.next(), rounds < Int.max {
                rounds += 1
                review.proposedLines += 1
                if TraceDiff.isStepLine(line) { review.steps += 1 }
                review.emit(.added, "+ " + TraceDiff.display(line), maxLines: maxLines)
            }
            if let failure = aReader.failure { throw FileIO.Failure(path: actual, message: failure) }
            return review
        }
        let eBlocks = BlockReader(eReader), aBlocks = BlockReader(aReader)
        var previousTail: [[UInt8]] = []
        var afterDifference = false
        var rounds = 0
        while rounds < Int.max {
            rounds += 1
            let eb = eBlocks.next(), ab = aBlocks.next()
            if eb == nil && ab == nil { break }
            if let ab {
                review.proposedLines += ab.count
                if ab.isStep { review.steps += 1 }
            }
            if let eb, let ab, eb.sameContent(ab) {
                if afterDifference, let first = ab.lines.first {
                    review.emit(.context, "  " + TraceDiff.display(first), maxLines: maxLines, counts: false)
                }
                // Its first line was just shown after the difference: do not show it again before the next.
                previousTail = Array(ab.lines.dropFirst(afterDifference ? 1 : 0).suffix(contextLines))
                afterDifference = false
                continue
            }
            let isStep = (eb?.isStep ?? false) || (ab?.isStep ?? false)
            if isStep { review.differingSteps += 1 }
            if eb?.kind == .header || ab?.kind == .header { review.headerDiffers = true }
            if eb?.kind == .footer || ab?.kind == .footer { review.footerDiffers = true }
            let what: String
            switch (ab ?? eb)!.kind {
            case .header: what = "header"
            case .footer: what = "footer"
            case .step: what = "step " + ((ab ?? eb)!.lines.first.flatMap(TraceDiff.stepIndex).map(String.init) ?? "?")
            }
            let place = [eb.map { "golden line \($0.firstLine)" } ?? "not in the golden",
                         ab.map { "pending line \($0.firstLine)" } ?? "not in the pending trace"].joined(separator: ", ")
            review.emit(.note, "@@ \(what) (\(place))", maxLines: maxLines, counts: false)
            if !afterDifference {
                for line in previousTail { review.emit(.context, "  " + TraceDiff.display(line), maxLines: maxLines, counts: false) }
            }
            review.emitBlockDiff(eb?.lines ?? [], ab?.lines ?? [], maxLines: maxLines)
            let hidden = max(eb?.hiddenLines ?? 0, ab?.hiddenLines ?? 0)
            if hidden > 0 {
                review.emit(.note, "  … \(hidden) more lines in this block, compared by hash only (the limit maxBlockLines=\(maxBlockLines))",
                            maxLines: maxLines, counts: false)
            }
            afterDifference = true
            previousTail = Array((ab?.lines ?? []).suffix(contextLines))
        }
        if let failure = eReader.failure { throw FileIO.Failure(path: expected ?? "", message: failure) }
        if let failure = aReader.failure { throw FileIO.Failure(path: actual, message: failure) }
        return review
    }

    /// Adds a line, or past `maxLines` only counts it (a `-`/`+` line) as not shown.
    mutating func emit(_ kind: Kind, _ text: String, maxLines: Int, counts: Bool = true) {
        if lines.count < maxLines {
            lines.append(Line(kind: kind, text: text))
        } else if counts && (kind == .removed || kind == .added) {
            notShown += 1
        }
    }

    /// The lines of two differing blocks: a longest-common-subsequence diff when both are small,
    /// else line by line in order. Equal runs inside the block are cut to `contextLines` each side.
    mutating func emitBlockDiff(_ e: [[UInt8]], _ a: [[UInt8]], maxLines: Int) {
        enum Op { case same([UInt8]), removed([UInt8]), added([UInt8]) }
        var ops: [Op] = []
        if e.count * a.count <= 40_000 {
            // table[i][j]: the longest common subsequence of e[i...] and a[j...]
            var table = [[Int]](repeating: [Int](repeating: 0, count: a.count + 1), count: e.count + 1)
            for i in stride(from: e.count - 1, through: 0, by: -1) {
                for j in stride(from: a.count - 1, through: 0, by: -1) {
                    table[i][j] = e[i] == a[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < e.count || j < a.count {
                if i < e.count && j < a.count && e[i] == a[j] { ops.append(.same(e[i])); i += 1; j += 1 }
                else if j < a.count && (i == e.count || table[i][j + 1] >= table[i + 1][j]) { ops.append(.added(a[j])); j += 1 }
                else { ops.append(.removed(e[i])); i += 1 }
            }
            // Show a changed line as - then +: move each run's additions after its removals.
            var ordered: [Op] = []
            var added: [Op] = []
            for op in ops {
                switch op {
                case .same: ordered += added; added = []; ordered.append(op)
                case .removed: ordered.append(op)
                case .added: added.append(op)
                }
            }
            ops = ordered + added
        } else {
            for k in 0..<max(e.count, a.count) {
                if k < e.count && k < a.count && e[k] == a[k] { ops.append(.same(e[k])); continue }
                if k < e.count { ops.append(.removed(e[k])) }
                if k < a.count { ops.append(.added(a[k])) }
            }
        }
        func isSame(_ op: Op) -> Bool { if case .same = op { return true }; return false }
        for (k, op) in ops.enumerated() {
            switch op {
            case .removed(let l): emit(.removed, "- " + TraceDiff.display(l), maxLines: maxLines)
            case .added(let l): emit(.added, "+ " + TraceDiff.display(l), maxLines: maxLines)
            case .same(let l):
                // Kept when a change is within contextLines on either side.
                let near = ops[max(0, k - TraceReview.contextLines)..<min(ops.count, k + TraceReview.contextLines + 1)].contains { !isSame($0) }
                if near || k == 0 { emit(.context, "  " + TraceDiff.display(l), maxLines: maxLines, counts: false) }
            }
        }
    }
}

/// A regular file read line by line in blocks of `ExpectedStream.blockBytes`, holding one line.
final class TraceLineReader {
    private let stream: ExpectedStream
    private var partial: [UInt8] = []
    private(set) var lineNumber = 0
    var failure: String? { stream.failure }

    init(path: String, maxBytes: Int, limitName: String?) throws(FileIO.Failure) {
        stream = try ExpectedStream(path: path, maxBytes: maxBytes, limitName: limitName)
    }

    init(bytes: [UInt8]) { stream = ExpectedStream(bytes: bytes) }

    /// The next line without its `\n`, or nil at the end.
    func next() -> [UInt8]? {
        var rounds = 0
        while rounds < 100_000_000 {  // bounded: each round consumes a block or returns
            rounds += 1
            guard stream.fill() else {
                if partial.isEmpty { return nil }
                defer { partial.removeAll() }
                lineNumber += 1
                return partial
            }
            let window = stream.buffer[stream.position..<stream.filled]
            if let newline = window.firstIndex(of: 10) {
                partial.append(contentsOf: stream.buffer[stream.position..<newline])
                stream.position = newline + 1
                defer { partial.removeAll(keepingCapacity: true) }
                lineNumber += 1
                return partial
            }
            partial.append(contentsOf: window)
            stream.position = stream.filled
        }
        return nil
    }
}

/// Splits a trace into blocks: the header (to the first `---`), each step with its outputs, and the
/// footer (from the second `---`).
final class BlockReader {
    enum Kind { case header, step, footer }
    struct Block {
        var kind: Kind
        var lines: [[UInt8]]
        /// Lines past `TraceReview.maxBlockLines`, only hashed.
        var hiddenLines: Int
        var hash: UInt64
        var firstLine: Int
        var count: Int { lines.count + hiddenLines }
        var isStep: Bool { kind == .step }
        func sameContent(_ other: Block) -> Bool { count == other.count && hash == other.hash && lines == other.lines }
    }

    private let reader: TraceLineReader
    private var pending: [UInt8]?
    private var dashes = 0
    private var started = false

    init(_ reader: TraceLineReader) { self.reader = reader }

    func next() -> Block? {
        if !started { started = true; pending = reader.next() }
        guard let first = pending else { return nil }
        let kind: Kind
        if dashes == 0 {
            kind = .header
        } else if first == TraceDiff.dashes {
            dashes += 1
            kind = dashes >= 2 ? .footer : .step
        } else {
            kind = dashes >= 2 ? .footer : .step
        }
        var block = Block(kind: kind, lines: [first], hiddenLines: 0, hash: FNV1a64.hash(first), firstLine: reader.lineNumber)
        var rounds = 0
        while rounds < Int.max {
            rounds += 1
            guard let line = reader.next() else { pending = nil; break }
            // A new block starts at a step line or `---`, except in the footer, which runs to the end.
            if line == TraceDiff.dashes && kind == .header { pending = line; dashes = 1; return appendDashes(block) }
            if kind != .footer && (TraceDiff.isStepLine(line) || line == TraceDiff.dashes) { pending = line; break }
            block.hash = block.hash &* 0x100000001b3 ^ FNV1a64.hash(line)
            if block.lines.count < TraceReview.maxBlockLines { block.lines.append(line) } else { block.hiddenLines += 1 }
        }
        return block
    }

    /// The header's closing `---` belongs to the header.
    private func appendDashes(_ block: Block) -> Block {
        var block = block
        block.lines.append(TraceDiff.dashes)
        block.hash = block.hash &* 0x100000001b3 ^ FNV1a64.hash(TraceDiff.dashes)
        pending = reader.next()
        return block
    }
}
