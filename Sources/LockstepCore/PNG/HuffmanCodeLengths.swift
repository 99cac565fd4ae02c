/// Builds length-limited canonical Huffman codes for the encoder.
///
/// Deterministic by construction: symbols are ordered by (frequency, symbol number) before the
/// tree is built, so equal frequencies never depend on sort stability or hashing.
enum HuffmanCodeLengths {
    /// Optimal code lengths for `frequencies`, limited to `maxLength` bits.
    ///
    /// Unused symbols get length 0. The result is always a complete code with at least two
    /// symbols: when fewer than two are used, symbol 0 or 1 is added, because some inflaters
    /// (zlib among them, for code-length codes) reject a code with a single one-bit symbol.
    static func build(frequencies: [Int], maxLength: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        var used: [(frequency: Int, symbol: Int)] = []
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            used.append((frequency, symbol))
        }
        if used.count < 2 {
            // Pad to two one-bit codes: the used symbol (if any) and the lowest other symbol.
            let taken = used.first?.symbol ?? -1
            var symbol = 0
            while used.count < 2 && symbol < frequencies.count {
                if symbol != taken { used.append((1, symbol)) }
                symbol += 1
            }
            for entry in used { lengths[entry.symbol] = 1 }
            return lengths
        }
        used.sort { $0.frequency != $1.frequency ? $0.frequency < $1.frequency : $0.symbol < $1.symbol }

        // Two-queue Huffman construction: leaves 0..<m in ascending weight, internal nodes m...
        // are created in non-decreasing weight, so the two smallest are always at a queue head.
        let m = used.count
        var weight = [Int](repeating: 0, count: 2 * m - 1)
        var parent = [Int](repeating: 0, count: 2 * m - 1)
        for i in 0..<m { weight[i] = used[i].frequency }
        var nextLeaf = 0
        var nextInternal = m
        var created = m
        for _ in 0..<(m - 1) {
            var pair = [0, 0]
            for k in 0..<2 {
                // Ties go to the leaf, which keeps the tree shallower.
                if nextLeaf < m && (nextInternal >= created || weight[nextLeaf] <= weight[nextInternal]) {
                    pair[k] = nextLeaf
                    nextLeaf += 1
                } else {
                    pair[k] = nextInternal
                    nextInternal += 1
                }
            }
            weight[created] = weight[pair[0]] + weight[pair[1]]
            parent[pair[0]] = created
            parent[pair[1]] = created
            created += 1
        }
        // A parent is always created after its children, so walking down from the root (the last
        // node) sees every parent's depth before its children's.
        var depth = [Int](repeating: 0, count: 2 * m - 1)
        for node in stride(from: 2 * m - 3, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
        }

        // Limit the depth (miniz's method): clamp, then restore the Kraft equality by moving
        // codes down one level at a time. Each pass lowers `total` by exactly one.
        var countPerLength = [Int](repeating: 0, count: maxLength + 1)
        for leaf in 0..<m { countPerLength[min(depth[leaf], maxLength)] += 1 }
        var total = 0
        for length in 1...maxLength { total += countPerLength[length] << (maxLength - length) }
        let full = 1 << maxLength
        while total > full {
            countPerLength[maxLength] -= 1
            for length in stride(from: maxLength - 1, through: 1, by: -1) where countPerLength[length] != 0 {
                countPerLength[length] -= 1
                countPerLength[length + 1] += 2
                break
            }
            total -= 1
        }
        // Hand out lengths, longest to the rarest symbols.
        var leaf = 0
        for length in stride(from: maxLength, through: 1, by: -1) {
            for _ in 0..<countPerLength[length] where leaf < m {
                lengths[used[leaf].symbol] = UInt8(length)
                leaf += 1
            }
        }
        return lengths
    }

    /// The canonical codes (RFC 1951 3.2.2) for `lengths`, already bit-reversed so that
    /// `BitWriter.write(code, length)` sends them most-significant bit first as deflate requires.
    static func reversedCodes(lengths: [UInt8]) -> [Int] {
        var countPerLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + countPerLength[length - 1]) << 1
            nextCode[length] = code
        }
        var codes = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let value = nextCode[length]
            nextCode[length] += 1
            var reversed = 0
            for bit in 0..<length where value & (1 << bit) != 0 {
                reversed |= 1 << (length - 1 - bit)
            }
            codes[symbol] = reversed
        }
        return codes
    }
}
