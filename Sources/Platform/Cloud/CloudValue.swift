/// What a cloud record carries: any value with a short text form for the trace (`cloud.*` records
/// show it, so a reviewer sees which edit arrived where).
public protocol CloudValue: Hashable, Sendable {
    /// The value as the trace shows it (a note's text, a colour name).
    var cloudText: String { get }
}

extension String: CloudValue {
    public var cloudText: String { self }
}
