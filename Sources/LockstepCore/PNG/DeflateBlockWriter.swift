/// Encodes one run of LZ77 tokens as a deflate block, choosing whichever of stored, fixed-Huffman
/// or dynamic-Huffman is smallest (ties go to dynamic, then fixed: a fixed rule, so the choice
/// is deterministic).
enum DeflateBlockWriter {
    /// A token is a literal byte (`< 256`) or a match: `matchFlag | length << 16 | distance`.
    static let matchFlag: UInt32 = 0x8000_0000

    static func literal(_ byte: UInt8) -> UInt32 { UInt32(byte) }
    static func match(length: Int, distance: Int) -> UInt32 {
        matchFlag | UInt32(length) << 16 | UInt32(distance)
    }

    /// Literal/length symbol (257...285) for each match length 0...258 (entries below 3 unused).
    static let lengthSymbol: [UInt16] = {
        var table = [UInt16](repeating: 0, count: DeflateTables.maxMatch + 1)
        for symbol in 0..<DeflateTables.lengthBase.count {
            let base = DeflateTables.lengthBase[symbol]
            let end = symbol + 1 < DeflateTables.lengthBase.count ? DeflateTables.lengthBase[symbol + 1] : base + 1
            for length in base..<min(end, DeflateTables.maxMatch + 1) { table[length] = UInt16(257 + symbol) }
        }
        // 258 has its own symbol (285), not the 227...257 range's 284 with extra bits 31.
        table[DeflateTables.maxMatch] = 285
        return table
    }()

    /// Distance symbol (0...29) for each distance 0...32768 (entry 0 unused).
    static let distanceSymbol: [UInt8] = {
        var table = [UInt8](repeating: 0, count: DeflateTables.windowSize + 1)
        for symbol in 0..<DeflateTables.distanceBase.count {
            let base = DeflateTables.distanceBase[symbol]
            let end = base + (1 << DeflateTables.distanceExtraBits[symbol])
            for distance in base..<min(end, DeflateTables.windowSize + 1) { table[distance] = UInt8(symbol) }
        }
        return table
    }()

    /// Appends the block for `tokens`, which encode exactly `raw` (needed for a stored block).
    static func write(tokens: [UInt32], raw: ArraySlice<UInt8>, isFinal: Bool, to writer: inout BitWriter) {
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        for token in tokens {
            if token & matchFlag == 0 {
                literalFrequencies[Int(token)] += 1
            } else {
                literalFrequencies[Int(lengthSymbol[Int(token >> 16 & 0x1FF)])] += 1
                distanceFrequencies[Int(distanceSymbol[Int(token & 0xFFFF)])] += 1
            }
        }
        literalFrequencies[DeflateTables.endOfBlock] = 1

        let literalLengths = HuffmanCodeLengths.build(frequencies: literalFrequencies, maxLength: DeflateTables.maxCodeLength)
        let distanceLengths = HuffmanCodeLengths.build(frequencies: distanceFrequencies, maxLength: DeflateTables.maxCodeLength)
        let header = DynamicHeader(literalLengths: literalLengths, distanceLengths: distanceLengths)

        // Extra bits are the same whichever Huffman code is used, so count them once.
        var extraBits = 0
        for symbol in 0..<DeflateTables.lengthExtraBits.count {
            extraBits += literalFrequencies[257 + symbol] * DeflateTables.lengthExtraBits[symbol]
        }
        for symbol in 0..<30 { extraBits += distanceFrequencies[symbol] * DeflateTables.distanceExtraBits[symbol] }
        let dynamicBits = 3 + header.bitCount + extraBits
            + cost(literalFrequencies, literalLengths) + cost(distanceFrequencies, distanceLengths)
        let fixedBits = 3 + extraBits + cost(literalFrequencies, DeflateTables.fixedLiteralLengths)
            + cost(distanceFrequencies, DeflateTables.fixedDistanceLengths)
        // Stored: per 65535-byte piece, 3 header bits padded to a byte (at most 7 more) and LEN/NLEN.
        let storedPieces = max(1, (raw.count + 65_534) / 65_535)
        let storedBits = storedPieces * (3 + 7 + 32) + raw.count * 8

        if storedBits < dynamicBits && storedBits < fixedBits {
            writeStored(raw, isFinal: isFinal, to: &writer)
        } else if fixedBits < dynamicBits {
            writer.write(isFinal ? 1 : 0, 1)
            writer.write(1, 2)
            writeTokens(tokens, literalLengths: DeflateTables.fixedLiteralLengths,
                        distanceLengths: DeflateTables.fixedDistanceLengths, to: &writer)
        } else {
            writer.write(isFinal ? 1 : 0, 1)
            writer.write(2, 2)
            header.write(to: &writer)
            writeTokens(tokens, literalLengths: literalLengths, distanceLengths: distanceLengths, to: &writer)
        }
    }

    /// Bits for the Huffman codes alone: sum of frequency times code length.
    private static func cost(_ frequencies: [Int], _ lengths: [UInt8]) -> Int {
        var bits = 0
        for symbol in 0..<min(frequencies.count, lengths.count) { bits += frequencies[symbol] * Int(lengths[symbol]) }
        return bits
    }

