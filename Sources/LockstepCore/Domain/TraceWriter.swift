/// Where trace bytes go: memory (golden comparison, tests), a file descriptor (stdout), or nowhere
/// (benchmarks).
public protocol TraceOutput {
    mutating func write(_ bytes: [UInt8])
}

/// Collects the whole trace in memory.
public struct MemoryOutput: TraceOutput {
    public var bytes: [UInt8] = []
    public init() {}
    public mutating func write(_ bytes: [UInt8]) { self.bytes.append(contentsOf: bytes) }
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Discards the trace but counts it (benchmarks measure everything except the disk).
public struct NullOutput: TraceOutput {
    public var byteCount = 0
    public init() {}
    public mutating func write(_ bytes: [UInt8]) { byteCount += bytes.count }
}

public enum TraceFormat: Sendable {
    /// The golden format.
    case text
    /// The same steps as JSON Lines, for scripts.
    case json
}

/// Writes the trace: header, one line per step with its outputs indented below, footer.
///
/// ```
/// lockstep-trace 1
/// scenario Scenarios/fixtures/alarm.scenario
/// ...
/// ---
/// 0 0.000000000 start #5e1f0c2a9b3d4e77
///   scheduled kind=alarm at=2026-03-29T06:00:00Z
/// 1 3600.000000000 timer:alarm #…
/// ---
/// steps 2
/// ...
/// ```
/// Buffered: bytes go to the output in 64 KiB blocks.
public struct TraceWriter<Output: TraceOutput> {
    public static var formatVersion: Int { 1 }
    public var output: Output
    public let format: TraceFormat
    /// Fixed-size block that complete lines are copied into; `used` bytes of it are filled. Kept at
    /// full size so the step line (written once per step, the hot path) goes straight into it
    /// without `Array.append`'s per-call capacity and uniqueness checks.
    @usableFromInline var block: [UInt8]
    @usableFromInline var used = 0
    /// The line being built by the slower writers (header, records, footer, JSON).
    @usableFromInline var buffer: [UInt8] = []
    @usableFromInline var _lineCount = 0
    public var lineCount: Int { _lineCount }
    @inlinable static var flushBytes: Int { 1 << 16 }
    /// Room kept free for one step line: index, time, digest and a kind of any sane length.
    @inlinable static var stepLineRoom: Int { 256 }

    @inlinable
    public init(output: Output, format: TraceFormat = .text) {
        self.output = output
        self.format = format
        block = [UInt8](repeating: 0, count: TraceWriter.flushBytes + TraceWriter.stepLineRoom)
        buffer.reserveCapacity(4096)
    }

    /// Sends everything written so far to the output.
    @inlinable
    public mutating func flush() {
        commitBuffer()
        if used > 0 {
            output.write(Array(block[0..<used]))
            used = 0
        }
    }

    /// Moves the line under construction into the block.
    @inlinable
    mutating func commitBuffer() {
        guard !buffer.isEmpty else { return }
        if used + buffer.count > block.count {
            if used > 0 { output.write(Array(block[0..<used])); used = 0 }
            if buffer.count > block.count {  // a huge record: write it through
                output.write(buffer)
                buffer.removeAll(keepingCapacity: true)
                return
            }
        }
        let n = buffer.count
        let start = used
        block.withUnsafeMutableBufferPointer { dst in
            buffer.withUnsafeBufferPointer { src in
                dst.baseAddress!.advanced(by: start).update(from: src.baseAddress!, count: n)
            }
        }
        used += n
        buffer.removeAll(keepingCapacity: true)
    }

    @inlinable
    mutating func endLine() {
        commitBuffer()
        if used >= block.count { output.write(Array(block[0..<used])); used = 0 }
        block[used] = 10
        used += 1
        _lineCount += 1
        if used >= TraceWriter.flushBytes { flush() }
    }

    private mutating func put(_ s: String) { buffer.append(contentsOf: s.utf8) }

    // MARK: Header

