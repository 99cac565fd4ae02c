import LockstepCore
import Platform

/// Recorded inputs, the Platform vocabularies' lines, and the network transport's timers.
public enum CurrencyEvent: Hashable, Sendable {
    case text(String)
    case select(Currency.Side, String)
    case swap
    case look
    case purgeCaches
    /// `net respond|fail|offline` lines and the transport's own timers (the 10 s timeout).
    case network(NetworkEvent)
    case lifecycle(LifecycleLine)
    case bgtask(BackgroundTaskLine)
    case locale(LocaleID)
}
