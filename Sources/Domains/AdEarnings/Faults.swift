import LockstepCore

/// The article's and the note's failure modes (numbered failures 1–13 and the derived D1–D11),
/// each caught by a golden under `Golden/adEarnings/` by what the user sees, what is sent or what
/// is stored.
public enum AdEarningsFault: String, DomainFault {
    case embeddedWebView
    case noStateCheck
    case broadScope
    case ignoreGrantedScope
    case signInEachTime
    case refreshInBackups
    case moneyInDouble
    case stringOnlyMicros
    case todayInDeviceZone
    case noRateFloor
    case failureWipesScreen
    case handRolledCurrency
    case displayUSD
    case cacheWithoutCurrency
    case unsortedJSON
    case perHourFromPerSecond
    case ignoreRandomStatus
    case lenientMicros
    case clockReadTwice
    case plusUnescaped
    case noStatusCheck
    case refreshOverwritesToken
    case signOutNeedsNetwork

    public var summary: String {
        switch self {
        case .embeddedWebView: "sign-in runs in an embedded WKWebView (failure 1): Google refuses it with disallowed_useragent and nobody can sign in"
        case .noStateCheck: "the callback's state is not compared with the stored one (failure 2): a forged callback (CSRF) signs the user in"
        case .broadScope: "the sign-in asks for admob.readonly (\"See all AdMob data\", failure 3) instead of admob.report only"
        case .ignoreGrantedScope: "the granted scope is not checked (failure 4): a partial grant signs in and every report request fails with no explanation"
        case .signInEachTime: "an expired access token sends the user back through the browser (failure 5) instead of the stored refresh token, spending the client's refresh-token quota"
        case .refreshInBackups: "the refresh token is stored afterFirstUnlock, not ThisDeviceOnly (failure 6): it goes into backups and onto other devices"
        case .moneyInDouble: "micros are divided as a Double (failure 7): 12000000 micros are 12.0, and micros above 2^53 lose digits (9007199254740.993 becomes .992)"
        case .stringOnlyMicros: "microsValue is decoded as a string only (failure 8, D6): one bare-number row makes the whole report fail, the dashboard stays stale"
        case .todayInDeviceZone: "\"today\" is the device's day (failure 9): in India after 00:00 IST the dashboard shows the new day as 0 and divides by the wrong seconds"
        case .noRateFloor: "the rate denominator has no 60 s floor (failure 10): just after LA midnight the per-hour rate spikes"
        case .failureWipesScreen: "a failed refresh clears the days (failure 11) instead of keeping the last good data with its age"
        case .handRolledCurrency: "amounts are \"$\" + two decimals (failure 12): de_DE sees \"$12.50\", INR shows as dollars"
        case .displayUSD: "the list formats with .currency(code: \"USD\") whatever was requested (D1): INR figures show as $"
        case .cacheWithoutCurrency: "the cache does not record its currency (D2): after a change, cached USD numbers are shown as the new currency"
        case .unsortedJSON: "the report body is encoded in build order, not sorted keys (D3): the bytes sent are not canonical"
        case .perHourFromPerSecond: "perHour = perSecond × 3600 (D4): two roundings, so $2.37 at 06:00 LA shows $0.39/h instead of $0.40"
        case .ignoreRandomStatus: "SecRandomCopyBytes' status is ignored (D5): on failure the verifier is 43 × \"A\", predictable to anyone"
        case .lenientMicros: "lenient parsing (D7): \"12abc\" micros read as 12, \"abc\" as 0, \"12.5\" clicks as 0, so bad rows show as real amounts"
        case .clockReadTwice: "updatedAt and the cache's at read the clock twice (D8): the stored age disagrees with the screen's"
        case .plusUnescaped: "the form body leaves + (and /) unescaped (D10): Google reads the code's + as a space and the exchange fails"
        case .noStatusCheck: "the token reply's HTTP status is not checked (D11): an invalid_grant error body is reported as a decode failure, hiding 'sign in again'"
        case .refreshOverwritesToken: "a refresh reply without refresh_token overwrites the stored one with nothing (item 5): the next expiry forces a new sign-in"
        case .signOutNeedsNetwork: "sign-out waits for Google's revoke (item 8): offline, the refresh token and the cached earnings stay on the device"
        }
    }
}
