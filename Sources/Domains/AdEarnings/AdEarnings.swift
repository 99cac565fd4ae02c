import LockstepCore
import Platform

/// `adEarnings`: AdEarnings Pro, a native dashboard of the publisher's own AdMob earnings signed in
/// with Google (system browser + PKCE) and talking to `admob.googleapis.com` directly.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building an AdMob earnings dashboard for iOS".
///
/// Modelled, file by file:
/// - `PKCE`, `OAuthConfig`, `Reduce`: PKCE S256 (32 seeded bytes, base64url without padding, 43
///   characters; a failed `SecRandomCopyBytes` fails the sign-in, D5), the authorization URL in the
///   article's query order with only the `admob.report` scope, the system browser (an embedded web
///   view is refused, failure 1), the callback's state (CSRF) and code checks, the token exchange
///   (form sorted by Platform `FormURLEncoding`, `+` escaped, no client secret) through Platform
///   `ScriptedTransport`.
/// - `Session`: the HTTP status check and `invalid_grant` → sign in again (D11), the granted-scope
///   check, the refresh token in Platform `Keychain` (`afterFirstUnlockThisDeviceOnly`, delete then
///   add), the refresh-token grant 60 s before expiry (never the browser again, failure 5; a reply
///   without `refresh_token` keeps the stored one), sign-out: revoke, then delete the token and the
///   cache at once even offline (`signOut.revokePending`).
/// - `Report`, `ReportParser`, `ReportCalendar`: the week's request (sorted-key JSON, D3; LA dates;
///   the preferred currency), the streamed header/row/footer array with string or bare-number micros
///   as exact `DecimalNumber` (D6, D7: non-numeric micros, bad dates and duplicate days rejected per
///   row, valid rows kept), the LA report day (23 h and 25 h days) whatever the device zone.
/// - `ReportCache`: `Caches/report-week.json` written after every good report with the one clock
///   reading (D8) and its currency (D2), read at launch (a corrupt file is reported and ignored).
/// - `Dashboard`, `Display`: rows newest first, amounts by Platform `LocaleNumberFormat.currency` in
///   the report's currency (D1, failure 12), the weekly averages (D9), today against yesterday, the
///   live rates with the 60 s floor (failure 10) and `today × 3600 / seconds` (D4), the data's age,
///   the threshold alert through Platform `NotificationCentre`.
/// - Invariants: only Google's endpoints are ever requested (failure 13), the token never leaves the
///   device, one row per real day, the cache agrees with the screen.
///
/// Choices where the article is silent (GAPs):
/// - `FormURLEncoding.percentEncode` percent-encodes `:` and `/` in `redirect_uri` and `scope`; the note's
///   URLComponents string leaves them raw. Both denote the same query to Google.
/// - Callback query values are compared as sent (no percent-decoding).
/// - The publisher id is fixed (`pub-0000000000000000`); the account lookup is not modelled.
/// - The report covers 7 LA days inclusive, today partial; a failed or undecodable report keeps the
///   previous days and `updatedAt`, and records their age in whole seconds.
/// - Token, revoke and report timeouts are 30 s of virtual time.
/// - An exchange reply without `refresh_token` signs in for the hour (`auth.noRefreshToken`).
/// - The preferred currency is one the locale table formats (USD by default); changing it while
///   signed in refetches the week; until then the rows keep the currency they were reported in.
/// - Rates: per second and per minute to 3 significant digits, per hour in the currency's digits;
///   today is the row for the LA day, 0 when there is none; yesterday the LA day before it, the
///   percentage none when yesterday is 0.
/// - The weekly averages keep the article's definition (D9): over the rows returned, today included.
/// - Threshold alert (not in the article; the issue asks for it): `threshold amount=` in the preferred
///   currency, one notification per LA day when today reaches it, skipped while the days are in
///   another currency. The first `threshold` asks for permission (answer: setting `notifications`).
/// - Not modelled: background refresh, the six-month history, unpaid earnings and payments.
public enum AdEarnings: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = AdEarningsState
    public typealias Event = AdEarningsEvent
    public typealias Fault = AdEarningsFault

    public static let name = "adEarnings"
    public static let summary = "AdEarnings Pro: Google sign-in with PKCE, token exchange and refresh through the scripted network, Keychain refresh token, streamed AdMob report in exact decimal micros, LA report days, cached week, live rates and alerts (seed 001, \"Building an AdMob earnings dashboard for iOS\")."

    public static let events: [EventKind<AdEarningsEvent>] = [
        EventKind("signInTapped", "Sign in with Google: PKCE and state from the seeded RNG, the authorization URL.") { _ throws(ScenarioError) in .signInTapped },
        EventKind("authCallback", "The browser session's completion URL.") { f throws(ScenarioError) in
            .authCallback(url: try f("url", .text, "the redirect URL with its query"))
        },
        EventKind("authCancelled", "The browser session ended with no URL.") { _ throws(ScenarioError) in .authCancelled },
        EventKind("refresh", "Appear or pull to refresh: the week's report (the access token refreshed first when due).") { f throws(ScenarioError) in
            .refresh(try f("trigger", .choice(RefreshTrigger.self), default: .pull, "appear (.task) or pull (.refreshable)"))
        },
        EventKind("signOut", "Sign out: revoke at Google, delete the Keychain item and the cache.") { _ throws(ScenarioError) in .signOut },
        EventKind("currency", "View earnings in a preferred currency (ISO 4217).") { f throws(ScenarioError) in
            .setCurrency(code: try f("code", .word, "the ISO 4217 code, e.g. INR"))
        },
        EventKind("threshold", "Alert once a day when today's earnings reach an amount (off: no alert).") { f throws(ScenarioError) in
            let amount = try f("amount", .text, "a decimal in the preferred currency, or off")
            return .setThreshold(amount: amount == "off" ? nil : amount)
        },
        EventKind("tick", "The clock: the live rates and the data's age.") { _ throws(ScenarioError) in .tick },
        DeviceLockVocabulary.eventKind { .device($0) },
        LocaleVocabulary.eventKind { .locale($0) },
        NetVocabulary.eventKind { .network(.line($0)) },
    ]

    public static func kind(of event: AdEarningsEvent) -> String {
        switch event {
        case .signInTapped: "signInTapped"
        case .authCallback: "authCallback"
        case .authCancelled: "authCancelled"
        case .refresh: "refresh"
        case .signOut: "signOut"
        case .setCurrency: "currency"
        case .setThreshold: "threshold"
        case .tick: "tick"
        case .notificationDue: NotificationCentre.timerKind
        case .device: DeviceLockVocabulary.kind
        case .locale: LocaleVocabulary.kind
        case .network(let e): NetVocabulary.kind(of: e)
        }
    }

    public static func text(of event: AdEarningsEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .signInTapped, .authCancelled, .signOut, .tick: return line.line
        case .refresh(let t): return t == .pull ? line.line : line.word("trigger", t.rawValue).line
        case .authCallback(let u): return line.string("url", u).line
        case .setCurrency(let c): return line.word("code", c).line
        case .setThreshold(let a): return line.string("amount", a ?? "off").line
        case .notificationDue, .network(.timer): return nil
        case .device(let l): return DeviceLockVocabulary.text(of: l)
        case .locale(let id): return LocaleVocabulary.text(of: id)
        case .network(.line(let l)): return NetVocabulary.text(of: l)
        }
    }

    public struct Settings: Sendable {
        var locale: LocaleID
        var currency: String
        var cache: [UInt8]?
        var refreshToken: String?
        var randomFails: Bool
        var notifications: NotificationPermissionAnswer
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let locale = try LocaleVocabulary.settings(&s, default: .enUS)
        let currency = try s("currency", .word, default: "USD", "the preferred currency at launch (ISO 4217)")
        if !s.isDeclaring, Currency.named(currency) == nil {
            throw s.error("currency \(currency) is not one the locale table formats (\(Currency.all.map(\.code).joined(separator: ", ")))", at: "currency")
        }
        let cache = try s.optional("cache", .file, "Caches/report-week.json left by an earlier run")
        let token = try s.optional("refreshToken", .text, "a refresh token an earlier run stored in the Keychain")
        let random = try s("secRandom", .word, default: "ok", "ok, or fails: SecRandomCopyBytes returns an error (D5)")
        if !s.isDeclaring, random != "ok", random != "fails" { throw s.error("secRandom must be ok or fails, not \(random)", at: "secRandom") }
        let answer = try s("notifications", .choice(NotificationPermissionAnswer.self), default: .granted, "the answer to the notification prompt")
        return Settings(locale: locale, currency: currency, cache: cache, refreshToken: token, randomFails: random == "fails", notifications: answer)
    }

    public static func start(_ settings: Settings, _ world: inout World<AdEarnings>) throws(ScenarioError) -> AdEarningsState {
        var s = AdEarningsState()
        s.locale = settings.locale
        s.preferredCurrency = settings.currency
        s.daysCurrency = settings.currency
        s.randomFails = settings.randomFails
        s.notificationAnswer = settings.notifications.authorization
        if let bytes = settings.cache { s.files.seed(ReportCache.path, bytes, &world) }
        if let token = settings.refreshToken {
            s.keychain.add(OAuthConfig.refreshKey, data: Array(token.utf8), accessibility: .afterFirstUnlockThisDeviceOnly, &world)
        }
        if settings.cache != nil || settings.refreshToken != nil { launch(&s, &world) }
        return s
    }

    public static func write(_ s: AdEarningsState, to out: inout CanonicalWriter) {
        switch s.auth {
        case .signedOut: out.record(Record("auth").word("phase", "signedOut"))
        case .awaitingCallback(let p, let st): out.record(Record("auth").word("phase", "awaitingCallback").word("challenge", p.challenge).word("state", st))
        case .exchanging: out.record(Record("auth").word("phase", "exchanging"))
        case .refreshing: out.record(Record("auth").word("phase", "refreshing"))
        case .signedIn(let t, let at): out.record(Record("auth").word("phase", "signedIn").int("accessTokenChars", t.utf8.count).instant("expiresAt", at))
        }
        out.int("signIns", s.signIns)
        s.keychain.write(to: &out)
        s.net.write(to: &out)
        out.list("days", s.days) { w, _, d in
            w.record(Record("day").word("day", d.day).word("earnings", d.earnings).int("clicks", d.clicks))
        }
        if let u = s.updatedAt { out.instant("updatedAt", u) }
        out.word("daysCurrency", s.daysCurrency)
        out.word("preferredCurrency", s.preferredCurrency)
        out.word("locale", s.locale.rawValue)
        if let t = s.threshold { out.word("threshold", t) }
        if let d = s.alertedDay { out.word("alertedDay", d) }
        if s.revokePending { out.bool("revokePending", true) }
        if let t = s.reportAfterRefresh { out.word("reportAfterRefresh", t.rawValue) }
        out.int("refreshTokensIssued", s.refreshTokensIssued)
        s.files.write(to: &out)
        if s.threshold != nil || s.centre.authorization != .notDetermined { s.centre.write(to: &out) }
    }
}
