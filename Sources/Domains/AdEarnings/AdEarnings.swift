import LockstepCore
import Platform

/// `adEarnings`: AdEarnings Pro, a native dashboard of the publisher's own AdMob earnings signed in
/// with Google (system browser + PKCE) and talking to `admob.googleapis.com` directly.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building an AdMob earnings dashboard for iOS".
/// Modelled: PKCE S256 (32 seeded bytes, base64url
/// no padding, 43 characters; challenge from LockstepCore `SHA256`/`Base64(.url)`), the
/// authorization URL in the article's query order with only the `admob.report` scope, the
/// callback's state (CSRF) and code checks, the token exchange (form sorted by Platform
/// `FormURLEncoding`, `+` escaped, no client secret) through Platform `ScriptedTransport`, the HTTP
/// status check and `invalid_grant` → sign in again (D11), the granted-scope check, the refresh
/// token in Platform `Keychain` (`afterFirstUnlockThisDeviceOnly`, delete then add; the transport
/// and the Keychain write tokens by length and digest only), the week's report request (sorted-key
/// JSON, LA dates), the streamed array of header/row/footer with string or bare-number micros as
/// exact `DecimalNumber` (D6, D7: non-numeric micros, bad dates and duplicate days rejected per row,
/// valid rows kept), amounts shown with Platform `LocaleNumberFormat.currency`, and the LA report
/// day (`ReportCalendar`: 23 h and 25 h days) whatever the device zone.
///
/// Choices where the article is silent (GAPs):
/// - `FormURLEncoding.percentEncode` percent-encodes `:` and `/` in `redirect_uri` and `scope`; the note's
///   URLComponents string leaves them raw. Both denote the same query to Google.
/// - Callback query values are compared as sent (no percent-decoding).
/// - The publisher id is fixed (`pub-0000000000000000`); the account lookup is not modelled.
/// - The report covers 7 LA days inclusive, today partial; currency USD (preferred-currency
///   switching and its D1/D2 are not modelled yet).
/// - A failed or undecodable report keeps the previous days and `updatedAt`, and records the age.
/// - Token and report timeouts are 30 s of virtual time.
///
/// Not yet modelled (time): refresh/revoke, the cache file at launch, live rates, notifications.
public enum AdEarnings: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = AdEarningsState
    public typealias Event = AdEarningsEvent
    public typealias Fault = AdEarningsFault

    public static let name = "adEarnings"
    public static let summary = "AdEarnings Pro: Google sign-in with PKCE, token exchange through the scripted network, Keychain refresh token, streamed AdMob report in exact decimal micros, LA report days (seed 001, \"Building an AdMob earnings dashboard for iOS\")."

    public static let events: [EventKind<AdEarningsEvent>] = [
        EventKind("signInTapped", "Sign in with Google: PKCE and state from the seeded RNG, the authorization URL.") { _ throws(ScenarioError) in .signInTapped },
        EventKind("authCallback", "The browser session's completion URL.") { f throws(ScenarioError) in
            .authCallback(url: try f("url", .text, "the redirect URL with its query"))
        },
        EventKind("authCancelled", "The browser session ended with no URL.") { _ throws(ScenarioError) in .authCancelled },
        EventKind("refresh", "Appear or pull to refresh: request the week's report.") { _ throws(ScenarioError) in .refresh },
        NetVocabulary.eventKind { .network(.line($0)) },
    ]

    public static func kind(of event: AdEarningsEvent) -> String {
        switch event {
        case .signInTapped: "signInTapped"
        case .authCallback: "authCallback"
        case .authCancelled: "authCancelled"
        case .refresh: "refresh"
        case .network(let e): NetVocabulary.kind(of: e)
        }
    }

    public static func text(of event: AdEarningsEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .signInTapped, .authCancelled, .refresh: return line.line
        case .authCallback(let u): return line.string("url", u).line
        case .network(.line(let l)): return NetVocabulary.text(of: l)
        case .network(.timer): return nil
        }
    }

    public static func start(_ settings: NoSettings, _ world: inout World<AdEarnings>) throws(ScenarioError) -> AdEarningsState {
        AdEarningsState()
    }

    public static func write(_ s: AdEarningsState, to out: inout CanonicalWriter) {
        switch s.auth {
        case .signedOut: out.record(Record("auth").word("phase", "signedOut"))
        case .awaitingCallback(let p, let st): out.record(Record("auth").word("phase", "awaitingCallback").word("challenge", p.challenge).word("state", st))
        case .exchanging: out.record(Record("auth").word("phase", "exchanging"))
        case .signedIn(let t, let at): out.record(Record("auth").word("phase", "signedIn").int("accessTokenChars", t.utf8.count).instant("expiresAt", at))
        }
        out.int("signIns", s.signIns)
        s.keychain.write(to: &out)
        s.net.write(to: &out)
        out.list("days", s.days) { w, _, d in
            w.record(Record("day").word("day", d.day).word("earnings", d.earnings).int("clicks", d.clicks))
        }
        if let u = s.updatedAt { out.instant("updatedAt", u) }
    }
}
