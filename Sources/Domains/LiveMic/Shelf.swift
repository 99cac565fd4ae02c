import LockstepCore

/// A shelving biquad from Robert Bristow-Johnson's "Audio EQ Cookbook" (shelf slope S = 1), the
/// explicit stand-in for `AVAudioUnitEQ`'s `.lowShelf` / `.highShelf` bands: Apple does not
/// publish its coefficients, so goldens pin only this model. At 0 dB the band is bypassed (the
/// cookbook filter is then the identity up to rounding; bypassing keeps it bit-exact).
public struct Shelf: Sendable, Equatable {
    public enum Kind: String, Sendable { case low, high }

    public let kind: Kind
    public let frequencyHz: Double
    public let gainDB: Double
    // Normalised coefficients (divided by a0).
    let b0: Double, b1: Double, b2: Double, a1: Double, a2: Double

    public init(_ kind: Kind, frequencyHz: Double, gainDB: Double, sampleRateHz: Double) {
        self.kind = kind
        self.frequencyHz = frequencyHz
        self.gainDB = gainDB
        let a = DetMath.pow(10, gainDB / 40)
        let w0 = 2 * Double.pi * frequencyHz / sampleRateHz
        let c = DetMath.cos(w0)
        let alpha = DetMath.sin(w0) / 2 * 2.0.squareRoot()
        let k = 2 * a.squareRoot() * alpha
        let (nb0, nb1, nb2, na0, na1, na2): (Double, Double, Double, Double, Double, Double)
        switch kind {
        case .low:
            nb0 = a * ((a + 1) - (a - 1) * c + k)
            nb1 = 2 * a * ((a - 1) - (a + 1) * c)
            nb2 = a * ((a + 1) - (a - 1) * c - k)
            na0 = (a + 1) + (a - 1) * c + k
            na1 = -2 * ((a - 1) + (a + 1) * c)
            na2 = (a + 1) + (a - 1) * c - k
        case .high:
            nb0 = a * ((a + 1) + (a - 1) * c + k)
            nb1 = -2 * a * ((a - 1) + (a + 1) * c)
            nb2 = a * ((a + 1) + (a - 1) * c - k)
            na0 = (a + 1) - (a - 1) * c + k
            na1 = 2 * ((a - 1) - (a + 1) * c)
            na2 = (a + 1) - (a - 1) * c - k
        }
        b0 = nb0 / na0; b1 = nb1 / na0; b2 = nb2 / na0; a1 = na1 / na0; a2 = na2 / na0
    }

    /// Whether the band changes nothing (0 dB: bypassed).
    public var isIdentity: Bool { gainDB == 0 }

    /// Direct form I memory for one channel: x[n−1], x[n−2], y[n−1], y[n−2].
    public struct Memory: Sendable, Equatable {
        public var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0
        public init() {}
    }

    /// Filters one sample, updating `m`.
    @inline(__always)
    public func process(_ x: Double, _ m: inout Memory) -> Double {
        let y = b0 * x + b1 * m.x1 + b2 * m.x2 - a1 * m.y1 - a2 * m.y2
        m.x2 = m.x1; m.x1 = x
        m.y2 = m.y1; m.y1 = y
        return y
    }
}
