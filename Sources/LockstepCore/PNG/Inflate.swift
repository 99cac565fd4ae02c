/// A deflate decompressor (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks.
///
/// Written for untrusted input: every length, distance and code is checked, output is capped at
/// a caller-given size (so a decompression bomb costs at most that much memory), and every loop
/// is bounded by the input size or the output cap.
enum Inflate {
    /// Decompresses the raw deflate stream starting at the reader's position and leaves the reader
    /// just past the final block (not byte-aligned).
    ///
    /// - Parameter maxOutput: the most bytes the stream may produce. Producing even one more stops
    ///   decoding with `PNGError.dataSizeMismatch(expected: maxOutput, actual: maxOutput + 1)`.
    static func inflate(_ reader: inout InflateBitReader, maxOutput: Int) throws(PNGError) -> [UInt8] {
        var output = [UInt8]()
        // Deflate expands at most 1032:1, so a header that promises far more than the input can
        // produce does not get to reserve memory for it; the array grows if the data is real.
        output.reserveCapacity(min(maxOutput, reader.remainingBits / 8 * 1_032 + 1_024))
        // Every block header is at least 3 bits, so this many blocks cannot fit in the input.
        let maxBlocks = reader.remainingBits / 3 + 1
        var isFinal = false
        var blocks = 0
        while !isFinal {
            blocks += 1
            guard blocks <= maxBlocks else { throw .zlibTruncated }
            isFinal = try reader.bits(1) == 1
            let type = try reader.bits(2)
            switch type {
            case 0:
                try storedBlock(&reader, into: &output, maxOutput: maxOutput)
            case 1:
                try huffmanBlock(&reader, literals: fixedLiteralDecoder, distances: fixedDistanceDecoder,
                                 into: &output, maxOutput: maxOutput)
            case 2:
                let (literals, distances) = try readDynamicCodes(&reader)
                try huffmanBlock(&reader, literals: literals, distances: distances,
                                 into: &output, maxOutput: maxOutput)
            default:
                throw .inflateBadBlockType(type)
            }
        }
        return output
    }

    /// Decoders for block type 1, built once. The fixed lengths are valid, so building cannot
    /// fail; the fallback only keeps the code free of force-unwraps.
    private static let fixedLiteralDecoder: HuffmanDecoder? =
        try? HuffmanDecoder(lengths: DeflateTables.fixedLiteralLengths[...])
    private static let fixedDistanceDecoder: HuffmanDecoder? =
        try? HuffmanDecoder(lengths: DeflateTables.fixedDistanceLengths[...])

    /// Block type 0: LEN, NLEN, then LEN raw bytes.
    private static func storedBlock(_ reader: inout InflateBitReader, into output: inout [UInt8],
                                    maxOutput: Int) throws(PNGError) {
        reader.alignToByte()
        let length = try reader.bits(16)
        let complement = try reader.bits(16)
        guard length == ~complement & 0xFFFF else {
            throw .inflateStoredLengthMismatch(length: length, complement: complement)
        }
        guard output.count + length <= maxOutput else {
            throw .dataSizeMismatch(expected: maxOutput, actual: maxOutput + 1)
        }
        try reader.copyBytes(length, to: &output)
    }

    /// Reads a dynamic block's header (RFC 1951 3.2.7) and builds its two decoders.
    private static func readDynamicCodes(_ reader: inout InflateBitReader)
        throws(PNGError) -> (HuffmanDecoder, HuffmanDecoder)
    {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286 else {
            throw .inflateInvalidCode("dynamic block declares \(literalCount) literal/length codes (max 286)")
        }
        guard distanceCount <= 30 else {
            throw .inflateInvalidCode("dynamic block declares \(distanceCount) distance codes (max 30)")
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for i in 0..<codeLengthCount {
            codeLengthLengths[DeflateTables.codeLengthOrder[i]] = UInt8(try reader.bits(3))
        }
        let codeLengthDecoder = try HuffmanDecoder(lengths: codeLengthLengths[...])

        let total = literalCount + distanceCount
        var lengths = [UInt8](repeating: 0, count: total)
        var index = 0
        // Bounded: each pass fills at least one entry of `lengths` or throws.
        while index < total {
            let symbol = try codeLengthDecoder.decode(&reader)
            var value: UInt8 = 0
            var repeatCount = 1
            switch symbol {
            case 0...15:
                value = UInt8(symbol)
            case 16:
                guard index > 0 else { throw .inflateInvalidCode("repeat code 16 with no previous length") }
                value = lengths[index - 1]
                repeatCount = 3 + (try reader.bits(2))
            case 17:
                repeatCount = 3 + (try reader.bits(3))
            case 18:
                repeatCount = 11 + (try reader.bits(7))
            default:
                throw .inflateInvalidCode("code-length symbol \(symbol)")
            }
            guard index + repeatCount <= total else {
                throw .inflateInvalidCode("code length repeat runs past the \(total) declared codes")
            }
            for _ in 0..<repeatCount {
                lengths[index] = value
                index += 1
            }
        }
        guard lengths[DeflateTables.endOfBlock] != 0 else {
            throw .inflateInvalidCode("dynamic block has no end-of-block code")
        }
        let literals = try HuffmanDecoder(lengths: lengths[0..<literalCount])
        let distances = try HuffmanDecoder(lengths: lengths[literalCount..<total])
        return (literals, distances)
    }

    /// Decodes literal/length and distance symbols until end-of-block.
    private static func huffmanBlock(_ reader: inout InflateBitReader, literals: HuffmanDecoder?,
                                     distances: HuffmanDecoder?, into output: inout [UInt8],
                                     maxOutput: Int) throws(PNGError) {
        guard let literals, let distances else { throw .inflateInvalidCode("fixed Huffman tables unavailable") }
        // Every symbol consumes at least one bit, so the input bounds the number of symbols.
        let maxSymbols = reader.remainingBits + 1
        for _ in 0..<maxSymbols {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < maxOutput else {
                    throw .dataSizeMismatch(expected: maxOutput, actual: maxOutput + 1)
                }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == DeflateTables.endOfBlock { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < DeflateTables.lengthBase.count else {
                throw .inflateInvalidCode("literal/length symbol \(symbol)")
            }
            let length = DeflateTables.lengthBase[lengthIndex]
                + (try reader.bits(DeflateTables.lengthExtraBits[lengthIndex]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < DeflateTables.distanceBase.count else {
                throw .inflateInvalidCode("distance symbol \(distanceSymbol)")
            }
            let distance = DeflateTables.distanceBase[distanceSymbol]
                + (try reader.bits(DeflateTables.distanceExtraBits[distanceSymbol]))
            guard distance <= output.count else {
                throw .inflateDistanceTooFarBack(distance: distance, available: output.count)
            }
            guard output.count + length <= maxOutput else {
                throw .dataSizeMismatch(expected: maxOutput, actual: maxOutput + 1)
            }
            // Byte by byte on purpose: a match may overlap its own output (distance < length).
            let start = output.count - distance
            for i in 0..<length {
                output.append(output[start + i])
            }
        }
        throw .zlibTruncated
    }
}
