/// Reading and writing PNG files, in pure Swift (no system zlib, no Foundation).
///
/// `encode` is deterministic: the same image and format give the same bytes on every machine and
/// every run, so encoded images can be compared byte-for-byte against goldens. It writes only
/// `IHDR`, `IDAT` and `IEND` (no time stamp, gamma or text that could vary), plus the `tEXt`
/// chunks the caller passes to `encode(_:format:text:)`.
///
/// `decode` reads 8-bit, non-interlaced PNGs of every colour type, within `PNGLimits`.
public enum PNG {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Encodes `image` as a PNG file in `format`.
    ///
    /// Each row gets the filter with the smallest sum of absolute differences; the filtered data
    /// is compressed with `Deflate` (LZ77 with bounded hash chains, Huffman blocks).
    ///
    /// - Precondition: `format.canRepresent(image)`: `.rgb` needs every alpha to be 255 and
    ///   `.grey` additionally r == g == b for every pixel. Converting silently would lose data a
    ///   golden is meant to show, so asking for it is a programming error; check with
    ///   `PNGColorFormat.canRepresent(_:)` or use `PNGColorFormat.smallest(for:)`.
    public static func encode(_ image: PNGImage, format: PNGColorFormat = .rgba) -> [UInt8] {
        PNGEncoder.encode(image, format: format)
    }

    /// Encodes `image` like `encode(_:format:)`, with one uncompressed `tEXt` chunk per entry of
    /// `text`, in order, after `IHDR` and before `IDAT`. With `text` empty the bytes are exactly
    /// those of `encode(_:format:)`.
    ///
    /// - Precondition: as `encode(_:format:)`; and each keyword is 1...79 printable Latin-1
    ///   characters (32...126, 161...255) without leading, trailing or doubled spaces, and each text
    ///   is Latin-1 without NUL (every scalar in 1...255), written one byte per scalar.
    public static func encode(_ image: PNGImage, format: PNGColorFormat = .rgba,
                              text: [(keyword: String, text: String)]) -> [UInt8] {
        PNGEncoder.encode(image, format: format, text: text)
    }

    /// The `tEXt` chunks of a PNG file, in file order, each byte read as Latin-1.
    ///
    /// Checks the signature and every chunk's length and CRC up to `IEND`; a file that fails any
    /// check gives `[]`, and a `tEXt` chunk without a NUL after a 1...79-byte keyword is skipped.
    /// Never traps on malformed input. Does not decode the image.
    public static func textChunks(_ bytes: [UInt8]) -> [(keyword: String, text: String)] {
        PNGTextChunk.read(bytes)
    }

    /// Decodes a PNG file into 8-bit RGBA.
    ///
    /// Accepts colour types 0 (grey), 2 (RGB), 3 (palette, with optional `tRNS`), 4 (grey + alpha)
    /// and 6 (RGBA) at bit depth 8, non-interlaced, with any of the five filters and `IDAT` split
    /// over any number of chunks. `tRNS` colour keys on grey and RGB images become alpha 0.
    /// Ancillary chunks are skipped; every chunk's CRC is checked.
    ///
    /// - Throws: `PNGError` describing the first problem found; never traps on malformed input.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
        try PNGDecoder.decode(bytes)
    }
}
