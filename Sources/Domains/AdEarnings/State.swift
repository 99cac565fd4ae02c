import LockstepCore
import Platform

/// Where sign-in stands.
public enum AuthPhase: Hashable, Sendable {
    case signedOut
    case awaitingCallback(PKCE, state: String)
    case exchanging
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
    public var days: [DailyEarnings] = []
    public var updatedAt: Instant?
    public var publisherID = "pub-0000000000000000"
}
