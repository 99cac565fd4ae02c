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

    public mutating func read<E>(_ path: String, _ world: inout World<E>) -> StoreRead<[UInt8]> {
        guard FileStore.isValid(path) else {
            invalid(path, &world)
            return .denied(.invalidPath)
        }
        return core.read(path, &world)
    }

    public mutating func read<T: StoreValue, E>(_ path: String, as type: T.Type, _ world: inout World<E>) -> StoreRead<T> {
        guard FileStore.isValid(path) else {
            invalid(path, &world)
            return .denied(.invalidPath)
        }
        return core.read(path, as: type, &world)
    }

    /// Writes atomically with `protection` (default the iOS default class).
    @discardableResult
    public mutating func write<T: StoreValue, E>(_ path: String, _ value: T,
                                                 protection: FileProtection = .completeUntilFirstUserAuthentication,
                                                 by writer: String = "app", _ world: inout World<E>) -> StoreWrite {
        guard FileStore.isValid(path) else {
            invalid(path, &world)
            return .denied(.invalidPath)
        }
        return core.write(path, value.storeBytes, protection: protection, by: writer, &world)
    }

    @discardableResult
    public mutating func remove<E>(_ path: String, by writer: String = "app", _ world: inout World<E>) -> StoreWrite {
        guard FileStore.isValid(path) else {
            invalid(path, &world)
            return .denied(.invalidPath)
        }
        return core.remove(path, by: writer, &world)
    }

    /// Marks a file as held open (it stays usable under `completeUnlessOpen` while locked) or closed.
    public mutating func setOpen(_ path: String, _ open: Bool) { core.setOpen(path, open) }

    // MARK: Setup and faults

    public mutating func seed<T: StoreValue, E>(_ path: String, _ value: T,
                                                protection: FileProtection = .completeUntilFirstUserAuthentication,
                                                _ world: inout World<E>) {
        core.seed(path, value.storeBytes, protection: protection, &world)
    }

    public mutating func setLock<E>(_ state: DeviceLockState, _ world: inout World<E>) { core.setLock(state, &world) }

    public mutating func dropWrites<E>(from writer: String = "app", _ reason: DropReason?, _ world: inout World<E>) {
        core.dropWrites(from: writer, reason, &world)
    }

    public mutating func setCapacity<E>(bytes: Int?, _ world: inout World<E>) { core.setCapacity(bytes, &world) }

    public mutating func corrupt<E>(_ path: String, reason: String, bytes: [UInt8]? = nil, _ world: inout World<E>) {
        core.corrupt(path, reason: reason, bytes: bytes, defaultProtection: .completeUntilFirstUserAuthentication, &world)
    }

    /// The system reclaiming space: removes everything under `Caches/` and `tmp/`, one
    /// `store.purged` record per file. Returns how many files went.
    @discardableResult
    public mutating func purgeCaches<E>(_ world: inout World<E>) -> Int {
        core.purge(where: { $0.hasPrefix("Caches/") || $0.hasPrefix("tmp/") }, reason: "purgeable", &world)
    }

    private func invalid<E>(_ path: String, _ world: inout World<E>) {
        world.emit(Record("store.denied").word("store", name).string("key", path).word("op", "access").word("reason", "invalidPath"))
    }

    public func write(to out: inout CanonicalWriter) {
        core.write(kind: "files", to: &out) { _ in }
    }
}
