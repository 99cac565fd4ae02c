import LockstepCore

/// A one-dimensional Gaussian kernel with integer weights that add up to exactly 2^16.
///
/// **Sigma.** `CIGaussianBlur`'s `inputRadius` is, in common practice and in the wallpapers note's
/// proposal, treated as the standard deviation: σ = radius (Apple documents no formula). The
/// kernel is cut at `halfWidth = ⌈3σ⌉` taps each side, which keeps 99.7 % of the curve.
///
/// **Weights.** `g(k) = DetMath.exp(−k² / (2σ²))` for |k| ≤ halfWidth, normalised and scaled to
/// 65,536, then quantised by the largest-remainder rule: every scaled weight is floored, and the
/// units still missing go one per symmetric pair (±k) to the pairs with the largest fractional
/// part (ties: nearer the centre first), with an odd last unit to the centre tap. So the weights
/// are symmetric, deterministic and sum to exactly 2^16 — which is what makes a uniform image stay
/// *exactly* uniform under the blur: Σ w·c / 2^16 = c with no rounding at all.
public struct GaussianKernel: Hashable, Sendable {
    /// The sum of `weights`: 2^16.
    public static let weightSum: UInt32 = 1 << 16
    /// `log2(weightSum)`: the blur divides by shifting.
    public static let weightShift: UInt32 = 16

    /// The radius asked for, in pixels.
    public let radiusPixels: Double
    /// The standard deviation, in pixels: equal to `radiusPixels` (see above).
    public let sigmaPixels: Double
    /// Taps on each side of the centre: ⌈3σ⌉ (0 for radius 0, an identity kernel).
    public let halfWidth: Int
    /// `2 · halfWidth + 1` weights, index `halfWidth` the centre; symmetric; sum `weightSum`.
    public let weights: [UInt32]

    /// - Throws: `invalidBlurRadius` for NaN, infinity or a negative radius; `blurRadiusTooLarge`
    ///   above `ImageLimits.maxBlurRadiusPixels`.
    public init(radiusPixels: Double) throws(ImageKitError) {
        guard radiusPixels.isFinite, radiusPixels >= 0 else { throw .invalidBlurRadius(radiusPixels) }
        guard radiusPixels <= ImageLimits.maxBlurRadiusPixels else {
            throw .blurRadiusTooLarge(radiusPixels: radiusPixels, maxRadiusPixels: ImageLimits.maxBlurRadiusPixels)
        }
        self.radiusPixels = radiusPixels
        sigmaPixels = radiusPixels
        let r = -IntegerRounding.floor(-3 * sigmaPixels)  // ⌈3σ⌉
        halfWidth = r
        weights = GaussianKernel.quantisedWeights(sigma: sigmaPixels, halfWidth: r)
    }

    /// The largest-remainder quantisation described above.
    private static func quantisedWeights(sigma: Double, halfWidth r: Int) -> [UInt32] {
        if r == 0 { return [weightSum] }
        let twoSigma2 = 2 * sigma * sigma
        var g = [Double](repeating: 0, count: r + 1)  // g[k] for k = 0...r
        var total = 0.0
        for k in 0...r {
            g[k] = DetMath.exp(-Double(k * k) / twoSigma2)
            total += k == 0 ? g[k] : 2 * g[k]
        }
        var floors = [Int](repeating: 0, count: r + 1)
        var fractions = [Double](repeating: 0, count: r + 1)
        var used = 0
        for k in 0...r {
            let scaled = g[k] / total * Double(weightSum)
            floors[k] = IntegerRounding.floor(scaled)
            fractions[k] = scaled - Double(floors[k])
            used += k == 0 ? floors[k] : 2 * floors[k]
        }
        var missing = Int(weightSum) - used
        let pairOrder = (1...r).sorted { a, b in
            fractions[a] != fractions[b] ? fractions[a] > fractions[b] : a < b
        }
        for k in pairOrder where missing >= 2 {
            floors[k] += 1
            missing -= 2
        }
        floors[0] += missing  // 0 or 1 by the arithmetic; any rest keeps the sum exact regardless
        var w = [UInt32](repeating: 0, count: 2 * r + 1)
        for k in 0...r {
            w[r + k] = UInt32(floors[k])
            w[r - k] = UInt32(floors[k])
        }
        return w
    }
}
