/// What a domain must do after a transition. The model decides these once so that every domain
/// reacts to the same lifecycle history the same way; a domain switches over the list in order.
public enum LifecycleAction: String, Hashable, Sendable, CaseIterable {
    /// A new process started: nothing in memory survived, read persistent state from the store now
    /// (and register notification delegates and categories before handling anything).
    case loadFromDisk
    /// Became active: check what changed while away (missed doses, stale caches, clocks).
    case refresh
    /// Lost input: pause game clocks, cancel touches in flight.
    case pause
    /// Persist now: the process may be frozen or killed without another callback.
    case saveState
    /// Release caches and anything that can be rebuilt.
    case releaseMemory
    /// The process ended: drop every in-memory value that was not saved. Unsaved work is lost.
    case discardMemory
}
