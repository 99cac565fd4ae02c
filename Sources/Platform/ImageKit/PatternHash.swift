/// A pure integer hash for test patterns: a position and a seed in, 64 well-mixed bits out.
///
/// Patterns are drawn pixel by pixel in any order (a row source renders row y without rows
/// 0..<y), so they cannot draw from a stateful RNG. Each value is instead a function of
/// (seed, a, b): SplitMix64's finaliser (the same mixing constants as `SeededRNG`) applied to the
/// seed and each coordinate in turn. Stable across runs, machines and toolchains.
public enum PatternHash {
    /// 64 bits for (`seed`, `a`, `b`).
    public static func hash(_ seed: UInt64, _ a: Int, _ b: Int = 0) -> UInt64 {
        var z = mix(seed &+ 0x9E37_79B9_7F4A_7C15)
        z = mix(z ^ (UInt64(bitPattern: Int64(a)) &+ 0x9E37_79B9_7F4A_7C15))
        z = mix(z ^ (UInt64(bitPattern: Int64(b)) &+ 0x6A09_E667_F3BC_C909))
        return z
    }

    /// A value in `0...1`, from the top 53 bits of `hash`.
    public static func unit(_ seed: UInt64, _ a: Int, _ b: Int = 0) -> Double {
        Double(hash(seed, a, b) >> 11) / Double(UInt64(1) << 53 - 1)
    }

    /// SplitMix64's output function.
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
