/// An operation a process runs against the shared container: a read, some computing, a write.
/// The domain defines them (pin a note, record a tap); `text` is how the trace names one.
public protocol AppGroupOperation: Hashable, Sendable {
    var text: String { get }
}

/// One key a process writes when it commits: a value, or nil to remove the key.
public struct AppGroupWrite<Value: Hashable & Sendable>: Hashable, Sendable {
    public let key: String
    public let value: Value?
    public init(_ key: String, _ value: Value?) {
        self.key = key
        self.value = value
    }
}
