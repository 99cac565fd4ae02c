#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore
import LockstepRunner

/// The file-tree operations `bisect` needs (temporary folders, copying today's scenarios and
/// goldens, removing a worktree), over POSIX. Symbolic links are copied and removed as links, never
/// followed, so removing a tree can never reach outside it.
public enum BisectFiles {
    /// Most entries a copied or removed tree may have; a guard against a runaway tree.
    public static let maxEntries = 1_000_000

    /// Creates a fresh, private folder `<parent>/<prefix>XXXXXX` and returns its path.
    public static func makeTemporaryDirectory(prefix: String, in parent: String) throws(FileIO.Failure) -> String {
        var template = Array((parent + "/" + prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw FileIO.Failure(path: parent, message: "cannot create a temporary folder: \(String(cString: strerror(errno)))") }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return FileIO.realPath(path) ?? path
    }

    static func linkStat(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    static func isLink(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFLNK }
    static func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }

    /// Removes `path` and everything under it (a missing path is fine).
    public static func removeTree(_ path: String) {
        var budget = maxEntries
        removeTree(path, budget: &budget, depth: 0)
    }

    private static func removeTree(_ path: String, budget: inout Int, depth: Int) {
        guard budget > 0, depth < 256, let info = linkStat(path) else { return }
        budget -= 1
        if isDirectory(info) && !isLink(info) {
            for name in FileIO.list(path) { removeTree(path + "/" + name, budget: &budget, depth: depth + 1) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Copies the tree at `source` to `destination` (created; existing files are replaced).
    public static func copyTree(from source: String, to destination: String) throws(FileIO.Failure) {
        var budget = maxEntries
        try copyTree(source, destination, budget: &budget, depth: 0)
    }

    private static func copyTree(_ source: String, _ destination: String, budget: inout Int, depth: Int) throws(FileIO.Failure) {
        guard budget > 0, depth < 256 else { throw FileIO.Failure(path: source, message: "tree too large or too deep to copy") }
        budget -= 1
        guard let info = linkStat(source) else { throw FileIO.Failure(path: source, message: "cannot read: \(String(cString: strerror(errno)))") }
        if isLink(info) {
            var buffer = [CChar](repeating: 0, count: 4096)
            let n = readlink(source, &buffer, buffer.count - 1)
            guard n >= 0 else { throw FileIO.Failure(path: source, message: "cannot read link") }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            unlink(destination)
            guard symlink(target, destination) == 0 else { throw FileIO.Failure(path: destination, message: "cannot create link") }
        } else if isDirectory(info) {
            try FileIO.makeDirectories(destination)
            for name in FileIO.list(source) { try copyTree(source + "/" + name, destination + "/" + name, budget: &budget, depth: depth + 1) }
        } else {
            try FileIO.writeAtomically(try FileIO.read(source), to: destination)
        }
    }
}
