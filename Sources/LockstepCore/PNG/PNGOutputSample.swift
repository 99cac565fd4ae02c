/// The sample type of a decoded raster: `UInt8` for `PNG.decode`, `UInt16` for `PNG.decode16`.
///
/// The decoder is generic over it so both outputs share one pass loop; each conformance applies
/// the `PNGSampleScaling` rules for its own depth.
protocol PNGOutputSample: FixedWidthInteger, UnsignedInteger, Sendable {
    /// `sample`, a value of `bitDepth` bits (1, 2, 4, 8 or 16), at this type's depth.
    static func scaled(_ sample: UInt16, bitDepth: Int) -> Self
    /// A 16-bit sample at this type's depth: the inner loop's case, without the depth switch.
    static func fromSixteenBit(_ sample: UInt16) -> Self
}

extension UInt8: PNGOutputSample {
    static func scaled(_ sample: UInt16, bitDepth: Int) -> UInt8 { PNGSampleScaling.eightBit(sample, bitDepth: bitDepth) }
    @inline(__always)
    static func fromSixteenBit(_ sample: UInt16) -> UInt8 { PNGSampleScaling.eightBit(fromSixteenBit: sample) }
}

extension UInt16: PNGOutputSample {
    static func scaled(_ sample: UInt16, bitDepth: Int) -> UInt16 { PNGSampleScaling.sixteenBit(sample, bitDepth: bitDepth) }
    @inline(__always)
    static func fromSixteenBit(_ sample: UInt16) -> UInt16 { sample }
}
