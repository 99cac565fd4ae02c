import LockstepCore

/// The control ranges, the clamp, and dB to linear gain.
public enum Controls {
    /// "Start low, always": the mixer volume set on every start.
    public static let startVolume: Float = 0.3

    /// The closed range each control is clamped to.
    public static func range(_ c: ControlName) -> ClosedRange<Float> {
        switch c {
        case .volume: 0...1
        case .boostDB: -24...24
        case .bassDB, .trebleDB: -12...12
        case .reverbMix: 0...100
        }
    }

    /// The outcome of setting a control.
    public enum Outcome: Equatable, Sendable {
        /// Stored as given.
        case accepted(Float)
        /// Out of range, clamped to the nearest bound.
        case clamped(Float)
        /// Not finite: refused, the old value kept.
        case rejected(String)
    }

    /// The app's clamp. Non-finite values are refused: Swift's `min(max(.nan, lo), hi)` is NaN, so
    /// the article's clamp alone lets NaN reach the mixer. `naive` is that clamp alone (the
    /// `nanThroughClamp` fault): NaN passes, ±∞ clamps.
    public static func clamp(_ c: ControlName, _ value: Double, naive: Bool = false) -> Outcome {
        let r = range(c)
        if naive {
            let v = min(max(Float(value), r.lowerBound), r.upperBound)
            return v == Float(value) || v.isNaN ? .accepted(v) : .clamped(v)
        }
        guard value.isFinite else { return .rejected(value.isNaN ? "NaN is not a \(c.rawValue)" : "\(c.rawValue) must be finite") }
        let f = Float(value)
        let v = min(max(f, r.lowerBound), r.upperBound)
        return v == f ? .accepted(v) : .clamped(v)
    }

    /// `10^(dB/20)`, computed with `DetMath` so goldens are the same on every platform.
    public static func linearGain(dB: Double) -> Double { DetMath.pow(10, dB / 20) }
}
