import LockstepCore

/// The article's and the note's failure modes, each caught by a golden under `Golden/adEarnings/`.
public enum AdEarningsFault: String, DomainFault {
    case noStateCheck
    case noStatusCheck
    case moneyInDouble
    case broadScope
    case ignoreGrantedScope
    case refreshInBackups
    case plusUnescaped
    case stringOnlyMicros
    case lenientMicros
    case failureWipesScreen

    public var summary: String {
        switch self {
        case .noStateCheck: "the callback's state is not compared with the stored one: a forged callback (CSRF) signs the user in"
        case .noStatusCheck: "the token reply's HTTP status is not checked (D11): an invalid_grant error body is reported as a decode failure, hiding 'sign in again'"
        case .moneyInDouble: "micros are divided as a Double (failure 7): 12000000 micros are 12.0, and micros above 2^53 lose digits (9007199254740.993 becomes .992)"
        case .broadScope: "the sign-in asks for admob.readonly (\"See all AdMob data\", failure 3) instead of admob.report only"
        case .ignoreGrantedScope: "the granted scope is not checked (failure 4): a partial grant signs in and every report request fails with no explanation"
        case .refreshInBackups: "the refresh token is stored afterFirstUnlock, not ThisDeviceOnly (failure 6): it goes into backups and onto other devices"
        case .plusUnescaped: "the form body leaves + (and /) unescaped (D10): Google reads the code's + as a space and the exchange fails"
        case .stringOnlyMicros: "microsValue is decoded as a string only (D6): one bare-number row makes the whole report fail, the dashboard stays stale"
        case .lenientMicros: "lenient parsing (D7): \"12abc\" micros read as 12, \"abc\" as 0, \"12.5\" clicks as 0, so bad rows show as real amounts"
        case .failureWipesScreen: "a failed refresh clears the days (failure 11) instead of keeping the last good data with its age"
        }
    }
}
