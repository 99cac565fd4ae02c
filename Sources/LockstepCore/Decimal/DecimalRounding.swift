/// `NSDecimalRound`: rounding to a number of places after the decimal point.
extension DecimalNumber {
    /// The value rounded to `scale` digits after the point (a negative scale rounds to tens,
    /// hundreds, …) in `mode`. A value with at most `scale` fraction digits comes back unchanged.
    ///
    /// Half-even to three places: 0.0005 → 0, 0.0015 → 0.002, 0.0025 → 0.002. The only error is
    /// `.overflow`, when a negative scale rounds a value near the top of the range up past it.
    public func rounded(scale: Int, mode: DecimalRoundingMode) throws(DecimalArithmeticError) -> DecimalNumber {
        let target = -Swift.max(-1_000, Swift.min(1_000, scale))
        guard !isZero, target > exponent else { return self }
        return try DecimalNumber.dropping(target - exponent, from: DecimalMagnitude(coefficient), negative: isNegative,
                                          exponent: exponent, inexactBelow: false, mode: mode)
    }
}
