/// The constant tables of the deflate format (RFC 1951 section 3.2.5), shared by `Inflate` and
/// `Deflate` so the two cannot disagree.
enum DeflateTables {
    /// Smallest match length for length symbols 257...285.
    static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    /// Extra bits following length symbols 257...285.
    static let lengthExtraBits: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Smallest distance for distance symbols 0...29.
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
        257, 385, 513, 769, 1_025, 1_537, 2_049, 3_073, 4_097, 6_145, 8_193, 12_289, 16_385, 24_577,
    ]
    /// Extra bits following distance symbols 0...29.
    static let distanceExtraBits: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order in which code-length code lengths are sent in a dynamic block header; the
    /// rarely used lengths come last so that they can be trimmed.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Code lengths of the fixed literal/length code (block type 1), symbols 0...287.
    static let fixedLiteralLengths: [UInt8] = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for i in 144..<256 { lengths[i] = 9 }
        for i in 256..<280 { lengths[i] = 7 }
        return lengths
    }()
    /// Code lengths of the fixed distance code, symbols 0...31 (30 and 31 never occur in valid data).
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 32)

    /// End-of-block symbol of the literal/length alphabet.
    static let endOfBlock = 256
    /// Longest and shortest match deflate can express, and the farthest back it can reach.
    static let maxMatch = 258
    static let minMatch = 3
    static let windowSize = 32_768
    /// Longest code allowed for literal/length and distance codes, and for code-length codes.
    static let maxCodeLength = 15
    static let maxCodeLengthCodeLength = 7
}
