/// Reading and writing PNG files, in pure Swift (no system zlib, no Foundation).
///
/// `encode` is deterministic: the same image and format give the same bytes on every machine and
/// every run, so encoded images can be compared byte-for-byte against goldens. It writes only
/// `IHDR`, `IDAT` and `IEND` (no time stamp, gamma or text that could vary), plus the `tEXt`
/// chunks the caller passes to `encode(_:format:text:)`.
///
/// `decode` and `decode16` read every layout the PNG specification allows (each colour type at
/// each of its bit depths, interlaced or not), within `PNGLimits`.
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
    /// Accepts every layout of the PNG specification: grey at 1, 2, 4, 8 or 16 bits, RGB, grey +
    /// alpha and RGBA at 8 or 16, palette at 1, 2, 4 or 8; non-interlaced or Adam7; any of the five
    /// filters; `IDAT` split over any number of chunks. `tRNS` gives palette entries alpha (entries
    /// past its end are opaque) or makes one grey or RGB colour transparent (alpha 0), compared
    /// with the raw samples before any scaling. Samples of other depths become 8 bits by
    /// `PNGSampleScaling`: low-depth grey exactly (×255, ×85, ×17), 16-bit samples rounded to the
    /// nearest (`(v * 255 + 32767) / 65535`, not the high byte). Ancillary chunks are skipped;
    /// every chunk's CRC is checked.
    ///
    /// - Throws: `PNGError` describing the first problem found; never traps on malformed input.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
        try PNGDecoder.decode(bytes)
    }

    /// Decodes a PNG file into 16-bit RGBA, keeping a 16-bit file's exact samples.
    ///
    /// Accepts and checks exactly what `decode(_:)` does. 16-bit samples are kept as they are;
    /// others are widened by `PNGSampleScaling` (8-bit samples, palette entries and palette alpha
    /// ×257, low-depth grey exactly to 0...65535). Narrowing every sample with
    /// `PNGSampleScaling.eightBit(_:bitDepth: 16)` gives what `decode(_:)` gives.
    ///
    /// - Throws: `PNGError`, as `decode(_:)`.
    public static func decode16(_ bytes: [UInt8]) throws(PNGError) -> PNGImage16 {
        try PNGDecoder.decode16(bytes)
    }
}
