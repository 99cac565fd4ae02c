/// `kSecAttrAccessible`: when an item's class key is available, by the device lock state.
public enum KeychainAccessibility: String, Hashable, Sendable, CaseIterable {
    /// The default: only while unlocked; migrates to a new device through a backup.
    case whenUnlocked
    /// From the first unlock after boot until the next reboot, locked or not (background work).
    case afterFirstUnlock
    case whenUnlockedThisDeviceOnly
    case afterFirstUnlockThisDeviceOnly
    /// Only while unlocked, only with a passcode set: adding one without a passcode fails, and
    /// removing the passcode deletes every such item.
    case whenPasscodeSetThisDeviceOnly

    /// Whether the item's class key is available in `lock`.
    public func isAvailable(in lock: DeviceLockState) -> Bool {
        switch (self, lock) {
        case (_, .unlocked): true
        case (.afterFirstUnlock, .locked), (.afterFirstUnlockThisDeviceOnly, .locked): true
        default: false
        }
    }

    /// `ThisDeviceOnly` items are wrapped with a device key: a backup restored to another device
    /// does not bring them.
    public var isThisDeviceOnly: Bool {
        switch self {
        case .whenUnlocked, .afterFirstUnlock: false
        case .whenUnlockedThisDeviceOnly, .afterFirstUnlockThisDeviceOnly, .whenPasscodeSetThisDeviceOnly: true
        }
    }

    public var requiresPasscode: Bool { self == .whenPasscodeSetThisDeviceOnly }
}

/// The `OSStatus` results the vault returns, with Security.framework's values
/// (`SecBase.h`).
public enum KeychainStatus: Int32, Hashable, Sendable, CaseIterable {
    case success = 0
    /// A bad argument: past the vault's limits here.
    case param = -50
    /// `errSecNotAvailable`: pinned for adding a `whenPasscodeSet` item without a passcode (the
    /// documentation says the add fails, not with which code).
    case notAvailable = -25291
    case duplicateItem = -25299
    case itemNotFound = -25300
    /// The item's class key is not available in the current lock state.
    case interactionNotAllowed = -25308

    /// The Security.framework constant's name, used in records.
    public var name: String {
        switch self {
        case .success: "errSecSuccess"
        case .param: "errSecParam"
        case .notAvailable: "errSecNotAvailable"
        case .duplicateItem: "errSecDuplicateItem"
        case .itemNotFound: "errSecItemNotFound"
        case .interactionNotAllowed: "errSecInteractionNotAllowed"
        }
    }
}

/// A generic-password item's primary key (`kSecAttrService` + `kSecAttrAccount`).
public struct KeychainKey: Hashable, Sendable, Comparable {
    public var service: String
    public var account: String

    public init(service: String, account: String) {
        self.service = service
        self.account = account
    }

    public static func < (a: KeychainKey, b: KeychainKey) -> Bool {
        (a.service, a.account) < (b.service, b.account)
    }
}

/// One stored item.
public struct KeychainItem: Hashable, Sendable {
    public var key: KeychainKey
    public var data: [UInt8]
    public var accessibility: KeychainAccessibility
}
