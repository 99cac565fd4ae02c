/// Why a `DecimalNumber` operation has no result. Foundation's `Decimal` answers these with NaN (and
/// a `CalculationError` its operators drop); here they are thrown, so a domain must say what happens.
public enum DecimalArithmeticError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The rounded result's magnitude is 10^165 or more: beyond (10^38 − 1) · 10^127, the largest
    /// value a 38-digit coefficient with an exponent of at most 127 can hold.
    case overflow
    /// The divisor is zero (including 0 ÷ 0).
    case divisionByZero
    /// An exact constructor (`init(coefficient:exponent:)`) was given a value with digits finer
    /// than 10^−128, which would have to be rounded away. (Arithmetic rounds there instead.)
    case underflow

    public var description: String {
        switch self {
        case .overflow: return "decimal overflow: the result is 10^165 or more in magnitude (38 digits, exponent at most 127)"
        case .divisionByZero: return "decimal division by zero"
        case .underflow: return "decimal underflow: digits finer than 10^-128 cannot be kept exactly"
        }
    }
}
