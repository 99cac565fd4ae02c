import LockstepCore

/// A starter's learned speed: an EMA of `actual / baseline` samples, clamped. The baseline must be
/// the *uncorrected* prediction; against the corrected one the EMA settles at √(true factor).
public struct StarterCorrection: Hashable, Sendable {
    public var value = 1.0
    public var sampleCount = 0

    public enum Refusal: String, Sendable { case nonPositive = "non-positive", outOfRange = "ratio-out-of-range" }

    /// Folds one sample in; a refused sample leaves the value unchanged.
    public mutating func record(actualMinutes: Double, baselineMinutes: Double) -> Refusal? {
        guard actualMinutes.isFinite, baselineMinutes.isFinite, actualMinutes > 0, baselineMinutes > 0 else { return .nonPositive }
        let ratio = actualMinutes / baselineMinutes
        guard Fermentation.sampleSanityRange.contains(ratio) else { return .outOfRange }
        let a = Fermentation.correctionSmoothing
        let next = a * ratio + (1 - a) * value
        value = min(max(next, Fermentation.correctionRange.lowerBound), Fermentation.correctionRange.upperBound)
        sampleCount += 1
        return nil
    }
}
