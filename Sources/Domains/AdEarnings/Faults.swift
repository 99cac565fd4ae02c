import LockstepCore

/// The article's and the note's failure modes, each caught by a golden under `Golden/adEarnings/`.
public enum AdEarningsFault: String, DomainFault {
    case noStateCheck
    case noStatusCheck
    case moneyInDouble

    public var summary: String {
        switch self {
        case .noStateCheck: "the callback's state is not compared with the stored one: a forged callback (CSRF) signs the user in"
        case .noStatusCheck: "the token reply's HTTP status is not checked (D11): an invalid_grant error body is reported as a decode failure, hiding 'sign in again'"
        case .moneyInDouble: "micros are divided as a Double: 1234567 micros show 1.2345670000000001 instead of 1.234567"
        }
    }
}
