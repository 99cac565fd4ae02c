#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

/// Writes to a file descriptor (1 for stdout).
public struct FileDescriptorOutput: TraceOutput {
    public let fd: Int32
    public init(fd: Int32) { self.fd = fd }
    public mutating func write(_ bytes: [UInt8]) {
        var done = 0
        var rounds = 0
        while done < bytes.count && rounds < 100_000 {
            rounds += 1
            let n = bytes.withUnsafeBytes { p in
                #if canImport(Glibc)
                Glibc.write(fd, p.baseAddress! + done, bytes.count - done)
                #elseif canImport(Musl)
                Musl.write(fd, p.baseAddress! + done, bytes.count - done)
                #else
                Darwin.write(fd, p.baseAddress! + done, bytes.count - done)
                #endif
            }
            if n <= 0 { if errno == EINTR { continue }; return }
            done += n
        }
    }
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
    private var buffer: [UInt8] = []
    public private(set) var lineCount = 0
    static var flushBytes: Int { 1 << 16 }

    public init(output: Output, format: TraceFormat = .text) {
        self.output = output
        self.format = format
        buffer.reserveCapacity(TraceWriter.flushBytes + 4096)
    }

    public mutating func flush() {
        if !buffer.isEmpty {
            output.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    @inline(__always) private mutating func endLine() {
        buffer.append(10)
        lineCount += 1
        if buffer.count >= TraceWriter.flushBytes { flush() }
    }

    private mutating func put(_ s: String) { buffer.append(contentsOf: s.utf8) }

    // MARK: Header

    public mutating func header(_ info: TraceHeader) {
        switch format {
        case .text:
            put("lockstep-trace \(TraceWriter.formatVersion)"); endLine()
            put("scenario "); put(info.scenario); endLine()
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
    public mutating func step(index: Int, elapsedNanoseconds: Int64, kind: StepKind, digest: UInt64?, outputs: [Record]) {
        switch format {
        case .text:
            appendDecimal(Int64(index), to: &buffer)
            buffer.append(32)
            Duration.appendSeconds(elapsedNanoseconds, to: &buffer)
            buffer.append(32)
            kind.write(to: &buffer)
            if let digest {
                buffer.append(32)
                buffer.append(35)
                Hex.appendLower(digest, digits: 16, to: &buffer)
            }
            endLine()
            for record in outputs {
                buffer.append(32)
                buffer.append(32)
                record.write(to: &buffer)
                endLine()
            }
        case .json:
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
            put("{\"type\":\"footer\",\"steps\":\(summary.steps),\"outputs\":\(summary.outputs),\"end\":\"")
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

/// What the trace header shows.
public struct TraceHeader: Sendable {
    public var scenario: String
    public var domain: String
    public var title: String?
    public var seed: UInt64
    public var start: Instant
    public var zone: String
    public var until: Instant?
    public var faults: [String]
    public var digestInterval: Int
}

/// What a step was: the start, a recorded or generated event, a timer, or a runner-level event.
public enum StepKind: Sendable {
    case start
    case event(String)
    case timer(String)

    func write(to out: inout [UInt8]) {
        switch self {
        case .start: out.append(contentsOf: "start".utf8)
        case .event(let k): out.append(contentsOf: k.utf8)
        case .timer(let k): out.append(contentsOf: "timer:".utf8); out.append(contentsOf: k.utf8)
        }
    }
}

/// Minimal JSON writing for `--json`.
enum JSON {
    static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(34)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: [92, 34])
            case "\\": out.append(contentsOf: [92, 92])
            case "\n": out.append(contentsOf: [92, 110])
            case "\t": out.append(contentsOf: [92, 116])
            default:
                if scalar.value < 0x20 {
                    out.append(contentsOf: "\\u00".utf8)
                    Hex.appendLower(UInt64(scalar.value), digits: 2, to: &out)
                } else {
                    out.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        out.append(34)
    }

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
