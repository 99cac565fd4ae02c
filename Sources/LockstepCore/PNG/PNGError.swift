/// Everything that can go wrong reading a PNG, or building a `PNGImage`.
///
/// Each case carries enough to say what was wrong and, for limits, what the limit is, so the
/// `description` alone tells someone whether the file is broken or merely outside what Lockstep
/// supports. Decoding never traps on malformed input: every problem ends up as one of these.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    // MARK: Container

    /// The first eight bytes are not the PNG signature `89 50 4E 47 0D 0A 1A 0A`.
    case badSignature
    /// The file ends inside a chunk (`chunkType` is nil when even the length/type header is cut).
    case truncatedChunk(chunkType: String?, offset: Int)
    /// The file ends before an `IEND` chunk.
    case missingIEND
    /// A chunk's stored CRC does not match the CRC of its type and data.
    case crcMismatch(chunkType: String, stored: UInt32, computed: UInt32)
    /// A chunk declares a length above `PNGLimits.maxChunkLength` (or the PNG maximum, 2^31 - 1).
    case chunkTooLong(chunkType: String, length: Int, limit: Int)
    /// More chunks than `PNGLimits.maxChunkCount`.
    case tooManyChunks(limit: Int)
    /// A chunk type whose bytes are not ASCII letters.
    case badChunkType(offset: Int)
    /// A critical chunk (upper-case first letter) this decoder does not know; it may change how
    /// the image must be read, so it cannot be skipped.
    case unknownCriticalChunk(String)
    /// Chunks in an order the PNG specification forbids, e.g. no `IHDR` first, `PLTE` after `IDAT`.
    case badChunkOrder(String)
    /// A required chunk is absent (`IDAT`, or `PLTE` for a palette image).
    case missingChunk(String)

    // MARK: Header and palette

    /// `IHDR` has a value the specification does not allow (zero width, unknown colour type,
    /// unknown compression, filter or interlace method).
    case badHeader(String)
    /// A bit depth the colour type does not allow: grey takes 1, 2, 4, 8, 16; palette 1, 2, 4, 8;
    /// RGB, grey + alpha and RGBA 8 and 16 (so RGB at 4 bits or palette at 16 are refused).
    case invalidBitDepth(depth: Int, colorType: Int)
    /// `PLTE`'s length is not a multiple of 3 in 3...768.
    case badPalette(String)
    /// A `PLTE` chunk in a grey or grey + alpha image, where the specification forbids one.
    case paletteNotAllowed(colorType: Int)
    /// A palette image's `PLTE` has more entries than its indices can address (2^bitDepth).
    case paletteTooLong(entries: Int, bitDepth: Int)
    /// A pixel of a palette image uses an index past the end of `PLTE`; `x`, `y` are image
    /// coordinates (for an interlaced image too).
    case paletteIndexOutOfRange(index: Int, paletteEntries: Int, x: Int, y: Int)
    /// A `tRNS` chunk in a grey + alpha or RGBA image, which have alpha already.
    case transparencyNotAllowed(colorType: Int)
    /// A palette image's `tRNS` has more alpha values than `PLTE` has entries.
    case transparencyLongerThanPalette(alphaEntries: Int, paletteEntries: Int)
    /// A grey or RGB image's `tRNS` is not one 2-byte value per channel (2 or 6 bytes).
    case badTransparencyLength(colorType: Int, length: Int, expected: Int)
    /// Width, height or pixel count above `PNGLimits`; `reason` names the limit.
    case imageTooLarge(width: Int, height: Int, reason: String)
    /// A width or height below 1 given to `PNGImage.init`: PNG has no empty images.
    case emptyImage(width: Int, height: Int)
    /// The RGBA buffer given to `PNGImage.init` or `PNGImage16.init` does not have
    /// `width * height * 4` samples.
    case pixelBufferSize(expected: Int, actual: Int)

    // MARK: zlib / inflate

    /// The two-byte zlib header is invalid (not deflate, window too large, check bits wrong, or a
    /// preset dictionary, which PNG forbids).
    case zlibBadHeader(String)
    /// The Adler-32 at the end of the zlib stream does not match the decompressed data.
    case zlibChecksumMismatch(stored: UInt32, computed: UInt32)
    /// The compressed data ends before the final deflate block or the Adler-32 trailer.
    case zlibTruncated
    /// A deflate block header has type 3, which is reserved.
    case inflateBadBlockType(Int)
    /// A stored block's length and its one's-complement copy disagree.
    case inflateStoredLengthMismatch(length: Int, complement: Int)
    /// A Huffman code or a symbol that cannot occur in valid deflate data.
    case inflateInvalidCode(String)
    /// A back-reference reaches before the start of the output.
    case inflateDistanceTooFarBack(distance: Int, available: Int)

    // MARK: Image data

    /// The decompressed data is not exactly the size the header implies. `actual` is a lower
    /// bound when the data was longer: decompression stops one byte past `expected`, so a
    /// decompression bomb costs no more memory than a legitimate image.
    case dataSizeMismatch(expected: Int, actual: Int)
    /// The decompressed image data the header implies (every pass's scanlines, filter bytes
    /// included) is above `PNGLimits.maxDecompressedBytes`; refused before inflating anything.
    case imageDataTooLarge(bytes: Int, limit: Int)
    /// A scanline starts with a filter type other than 0...4. `row` counts scanlines in the order
    /// they are stored, so for an interlaced image it runs on through all seven passes.
    case badFilterType(row: Int, filterType: Int)

    public var description: String {
        switch self {
        case .badSignature:
            return "PNG: bad signature (the file does not start with the 8-byte PNG signature)"
        case let .truncatedChunk(type, offset):
            if let type { return "PNG: truncated \(type) chunk at byte offset \(offset)" }
            return "PNG: truncated chunk header at byte offset \(offset)"
        case .missingIEND:
            return "PNG: file ends without an IEND chunk"
        case let .crcMismatch(type, stored, computed):
            return "PNG: CRC mismatch in \(type) chunk (stored \(hex(stored)), computed \(hex(computed)))"
        case let .chunkTooLong(type, length, limit):
            return "PNG: \(type) chunk length \(length) exceeds the limit of \(limit) bytes"
        case let .tooManyChunks(limit):
            return "PNG: more than \(limit) chunks (limit)"
        case let .badChunkType(offset):
            return "PNG: chunk type at byte offset \(offset) is not four ASCII letters"
        case let .unknownCriticalChunk(type):
            return "PNG: unknown critical chunk \(type) (cannot be skipped safely)"
        case let .badChunkOrder(message):
            return "PNG: bad chunk order: \(message)"
        case .missingChunk("PLTE"):
            return "PNG: missing PLTE chunk, which a colour type 3 (palette) image requires"
        case let .missingChunk(type):
            return "PNG: missing required \(type) chunk"
        case let .badHeader(message):
            return "PNG: bad IHDR: \(message)"
        case let .invalidBitDepth(depth, colorType):
            let allowed = PNGColorType(rawValue: colorType)?.allowedBitDepths.map(String.init).joined(separator: ", ") ?? "none"
            return "PNG: bad IHDR: bit depth \(depth) is not allowed for colour type \(colorType) (\(colourName(colorType)): \(allowed))"
        case let .badPalette(message):
            return "PNG: bad palette: \(message)"
        case let .paletteNotAllowed(colorType):
            return "PNG: PLTE chunk in a colour type \(colorType) (\(colourName(colorType))) image, where it is not allowed"
        case let .paletteTooLong(entries, bitDepth):
            return "PNG: PLTE has \(entries) entries, more than the \(1 << bitDepth) a \(bitDepth)-bit palette index can address"
        case let .paletteIndexOutOfRange(index, entries, x, y):
            return "PNG: pixel (\(x), \(y)) uses palette index \(index), PLTE has \(entries) entries"
        case let .transparencyNotAllowed(colorType):
            return "PNG: tRNS chunk in a colour type \(colorType) (\(colourName(colorType))) image, which has an alpha channel already"
        case let .transparencyLongerThanPalette(alphaEntries, paletteEntries):
            return "PNG: tRNS has \(alphaEntries) alpha values, PLTE only \(paletteEntries) entries"
        case let .badTransparencyLength(colorType, length, expected):
            return "PNG: tRNS is \(length) bytes for colour type \(colorType) (\(colourName(colorType))), must be \(expected)"
        case let .imageTooLarge(width, height, reason):
            return "PNG: image \(width)x\(height) rejected: \(reason)"
        case let .emptyImage(width, height):
            return "PNG: image \(width)x\(height) rejected: width and height must be at least 1"
        case let .pixelBufferSize(expected, actual):
            return "PNG: RGBA buffer has \(actual) samples, expected width * height * 4 = \(expected)"
        case let .zlibBadHeader(message):
            return "PNG: bad zlib header: \(message)"
        case let .zlibChecksumMismatch(stored, computed):
            return "PNG: zlib Adler-32 mismatch (stored \(hex(stored)), computed \(hex(computed)))"
        case .zlibTruncated:
            return "PNG: compressed image data is truncated"
        case let .inflateBadBlockType(type):
            return "PNG: deflate block type \(type) is invalid (reserved)"
        case let .inflateStoredLengthMismatch(length, complement):
            return "PNG: deflate stored block length \(length) does not match its complement \(complement)"
        case let .inflateInvalidCode(message):
            return "PNG: invalid deflate code: \(message)"
        case let .inflateDistanceTooFarBack(distance, available):
            return "PNG: deflate distance \(distance) too far back (only \(available) bytes decoded)"
        case let .dataSizeMismatch(expected, actual):
            if actual > expected {
                return "PNG: decompressed image data exceeds the \(expected) bytes the header implies (stopped at \(actual))"
            }
            return "PNG: decompressed image data is \(actual) bytes, the header implies \(expected)"
        case let .imageDataTooLarge(bytes, limit):
            return "PNG: image data would decompress to \(bytes) bytes, above the limit of \(limit) bytes (PNGLimits.maxDecompressedBytes)"
        case let .badFilterType(row, filterType):
            return "PNG: row \(row) has invalid filter type \(filterType) (must be 0...4)"
        }
    }
}

/// A colour type's name for messages, e.g. "RGB"; "unknown" for a value that is none.
private func colourName(_ colorType: Int) -> String {
    PNGColorType(rawValue: colorType)?.name ?? "unknown"
}

/// `0x` followed by eight upper-case hex digits, for checksums in messages.
private func hex(_ value: UInt32) -> String {
    let digits = Array("0123456789ABCDEF")
    var out = "0x"
    for shift in stride(from: 28, through: 0, by: -4) {
        out.append(digits[Int((value >> UInt32(shift)) & 0xF)])
    }
    return out
}
