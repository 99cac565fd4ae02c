/// Why a text is not a plain decimal, and where: `offset` is the UTF-8 byte offset of the first
/// byte that is wrong (the text's length for "ended too early"), so a caller that knows where the
/// text sits in a line can report `line:column`.
public struct DecimalParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// The text is empty.
        case empty
        /// A byte that cannot appear at this point (a space, a letter, `,`, `+`, a second `.`, …).
        case unexpectedByte(UInt8)
        /// The text ended, or a `.` came, where a digit was required (`-`, `1.`, `.5`).
        case expectedDigit
        /// More than 38 significant digits: the value could not be kept exactly.
        case tooManyDigits
        /// Beyond the range: 10^165 or more, or a digit finer than 10^−128.
        case outOfRange
        /// Longer than `DecimalNumber.maxTextBytes`.
        case tooLong
    }

    public let offset: Int
    public let reason: Reason
    /// A sentence saying what is wrong and what is accepted.
    public let message: String

    public var description: String { "byte \(offset): \(message)" }
}
