import LockstepCore

/// The Keychain's generic-password items as a value a domain keeps in its state, with the device
/// state it depends on: the lock state and whether a passcode is set.
///
/// - `add`, `read` (`SecItemCopyMatching`), `update`, `delete` return `KeychainStatus`, the
///   `OSStatus` the app sees: `duplicateItem` (-25299) for an add of an existing key,
///   `itemNotFound` (-25300) for a missing one, `interactionNotAllowed` (-25308) when the item's
///   class is not available in the lock state (the class key is needed to encrypt or decrypt).
/// - Every operation is a `keychain.NAME` record with its status. Records never show the secret:
///   only `bytes=` (its length) and `digest=` (FNV-1a 64 of the bytes, enough to tell two values
///   apart in a golden file, not to recover them). So is the canonical state.
/// - `restoreToNewDevice` keeps only items that are not `ThisDeviceOnly`; `setPasscode(false)`
///   deletes `whenPasscodeSet` items; both record each item that goes.
///
/// Choices where the documentation is silent, pinned: `delete` works in any lock state (it needs
/// no class key); a missing item is `itemNotFound` whatever the lock state (the lookup is on
/// attributes, which are not under the class key); for `add`, the lock check comes before the
/// duplicate check; a new device is booted and unlocked (the restore finishes on an unlocked
/// phone) with its passcode kept.
public struct Keychain: Hashable, Sendable, CanonicallyWritable {
    /// Items in the vault: a bound on the model, far above an app's handful of secrets.
    public static let maxItems = 1_024
    /// Bytes per item: 64 KiB. Keychain items are small secrets; past this `add`/`update` return
    /// `errSecParam` with a record saying the limit.
    public static let maxDataBytes = 65_536

    /// Items by key, kept sorted so state and records do not depend on insertion order.
    public private(set) var items: [KeychainItem] = []
    public private(set) var lock: DeviceLockState
    public private(set) var passcodeSet: Bool
    public private(set) var counts = KeychainCounts()

    /// A device booted and unlocked once (`afterFirstUnlock`), with a passcode, unless told otherwise.
    public init(lock: DeviceLockState = .unlocked, passcodeSet: Bool = true) {
        self.lock = lock
        self.passcodeSet = passcodeSet
    }

    public func item(_ key: KeychainKey) -> KeychainItem? { items.first { $0.key == key } }

    // MARK: The app's calls

    /// `SecItemAdd`.
    @discardableResult
    public mutating func add<D: Domain>(_ key: KeychainKey, data: [UInt8], accessibility: KeychainAccessibility,
                                        _ world: inout World<D>) -> KeychainStatus {
        var status = KeychainStatus.success
        var limitNote: Record?
        if data.count > Keychain.maxDataBytes {
            status = .param
            limitNote = Record("").int("limit", Keychain.maxDataBytes)
        } else if accessibility.requiresPasscode && !passcodeSet {
            status = .notAvailable
        } else if !accessibility.isAvailable(in: lock) {
            status = .interactionNotAllowed
        } else if item(key) != nil {
            status = .duplicateItem
        } else if items.count >= Keychain.maxItems {
            status = .param
            limitNote = Record("").int("itemLimit", Keychain.maxItems)
        } else {
            items.append(KeychainItem(key: key, data: data, accessibility: accessibility))
            items.sort { $0.key < $1.key }
        }
        var r = record("add", key, status).word("accessible", accessibility.rawValue).int("bytes", data.count)
            .digest("digest", FNV1a64.hash(data))
        if let note = limitNote { r.fields += note.fields }
        emit(r, status, &world)
        return status
    }

    /// `SecItemCopyMatching` for one item's data: the bytes on success, nil otherwise.
    public mutating func read<D: Domain>(_ key: KeychainKey, _ world: inout World<D>) -> (KeychainStatus, [UInt8]?) {
        guard let found = item(key) else {
            emit(record("read", key, .itemNotFound), .itemNotFound, &world)
            return (.itemNotFound, nil)
        }
        guard found.accessibility.isAvailable(in: lock) else {
            emit(record("read", key, .interactionNotAllowed).word("accessible", found.accessibility.rawValue)
                .word("lock", lock.rawValue), .interactionNotAllowed, &world)
            return (.interactionNotAllowed, nil)
        }
        emit(record("read", key, .success).word("accessible", found.accessibility.rawValue)
            .int("bytes", found.data.count).digest("digest", FNV1a64.hash(found.data)), .success, &world)
        return (.success, found.data)
    }

