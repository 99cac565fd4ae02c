/// What the current step wrote to the store, as the reducer says it, so the invariants check only
/// that: walking every stored intake after every step made long runs quadratic. The store's own
/// `changedTables` backs it up: a write the reducer did not declare (`none` with a changed table)
/// makes the invariants walk everything.
enum StoreTouch: Hashable, Sendable {
    /// Nothing declared.
    case none
    /// One intake row (and its medication's quantity), by logging a dose.
    case intake(id: Int64)
    /// Anything else (a delete, an import, a replace): the invariants walk the whole store.
    case bulk
}
