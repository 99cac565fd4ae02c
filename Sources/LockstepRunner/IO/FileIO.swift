#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore

/// The few file operations the runner and CLI need, over POSIX, so the library does not depend on
/// Foundation. Domain and platform code never call these: the runner reads files for them.
public enum FileIO {
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var message: String
        package init(path: String, message: String) {
            self.path = path
            self.message = message
        }
        public var description: String { "\(path): \(message)" }
    }

    @inline(__always) static func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, p, n)
        #elseif canImport(Musl)
        return Musl.read(fd, p, n)
        #else
        return Darwin.read(fd, p, n)
        #endif
    }

    package static func errnoText() -> String { String(cString: strerror(errno)) }

    /// Reads a whole file, refusing files larger than `maxBytes` before reading them.
    public static func read(_ path: String, maxBytes: Int = Int.max) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(path: path, message: errnoText()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(path: path, message: errnoText()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(path: path, message: "not a regular file") }
        let size = Int(info.st_size)
        guard size <= maxBytes else {
            throw Failure(path: path, message: "file is \(size) bytes, over the limit of \(maxBytes) bytes")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        var rounds = 0
        while done < size && rounds < 1_000_000 {  // bounded: each round reads at least one byte or stops
            rounds += 1
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + done, size - done) }
            if n < 0 { if errno == EINTR { continue }; throw Failure(path: path, message: errnoText()) }
            if n == 0 { break }
            done += n
        }
        // A file that shrank while being read (or a read that stalled) is an error, never a silent
        // truncation that a golden would then pin.
        guard done == size else {
            throw Failure(path: path, message: "read \(done) of \(size) bytes (the file changed while being read)")
        }
        return bytes
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    public static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// The canonical absolute path with symlinks resolved, or nil if it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    public static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `bytes` atomically: to a temporary file in the same directory, flushed, then renamed
    /// over the target. A reader sees the old file or the new one, never half of either.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let directory = parentDirectory(path)
        try makeDirectories(directory)
        let temporary = path + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw Failure(path: temporary, message: errnoText()) }
        var done = 0
        var rounds = 0
        while done < bytes.count && rounds < 1_000_000 {
            rounds += 1
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                let message = errnoText()
                close(fd)
                unlink(temporary)
                throw Failure(path: temporary, message: message)
            }
            done += n
        }
        guard fsync(fd) == 0, close(fd) == 0, done == bytes.count else {
            unlink(temporary)
            throw Failure(path: temporary, message: "could not flush the file")
        }
        guard rename(temporary, path) == 0 else {
            let message = errnoText()
            unlink(temporary)
            throw Failure(path: path, message: message)
        }
    }

    public static func remove(_ path: String) { unlink(path) }

    public static func makeDirectories(_ path: String) throws(Failure) {
        if path.isEmpty || isDirectory(path) { return }
        let parent = parentDirectory(path)
        if parent != path { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw Failure(path: path, message: errnoText()) }
    }

    public static func parentDirectory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// Entries of a directory (names only), sorted, so listings never depend on the file system's order.
    public static func list(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        var count = 0
        while let entry = readdir(dir), count < 1_000_000 {
            count += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Every file under `directory` whose name ends with `suffix`, as paths joined onto `directory`, sorted.
    public static func walk(_ directory: String, suffix: String, maxDepth: Int = 16) -> [String] {
        guard maxDepth > 0 else { return [] }
        var result: [String] = []
        for name in list(directory) {
            let path = directory + "/" + name
            if isDirectory(path) {
                result += walk(path, suffix: suffix, maxDepth: maxDepth - 1)
            } else if name.hasSuffix(suffix) {
                result.append(path)
            }
        }
        return result
    }

    /// Opens a file for streaming reads.
    package static func openForReading(_ path: String) throws(Failure) -> Int32 {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(path: path, message: errnoText()) }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            close(fd)
            throw Failure(path: path, message: "not a regular file")
        }
        return fd
    }

    package static func fileSize(fd: Int32) -> Int {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int(info.st_size) : 0
    }

    package static func readChunk(fd: Int32, into buffer: inout [UInt8], at offset: Int, count: Int) -> Int {
        var rounds = 0
        while rounds < 1000 {
            rounds += 1
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + offset, count) }
            if n < 0 && errno == EINTR { continue }
            return n
        }
        return -1
    }

    package static func closeFile(_ fd: Int32) { close(fd) }
}
