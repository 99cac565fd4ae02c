#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore

/// The one gate through which scenarios reach other files (`include`, `file` fields).
///
/// Paths are relative to the file that names them and must stay inside the scenario root
/// (`Scenarios/`): no absolute paths, no `..` that climbs out, no symlink that leads out. This keeps
/// a scenario self-contained, so a golden can never depend on a file outside the repository.
public struct ScenarioFiles: Sendable {
    /// The root as shown in messages and traces, e.g. `Scenarios`.
    public var displayRoot: String
    /// The root on disk, absolute, symlinks resolved.
    public var realRoot: String?

    public init(root: String, displayRoot: String? = nil) {
        self.displayRoot = displayRoot ?? root
        self.realRoot = FileIO.realPath(root)
    }

    /// Resolves `relative`, named in the file shown as `fromDisplay`, to (display path, disk path).
    /// Throws a message (the caller adds the location).
    public func resolve(_ relative: String, from fromDisplay: String) throws(FileIO.Failure) -> (display: String, disk: String) {
        guard !relative.isEmpty else { throw FileIO.Failure(path: relative, message: "empty path") }
        // A NUL would end the path early at the system call (`ok\u{0}.events` would open `ok`), and
        // no control byte belongs in a scenario's file names.
        if let bad = relative.utf8.firstIndex(where: { $0 < 0x20 || $0 == 0x7F }) {
            let byte = relative.utf8[bad]
            let offset = relative.utf8.distance(from: relative.utf8.startIndex, to: bad)
            throw FileIO.Failure(path: relative, message: "path holds the control character \\u{\(Hex.lower(UInt64(byte), digits: 2))} at byte \(offset + 1); file names may not contain control characters")
        }
        guard !relative.hasPrefix("/") else {
            throw FileIO.Failure(path: relative, message: "absolute paths are not allowed; paths are relative to the scenario and stay inside \(displayRoot)/")
        }
        guard let realRoot else { throw FileIO.Failure(path: displayRoot, message: "scenario root does not exist") }
        // Components of the including file's directory relative to the display root.
        var base: [Substring] = fromDisplay.split(separator: "/", omittingEmptySubsequences: true)
        base.removeLast()  // the file name
        let rootComponents = displayRoot.split(separator: "/", omittingEmptySubsequences: true)
        guard base.starts(with: rootComponents) else {
            throw FileIO.Failure(path: relative, message: "only scenarios inside \(displayRoot)/ may name other files")
        }
        var inside = Array(base.dropFirst(rootComponents.count))
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !inside.isEmpty else {
                    throw FileIO.Failure(path: relative, message: "path leaves \(displayRoot)/; files must stay inside it")
                }
                inside.removeLast()
                continue
            }
            inside.append(part)
        }
        guard !inside.isEmpty else {
            throw FileIO.Failure(path: relative, message: "path names the \(displayRoot)/ folder itself, not a file")
        }
        let tail = inside.joined(separator: "/")
        let disk = realRoot + "/" + tail
        let shown = displayRoot + "/" + tail
        let (resolved, code) = ScenarioFiles.realPath(disk)
        guard let real = resolved else {
            switch code {
            case ENOENT: throw FileIO.Failure(path: relative, message: "no such file: \(shown)")
            case ELOOP: throw FileIO.Failure(path: relative, message: "\(shown) is a symbolic link loop (too many levels of symbolic links)")
            case ENOTDIR: throw FileIO.Failure(path: relative, message: "a part of \(shown) before the last '/' is a file, not a folder")
            case EACCES: throw FileIO.Failure(path: relative, message: "permission denied: \(shown)")
            case ENAMETOOLONG: throw FileIO.Failure(path: relative, message: "path is too long: \(shown)")
            default: throw FileIO.Failure(path: relative, message: "cannot resolve \(shown): \(String(cString: strerror(code)))")
            }
        }
        if real == realRoot {
            throw FileIO.Failure(path: relative, message: "path names the \(displayRoot)/ folder itself (through a symbolic link), not a file")
        }
        guard real.hasPrefix(realRoot + "/") else {
            throw FileIO.Failure(path: relative, message: "path leads outside \(displayRoot)/ through a symbolic link")
        }
        if FileIO.isDirectory(real) {
            throw FileIO.Failure(path: relative, message: "\(shown) is a folder, not a file")
        }
        // A FIFO, device or socket is refused here, by name, so the error points at the line that
        // named it (never at line 1 of a file that was not read), and nothing blocks opening it.
        if let what = FileIO.notRegularFile(real) {
            throw FileIO.Failure(path: relative, message: "\(shown) is \(what)")
        }
        return (shown, real)
    }

    /// `realpath(3)`, keeping `errno` when it fails so that a missing file, a symbolic link loop and
    /// a denied folder get their own messages.
    static func realPath(_ path: String) -> (path: String?, errno: Int32) {
        guard let p = realpath(path, nil) else { return (nil, errno) }
        defer { free(p) }
        return (String(cString: p), 0)
    }
}
