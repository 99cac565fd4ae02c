/// Why a `TimeOfDay` could not be made: which part is wrong, with a message a scenario author can
/// act on (`'8:5' is not a time of day: the minute needs exactly two digits after ':' ...`).
public enum TimeOfDayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the shape of a text that is not a time of day.
    public enum Problem: Sendable, Hashable {
        /// A character other than `0`...`9` and `:` (a sign, a space, a letter, a non-ASCII digit).
        case invalidCharacter
        /// More than one `:`.
        case repeatedColon
        /// Nothing, or more than two digits, before the `:` (`:30`, `008:00`).
        case hourDigits
        /// Not exactly two digits after the `:` (`8:5`, `8:`, `08:000`).
        case minuteDigits
        /// Without a `:`, not three or four digits (`8`, `08`, `08000`): `8` would be 08:00 to a
        /// reader and 00:08 as a number, so neither is guessed.
        case digitCount
    }

    /// The text was empty.
    case empty
    /// The text is not one of the accepted shapes (`HH:mm`, `H:mm`, `HHmm`, `Hmm`).
    case malformed(String, Problem)
    /// The hour is outside 0...23 (`2400`, `24:00`, `2500`). 24:00 is 00:00 of the next day, which
    /// a time of day cannot say.
    case hourOutOfRange(Int)
    /// The minute is outside 0...59 (`0860`, `8:60`).
    case minuteOutOfRange(Int)
    /// A count of minutes since midnight outside 0...1439.
    case minutesSinceMidnightOutOfRange(Int)
    /// A numeric `HHmm` value below zero (`-100`).
    case negativeValue(Int)

    static let shapes = "expected HH:mm, H:mm, HHmm or Hmm, e.g. 08:00, 8:00, 0800, 800"

    public var description: String {
        switch self {
        case .empty: return "the time of day is empty; \(TimeOfDayError.shapes)"
        case .malformed(let text, let problem):
            let why: String
            switch problem {
            case .invalidCharacter: why = "only the digits 0-9 and one ':' may appear"
            case .repeatedColon: why = "there is more than one ':'"
            case .hourDigits: why = "the hour needs one or two digits before ':'"
            case .minuteDigits: why = "the minute needs exactly two digits after ':'"
            case .digitCount: why = "without ':' a time needs three or four digits"
            }
            return "'\(text)' is not a time of day: \(why); \(TimeOfDayError.shapes)"
        case .hourOutOfRange(let h): return "hour \(h) is outside 0...23"
        case .minuteOutOfRange(let m): return "minute \(m) is outside 0...59"
        case .minutesSinceMidnightOutOfRange(let m): return "\(m) minutes since midnight is outside 0...1439"
        case .negativeValue(let v): return "HHmm value \(v) is negative"
        }
    }
}
