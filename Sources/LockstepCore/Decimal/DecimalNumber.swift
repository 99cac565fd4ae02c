/// A base-10 number with up to 38 significant digits: money, exchange rates and exact unit factors,
/// with the arithmetic and rounding iOS apps get from Foundation's `Decimal`, in pure Swift.
///
/// The value is `(−1)^sign · coefficient · 10^exponent`, with `coefficient < 10^38`. It is always
/// stored normalized (no trailing zero in the coefficient, and zero as `0 · 10^0` with no sign), so
/// `==` and `hash` are the numeric ones: `1.50 == 1.5`, and `-0` is `0`.
///
/// **Range** (like Foundation's 38-digit mantissa with an exponent of −128...127): a value is
/// representable when it is some `m · 10^e` with `m < 10^38` and `−128 ≤ e ≤ 127`. So the largest
/// magnitude is (10^38 − 1) · 10^127 (just under 10^165) and nothing finer than 10^−128 is kept.
///
/// **Which operations round, and how.**
/// - `+ - * /` (and `adding`, `subtracting`, `multiplied`, `divided` with a mode) compute the exact
///   result and round it once to 38 significant digits, by default with `.plain` (half away from
///   zero) as Foundation's operators do. A result needing digits finer than 10^−128 is rounded at
///   10^−128 in the same step (it may become 0). This is Python's `decimal` with prec=38, Emax=164,
///   Emin=−91 (so Etiny=−128); the fixture tests it case by case. (swift-corelibs-foundation's own
///   division truncates an internal 38-digit quotient, and its addition can drop digits when the
///   exponents are far apart; this type rounds the exact result instead.)
/// - `rounded(scale:mode:)` is `NSDecimalRound`: to `scale` digits after the point in the given
///   mode; a value with no more fraction digits than `scale` is returned unchanged.
/// - `scaled(byPowerOfTen:)` is exact unless it leaves the range: `.overflow` above, and rounding
///   (`.plain`) at 10^−128 below.
/// - Negation, comparison, parsing, integer conversion and printing never round.
/// - A result of magnitude 10^165 or more throws `DecimalArithmeticError.overflow`; a zero divisor
///   throws `.divisionByZero`. Nothing wraps, and there is no NaN.
///
/// **What is not offered**: `init(Double)` (a double's binary error would come in with it) and
/// prefix-lenient parsing (`"0.92abc"` as 0.92). Build values from text with `init(parsing:)`,
/// from integers, or from a coefficient and exponent.
public struct DecimalNumber: Hashable, Sendable {
    /// The most significant digits a value has.
    public static let maxSignificantDigits = 38
    /// The smallest exponent a coefficient may carry: nothing finer than 10^−128 is kept.
    public static let minExponent = -128
    /// The largest exponent a (38-digit or shorter) coefficient may carry.
    public static let maxExponent = 127
    /// The largest adjusted exponent (the power of ten of the leading digit): 164, since the largest
    /// value is 99…9 (38 nines) · 10^127.
    static let maxAdjustedExponent = maxExponent + maxSignificantDigits - 1
    /// 10^38: every coefficient is below it.
    static let coefficientLimit: UInt128 = {
        var p: UInt128 = 1
        for _ in 0..<38 { p *= 10 }
        return p
    }()

    /// True for values below zero (never for zero).
    public let isNegative: Bool
    /// The digits, without trailing zeros; below 10^38.
    public let coefficient: UInt128
    /// The power of ten of the coefficient's last digit.
    public let exponent: Int

    public static let zero = DecimalNumber(uncheckedNegative: false, coefficient: 0, exponent: 0)
    public static let one = DecimalNumber(uncheckedNegative: false, coefficient: 1, exponent: 0)

    /// Normalizes (strips trailing zeros, unsigns zero). The caller guarantees the range.
    init(uncheckedNegative negative: Bool, coefficient: UInt128, exponent: Int) {
        if coefficient == 0 {
            self.isNegative = false
            self.coefficient = 0
            self.exponent = 0
            return
        }
        var c = coefficient
        var e = exponent
        while c % 10 == 0 {
            c /= 10
            e += 1
        }
        self.isNegative = negative
        self.coefficient = c
        self.exponent = e
    }

    /// `coefficient · 10^exponent`, exactly: `DecimalNumber(coefficient: 1_234_560_000, exponent: -6)`
    /// is 1234.56 (AdMob micros). Throws `.overflow` when it is too large, and `.underflow` when it
    /// would need digits finer than 10^−128 (which would have to be rounded away).
    public init(coefficient: Int64, exponent: Int) throws(DecimalArithmeticError) {
        let exact = DecimalNumber(uncheckedNegative: coefficient < 0, coefficient: UInt128(coefficient.magnitude), exponent: 0)
        let value = try exact.scaled(byPowerOfTen: exponent)
        guard value.coefficient == exact.coefficient else { throw .underflow }
        self = value
    }

    public init(_ value: Int64) {
        self.init(uncheckedNegative: value < 0, coefficient: UInt128(value.magnitude), exponent: 0)
    }

    public init(_ value: Int) {
        self.init(Int64(value))
    }

    public var isZero: Bool { coefficient == 0 }

    /// The number of significant digits (0 for zero).
    public var significantDigitCount: Int {
        var count = 0
        var c = coefficient
        while c > 0 {
            c /= 10
            count += 1
        }
        return count
    }

    /// The power of ten of the leading digit (`exponent + digits − 1`); 0 for zero.
    var adjustedExponent: Int { isZero ? 0 : exponent + significantDigitCount - 1 }

    /// The absolute value.
    public var magnitude: DecimalNumber {
        DecimalNumber(uncheckedNegative: false, coefficient: coefficient, exponent: exponent)
    }

    /// Negation is exact: the range is symmetric.
    public static prefix func - (value: DecimalNumber) -> DecimalNumber {
        DecimalNumber(uncheckedNegative: !value.isNegative, coefficient: value.coefficient, exponent: value.exponent)
    }
}

extension DecimalNumber: ExpressibleByIntegerLiteral {
    /// `let price: DecimalNumber = 100`. There is deliberately no float literal: `0.92` as a
    /// literal is a Double first.
    public init(integerLiteral value: Int64) {
        self.init(value)
    }
}
