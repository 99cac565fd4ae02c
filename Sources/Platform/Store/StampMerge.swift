import LockstepCore

/// A value with the instant it was written, as stored by apps that keep the same setting in two
/// places (an App Group suite and a local mirror) and let the newer one win.
public struct Stamped<Value> {
    public var value: Value
    public var stamp: Instant
    public init(_ value: Value, stamp: Instant) {
        self.value = value
        self.stamp = stamp
    }
}

extension Stamped: Equatable where Value: Equatable {}
extension Stamped: Hashable where Value: Hashable {}
extension Stamped: Sendable where Value: Sendable {}

/// The newest-stamp merge of a shared and a local copy.
public enum StampMerge {
    /// Candidates newest first; equal stamps put `shared` first (the shared store is the one the
    /// other process can see). A missing copy is left out. Callers take the first candidate they
    /// accept (the keyboard skips languages no longer enabled).
    public static func candidates<V>(shared: Stamped<V>?, local: Stamped<V>?) -> [Stamped<V>] {
        switch (shared, local) {
        case (nil, nil): return []
        case (let s?, nil): return [s]
        case (nil, let l?): return [l]
        case (let s?, let l?): return s.stamp >= l.stamp ? [s, l] : [l, s]
        }
    }

    /// The newest copy; on a tie, the shared one.
    public static func newest<V>(shared: Stamped<V>?, local: Stamped<V>?) -> Stamped<V>? {
        candidates(shared: shared, local: local).first
    }
}