    /// The scenario path as the header shows it: as is, unless it holds a control character, `"` or
    /// `\`, in which case it is a quoted string with the scenario format's escapes (`\n`,
    /// `\u{…}`). So a file name can never break the header into two lines, and a bare path never
    /// starts with `"`, which keeps the two spellings apart.
    static func appendPath(_ path: String, to out: inout [UInt8]) {
        if path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 34 || $0 == 92 }) {
            Value.appendQuoted(path, to: &out)
        } else {
            out.append(contentsOf: path.utf8)
        }
    }

    public mutating func header(_ info: TraceHeader) {
        switch format {
        case .text:
            put("lockstep-trace \(TraceWriter.formatVersion)"); endLine()
            put("scenario "); TraceWriter.appendPath(info.scenario, to: &buffer); endLine()
            put("domain "); put(info.domain); endLine()
            if let title = info.title { put("title "); Value.appendQuoted(title, to: &buffer); endLine() }
            put("seed \(info.seed)"); endLine()
            put("start "); put(CivilTime.iso8601UTC(info.start)); endLine()
            put("zone "); put(info.zone); endLine()
            put("faults "); put(info.faults.isEmpty ? "none" : info.faults.joined(separator: ",")); endLine()
            put("digest-every \(info.digestInterval)"); endLine()
            put("---"); endLine()
        case .json:
            put("{\"type\":\"header\",\"format\":\(TraceWriter.formatVersion),\"scenario\":")
            JSON.appendString(info.scenario, to: &buffer)
            put(",\"domain\":"); JSON.appendString(info.domain, to: &buffer)
            if let title = info.title { put(",\"title\":"); JSON.appendString(title, to: &buffer) }
            put(",\"seed\":\"\(info.seed)\",\"start\":\"\(CivilTime.iso8601UTC(info.start))\",\"zone\":")
            JSON.appendString(info.zone, to: &buffer)
            put(",\"faults\":[\(info.faults.map { "\"\($0)\"" }.joined(separator: ","))],\"digestEvery\":\(info.digestInterval)}")
            endLine()
        }
    }

    // MARK: Steps

    /// One step: `index seconds kind [#digest]`, then each output record indented by two spaces.
    @inlinable
    public mutating func step(index: Int, elapsedNanoseconds: Int64, kind: StepKind, digest: UInt64?, outputs: [Record]) {
        guard format == .text else {
            stepJSON(index: index, elapsedNanoseconds: elapsedNanoseconds, kind: kind, digest: digest, outputs: outputs)
            return
        }
        var kindText = kind.text
        if kindText.utf8.count > TraceWriter.stepLineRoom - 80 {
            // An absurdly long kind: take the slow path rather than overflow the reserved room.
            StepLine.appendIndexAndTime(index: Int64(index), elapsedNanoseconds: elapsedNanoseconds, to: &buffer)
            buffer.append(contentsOf: kindText.utf8)
            if let digest { StepLine.appendDigest(digest, to: &buffer) }
        } else {
            if used + TraceWriter.stepLineRoom > block.count { flush() }
            let start = used
            used = block.withUnsafeMutableBufferPointer { p in
                kindText.withUTF8 { k in
                    StepLine.write(index: index, elapsedNanoseconds: elapsedNanoseconds, kind: k, digest: digest,
                                   into: p.baseAddress!.advanced(by: start)) + start
                }
            }
        }
        endLine()
        for record in outputs {
            buffer.append(32)
            buffer.append(32)
            record.write(to: &buffer)
            endLine()
        }
    }

    @usableFromInline
    mutating func stepJSON(index: Int, elapsedNanoseconds: Int64, kind: StepKind, digest: UInt64?, outputs: [Record]) {
        do {
            put("{\"type\":\"step\",\"index\":")
            appendDecimal(Int64(index), to: &buffer)
            put(",\"t\":\"")
            Duration.appendSeconds(elapsedNanoseconds, to: &buffer)
            put("\",\"kind\":\"")
            kind.write(to: &buffer)
            buffer.append(34)
            if let digest {
                put(",\"digest\":\"#")
                Hex.appendLower(digest, digits: 16, to: &buffer)
                buffer.append(34)
            }
            put(",\"outputs\":[")
            for (i, record) in outputs.enumerated() {
                if i > 0 { buffer.append(44) }
                JSON.appendRecord(record, to: &buffer)
            }
            put("]}")
            endLine()
        }
    }

    // MARK: Footer

    public mutating func footer(_ summary: RunSummary, state: CanonicalWriter) {
        switch format {
        case .text:
            put("---"); endLine()
            put("steps \(summary.steps)"); endLine()
            put("outputs \(summary.outputs)"); endLine()
            put("rejections \(summary.rejections)"); endLine()
            put("end "); Duration.appendSeconds(summary.endElapsed.nanoseconds, to: &buffer); endLine()
            put("pending-timers \(summary.pendingTimers)"); endLine()
            put("status "); put(summary.stopReason.map { "stopped " + $0 } ?? "complete"); endLine()
            put("final #"); Hex.appendLower(summary.finalDigest, digits: 16, to: &buffer); endLine()
            put("state"); endLine()
            var lineStart = 0
            let bytes = state.bytes
            for i in bytes.indices where bytes[i] == 10 {
                buffer.append(32); buffer.append(32)
                buffer.append(contentsOf: bytes[lineStart..<i])
                endLine()
                lineStart = i + 1
            }
        case .json:
            put("{\"type\":\"footer\",\"steps\":\(summary.steps),\"outputs\":\(summary.outputs),\"rejections\":\(summary.rejections),\"end\":\"")
            Duration.appendSeconds(summary.endElapsed.nanoseconds, to: &buffer)
            put("\",\"pendingTimers\":\(summary.pendingTimers),\"status\":")
            JSON.appendString(summary.stopReason.map { "stopped " + $0 } ?? "complete", to: &buffer)
            put(",\"final\":\"#"); Hex.appendLower(summary.finalDigest, digits: 16, to: &buffer)
            put("\",\"state\":"); JSON.appendString(state.text, to: &buffer)
            put("}")
            endLine()
        }
        flush()
    }
}

