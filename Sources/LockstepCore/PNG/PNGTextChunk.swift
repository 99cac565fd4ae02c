/// Uncompressed `tEXt` chunks: a Latin-1 keyword, a NUL, a Latin-1 text. See
/// `PNG.encode(_:format:text:)` and `PNG.textChunks(_:)`.
///
/// Text is uncompressed so that a tool that knows nothing of zlib (or a person with `strings`) can
/// read what a file carries, e.g. the data behind a plot.
enum PNGTextChunk {
    /// The chunk data for one keyword and text.
    ///
    /// - Precondition: `keyword` is 1...79 Latin-1 printable characters (32...126, 161...255) with
    ///   no leading, trailing or consecutive spaces (the PNG rules); every scalar of `text` is in
    ///   1...255 (Latin-1 without NUL). Both are one byte per scalar in the chunk.
    static func data(keyword: String, text: String) -> [UInt8] {
        let key = keyword.unicodeScalars.map(\.value)
        precondition((1...79).contains(key.count), "PNG tEXt keyword must be 1 to 79 characters: \"\(keyword)\"")
        precondition(key.allSatisfy { (32...126).contains($0) || (161...255).contains($0) },
                     "PNG tEXt keyword must be printable Latin-1: \"\(keyword)\"")
        precondition(key.first != 32 && key.last != 32 && !zip(key, key.dropFirst()).contains { $0 == 32 && $1 == 32 },
                     "PNG tEXt keyword must not start or end with a space or hold two in a row: \"\(keyword)\"")
        var bytes = key.map { UInt8($0) }
        bytes.append(0)
        for scalar in text.unicodeScalars {
            precondition((1...255).contains(scalar.value), "PNG tEXt text must be Latin-1 without NUL (U+\(Hex.upper(UInt64(scalar.value), digits: 4)))")
            bytes.append(UInt8(scalar.value))
        }
        return bytes
    }

    /// Every `tEXt` chunk of `bytes` in file order, each byte read as the Latin-1 character it is.
    ///
    /// Walks the chunks up to `IEND`, checking the signature, every length against the bytes left
    /// and `PNGLimits`, and every CRC; anything wrong gives `[]`. A `tEXt` chunk without the NUL
    /// separator, or whose keyword is not 1...79 bytes, is skipped. Never traps.
    static func read(_ bytes: [UInt8]) -> [(keyword: String, text: String)] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNG.signature else { return [] }
        var found: [(keyword: String, text: String)] = []
        var offset = 8
        for _ in 0..<PNGLimits.maxChunkCount {
            guard bytes.count - offset >= 12 else { return [] }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= PNGLimits.maxChunkLength, bytes.count - offset - 12 >= length else { return [] }
            let type = bytes[(offset + 4)..<(offset + 8)]
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            let crcAt = offset + 8 + length
            let stored = UInt32(bytes[crcAt]) << 24 | UInt32(bytes[crcAt + 1]) << 16 | UInt32(bytes[crcAt + 2]) << 8 | UInt32(bytes[crcAt + 3])
            guard stored == CRC32.update(CRC32.checksum(type), data) else { return [] }
            offset = crcAt + 4
            if type.elementsEqual("IEND".utf8) { return found }
            guard type.elementsEqual("tEXt".utf8), let nul = data.firstIndex(of: 0),
                  (1...79).contains(nul - data.startIndex) else { continue }
            found.append((keyword: latin1(data[..<nul]), text: latin1(data[(nul + 1)...])))
        }
        return []
    }

    /// Latin-1 decoding: every byte is the Unicode scalar of the same value.
    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return text
    }
}
