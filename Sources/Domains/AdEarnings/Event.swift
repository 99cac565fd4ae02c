import Platform

/// Everything that can happen to AdEarnings Pro: the sign-in button, the browser's callback, a
/// report refresh and the scripted network.
public enum AdEarningsEvent: Sendable {
    /// "Sign in with Google": PKCE and state from the seeded RNG, then the authorization URL.
    case signInTapped
    /// The `ASWebAuthenticationSession` completion with a URL.
    case authCallback(url: String)
    /// The session ended with no URL (the user cancelled).
    case authCancelled
    /// `.task` on appear / `.refreshable`: request the week's report.
    case refresh
    /// The scripted transport: `net …` lines and its timers.
    case network(NetworkEvent)
}