/// The text step line's numbers, formatted into a small stack buffer and appended in one copy.
///
/// Byte for byte what `appendDecimal`, `Duration.appendSeconds` and `Hex.appendLower` write, but
/// without their per-character `Array.append` (a capacity and uniqueness check each): the step line
/// is written once per step, which made it the runner's largest cost after the engine itself.
@usableFromInline
enum StepLine {
    /// "00" through "99": two digits per division halves the work of printing numbers.
    @usableFromInline static let pairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Writes `index seconds.nnnnnnnnn kind[ #digest]` at `p` (room for it is guaranteed by the
    /// caller) and returns the number of bytes written.
    @usableFromInline
    static func write(index: Int, elapsedNanoseconds: Int64, kind: UnsafeBufferPointer<UInt8>, digest: UInt64?,
                      into p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        if index < 0 { p[n] = 45; n += 1 }
        n = writeDigits(UInt64(index.magnitude), into: p, at: n)
        p[n] = 32; n += 1
        if elapsedNanoseconds < 0 { p[n] = 45; n += 1 }
        let magnitude = elapsedNanoseconds.magnitude
        n = writeDigits(magnitude / 1_000_000_000, into: p, at: n)
        p[n] = 46; n += 1
        // Nine fraction digits, always: four pairs and a single.
        var fraction = magnitude % 1_000_000_000
        let table = pairs.utf8Start
        var i = n + 7
        for _ in 0..<4 {
            let pair = Int(fraction % 100) * 2
            fraction /= 100
            p[i] = table[pair]
            p[i + 1] = table[pair + 1]
            i -= 2
        }
        p[n] = 48 + UInt8(fraction)
        n += 9
        p[n] = 32; n += 1
        if let base = kind.baseAddress, kind.count > 0 {
            (p + n).update(from: base, count: kind.count)
            n += kind.count
        }
        if let digest {
            p[n] = 32
            p[n + 1] = 35
            let raw = UnsafeMutableRawPointer(p + n + 2)
            raw.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: digest >> 32)), as: UInt64.self)
            raw.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: digest)), toByteOffset: 8, as: UInt64.self)
            n += 18
        }
        return n
    }

    /// Eight lowercase hex digits of `value`, as the bytes of a UInt64 in memory order, computed
    /// with a handful of word operations instead of a loop over nibbles (the digest is on every line).
    @usableFromInline
    static func hexDigits(_ value: UInt32) -> UInt64 {
        var x = UInt64(value)
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F  // one nibble per byte, most significant in the top byte
        let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101  // 1 where nibble ≥ 10
        x = x &+ 0x3030_3030_3030_3030 &+ letters &* 0x27  // '0' + nibble, or 'a' + nibble − 10
        return x.bigEndian  // stored as-is, the most significant digit lands at the lowest address
    }

    /// Decimal digits of `value` at offset `start`; returns the offset just past them.
    @usableFromInline
    static func writeDigits(_ value: UInt64, into p: UnsafeMutablePointer<UInt8>, at start: Int) -> Int {
        var digits = 1
        var probe = value
        while probe >= 10 { digits += 1; probe /= 10 }
        var v = value
        var i = start + digits - 1
        let table = pairs.utf8Start
        while v >= 100 {
            let pair = Int(v % 100) * 2
            v /= 100
            p[i] = table[pair + 1]
            p[i - 1] = table[pair]
            i -= 2
        }
        if v >= 10 {
            let pair = Int(v) * 2
            p[i] = table[pair + 1]
            p[i - 1] = table[pair]
        } else {
            p[i] = 48 + UInt8(v)
        }
        return start + digits
    }

    /// `index seconds.nnnnnnnnn ` (with the trailing space before the kind).
    @usableFromInline static func appendIndexAndTime(index: Int64, elapsedNanoseconds: Int64, to out: inout [UInt8]) {
        // At most 20 + 1 + 20 + 1 + 9 + 1 bytes.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { scratch in
            var n = 0
            if index < 0 { scratch[n] = 45; n += 1 }
            n = writeDecimal(index.magnitude, into: scratch, at: n)
            scratch[n] = 32; n += 1
            if elapsedNanoseconds < 0 { scratch[n] = 45; n += 1 }
            let magnitude = elapsedNanoseconds.magnitude
            n = writeDecimal(magnitude / 1_000_000_000, into: scratch, at: n)
            scratch[n] = 46; n += 1
            var fraction = magnitude % 1_000_000_000
            var i = n + 8
            while i >= n {  // nine digits, always
                scratch[i] = 48 + UInt8(fraction % 10)
                fraction /= 10
                i -= 1
            }
            n += 9
            scratch[n] = 32; n += 1
            out.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<n]))
        }
    }

    /// ` #` and the digest as 16 lowercase hex digits.
    @usableFromInline static func appendDigest(_ digest: UInt64, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 18) { scratch in
            scratch[0] = 32
            scratch[1] = 35
            for i in 0..<16 {
                let nibble = UInt8((digest >> UInt64(60 - 4 * i)) & 0xF)
                scratch[2 + i] = nibble < 10 ? 48 + nibble : 87 + nibble
            }
            out.append(contentsOf: UnsafeBufferPointer(scratch))
        }
    }

    /// Writes the decimal digits of `value` at `start`; returns the offset just past them.
    @inline(__always)
    static func writeDecimal(_ value: UInt64, into scratch: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 { digits += 1; rest /= 10 }
        var v = value
        var i = start + digits - 1
        while i >= start {
            scratch[i] = 48 + UInt8(v % 10)
            v /= 10
            i -= 1
        }
        return start + digits
    }
}

