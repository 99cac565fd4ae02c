import LockstepCore
import Platform

/// What started a report refresh: SwiftUI's `.task` on appear or `.refreshable` on pull.
public enum RefreshTrigger: String, CaseIterable, Hashable, Sendable {
    case appear, pull
}

/// Everything that can happen to AdEarnings Pro: the sign-in button, the browser's callback, a
/// report refresh, sign-out, the currency preference, the threshold alert, the clock, the
/// device's lock state and locale, and the scripted network.
public enum AdEarningsEvent: Sendable {
    /// "Sign in with Google": PKCE and state from the seeded RNG, then the authorization URL.
    case signInTapped
    /// The `ASWebAuthenticationSession` completion with a URL.
    case authCallback(url: String)
    /// The session ended with no URL (the user cancelled).
    case authCancelled
    /// `.task` on appear / `.refreshable`: request the week's report (refreshing the access
    /// token first when it is within 60 s of expiry).
    case refresh(RefreshTrigger)
    /// "Sign out": revoke at Google, delete the Keychain item and the cache.
    case signOut
    /// "View earnings in your preferred currency" (ISO 4217).
    case setCurrency(code: String)
    /// "Tell me when today passes" an amount in the preferred currency (nil: off).
    case setThreshold(amount: String?)
    /// The clock ticks: the live rates and the "Updated … ago" age (the `ticks` generator).
    case tick
    /// The notification centre's delivery timer.
    case notificationDue
    /// The device locks, unlocks, reboots, or is restored from a backup (Keychain classes).
    case device(DeviceLockLine)
    /// `locale set id=`: the display locale (amounts are formatted in it).
    case locale(LocaleID)
    /// The scripted transport: `net …` lines and its timers.
    case network(NetworkEvent)
}
