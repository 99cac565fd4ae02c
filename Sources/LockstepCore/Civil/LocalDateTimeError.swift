/// Why a `LocalDateTime` could not be built: which field, and a message a scenario author can act on.
public struct LocalDateTimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field that was out of range.
    public enum Field: String, Sendable, Hashable {
        case year, month, day, hour, minute, second, nanosecond
    }

    public let field: Field
    /// For example `day 30 is outside 1...28 for 2026-02`.
    public let message: String

    public init(field: Field, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { message }
}
