/// The byte contract of a region-id pixel, written down in exactly one place.
///
/// Every part of the domain that turns ids into bytes or bytes into ids quotes this type: the
/// Voronoi asset generator (`encode`), the CPU decoder (`decode`, used by `IdMap`), and the CPU
/// reference of the shader (`shaderId`). The seed article's lesson is that an asset generator and a
/// decoder that each wrote their own byte order disagreed silently; here they cannot.
///
/// - `R` = `id >> 8` (high byte), `G` = `id & 255` (low byte), so `id = R << 8 | G`.
/// - `B` = 255 marks an outline pixel; such a pixel is id 0 whatever R and G hold. `B` = 0 otherwise.
/// - `A` = 255 always.
/// - id 0 is outline or background and is never a region. Region ids are `1...maxRegions`.
public enum IdContract {
    /// Two bytes of id: the hard ceiling on regions (B is spent on the outline flag).
    public static let maxRegions = 65_535
    /// The B byte of an outline pixel.
    public static let outlineB: UInt8 = 255
    /// The B byte of a region or background pixel.
    public static let regionB: UInt8 = 0
    /// The only alpha the contract allows.
    public static let alpha: UInt8 = 255
    /// The id of outline and background pixels.
    public static let backgroundId: UInt16 = 0

    /// The RGBA bytes of a region (or background) pixel for `id`.
    ///
    /// `swapped` reproduces the article's early asset generator that wrote R = low, G = high (the
    /// `swappedByteOrder` fault); the decoder never swaps.
    public static func encode(_ id: UInt16, swapped: Bool = false) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let high = UInt8(id >> 8), low = UInt8(id & 0xFF)
        return swapped ? (low, high, regionB, alpha) : (high, low, regionB, alpha)
    }

    /// The RGBA bytes of an outline pixel (R and G carry 0; the decoder ignores them anyway).
    public static let outline: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, outlineB, alpha)

    /// The CPU decoder's reading of one pixel: 0 for an outline (`B == 255`), else `R << 8 | G`.
    /// Alpha is not inspected here; `IdMap` validates it.
    @inline(__always)
    public static func decode(r: UInt8, g: UInt8, b: UInt8) -> UInt16 {
        b == outlineB ? backgroundId : UInt16(r) << 8 | UInt16(g)
    }

    /// The shader's reading of normalised channels: outline when `b > 0.5` (a byte of 128 or more,
    /// which is why `IdMap` refuses any B other than 0 and 255: the CPU and the shader would
    /// disagree), else `round(r·255)·256 + round(g·255)` with rounding half up.
    /// Returns nil for an outline.
    @inline(__always)
    public static func shaderId(r: Double, g: Double, b: Double) -> Double? {
        if b > 0.5 { return nil }
        return (r * 255 + 0.5).rounded(.down) * 256 + (g * 255 + 0.5).rounded(.down)
    }
}
