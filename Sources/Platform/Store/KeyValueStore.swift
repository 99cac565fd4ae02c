import LockstepCore

/// Where a store lives: the app's own container, or an App Group container shared with its
/// extensions (and the container app).
public enum StoreContainer: Hashable, Sendable {
    case app
    /// A shared App Group container, by group identifier (`group.app.kibo`).
    case appGroup(String)
}

/// A deterministic `UserDefaults` suite: keys to bytes (or typed `StoreValue`s), held in memory,
/// written canonically in sorted key order as part of the owning domain's state.
///
/// Writes are atomic. Faults are explicit: writes from a given writer silently dropped (the model
/// records `store.dropped`), data protection against the device lock (the suite's file has one
/// protection class, by default the iOS default), a capacity (disk full), and injected corruption.
/// Every write, drop, denial and corrupt read emits a record.
///
/// Several processes (an app and its keyboard) share one App Group suite by sharing one value in
/// the domain's state and naming themselves with `by:`; `dropWrites(from: "keyboard", .noFullAccess)`
/// drops only the keyboard's writes.
public struct KeyValueStore: Hashable, Sendable, CanonicallyWritable {
    public let container: StoreContainer
    /// Protection class of the suite's backing file.
    public let protection: FileProtection
    var core: StoreCore

    /// - Parameters:
    ///   - container: `.app` is named `standard` in records; an App Group by its identifier.
    ///   - protection: default `completeUntilFirstUserAuthentication`, as iOS gives preference files.
    public init(_ container: StoreContainer = .app, protection: FileProtection = .completeUntilFirstUserAuthentication) {
        self.container = container
        self.protection = protection
        switch container {
        case .app: core = StoreCore(name: "standard")
        case .appGroup(let id): core = StoreCore(name: id)
        }
    }

    /// The name used in records.
    public var name: String { core.name }
    /// Stored keys, ascending.
    public var keys: [String] { core.sortedKeys }
    public var lockState: DeviceLockState { core.lock }
    public var usedBytes: Int { core.usedBytes }
    /// The entry at `key`, bypassing every check (for assertions and state dumps; apps can't do this).
    public func peek(_ key: String) -> StoreEntry? { core.entries[key] }

    // MARK: App API

    /// Reads raw bytes.
    public mutating func read<D: Domain>(_ key: String, _ world: inout World<D>) -> StoreRead<[UInt8]> {
        guard !key.isEmpty else { return invalid(key, &world) }
        return core.read(key, &world)
    }

    /// Reads and decodes; bytes that do not decode give `corrupt`, never a default value.
    public mutating func read<T: StoreValue, D: Domain>(_ key: String, as type: T.Type, _ world: inout World<D>) -> StoreRead<T> {
        guard !key.isEmpty else {
            _ = invalid(key, &world)
            return .denied(.invalidPath)
        }
        return core.read(key, as: type, &world)
    }

    /// Writes atomically. `by` names the writing process (default `app`).
    @discardableResult
    public mutating func write<T: StoreValue, D: Domain>(_ key: String, _ value: T, by writer: String = "app",
                                                 _ world: inout World<D>) -> StoreWrite {
        guard !key.isEmpty else {
            _ = invalid(key, &world)
            return .denied(.invalidPath)
        }
        return core.write(key, value.storeBytes, protection: protection, by: writer, &world)
    }

    @discardableResult
    public mutating func remove<D: Domain>(_ key: String, by writer: String = "app", _ world: inout World<D>) -> StoreWrite {
        core.remove(key, by: writer, &world)
    }

    // MARK: Setup and faults

    /// Puts a value in place without checks (fixtures, data from an earlier run). Emits `store.seeded`.
    public mutating func seed<T: StoreValue, D: Domain>(_ key: String, _ value: T, _ world: inout World<D>) {
        core.seed(key, value.storeBytes, protection: protection, &world)
    }

    /// Follows the device's lock state (call on every store the domain holds).
    public mutating func setLock<D: Domain>(_ state: DeviceLockState, _ world: inout World<D>) { core.setLock(state, &world) }

    /// Makes `writer`'s writes and removals vanish (`reason`), or restores them (`nil`).
    public mutating func dropWrites<D: Domain>(from writer: String = "app", _ reason: DropReason?, _ world: inout World<D>) {
        core.dropWrites(from: writer, reason, &world)
    }

    /// Limits the total stored bytes (nil: no limit). Existing data stays; writes that would exceed fail.
    public mutating func setCapacity<D: Domain>(bytes: Int?, _ world: inout World<D>) { core.setCapacity(bytes, &world) }

    /// Damages `key`; reads give `corrupt(reason)` until it is overwritten.
    public mutating func corrupt<D: Domain>(_ key: String, reason: String, bytes: [UInt8]? = nil, _ world: inout World<D>) {
        core.corrupt(key, reason: reason, bytes: bytes, defaultProtection: protection, &world)
    }

    private func invalid<D: Domain>(_ key: String, _ world: inout World<D>) -> StoreRead<[UInt8]> {
        world.emit(Record("store.denied").word("store", name).string("key", key).word("op", "access").word("reason", "invalidPath"))
        return .denied(.invalidPath)
    }

    /// `store NAME {` configuration and entries in key order `}`.
    public func write(to out: inout CanonicalWriter) {
        core.write(kind: "keyValue", to: &out) { w in w.word("protection", protection.rawValue) }
    }
}
