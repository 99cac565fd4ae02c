/// `+ - * /` on `DecimalNumber`: the exact result, rounded once to 38 significant digits (and at
/// 10^−128), `.plain` by default as Foundation's operators do. They throw instead of returning NaN:
/// `let rate = try b / a`, `let result = try amount * rate`.
extension DecimalNumber {
    public static func + (a: DecimalNumber, b: DecimalNumber) throws(DecimalArithmeticError) -> DecimalNumber {
        try a.adding(b, mode: .plain)
    }

    public static func - (a: DecimalNumber, b: DecimalNumber) throws(DecimalArithmeticError) -> DecimalNumber {
        try a.adding(-b, mode: .plain)
    }

    public static func * (a: DecimalNumber, b: DecimalNumber) throws(DecimalArithmeticError) -> DecimalNumber {
        try a.multiplied(by: b, mode: .plain)
    }

    public static func / (a: DecimalNumber, b: DecimalNumber) throws(DecimalArithmeticError) -> DecimalNumber {
        try a.divided(by: b, mode: .plain)
    }

    public func adding(_ other: DecimalNumber, mode: DecimalRoundingMode) throws(DecimalArithmeticError) -> DecimalNumber {
        if other.isZero { return self }
        if isZero { return other }
        // Align both coefficients on the smaller exponent; the sum is then exact.
        let e = Swift.min(exponent, other.exponent)
        let x = DecimalMagnitude(coefficient).multiplied(byPowerOfTen: exponent - e)
        let y = DecimalMagnitude(other.coefficient).multiplied(byPowerOfTen: other.exponent - e)
        if isNegative == other.isNegative {
            return try DecimalNumber.rounding(negative: isNegative, x + y, exponent: e, mode: mode)
        }
        if x == y { return .zero }
        if x < y { return try DecimalNumber.rounding(negative: other.isNegative, y - x, exponent: e, mode: mode) }
        return try DecimalNumber.rounding(negative: isNegative, x - y, exponent: e, mode: mode)
    }

    public func subtracting(_ other: DecimalNumber, mode: DecimalRoundingMode) throws(DecimalArithmeticError) -> DecimalNumber {
        try adding(-other, mode: mode)
    }

    public func multiplied(by other: DecimalNumber, mode: DecimalRoundingMode) throws(DecimalArithmeticError) -> DecimalNumber {
        if isZero || other.isZero { return .zero }
        return try DecimalNumber.rounding(negative: isNegative != other.isNegative,
                                          DecimalMagnitude(coefficient) * DecimalMagnitude(other.coefficient),
                                          exponent: exponent + other.exponent, mode: mode)
    }

    public func divided(by divisor: DecimalNumber, mode: DecimalRoundingMode) throws(DecimalArithmeticError) -> DecimalNumber {
        if divisor.isZero { throw .divisionByZero }
        if isZero { return .zero }
        // Scale the dividend so the integer quotient has at least 39 digits (38 and a guard digit);
        // a nonzero remainder says the true value lies strictly above the quotient.
        let shift = Swift.max(0, DecimalNumber.maxSignificantDigits + 1 + divisor.significantDigitCount - significantDigitCount)
        let dividend = DecimalMagnitude(coefficient).multiplied(byPowerOfTen: shift)
        let (quotient, remainder) = dividend.divided(by: DecimalMagnitude(divisor.coefficient))
        return try DecimalNumber.rounding(negative: isNegative != divisor.isNegative, quotient,
                                          exponent: exponent - divisor.exponent - shift,
                                          inexactBelow: !remainder.isZero, mode: mode)
    }

    /// `self · 10^power`: exact (only the exponent moves) unless that leaves the range. Micros to
    /// units is `micros.scaled(byPowerOfTen: -6)`.
    public func scaled(byPowerOfTen power: Int) throws(DecimalArithmeticError) -> DecimalNumber {
        if isZero { return .zero }
        // Clamp absurd powers so the exponent arithmetic cannot overflow Int; they over- or
        // underflow either way.
        let clamped = Swift.max(-1_000, Swift.min(1_000, power))
        return try DecimalNumber.rounding(negative: isNegative, DecimalMagnitude(coefficient),
                                          exponent: exponent + clamped, mode: .plain)
    }

    /// The one rounding step every operation ends in: `magnitude · 10^exponent` (plus "a little
    /// more" when `inexactBelow`), rounded to 38 significant digits and to no finer than 10^−128,
    /// then range-checked.
    static func rounding(negative: Bool, _ magnitude: DecimalMagnitude, exponent: Int,
                         inexactBelow: Bool = false, mode: DecimalRoundingMode) throws(DecimalArithmeticError) -> DecimalNumber {
        if magnitude.isZero && !inexactBelow { return .zero }
        let digits = magnitude.decimalDigitCount
        let leading = exponent + digits - 1
        let target = Swift.max(exponent, leading - (maxSignificantDigits - 1), minExponent)
        return try dropping(target - exponent, from: magnitude, negative: negative, exponent: exponent,
                            inexactBelow: inexactBelow, mode: mode)
    }

    /// Drops the last `count` digits of `magnitude · 10^exponent` with `mode`, then checks the range.
    static func dropping(_ count: Int, from magnitude: DecimalMagnitude, negative: Bool, exponent: Int,
                         inexactBelow: Bool, mode: DecimalRoundingMode) throws(DecimalArithmeticError) -> DecimalNumber {
        var kept = magnitude
        var firstDropped: UInt64 = 0
        var restNonzero = inexactBelow
        var remaining = count
        while remaining > 0 {
            if kept.isZero {
                // Everything further up is zero too: the first dropped digit is 0 and the digits
                // already dropped only count as "rest".
                restNonzero = restNonzero || firstDropped != 0
                firstDropped = 0
                break
            }
            restNonzero = restNonzero || firstDropped != 0
            let (quotient, digit) = kept.divided(bySmall: 10)
            firstDropped = digit
            kept = quotient
            remaining -= 1
        }
        let newExponent = exponent + count
        guard var coefficient = kept.uint128 else { throw .overflow }
        if count > 0 && mode.roundsAway(negative: negative, keptIsOdd: coefficient % 2 == 1,
                                        firstDropped: firstDropped, restNonzero: restNonzero) {
            coefficient += 1  // kept < 10^38 here, so at most 10^38: no UInt128 overflow
        }
        return try checked(negative: negative, coefficient: coefficient, exponent: newExponent)
    }

    /// Normalizes and applies the range: at most 38 digits, leading digit at most 10^164.
    static func checked(negative: Bool, coefficient: UInt128, exponent: Int) throws(DecimalArithmeticError) -> DecimalNumber {
        var c = coefficient
        var e = exponent
        if c == 0 { return .zero }
        while c % 10 == 0 {
            c /= 10
            e += 1
        }
        guard c < coefficientLimit else { throw .overflow }
        let value = DecimalNumber(uncheckedNegative: negative, coefficient: c, exponent: e)
        guard value.adjustedExponent <= maxAdjustedExponent else { throw .overflow }
        return value
    }
}
