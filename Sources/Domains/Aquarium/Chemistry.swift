import LockstepCore

/// Free (un-ionised) ammonia from total ammonia, pH and temperature: the Emerson et al. pKa
/// expression `pKa = 0.09018 + 2729.92 / (T + 273.15)` (T in °C) and the fraction
/// `1 / (1 + 10^(pKa − pH))`. A freshwater expression: no saline correction, so it errs high in a
/// reef tank. Stated validity 0–50 °C and pH 6–10; GAP: outside it the value is still computed and
/// flagged `outOfValidatedRange`.
enum FreeAmmonia {
    static let pKaOffset = 0.09018
    static let pKaSlopeKelvin = 2729.92
    static let kelvinOffset = 273.15
    static let validTempC: ClosedRange<Double> = 0 ... 50
    static let validPH: ClosedRange<Double> = 6 ... 10

    static func pKa(tempC: Double) -> Double { pKaOffset + pKaSlopeKelvin / (tempC + kelvinOffset) }

    static func fraction(pH: Double, tempC: Double) -> Double {
        1 / (1 + DetMath.pow(10, pKa(tempC: tempC) - pH))
    }

    static func inRange(pH: Double, tempC: Double) -> Bool { validTempC.contains(tempC) && validPH.contains(pH) }
}

/// The nitrogen-cycle completion test on one session's snapshot ("clear" means at or below
/// 0.25 ppm; a value not measured is never clear or present).
enum Cycling {
    static let effectivelyZero = 0.25
    static let settingUp = "Setting up"
    static let confirming = "Confirming"
    static let cycled = "Cycled"
}

/// Rate-of-change rules: readings under 12 h apart give no daily rate (the difference is mostly
/// the kit); days are 86,400 s of absolute time (GAP: DST never stretches a day).
enum RateRule {
    static let minimumGap = Duration.hours(12)
    /// The reef alkalinity rule, 0.5 dKH/day, in canonical meq/L/day.
    static let reefKHLimitDKH = 0.5
    /// GAP: the article names a pH drift limit only by its absence in planted tanks; 0.3 pH/day for
    /// the other types.
    static let phLimitPerDay = 0.3
}
