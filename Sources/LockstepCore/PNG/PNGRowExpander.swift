/// Turns unfiltered scanlines of any colour type and bit depth into RGBA pixels of `Sample`
/// (`UInt8` or `UInt16`), written at the image positions a `PNGPass` covers.
///
/// Built once per image: the scaled grey levels and the palette (with its `tRNS` alpha) are
/// tables made up front, so the per-pixel work is reading samples, a table lookup or the 16-bit
/// rule, and a colour-key compare on the raw, unscaled samples.
struct PNGRowExpander<Sample: PNGOutputSample> {
    private let imageWidth: Int
    private let colorType: PNGColorType
    private let bitDepth: Int
    /// For bit depths up to 8: raw sample value -> output sample (`1 << bitDepth` entries).
    private let levels: [Sample]
    /// Four output samples (R, G, B, A) per palette entry, alpha from `tRNS` or opaque.
    private let palette: [Sample]
    private let paletteEntries: Int
    /// The colour key as raw samples (grey uses `keyRed` only); -1 never matches a sample.
    private let keyRed: Int
    private let keyGreen: Int
    private let keyBlue: Int

    init(header: PNGHeader, palette rgb: [UInt8], transparency: PNGTransparency) {
        imageWidth = header.width
        colorType = header.colorType
        bitDepth = header.bitDepth
        levels = header.bitDepth == 16 ? [] : (0..<(1 << header.bitDepth)).map {
            Sample.scaled(UInt16($0), bitDepth: header.bitDepth)
        }
        var alpha: [UInt8] = []
        var key = (red: -1, green: -1, blue: -1)
        switch transparency {
        case .none: break
        case .paletteAlpha(let table): alpha = table
        case .greyKey(let grey): key.red = grey
        case .rgbKey(let red, let green, let blue): key = (red, green, blue)
        }
        (keyRed, keyGreen, keyBlue) = key
        paletteEntries = header.colorType == .palette ? rgb.count / 3 : 0
        var table: [Sample] = []
        table.reserveCapacity(paletteEntries * 4)
        for entry in 0..<paletteEntries {
            for channel in 0..<3 { table.append(Sample.scaled(UInt16(rgb[3 * entry + channel]), bitDepth: 8)) }
            table.append(entry < alpha.count ? Sample.scaled(UInt16(alpha[entry]), bitDepth: 8) : Sample.max)
        }
        palette = table
    }

    /// Writes the pixels of one pass row into `rgba` (`imageWidth * height * 4` samples).
    ///
    /// - Parameters:
    ///   - data: decompressed image data, already unfiltered.
    ///   - start: index in `data` of the row's first byte (just after its filter-type byte).
    /// - Throws: `PNGError.paletteIndexOutOfRange` for an index past the palette's end.
    func expand(row data: [UInt8], at start: Int, pass: PNGPass, passRow: Int,
                into rgba: inout [Sample]) throws(PNGError) {
        let y = pass.imageRow(passRow)
        var o = (y * imageWidth + pass.xStart) * 4
        let step = pass.xStep * 4
        switch colorType {
        case .grey:
            for i in 0..<pass.width {
                let raw = sample(data, start, i)
                let grey = level(raw)
                rgba[o] = grey; rgba[o + 1] = grey; rgba[o + 2] = grey
                rgba[o + 3] = raw == keyRed ? 0 : Sample.max
                o += step
            }
        case .rgb:
            for i in 0..<pass.width {
                let red = sample(data, start, 3 * i), green = sample(data, start, 3 * i + 1)
                let blue = sample(data, start, 3 * i + 2)
                rgba[o] = level(red); rgba[o + 1] = level(green); rgba[o + 2] = level(blue)
                rgba[o + 3] = red == keyRed && green == keyGreen && blue == keyBlue ? 0 : Sample.max
                o += step
            }
        case .palette:
            for i in 0..<pass.width {
                let index = sample(data, start, i)
                guard index < paletteEntries else {
                    throw .paletteIndexOutOfRange(index: index, paletteEntries: paletteEntries,
                                                  x: pass.imageColumn(i), y: y)
                }
                let p = 4 * index
                rgba[o] = palette[p]; rgba[o + 1] = palette[p + 1]
                rgba[o + 2] = palette[p + 2]; rgba[o + 3] = palette[p + 3]
                o += step
            }
        case .greyAlpha:
            for i in 0..<pass.width {
                let grey = level(sample(data, start, 2 * i))
                rgba[o] = grey; rgba[o + 1] = grey; rgba[o + 2] = grey
                rgba[o + 3] = level(sample(data, start, 2 * i + 1))
                o += step
            }
        case .rgba:
            for i in 0..<pass.width {
                for channel in 0..<4 { rgba[o + channel] = level(sample(data, start, 4 * i + channel)) }
                o += step
            }
        }
    }

    /// Sample `index` of the row starting at `start`, unscaled. Sub-byte samples are packed from
    /// the most significant bit down (PNG specification 7.2); 16-bit ones are big-endian.
    @inline(__always)
    private func sample(_ data: [UInt8], _ start: Int, _ index: Int) -> Int {
        switch bitDepth {
        case 8:
            return Int(data[start + index])
        case 16:
            return Int(data[start + 2 * index]) << 8 | Int(data[start + 2 * index + 1])
        default:
            let bit = index * bitDepth
            return (Int(data[start + (bit >> 3)]) >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1)
        }
    }

    /// A raw sample at the output depth.
    @inline(__always)
    private func level(_ raw: Int) -> Sample {
        bitDepth == 16 ? Sample.fromSixteenBit(UInt16(truncatingIfNeeded: raw)) : levels[raw]
    }
}
