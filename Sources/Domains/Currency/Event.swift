import LockstepCore
import Platform

/// Recorded inputs, the Platform vocabularies' lines, and the request timeout timer.
public enum CurrencyEvent: Hashable, Sendable {
    case text(String)
    case select(Currency.Side, String)
    case swap
    case look
    case purgeCaches
    case ratesReply(status: Int, body: String)
    case ratesFail(Currency.FailKind)
    case netOffline(Bool)
    /// Timer: the request's 10 s timeout.
    case ratesTimeout(id: Int)
    case lifecycle(LifecycleLine)
    case bgtask(BackgroundTaskLine)
    case locale(LocaleID)
}
