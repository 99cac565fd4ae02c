/// How many digits a formatter writes.
public enum NumberPrecision: Hashable, Sendable {
    /// Exactly this many fraction digits, rounded or zero-padded (currency's "always 3 places").
    case fractionDigits(Int)
    /// At most this many significant digits, trailing fraction zeros dropped (units' 1...6:
    /// 1/3 → 0.333333, 1234567.89 → 1,234,570). Integer digits past the limit become zeros.
    case significantDigits(Int)

    /// The largest count either case takes; larger counts are clamped to it (and below 0 or 1
    /// to those), so a formatter never builds unbounded text.
    public static let maxDigits = 100
}
