/// What a `tRNS` chunk means for the image (PNG specification, 2nd edition 11.3.2.1).
///
/// - Palette images: one alpha byte per palette entry, possibly fewer than the palette has; the
///   entries without one are opaque.
/// - Grey and RGB images: one colour key, a 16-bit value per sample; pixels whose raw samples equal
///   it are transparent, all others opaque. Below 16 bits only the low `bitDepth` bits count (the
///   third edition: "decoders must mask the other bits to 0"), so the key is compared with the
///   unscaled sample; at 16 bits the whole value must match, before any scaling to 8 bits.
enum PNGTransparency: Sendable, Equatable {
    /// No `tRNS`: every pixel is opaque unless the colour type has alpha.
    case none
    /// Alpha for palette entries `0..<alpha.count`; later entries are opaque.
    case paletteAlpha([UInt8])
    /// The grey sample value, masked to the bit depth, that is transparent.
    case greyKey(Int)
    /// The red, green and blue sample values, masked to the bit depth, that are transparent.
    case rgbKey(red: Int, green: Int, blue: Int)

    /// Interprets `data` (the raw `tRNS`, nil if absent) for `header`. `PNGChunks` has already
    /// refused `tRNS` on colour types with alpha and before `PLTE`.
    init(_ data: [UInt8]?, header: PNGHeader, paletteEntries: Int) throws(PNGError) {
        guard let data else {
            self = .none
            return
        }
        let mask = (1 << header.bitDepth) - 1
        func sample(_ index: Int) -> Int { (Int(data[2 * index]) << 8 | Int(data[2 * index + 1])) & mask }
        switch header.colorType {
        case .palette:
            guard data.count <= paletteEntries else {
                throw .transparencyLongerThanPalette(alphaEntries: data.count, paletteEntries: paletteEntries)
            }
            self = .paletteAlpha(data)
        case .grey:
            guard data.count == 2 else {
                throw .badTransparencyLength(colorType: header.colorType.rawValue, length: data.count, expected: 2)
            }
            self = .greyKey(sample(0))
        case .rgb:
            guard data.count == 6 else {
                throw .badTransparencyLength(colorType: header.colorType.rawValue, length: data.count, expected: 6)
            }
            self = .rgbKey(red: sample(0), green: sample(1), blue: sample(2))
        case .greyAlpha, .rgba:
            throw .transparencyNotAllowed(colorType: header.colorType.rawValue)
        }
    }
}
