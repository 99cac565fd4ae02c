/// SplitMix64: the one random number generator behind every golden.
///
/// Pinned exactly (increment `0x9E3779B97F4A7C15`, mix constants `0xBF58476D1CE4E5B9` and
/// `0x94D049BB133111EB`, shifts 30, 27, 31) because a golden records the consequences of every draw.
/// The standard library's `Int.random(in:using:)` and `shuffled(using:)` are deliberately not used:
/// their algorithms, and so the number of draws they make, may change between toolchains.
///
/// Every helper makes exactly one draw, so `drawCount` is a faithful record of consumption (a domain
/// can pin it in its state to catch "a draw moved behind a skip guard" bugs).
public struct SeededRNG: Sendable, Hashable {
    public var state: UInt64
    /// Number of 64-bit outputs produced so far.
    public var drawCount: UInt64 = 0

    @inlinable public init(seed: UInt64) { self.state = seed }

    /// The SplitMix64 finaliser, also used to derive substream seeds.
    @inlinable public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits.
    @inlinable public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        drawCount &+= 1
        return SeededRNG.mix(state)
    }

    /// Uniform in [0, 1) from the top 53 bits of one draw.
    @inlinable public mutating func double() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Uniform in [0, 1) from the top 24 bits of one draw.
    @inlinable public mutating func float() -> Float {
        Float(next() >> 40) * 0x1.0p-24
    }

    /// Uniform in [-1, 1): `2 * double() - 1`, one draw.
    @inlinable public mutating func signed() -> Double {
        double() * 2 - 1
    }

    /// Uniform in `0..<bound` as the high word of `next() * bound` (Lemire without rejection: one
    /// draw, bias below 2^-64 · bound, which is far below anything a scenario can observe).
    @inlinable public mutating func int(below bound: Int) -> Int {
        precondition(bound > 0, "int(below:) needs a positive bound")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// Uniform in `range`, one draw.
    @inlinable public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if width == 0 { return Int(bitPattern: UInt(next())) }  // the full Int range
        return range.lowerBound &+ Int(next().multipliedFullWidth(by: width).high)
    }

    /// True with probability `p`, one draw.
    @inlinable public mutating func chance(_ p: Double) -> Bool { double() < p }

    /// Fisher–Yates from the last index down, one `int(below:)` draw per position (n − 1 draws).
    public mutating func shuffle<T>(_ items: inout [T]) {
        var i = items.count - 1
        while i > 0 {
            let j = int(below: i + 1)
            items.swapAt(i, j)
            i -= 1
        }
    }

    /// A generator for the named substream `(label, index)` of `seed`.
    ///
    /// Depends only on its three inputs, never on how many other streams were made or in what order,
    /// so adding a new consumer never shifts an existing golden. The label is hashed with FNV-1a 64.
    public static func substream(seed: UInt64, label: String, index: UInt64) -> SeededRNG {
        let labelHash = FNV1a64.hash(label.utf8)
        let a = mix(seed ^ 0x6C6F_636B_7374_6570)  // "lockstep"
        let b = mix(a ^ labelHash)
        let c = mix(b ^ (index &* 0x9E37_79B9_7F4A_7C15 &+ 0xD1B5_4A32_D192_ED03))
        return SeededRNG(seed: c)
    }
}
