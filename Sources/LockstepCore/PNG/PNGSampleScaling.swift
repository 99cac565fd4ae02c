/// How a sample of any PNG bit depth becomes an 8-bit or a 16-bit sample: the rules `PNG.decode`
/// and `PNG.decode16` apply to every channel (palette entries and `tRNS` alpha are 8-bit samples).
///
/// All are exact integer arithmetic for the PNG specification's linear rescaling (2nd edition
/// 13.12), `output = round(input * maxOutput / maxInput)`:
///
/// - Low bit depths scale up exactly: a `d`-bit value `v` becomes `v * 255 / (2^d - 1)` at 8 bits,
///   which is ×255 at 1 bit, ×85 at 2 bits and ×17 at 4 bits with no remainder; at 16 bits it
///   becomes `v * 65535 / (2^d - 1)`, the 8-bit result ×257.
/// - 8 bits widen to 16 by ×257 (`0xAB` becomes `0xABAB`), so 0 stays 0 and 255 becomes 65535.
/// - 16 bits narrow to 8 by `(v * 255 + 32767) / 65535`, i.e. `v / 257` rounded to the nearest
///   integer (65535 = 255 × 257; the quotient is never exactly a half, so there are no ties).
///   This differs from keeping the high byte (`v >> 8`): 65280 (`0xFF00`) becomes 254 where the
///   high byte is 255, and 255 (`0x00FF`) becomes 1 where the high byte is 0. For a value that
///   came from 8 bits (`257 * k`) both give `k`, so widening and narrowing round-trip.
public enum PNGSampleScaling {
    /// `sample`, a value of `bitDepth` bits, as an 8-bit sample.
    ///
    /// - Precondition: `bitDepth` is 1, 2, 4, 8 or 16 and `sample < 1 << bitDepth`.
    public static func eightBit(_ sample: UInt16, bitDepth: Int) -> UInt8 {
        precondition([1, 2, 4, 8, 16].contains(bitDepth), "PNG has no bit depth \(bitDepth) (1, 2, 4, 8 or 16)")
        precondition(Int(sample) < 1 << bitDepth, "sample \(sample) does not fit in \(bitDepth) bits")
        switch bitDepth {
        case 16: return eightBit(fromSixteenBit: sample)
        case 8: return UInt8(sample)
        default: return UInt8(Int(sample) * 255 / (1 << bitDepth - 1))
        }
    }

    /// `sample`, a value of `bitDepth` bits, as a 16-bit sample.
    ///
    /// - Precondition: `bitDepth` is 1, 2, 4, 8 or 16 and `sample < 1 << bitDepth`.
    public static func sixteenBit(_ sample: UInt16, bitDepth: Int) -> UInt16 {
        if bitDepth == 16 { return sample }
        return UInt16(eightBit(sample, bitDepth: bitDepth)) * 257
    }

    /// The 16-bit to 8-bit rule alone, for the decoder's inner loop.
    @inline(__always)
    static func eightBit(fromSixteenBit sample: UInt16) -> UInt8 {
        // At most 65535 * 255 + 32767 < 2^24, so UInt32 cannot overflow; the quotient is <= 255.
        UInt8(truncatingIfNeeded: (UInt32(sample) * 255 + 32_767) / 65_535)
    }
}
