import LockstepCore

/// Fresh dots and long chains score more: each dot is worth `10 + 10 × freshness` with
/// `freshness = max(0, 1 − age/3)` (20 when new, 10 from 3 s of game time on), the chain bonus is
/// `1 + 0.25 × max(0, n − 2)`, and the total is `Int((Σ perDot × bonus).rounded())` in `Double`,
/// as the app computes it: the sum left to right, then the bonus, then `.rounded()`, which is to
/// nearest with ties away from zero (two dots aged 1.125 s: 32.5 → 33).
public enum Scoring {
    /// One dot's worth at `ageSeconds`.
    public static func perDot(ageSeconds: Double) -> Double {
        10 + 10 * max(0, 1 - ageSeconds / 3)
    }

    public static func chainBonus(count n: Int) -> Double { 1 + 0.25 * Double(max(0, n - 2)) }

    /// The unrounded total for dots of the given ages.
    public static func raw(agesSeconds: [Double]) -> Double {
        agesSeconds.reduce(0) { $0 + perDot(ageSeconds: $1) } * chainBonus(count: agesSeconds.count)
    }

    /// The points, `.toNearestOrAwayFromZero` (or half-even under the fault, which gives 32 for 32.5).
    public static func points(agesSeconds: [Double], halfEven: Bool = false) -> Int {
        Int(raw(agesSeconds: agesSeconds).rounded(halfEven ? .toNearestOrEven : .toNearestOrAwayFromZero))
    }
}
