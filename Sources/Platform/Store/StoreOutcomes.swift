/// The outcome of a read: never an ambiguous empty value. `ok([])` is a stored empty value;
/// "nothing stored", "stored but unreadable" and "not allowed now" are separate cases, so a domain
/// cannot mistake a locked or corrupt store for an empty one and overwrite the real data.
public enum StoreRead<Value> {
    case ok(Value)
    /// Nothing is stored under this key.
    case missing
    /// Something is stored but cannot be decoded. The stored bytes are left untouched.
    case corrupt(reason: String)
    /// Stored, but not readable now (data protection while the device is locked).
    case denied(StoreDenial)

    /// The value when the read succeeded.
    public var value: Value? {
        if case .ok(let v) = self { return v }
        return nil
    }

    /// `ok`, `missing`, `corrupt` or `denied`, for records.
    public var word: String {
        switch self {
        case .ok: "ok"
        case .missing: "missing"
        case .corrupt: "corrupt"
        case .denied: "denied"
        }
    }
}

extension StoreRead: Equatable where Value: Equatable {}
extension StoreRead: Hashable where Value: Hashable {}
extension StoreRead: Sendable where Value: Sendable {}

/// The outcome of a write or a removal. Atomic: in every case but `written` the store is exactly as
/// it was before.
public enum StoreWrite: Hashable, Sendable {
    case written
    /// Silently discarded (no permission, App Group entitlement or Full Access missing). The app's
    /// API reports success; only the model's `store.dropped` record shows it.
    case dropped(DropReason)
    /// Refused by data protection; the app's API reports an error.
    case denied(StoreDenial)
    /// Not enough space; the app's API reports an error.
    case diskFull(neededBytes: Int, freeBytes: Int)

    /// What the app's own code sees: true for `written` and for a silently `dropped` write. A domain
    /// that reproduces the app's logic branches on this, never on the case.
    public var appSeesSuccess: Bool {
        switch self {
        case .written, .dropped: true
        case .denied, .diskFull: false
        }
    }

    /// Whether the store changed.
    public var didWrite: Bool { self == .written }
}

/// Why a write vanished without an error.
public enum DropReason: String, Hashable, Sendable, CaseIterable {
    /// The process may not write here (sandbox, missing permission).
    case noPermission
    /// The App Group entitlement is missing, so the shared container is not the one other processes see.
    case missingEntitlement
    /// A keyboard extension without Full Access: its App Group writes go nowhere.
    case noFullAccess
}

/// Why an access was refused.
public enum StoreDenial: String, Hashable, Sendable, CaseIterable {
    /// The device is locked and the file's protection class needs it unlocked.
    case locked
    /// The device has not been unlocked since it booted.
    case beforeFirstUnlock
    /// The key or path is not acceptable (empty, `..`, absolute, empty component).
    case invalidPath
    /// The store refused the value itself (an object store's schema, limit or corrupt-table error,
    /// or a row key that names no row); the store's own record says which.
    case rejected
}
