/// Why a timestamp was rejected by `CivilTime.parseISO8601(_:requireUTC:)`.
public struct ISO8601Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// 0-based character offset into the parsed text where the problem starts (the first bad
    /// character, the start of an out-of-range field, or the text's length if it ended early),
    /// so a caller can turn it into a column.
    public let offset: Int
    /// What was wrong and what is expected instead, e.g. `month 13 is outside 01...12`.
    public let message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { message }
}
