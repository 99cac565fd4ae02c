/// A canonical Huffman code (RFC 1951 3.2.2) as a single lookup table indexed by the next
/// `tableBits` input bits, so decoding a symbol is one peek, one load and one consume.
///
/// Entries are `symbol << 4 | codeLength`; 0 marks bit patterns no code starts with (an
/// incomplete code), which decode as `inflateInvalidCode` instead of a guess.
struct HuffmanDecoder {
    private var table: [UInt16]
    /// Length of the longest code: the table has `1 << tableBits` entries.
    private let tableBits: Int

    /// Builds the decoder from one code length per symbol (0 = symbol unused).
    ///
    /// - Throws: `inflateInvalidCode` if a length exceeds 15 or the lengths over-subscribe the
    ///   code space (more codes of some length than can exist).
    init(lengths: ArraySlice<UInt8>) throws(PNGError) {
        var countPerLength = [Int](repeating: 0, count: 16)
        var longest = 0
        for length in lengths {
            guard length <= 15 else { throw .inflateInvalidCode("code length \(length) above 15") }
            countPerLength[Int(length)] += 1
            longest = max(longest, Int(length))
        }
        countPerLength[0] = 0
        var left = 1
        for length in 1...15 {
            left = (left << 1) - countPerLength[length]
            guard left >= 0 else { throw .inflateInvalidCode("over-subscribed Huffman code lengths") }
        }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + countPerLength[length - 1]) << 1
            nextCode[length] = code
        }
        let bits = max(longest, 1)
        var table = [UInt16](repeating: 0, count: 1 << bits)
        for (offset, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let symbol = offset
            let code = nextCode[length]
            nextCode[length] += 1
            // Input arrives first-bit-first but codes are defined most-significant-bit first, so
            // the table is indexed by the bit-reversed code.
            var reversed = 0
            for bit in 0..<length where code & (1 << bit) != 0 {
                reversed |= 1 << (length - 1 - bit)
            }
            let entry = UInt16(symbol << 4 | length)
            for index in stride(from: reversed, to: table.count, by: 1 << length) {
                table[index] = entry
            }
        }
        self.table = table
        self.tableBits = bits
    }

    /// Reads one symbol.
    @inline(__always)
    func decode(_ reader: inout InflateBitReader) throws(PNGError) -> Int {
        let entry = Int(table[reader.peek(tableBits)])
        let length = entry & 0xF
        guard length != 0 else { throw .inflateInvalidCode("bit pattern matches no Huffman code") }
        try reader.consume(length)
        return entry >> 4
    }
}
