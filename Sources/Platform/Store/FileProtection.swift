/// iOS data-protection classes. Which class a file has decides when it can be read and written.
public enum FileProtection: String, Hashable, Sendable, CaseIterable {
    /// Class A: readable and writable only while the device is unlocked.
    case complete
    /// Class B: while locked, new files can still be created, and a file that was open when the
    /// device locked stays usable; other existing files are not. Nothing before the first unlock.
    case completeUnlessOpen
    /// Class C, the iOS default: unavailable only between boot and the first unlock.
    case completeUntilFirstUserAuthentication
    /// Class D: always available.
    case none

    /// Whether an access is refused, and why. `creating` is true for a write that creates the file
    /// (an atomic write always creates a new file and renames it over the old one); `isOpen` is
    /// whether the app held the file open when the device locked.
    public func denial(lock: DeviceLockState, creating: Bool, isOpen: Bool) -> StoreDenial? {
        switch (self, lock) {
        case (.none, _), (_, .unlocked): return nil
        case (_, .beforeFirstUnlock): return .beforeFirstUnlock
        case (.completeUntilFirstUserAuthentication, .locked): return nil
        case (.complete, .locked): return .locked
        case (.completeUnlessOpen, .locked): return creating || isOpen ? nil : .locked
        }
    }
}

/// The device's lock state, which data protection follows.
public enum DeviceLockState: String, Hashable, Sendable, CaseIterable {
    /// Booted and not unlocked since: only class D files are available.
    case beforeFirstUnlock
    /// Locked after at least one unlock.
    case locked
    case unlocked
}