    /// One or more stored blocks (each holds at most 65535 bytes); only the last may be final.
    private static func writeStored(_ raw: ArraySlice<UInt8>, isFinal: Bool, to writer: inout BitWriter) {
        var start = raw.startIndex
        // Bounded: at least one piece, then each pass consumes up to 65535 bytes.
        repeat {
            let end = min(start + 65_535, raw.endIndex)
            writer.write(isFinal && end == raw.endIndex ? 1 : 0, 1)
            writer.write(0, 2)
            writer.alignToByte()
            let length = end - start
            writer.write(length, 16)
            writer.write(~length & 0xFFFF, 16)
            writer.writeBytes(raw[start..<end])
            start = end
        } while start < raw.endIndex
    }

    /// The tokens in the given codes, then end-of-block.
    private static func writeTokens(_ tokens: [UInt32], literalLengths: [UInt8], distanceLengths: [UInt8],
                                    to writer: inout BitWriter) {
        let literalCodes = HuffmanCodeLengths.reversedCodes(lengths: literalLengths)
        let distanceCodes = HuffmanCodeLengths.reversedCodes(lengths: distanceLengths)
        for token in tokens {
            if token & matchFlag == 0 {
                writer.write(literalCodes[Int(token)], Int(literalLengths[Int(token)]))
                continue
            }
            let length = Int(token >> 16 & 0x1FF)
            let distance = Int(token & 0xFFFF)
            let symbol = Int(lengthSymbol[length])
            writer.write(literalCodes[symbol], Int(literalLengths[symbol]))
            let lengthIndex = symbol - 257
            writer.write(length - DeflateTables.lengthBase[lengthIndex], DeflateTables.lengthExtraBits[lengthIndex])
            let distanceIndex = Int(distanceSymbol[distance])
            writer.write(distanceCodes[distanceIndex], Int(distanceLengths[distanceIndex]))
            writer.write(distance - DeflateTables.distanceBase[distanceIndex], DeflateTables.distanceExtraBits[distanceIndex])
        }
        writer.write(literalCodes[DeflateTables.endOfBlock], Int(literalLengths[DeflateTables.endOfBlock]))
    }
}

/// The header of a dynamic block (RFC 1951 3.2.7): both code-length lists, run-length encoded
/// with symbols 16/17/18 and themselves Huffman coded.
private struct DynamicHeader {
    let literalCount: Int
    let distanceCount: Int
    /// Run-length symbols 0...18 with their extra-bit values.
    let runs: [(symbol: Int, extra: Int)]
    let codeLengthLengths: [UInt8]
    let codeLengthCount: Int
    /// Size of the header after the 3 block-type bits.
    let bitCount: Int

    init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
        var literalCount = 286
        while literalCount > 257 && literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        var distanceCount = 30
        while distanceCount > 1 && distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }
        let all = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])

        var runs: [(symbol: Int, extra: Int)] = []
        var i = 0
        // Bounded: each pass consumes `run >= 1` entries.
        while i < all.count {
            let value = all[i]
            var run = 1
            while i + run < all.count && all[i + run] == value && run < 138 { run += 1 }
            if value == 0 && run >= 11 {
                runs.append((18, run - 11))
            } else if value == 0 && run >= 3 {
                runs.append((17, run - 3))
            } else if value == 0 {
                for _ in 0..<run { runs.append((0, 0)) }
            } else {
                runs.append((Int(value), 0))
                var remaining = run - 1
                while remaining >= 3 {
                    let chunk = min(6, remaining)
                    runs.append((16, chunk - 3))
                    remaining -= chunk
                }
                for _ in 0..<remaining { runs.append((Int(value), 0)) }
            }
            i += run
        }

        var frequencies = [Int](repeating: 0, count: 19)
        for run in runs { frequencies[run.symbol] += 1 }
        let codeLengthLengths = HuffmanCodeLengths.build(frequencies: frequencies,
                                                         maxLength: DeflateTables.maxCodeLengthCodeLength)
        var codeLengthCount = 19
        while codeLengthCount > 4 && codeLengthLengths[DeflateTables.codeLengthOrder[codeLengthCount - 1]] == 0 {
            codeLengthCount -= 1
        }
        var bits = 5 + 5 + 4 + 3 * codeLengthCount
        for run in runs {
            bits += Int(codeLengthLengths[run.symbol])
            switch run.symbol {
            case 16: bits += 2
            case 17: bits += 3
            case 18: bits += 7
            default: break
            }
        }
        self.literalCount = literalCount
        self.distanceCount = distanceCount
        self.runs = runs
        self.codeLengthLengths = codeLengthLengths
        self.codeLengthCount = codeLengthCount
        self.bitCount = bits
    }

    func write(to writer: inout BitWriter) {
        writer.write(literalCount - 257, 5)
        writer.write(distanceCount - 1, 5)
        writer.write(codeLengthCount - 4, 4)
        for i in 0..<codeLengthCount {
            writer.write(Int(codeLengthLengths[DeflateTables.codeLengthOrder[i]]), 3)
        }
        let codes = HuffmanCodeLengths.reversedCodes(lengths: codeLengthLengths)
        for run in runs {
            writer.write(codes[run.symbol], Int(codeLengthLengths[run.symbol]))
            switch run.symbol {
            case 16: writer.write(run.extra, 2)
            case 17: writer.write(run.extra, 3)
            case 18: writer.write(run.extra, 7)
            default: break
            }
        }
    }
}
