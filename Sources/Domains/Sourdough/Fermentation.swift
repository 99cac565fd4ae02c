import LockstepCore

/// The temperature model and the fixed prices of the planner ("starting heuristics, not lab
/// science"). Costs are integer units of 0.01 so that sums are exact and ties compare equal.
public enum Fermentation {
    public static let referenceTemperatureC = 24.0
    public static let degreesPerDoubling = 7.0
    public static let trustedTemperatureC: ClosedRange<Double> = 16.0...30.0

    /// EMA weight of a new sample, the correction's clamp, and the range of a sane sample ratio.
    public static let correctionSmoothing = 0.3
    public static let correctionRange: ClosedRange<Double> = 0.6...1.6
    public static let sampleSanityRange: ClosedRange<Double> = 0.25...4.0

    /// The grid every boundary sits on, and the lattice step of windows wider than two hours.
    public static let gridMinutes = 5
    public static let wideLatticeMinutes = 15
    public static let wideWindowMinutes = 120

    public static let feedRatioSwitchUnits = 2_000
    public static let violationUnits = 1_000_000
    public static let driftUnitsPerMinute = 100
    public static let preheatUnitsPerMinute = 5

    /// How far the nearest-feasible search walks, each way, in 15-minute probes.
    public static let nearestProbeMinutes = 15
    public static let nearestHorizonMinutes = 48 * 60

    /// `2^((24 − clamp(T)) / 7)`; `clamped` says the input was outside 16…30 °C.
    public static func temperatureFactor(_ celsius: Double, clamp: Bool = true) -> (factor: Double, clamped: Bool) {
        precondition(celsius.isFinite, "temperature must be finite")
        let limited = min(max(celsius, trustedTemperatureC.lowerBound), trustedTemperatureC.upperBound)
        let used = clamp ? limited : celsius
        return (DetMath.exp2((referenceTemperatureC - used) / degreesPerDoubling), limited != celsius)
    }

    /// Round half up to the 5-minute grid: `floor(x / 5 + 0.5) × 5`.
    public static func roundToGrid(_ minutes: Double) -> Int {
        precondition(minutes.isFinite && minutes >= 0 && minutes < 1e7, "length out of range")
        return Int((minutes / Double(gridMinutes) + 0.5).rounded(.down)) * gridMinutes
    }

    /// Every `ideal + k·g` inside `lo…hi`, with g = 15 for windows wider than two hours.
    public static func lattice(min lo: Int, ideal: Int, max hi: Int, wideStep: Int = wideLatticeMinutes) -> [Int] {
        precondition(lo <= ideal && ideal <= hi, "lattice needs min ≤ ideal ≤ max")
        let g = hi - lo > wideWindowMinutes ? wideStep : gridMinutes
        let below = (ideal - lo) / g, above = (hi - ideal) / g
        return (-below...above).map { ideal + $0 * g }
    }

    /// Units as the app prints them: two decimals.
    public static func costText(_ units: Int) -> String {
        let sign = units < 0 ? "-" : ""
        let a = abs(units)
        return "\(sign)\(a / 100).\(a % 100 < 10 ? "0" : "")\(a % 100)"
    }
}
