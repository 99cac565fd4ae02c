import LockstepCore

/// A deterministic file system for one container: relative paths to bytes, each file with its own
/// data-protection class, held in memory and written canonically in sorted path order.
///
/// Writes are atomic (`Data.write(options: .atomic)`): a new file replaces the old one in one step,
/// so a failed write leaves the old bytes. The protection class is the write's, as with
/// `.completeFileProtection...` write options. Files under `Caches/` and `tmp/` can be purged by the
/// system (`purgeCaches`). Paths: not empty, not absolute, no empty, `.` or `..` components.
public struct FileStore: Hashable, Sendable, CanonicallyWritable {
    var core: StoreCore

    /// `name` appears in records (`files`, or a group identifier for a shared container).
    public init(name: String = "files") { core = StoreCore(name: name) }

    public var name: String { core.name }
    /// Stored paths, ascending.
    public var paths: [String] { core.sortedKeys }
    public var lockState: DeviceLockState { core.lock }
    public var usedBytes: Int { core.usedBytes }
    /// The entry at `path`, bypassing every check (for assertions; apps can't do this).
    public func peek(_ path: String) -> StoreEntry? { core.entries[path] }

    /// Whether `path` is acceptable.
    public static func isValid(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty || component == "." || component == ".." { return false }
        }
        return true
    }

    // MARK: App API

    public mutating func read<D: Domain>(_ path: String, _ world: inout World<D>) -> StoreRead<[UInt8]> {
        guard FileStore.isValid(path) else {
            invalid(path, &world)
            return .denied(.invalidPath)
        }
        return core.read(path, &world)
    }

    public mutating func read<T: StoreValue, D: Domain>(_ path: String, as type: T.Type, _ world: inout World<D>) -> StoreRead<T> {
        guard FileStore.isValid(path) else {
            invalid(path, &world)
            return .denied(.invalidPath)
        }
        return core.read(path, as: type, &world)
    }

    /// Writes atomically with `protection` (default the iOS default class).
    @discardableResult
    public mutating func write<T: StoreValue, D: Domain>(_ path: String, _ value: T,
                                                 protection: FileProtection = .completeUntilFirstUserAuthentication,
                                                 by writer: String = "app", _ world: inout World<D>) -> StoreWrite {
        guard FileStore.isValid(path) else {
            invalid(path, &world)
            return .denied(.invalidPath)
        }
        return core.write(path, value.storeBytes, protection: protection, by: writer, &world)
    }

    @discardableResult
    public mutating func remove<D: Domain>(_ path: String, by writer: String = "app", _ world: inout World<D>) -> StoreWrite {
        guard FileStore.isValid(path) else {
            invalid(path, &world)
            return .denied(.invalidPath)
        }
        return core.remove(path, by: writer, &world)
    }

    /// Marks a file as held open (it stays usable under `completeUnlessOpen` while locked) or closed.
    public mutating func setOpen(_ path: String, _ open: Bool) { core.setOpen(path, open) }

    // MARK: Setup and faults

    public mutating func seed<T: StoreValue, D: Domain>(_ path: String, _ value: T,
                                                protection: FileProtection = .completeUntilFirstUserAuthentication,
                                                _ world: inout World<D>) {
        core.seed(path, value.storeBytes, protection: protection, &world)
    }

    public mutating func setLock<D: Domain>(_ state: DeviceLockState, _ world: inout World<D>) { core.setLock(state, &world) }

    public mutating func dropWrites<D: Domain>(from writer: String = "app", _ reason: DropReason?, _ world: inout World<D>) {
        core.dropWrites(from: writer, reason, &world)
    }

    public mutating func setCapacity<D: Domain>(bytes: Int?, _ world: inout World<D>) { core.setCapacity(bytes, &world) }

    public mutating func corrupt<D: Domain>(_ path: String, reason: String, bytes: [UInt8]? = nil, _ world: inout World<D>) {
        core.corrupt(path, reason: reason, bytes: bytes, defaultProtection: .completeUntilFirstUserAuthentication, &world)
    }

    /// The system reclaiming space: removes everything under `Caches/` and `tmp/`, one
    /// `store.purged` record per file. Returns how many files went.
    @discardableResult
    public mutating func purgeCaches<D: Domain>(_ world: inout World<D>) -> Int {
        core.purge(where: { $0.hasPrefix("Caches/") || $0.hasPrefix("tmp/") }, reason: "purgeable", &world)
    }

    private func invalid<D: Domain>(_ path: String, _ world: inout World<D>) {
        world.emit(Record("store.denied").word("store", name).string("key", path).word("op", "access").word("reason", "invalidPath"))
    }

    public func write(to out: inout CanonicalWriter) {
        core.write(kind: "files", to: &out) { _ in }
    }
}
