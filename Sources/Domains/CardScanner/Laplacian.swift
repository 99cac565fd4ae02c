/// The soft-frame measure (A3): variance of the 4-neighbour Laplacian of a luma buffer, in exact
/// integer sums, so it is never negative (the article's Core Image blend pipeline returned negative
/// values; plain arithmetic cannot).
public enum Laplacian {
    /// The rectified card's luma size: 5 px/mm of a 63 × 88 mm card.
    public static let cardWidthPixels = 315
    public static let cardHeightPixels = 440

    /// `Y = (77R + 150G + 29B + 128) >> 8`.
    public static func luma(r: UInt8, g: UInt8, b: UInt8) -> Int {
        (77 * Int(r) + 150 * Int(g) + 29 * Int(b) + 128) >> 8
    }

    /// Variance over interior pixels, `Double(n·S2 − S1²) / Double(n²)`; nil when there is no interior.
    public static func variance(luma: [UInt8], width: Int, height: Int) -> Double? {
        precondition(luma.count == width * height, "luma buffer is \(luma.count) bytes, not \(width)×\(height)")
        guard width >= 3, height >= 3 else { return nil }
        var s1: Int64 = 0
        var s2: Int64 = 0
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let c = Int64(luma[y * width + x])
                let l = Int64(luma[y * width + x - 1]) + Int64(luma[y * width + x + 1])
                    + Int64(luma[(y - 1) * width + x]) + Int64(luma[(y + 1) * width + x]) - 4 * c
                s1 += l
                s2 += l * l
            }
        }
        let n = Int64((width - 2) * (height - 2))
        let numerator = n * s2 - s1 * s1
        assert(numerator >= 0, "Cauchy–Schwarz: n·ΣL² ≥ (ΣL)²")
        return Double(numerator) / Double(n * n)
    }
}
