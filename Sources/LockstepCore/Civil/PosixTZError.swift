/// A malformed POSIX `TZ` rule: where (0-based character offset into the rule) and why.
public struct PosixTZError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule text that failed to parse.
    public let rule: String
    /// 0-based character offset of the problem; the rule's length when it ended too early.
    public let offset: Int
    /// What was wrong, e.g. `expected a month 1...12`.
    public let message: String

    public init(rule: String, offset: Int, message: String) {
        self.rule = rule
        self.offset = offset
        self.message = message
    }

    /// `invalid TZ rule "CET-1CEST,M13.5.0": month 13 is outside 1...12 (at character 11)`.
    public var description: String { "invalid TZ rule \"\(rule)\": \(message) (at character \(offset))" }
}