    /// `SecItemUpdate` of the data; the accessibility class stays.
    @discardableResult
    public mutating func update<D: Domain>(_ key: KeychainKey, data: [UInt8], _ world: inout World<D>) -> KeychainStatus {
        let status: KeychainStatus
        if data.count > Keychain.maxDataBytes {
            status = .param
        } else if let i = items.firstIndex(where: { $0.key == key }) {
            if items[i].accessibility.isAvailable(in: lock) {
                items[i].data = data
                status = .success
            } else {
                status = .interactionNotAllowed
            }
        } else {
            status = .itemNotFound
        }
        var r = record("update", key, status).int("bytes", data.count).digest("digest", FNV1a64.hash(data))
        if status == .param { r = r.int("limit", Keychain.maxDataBytes) }
        emit(r, status, &world)
        return status
    }

    /// `SecItemDelete`.
    @discardableResult
    public mutating func delete<D: Domain>(_ key: KeychainKey, _ world: inout World<D>) -> KeychainStatus {
        let existed = item(key) != nil
        items.removeAll { $0.key == key }
        let status: KeychainStatus = existed ? .success : .itemNotFound
        emit(record("delete", key, status), status, &world)
        return status
    }

    // MARK: The device (scenario lines)

    /// The device locks, unlocks, or reboots (`beforeFirstUnlock`). `locked` straight after boot
    /// stays `beforeFirstUnlock`: a device that was never unlocked cannot be "locked after first
    /// unlock"; the record says so.
    public mutating func setLock<D: Domain>(_ state: DeviceLockState, _ world: inout World<D>) {
        let from = lock
        if state == .locked && lock == .beforeFirstUnlock {
            world.reject("device.lock", "notUnlockedSinceBoot") { $0.word("state", state.rawValue) }
            return
        }
        lock = state
        world.emit(Record("device.lock").word("from", from.rawValue).word("to", state.rawValue))
    }

    /// The user sets or removes the passcode. Removing it deletes every `whenPasscodeSet` item.
    public mutating func setPasscode<D: Domain>(_ set: Bool, _ world: inout World<D>) {
        passcodeSet = set
        world.emit(Record("device.passcode").bool("set", set))
        if !set { drop(reason: "passcodeRemoved", where: \.accessibility.requiresPasscode, &world) }
    }

    /// A backup of this device restored to a new one: `ThisDeviceOnly` items stay behind.
    public mutating func restoreToNewDevice<D: Domain>(_ world: inout World<D>) {
        world.emit(Record("device.restore").word("to", "newDevice").int("items", items.count))
        drop(reason: "thisDeviceOnly", where: \.accessibility.isThisDeviceOnly, &world)
        lock = .unlocked
    }

    private mutating func drop<D: Domain>(reason: String, where gone: (KeychainItem) -> Bool, _ world: inout World<D>) {
        for it in items where gone(it) {
            counts.lost += 1
            world.emit(Record("keychain.lost").string("service", it.key.service).string("account", it.key.account)
                .word("accessible", it.accessibility.rawValue).word("reason", reason))
        }
        items.removeAll(where: gone)
    }

    // MARK: Records

    private func record(_ op: String, _ key: KeychainKey, _ status: KeychainStatus) -> Record {
        Record("keychain." + op).string("service", key.service).string("account", key.account)
            .int("status", Int(status.rawValue)).word("result", status.name)
    }

    private mutating func emit<D: Domain>(_ r: Record, _ status: KeychainStatus, _ world: inout World<D>) {
        if status == .success { counts.succeeded += 1 } else { counts.failed += 1 }
        world.emit(r)
    }

    public func write(to out: inout CanonicalWriter) {
        out.section("keychain") { w in
            w.word("lock", lock.rawValue)
            w.bool("passcodeSet", passcodeSet)
            w.list("items", items) { w, _, it in
                w.record(Record("item").string("service", it.key.service).string("account", it.key.account)
                    .word("accessible", it.accessibility.rawValue).int("bytes", it.data.count)
                    .digest("digest", FNV1a64.hash(it.data)))
            }
            w.record(Record("counts").int("succeeded", counts.succeeded).int("failed", counts.failed).int("lost", counts.lost))
        }
    }
}

/// Running totals of the vault's operations.
public struct KeychainCounts: Hashable, Sendable {
    /// Operations that returned `errSecSuccess`.
    public var succeeded = 0
    /// Operations that returned any other status.
    public var failed = 0
    /// Items that went with the passcode or stayed behind on a restore.
    public var lost = 0
}
