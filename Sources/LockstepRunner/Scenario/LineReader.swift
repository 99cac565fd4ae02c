#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore

/// Reads a file line by line in large blocks, so a multi-gigabyte recording streams through a
/// bounded buffer. A line is handed out as a range inside a block buffer; each block is a fresh
/// array, so a line that is still referenced (by an `EventLine`) is never overwritten.
final class LineReader {
    enum Source {
        case file(Int32)
        case memory([UInt8])
    }

    let path: String
    let limits: ScenarioLimits
    private var source: Source
    private(set) var buffer: [UInt8] = []
    private var position = 0
    private var filled = 0
    private var atEnd = false
    private var bytesRead = 0
    private(set) var lineNumber = 0
    static let blockBytes = 1 << 20

    init(path: String, bytes: [UInt8], limits: ScenarioLimits) throws(ScenarioError) {
        self.path = path
        self.limits = limits
        guard bytes.count <= limits.maxFileBytes else {
            throw ScenarioError(path: path, line: 1, column: 1,
                                message: "file is \(bytes.count) bytes, over the limit of \(limits.maxFileBytes) bytes")
        }
        self.source = .memory(bytes)
        self.buffer = bytes
        self.filled = bytes.count
        self.atEnd = true
    }

    init(path: String, filePath: String, limits: ScenarioLimits) throws(ScenarioError) {
        self.path = path
        self.limits = limits
        let fd: Int32
        do { fd = try FileIO.openForReading(filePath) } catch {
            throw ScenarioError(path: path, line: 1, column: 1, message: "cannot read file: \(error.message)")
        }
        let size = FileIO.fileSize(fd: fd)
        if size > limits.maxFileBytes {
            FileIO.closeFile(fd)
            throw ScenarioError(path: path, line: 1, column: 1,
                                message: "file is \(size) bytes, over the limit of \(limits.maxFileBytes) bytes")
        }
        self.source = .file(fd)
    }

    deinit {
        if case .file(let fd) = source { FileIO.closeFile(fd) }
    }

    /// The next line without its terminator (`\n` or `\r\n`), or nil at the end of the file.
    func next() throws(ScenarioError) -> (start: Int, end: Int)? {
        var scanFrom = position
        var rounds = 0
        while true {
            rounds += 1
            if rounds > 1_000_000 { throw error(column: 1, "internal: line reader made no progress") }
            var newline = -1
            let limit = filled
            buffer.withUnsafeBufferPointer { p in
                guard scanFrom < limit, let base = p.baseAddress else { return }
                if let hit = memchr(base + scanFrom, 10, limit - scanFrom) {
                    newline = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                }
            }
            if newline >= 0 {
                lineNumber += 1
                let start = position
                guard newline - start <= limits.maxLineBytes else {
                    throw error(column: limits.maxLineBytes + 1, "line is longer than \(limits.maxLineBytes) bytes (the limit)")
                }
                position = newline + 1
                let end = (newline > start && buffer[newline - 1] == 13) ? newline - 1 : newline
                return (start, end)
            }
            if filled - position > limits.maxLineBytes {
                lineNumber += 1
                throw error(column: limits.maxLineBytes + 1, "line is longer than \(limits.maxLineBytes) bytes (the limit)")
            }
            if atEnd {
                guard position < filled else { return nil }
                lineNumber += 1
                let start = position
                position = filled
                let end = (filled > start && buffer[filled - 1] == 13) ? filled - 1 : filled
                return (start, end)
            }
            let scanned = filled - position  // already known to hold no newline
            try refill()
            scanFrom = position + scanned
        }
    }

    /// Starts a new block holding the unread tail of the old one plus fresh bytes.
    private func refill() throws(ScenarioError) {
        guard case .file(let fd) = source else { atEnd = true; return }
        let tail = filled - position
        let capacity = max(LineReader.blockBytes, tail * 2)
        // Uninitialised: every byte below `filled` is written (tail copy, then read) before it is read.
        var next = [UInt8](unsafeUninitializedCapacity: capacity) { _, count in count = capacity }
        if tail > 0 {
            next.withUnsafeMutableBufferPointer { dst in
                buffer.withUnsafeBufferPointer { src in
                    for i in 0..<tail { dst[i] = src[position + i] }
                }
            }
        }
        let n = FileIO.readChunk(fd: fd, into: &next, at: tail, count: next.count - tail)
        if n < 0 { throw error(column: 1, "read error") }
        if n == 0 { atEnd = true }
        bytesRead += n
        if bytesRead > limits.maxFileBytes {
            throw ScenarioError(path: path, line: lineNumber + 1, column: 1,
                                message: "file is over the limit of \(limits.maxFileBytes) bytes")
        }
        buffer = next
        filled = tail + n
        position = 0
    }

    func error(column: Int, _ message: String) -> ScenarioError {
        ScenarioError(path: path, line: lineNumber, column: column, message: message)
    }
}
