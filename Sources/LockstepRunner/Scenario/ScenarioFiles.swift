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
        let tail = inside.joined(separator: "/")
        let disk = realRoot + "/" + tail
        guard let real = FileIO.realPath(disk) else {
            throw FileIO.Failure(path: relative, message: "no such file: \(displayRoot)/\(tail)")
        }
        guard real.hasPrefix(realRoot + "/") else {
            throw FileIO.Failure(path: relative, message: "path leads outside \(displayRoot)/ through a symbolic link")
        }
        return (displayRoot + "/" + tail, real)
    }
}
