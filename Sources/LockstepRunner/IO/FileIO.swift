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

    @inline(__always) static func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, p, n)
        #elseif canImport(Musl)
        return Musl.write(fd, p, n)
        #else
        return Darwin.write(fd, p, n)
        #endif
    }

    package static func errnoText() -> String { String(cString: strerror(errno)) }

    /// What a file-system object is, for messages: "a directory", "a FIFO (named pipe)", ...
    package static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "an unknown kind of file"
        }
    }

    /// The message for a path that is not a regular file, e.g. `a FIFO (named pipe), not a regular file`.
    package static func notRegularMessage(_ mode: mode_t) -> String { "\(kindName(mode)), not a regular file" }

    /// Opens a regular file for reading without ever blocking: the path is checked with `stat` first
    /// (a FIFO, device, socket or directory is refused by name), then opened with `O_NONBLOCK` so that
    /// a FIFO swapped in after the check cannot block the `open` either, checked again with `fstat`,
    /// and only then switched back to blocking reads.
    package static func openRegular(_ path: String) throws(Failure) -> (fd: Int32, size: Int) {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            throw Failure(path: path, message: notRegularMessage(info.st_mode))
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(path: path, message: errnoText()) }
        guard fstat(fd, &info) == 0 else {
            let message = errnoText()
            close(fd)
            throw Failure(path: path, message: message)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw Failure(path: path, message: notRegularMessage(info.st_mode))
        }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            let message = errnoText()
            close(fd)
            throw Failure(path: path, message: message)
        }
        return (fd, Int(info.st_size))
    }

    /// What is at `path` when it exists and is not a regular file (`a directory, not a regular file`),
    /// else nil. Follows symbolic links.
    public static func notRegularFile(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG else { return nil }
        return notRegularMessage(info.st_mode)
    }

    /// Reads a whole file, refusing files larger than `maxBytes` before reading them, and anything that
    /// is not a regular file (without blocking on a FIFO). `limitName` names the limit in the message.
    public static func read(_ path: String, maxBytes: Int = Int.max, limitName: String? = nil) throws(Failure) -> [UInt8] {
        let (fd, size) = try openRegular(path)
        defer { close(fd) }
        guard size <= maxBytes else {
            throw Failure(path: path, message: overLimitMessage(size: size, maxBytes: maxBytes, limitName: limitName))
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

    /// `file is N bytes, over the limit of M bytes (the limit NAME)`.
    package static func overLimitMessage(size: Int, maxBytes: Int, limitName: String?) -> String {
        "file is \(size) bytes, over the limit of \(maxBytes) bytes" + (limitName.map { " (the limit \($0))" } ?? "")
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
        let writer = try AtomicWriter(path: path)
        writer.write(bytes)
        try writer.commit()
    }

    /// A file written in pieces to `<path>.<pid>.tmp` in the target's folder, then flushed and renamed
    /// over `path` by `commit()`, so a reader sees the old file or the new one, never half of either.
    /// `discard()` (or dropping the writer uncommitted) removes the temporary file.
    public final class AtomicWriter {
        public let path: String
        public let temporary: String
        private var fd: Int32
        /// The first failed write's message, if any.
        public private(set) var failure: String?
        public private(set) var written = 0

        public init(path: String) throws(Failure) {
            self.path = path
            try makeDirectories(parentDirectory(path))
            temporary = path + ".\(getpid()).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw Failure(path: temporary, message: errnoText()) }
        }

        deinit { discard() }

        public func write(_ bytes: [UInt8]) {
            guard failure == nil, fd >= 0 else { return }
            var done = 0
            var rounds = 0
            while done < bytes.count {
                rounds += 1
                guard rounds <= 1_000_000 else { failure = "the write made no progress"; return }
                let n = bytes.withUnsafeBytes { FileIO.systemWrite(fd, $0.baseAddress! + done, bytes.count - done) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { failure = n < 0 ? errnoText() : "the write made no progress"; return }
                done += n
            }
            written += done
        }

        /// Flushes, closes and renames the file into place.
        public func commit() throws(Failure) {
            if let failure { discard(); throw Failure(path: temporary, message: failure) }
            guard fd >= 0 else { throw Failure(path: temporary, message: "already closed") }
            let flushed = fsync(fd) == 0
            let closed = close(fd) == 0
            fd = -1
            guard flushed, closed else {
                unlink(temporary)
                throw Failure(path: temporary, message: "could not flush the file")
            }
            guard rename(temporary, path) == 0 else {
                let message = errnoText()
                unlink(temporary)
                throw Failure(path: path, message: message)
            }
        }

        /// Closes and removes the temporary file; the target is left as it was.
        public func discard() {
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
            unlink(temporary)
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

    /// Every file under `directory` whose name ends with `suffix`, as paths joined onto `directory`, in
    /// sorted order. Each real folder is visited once, so a symbolic link loop ends.
    public static func walk(_ directory: String, suffix: String, maxDepth: Int = 16) -> [String] {
        walkTree(directory, suffix: suffix, maxDepth: maxDepth).files
    }

    /// What `walkTree` found.
    public struct Walk: Sendable {
        /// Matching files, as paths joined onto the starting folder, in sorted order.
        public var files: [String] = []
        /// What was not followed, and why: a symbolic link leading outside the confining folder, a
        /// symbolic link loop, a folder nested too deep. Paths are joined onto the starting folder.
        public var skipped: [Failure] = []
    }

    /// Walks `directory` for files ending with `suffix`, visiting each real folder once (a link to a
    /// folder already seen, or a link loop, is not entered again). With `confinedTo` (an absolute path,
    /// symlinks resolved), a folder or matching file whose real path is outside it is not followed but
    /// listed in `skipped`, naming `confinedDisplay`.
    public static func walkTree(_ directory: String, suffix: String, maxDepth: Int = 16,
                                confinedTo root: String? = nil, confinedDisplay: String? = nil) -> Walk {
        var walk = Walk()
        var visited: Set<String> = []
        if let real = realPath(directory) { visited.insert(real) }
        var budget = 1_000_000
        walkTree(directory, suffix, maxDepth, root, confinedDisplay ?? root ?? "", &visited, &walk, &budget)
        return walk
    }

    private static func walkTree(_ directory: String, _ suffix: String, _ depth: Int, _ root: String?, _ rootDisplay: String,
                                 _ visited: inout Set<String>, _ walk: inout Walk, _ budget: inout Int) {
        for name in list(directory) {
            budget -= 1
            guard budget > 0 else {
                walk.skipped.append(Failure(path: directory, message: "more than 1000000 entries; the rest was not searched"))
                return
            }
            let path = directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else {
                // A dangling link named like a match is listed (reading it reports the error); a link
                // loop is reported here, as nothing could read it.
                if errno == ELOOP {
                    walk.skipped.append(Failure(path: path, message: "a symbolic link loop; not followed"))
                } else if name.hasSuffix(suffix) {
                    walk.files.append(path)
                }
                continue
            }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            guard isFolder || name.hasSuffix(suffix) else { continue }
            let real = realPath(path)
            if let root, let real, real != root && !real.hasPrefix(root + "/") {
                let what = isFolder ? "folder" : "file"
                walk.skipped.append(Failure(path: path, message: "a symbolic link to a \(what) outside \(rootDisplay)/ (\(real)); not followed: scenarios and the files they name stay inside \(rootDisplay)/"))
                continue
            }
            guard isFolder else { walk.files.append(path); continue }
            guard let real, visited.insert(real).inserted else { continue }  // seen already: a link to it, or a loop
            guard depth > 1 else {
                walk.skipped.append(Failure(path: path, message: "nested deeper than the limit of folders; not searched"))
                continue
            }
            walkTree(path, suffix, depth - 1, root, rootDisplay, &visited, &walk, &budget)
        }
    }

    /// Opens a regular file for streaming reads (never blocking on a FIFO; see `openRegular`).
    package static func openForReading(_ path: String) throws(Failure) -> Int32 {
        try openRegular(path).fd
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
