/// How a `DecimalNumber` result that has more digits than it may keep is rounded: the four modes of
/// Foundation's `NSDecimalNumber.RoundingMode`, with the same meaning for negative numbers.
///
/// Apple's documentation only tabulates positive values ("round return values down/up"); the
/// meaning for negatives is pinned from swift-corelibs-foundation's `Decimal` rounding code, which
/// for a negative value adds one to the magnitude under `.down` and leaves it under `.up`. So
/// `.down` is toward −∞ (floor) and `.up` toward +∞ (ceiling), not toward or away from zero:
///
/// | value  | plain | down | up   | bankers |
/// |--------|-------|------|------|---------|
/// |  1.25  |  1.3  |  1.2 |  1.3 |  1.2    |
/// |  1.35  |  1.4  |  1.3 |  1.4 |  1.4    |
/// | −1.25  | −1.3  | −1.3 | −1.2 | −1.2    |
/// | −1.21  | −1.2  | −1.3 | −1.2 | −1.2    |
///
/// (one decimal place). In Python's `decimal` these are ROUND_HALF_UP, ROUND_FLOOR, ROUND_CEILING
/// and ROUND_HALF_EVEN, which is how the fixture in Tests/LockstepTests/Resources/decimal/ is made.
public enum DecimalRoundingMode: String, Sendable, Hashable, CaseIterable {
    /// To nearest; a tie goes away from zero (1.25 → 1.3, −1.25 → −1.3). Foundation's default, and
    /// the mode of `DecimalNumber`'s `+ - * /` operators.
    case plain
    /// Toward negative infinity (1.29 → 1.2, −1.21 → −1.3).
    case down
    /// Toward positive infinity (1.21 → 1.3, −1.29 → −1.2).
    case up
    /// To nearest; a tie goes to the even digit (1.25 → 1.2, 1.35 → 1.4): "banker's rounding".
    case bankers

    /// Whether to add one unit to the kept magnitude, given the first dropped digit and whether any
    /// later dropped digit (or an inexact remainder) is nonzero.
    func roundsAway(negative: Bool, keptIsOdd: Bool, firstDropped: UInt64, restNonzero: Bool) -> Bool {
        let inexact = firstDropped != 0 || restNonzero
        switch self {
        case .plain: return firstDropped >= 5
        case .bankers: return firstDropped > 5 || (firstDropped == 5 && (restNonzero || keptIsOdd))
        case .down: return negative && inexact
        case .up: return !negative && inexact
        }
    }
}