/// What the trace header shows.
public struct TraceHeader: Sendable {
    public var scenario: String
    public var domain: String
    public var title: String?
    public var seed: UInt64
    public var start: Instant
    public var zone: String
    public var faults: [String]
    public var digestInterval: Int

    @inlinable
    public init(scenario: String, domain: String, title: String?, seed: UInt64, start: Instant, zone: String,
                faults: [String], digestInterval: Int) {
        self.scenario = scenario
        self.domain = domain
        self.title = title
        self.seed = seed
        self.start = start
        self.zone = zone
        self.faults = faults
        self.digestInterval = digestInterval
    }
}

/// What a step was: the start, a recorded or generated event, a timer, or a runner-level event.
public enum StepKind: Sendable {
    case start
    case event(String)
    case timer(String)

    /// The kind as shown in the trace (`start`, `frame`, `timer:alarm`).
    @usableFromInline var text: String {
        switch self {
        case .start: "start"
        case .event(let k): k
        case .timer(let k): "timer:" + k
        }
    }

    @usableFromInline func write(to out: inout [UInt8]) {
        switch self {
        case .start: out.append(contentsOf: "start".utf8)
        case .event(let k): out.append(contentsOf: k.utf8)
        case .timer(let k): out.append(contentsOf: "timer:".utf8); out.append(contentsOf: k.utf8)
        }
    }
}

/// Minimal JSON writing for `--json`.
enum JSON {
    /// Strings are escaped exactly as the canonical JSON writer escapes them (one escaper for
    /// every JSON byte Lockstep writes).
    static func appendString(_ s: String, to out: inout [UInt8]) { JSONDocument.writeString(s, to: &out) }

    static func appendValue(_ v: Value, to out: inout [UInt8]) {
        switch v {
        case .int, .fixed:
            if case .fixed(let d, _) = v, !d.isFinite { appendString(v.text, to: &out) } else { v.write(to: &out) }
        case .word(let w): appendString(w, to: &out)
        case .string(let s): appendString(s, to: &out)
        case .tuple(let items):
            out.append(91)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(44) }
                appendValue(item, to: &out)
            }
            out.append(93)
        case .hex, .digest, .instant, .duration: appendString(v.text, to: &out)
        }
    }

    /// `{"record":"name","fields":{"key":value,"$1":value}}`; positional fields are keyed `$<index>`.
    static func appendRecord(_ r: Record, to out: inout [UInt8]) {
        out.append(contentsOf: "{\"record\":".utf8)
        appendString(r.name, to: &out)
        out.append(contentsOf: ",\"fields\":{".utf8)
        for (i, f) in r.fields.enumerated() {
            if i > 0 { out.append(44) }
            appendString(f.key ?? "$\(i)", to: &out)
            out.append(58)
            appendValue(f.value, to: &out)
        }
        out.append(contentsOf: "}}".utf8)
    }
}
