import Platform

/// The article's Google OAuth client and endpoints, and the authorization URL built from them.
public enum OAuthConfig {
    public static let clientID = "1234-abc.apps.googleusercontent.com"
    /// The reversed client id as scheme, plus `:/oauth2redirect`.
    public static let redirectURI = "com.googleusercontent.apps.1234-abc:/oauth2redirect"
    public static let authEndpoint = "https://accounts.google.com/o/oauth2/v2/auth"
    public static let tokenEndpoint = "https://oauth2.googleapis.com/token"
    public static let revokeEndpoint = "https://oauth2.googleapis.com/revoke"
    /// Only `admob.report` (failure 3: `admob.readonly` is broader than needed).
    public static let reportScope = "https://www.googleapis.com/auth/admob.report"
    /// The broader scope of fault `broadScope`.
    public static let readonlyScope = "https://www.googleapis.com/auth/admob.readonly"
    /// The Keychain item of the refresh token.
    public static let refreshKey = KeychainKey(service: "adearnings", account: "admob.refresh")

    /// The authorization URL, query items in the article's order (not `URLText.with`, which sorts
    /// them into canonical order), each escaped by Platform's `FormURLEncoding.percentEncode`, which
    /// percent-encodes every byte outside `A-Z a-z 0-9 - . _ ~`, so `:` and
    /// `/` in `redirect_uri` and `scope` are `%3A`/`%2F` (GAP: the note's URLComponents string leaves
    /// them raw; both are the same URL to Google's server).
    public static func authorizationURL(challenge: String, state: String, scope: String = reportScope) -> String {
        let items = [
            ("client_id", clientID), ("redirect_uri", redirectURI), ("response_type", "code"),
            ("scope", scope), ("code_challenge", challenge), ("code_challenge_method", "S256"),
            ("state", state),
        ]
        return authEndpoint + "?" + items.map { FormURLEncoding.percentEncode($0.0) + "=" + FormURLEncoding.percentEncode($0.1) }.joined(separator: "&")
    }
}
