import LockstepCore
import Platform

/// Where sign-in stands.
public enum AuthPhase: Hashable, Sendable {
    case signedOut
    case awaitingCallback(PKCE, state: String)
    case exchanging
    /// A refresh-token grant is in flight (the stored refresh token, no browser).
    case refreshing
    case signedIn(accessToken: String, expiresAt: Instant)
}

/// One report row: an LA report day and its earnings as an exact decimal.
public struct DailyEarnings: Hashable, Sendable {
    public var day: String
    public var earnings: String
    public var clicks: Int
}

public struct AdEarningsState: Sendable {
    public var auth: AuthPhase = .signedOut
    public var signIns = 0
    public var net = ScriptedTransport("net")
    public var keychain = Keychain()
    /// The app's sandbox: only `Caches/report-week.json`.
    public var files = FileStore()
    public var centre = NotificationCentre()
    public var days: [DailyEarnings] = []
    /// The currency the days were reported in (D1: they are shown in it, whatever the preference).
    public var daysCurrency = "USD"
    public var updatedAt: Instant?
    public var publisherID = "pub-0000000000000000"
    /// "View earnings in your preferred currency" (GAP: USD by default, as the article's view).
    public var preferredCurrency = "USD"
    public var locale: LocaleID = .enUS
    /// The report to request once a token refresh finishes (nil: none waiting).
    public var reportAfterRefresh: RefreshTrigger?
    /// Sign-out could not reach Google: the grant stays until the user removes it there.
    public var revokePending = false
    /// "Tell me when today passes" this amount, in the preferred currency.
    public var threshold: String?
    /// The answer to the notification prompt (setting `notifications=`; GAP: granted).
    public var notificationAnswer: NotificationAuthorization = .granted
    /// The LA day whose threshold alert was posted (one per day).
    public var alertedDay: String?
    /// `SecRandomCopyBytes` fails on this device (setting `secRandom=fails`, D5).
    public var randomFails = false
    /// How many refresh tokens Google issued to this install (failure 5: a limit per client and user).
    public var refreshTokensIssued = 0
}
