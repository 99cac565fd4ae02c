/// A played frequency compared with one string's target.
struct StringMatch: Equatable, Sendable {
    /// Index into the preset's strings (0 = lowest).
    var index: Int
    var targetHz: Double
    /// Signed offset from the target (+ = sharp).
    var cents: Double
}

/// Auto Mode: which string is being played (spec item 9).
///
/// WHY cents, not Hz: 5 Hz is almost a semitone on the low E and a tiny step on the high E, so
/// only the logarithmic distance picks the right string (failure mode 7, see `nearestByHz`).
enum AutoMatch {
    /// The string whose target is nearest to `frequencyHz` in |cents|; ties → lower index
    /// (first minimum). nil for an empty list or an invalid frequency; invalid targets are skipped.
    static func nearest(frequencyHz: Double, targetsHz: [Double]) -> StringMatch? {
        var best: StringMatch?
        for (index, target) in targetsHz.enumerated() {
            guard let c = NoteMath.cents(from: frequencyHz, to: target) else { continue }
            if c.magnitude < best.map({ $0.cents.magnitude }) ?? .infinity {
                best = StringMatch(index: index, targetHz: target, cents: c)
            }
        }
        return best
    }

    /// FAULT variant (regression "nearest string by Hz"): minimises |f − target| in Hz; ties →
    /// lower index. The reported cents are still the true offset to the chosen string.
    static func nearestByHz(frequencyHz: Double, targetsHz: [Double]) -> StringMatch? {
        var best: StringMatch?
        var bestDistanceHz = Double.infinity
        for (index, target) in targetsHz.enumerated() {
            guard let c = NoteMath.cents(from: frequencyHz, to: target) else { continue }
            let distance = (frequencyHz - target).magnitude
            if best == nil || distance < bestDistanceHz {
                best = StringMatch(index: index, targetHz: target, cents: c)
                bestDistanceHz = distance
            }
        }
        return best
    }
}
