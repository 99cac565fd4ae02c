/// In-memory file system for bundled samples and scaled temp files (item 3).
///
/// WHY: `AVAudioFile` reads/writes are the failure points of the scaled-click path;
/// an entry can be unreadable on purpose, and writes can be made to fail.
struct SoundFileStore: Sendable {
    static let maxFiles = 1_024
    static let tempDirectory = "tmp/"
    static let bundleDirectory = "bundle/"

    enum Content: Equatable, Sendable {
        case pcm(PCMFile)
        /// Bytes that are not a decodable audio file.
        case unreadable
    }

    /// Kept sorted by path so listings never depend on hashing order.
    private(set) var entries: [(path: String, content: Content)] = []
    /// When true every write fails (full disk, sandbox denial).
    var writesFail = false
    private(set) var writeCount = 0

    init() {}

    static func bundlePath(_ name: String) -> String { bundleDirectory + name + ".wav" }
    /// Temp name is `kibo-<name>.wav` exactly; the bucket is NOT in the name — a bucket
    /// change replaces the file (remove first, then write), so at most one per sample exists.
    static func tempPath(_ name: String) -> String { tempDirectory + "kibo-" + name + ".wav" }

    var paths: [String] { entries.map(\.path) }
    var tempPaths: [String] { entries.map(\.path).filter { $0.hasPrefix(Self.tempDirectory) } }

    func content(at path: String) -> Content? {
        entries.first(where: { $0.path == path })?.content
    }

    /// Harness-side placement of a file (bundled samples, corrupt fixtures). Bypasses `writesFail`.
    mutating func place(_ content: Content, at path: String) -> Bool {
        insertSorted(path: path, content: content)
    }

    /// App-side write; fails when `writesFail` or the file limit is hit.
    mutating func write(_ file: PCMFile, to path: String) -> Bool {
        guard !writesFail else { return false }
        guard insertSorted(path: path, content: .pcm(file)) else { return false }
        writeCount += 1
        return true
    }

    mutating func remove(at path: String) {
        entries.removeAll(where: { $0.path == path })
    }

    /// Removes every scaled temp file (the style-change purge).
    mutating func purgeTemp() {
        entries.removeAll(where: { $0.path.hasPrefix(Self.tempDirectory) })
    }

    private mutating func insertSorted(path: String, content: Content) -> Bool {
        if let i = entries.firstIndex(where: { $0.path == path }) {
            entries[i].content = content
            return true
        }
        guard entries.count < Self.maxFiles else { return false }
        let at = entries.firstIndex(where: { $0.path > path }) ?? entries.count
        entries.insert((path, content), at: at)
        return true
    }
}
