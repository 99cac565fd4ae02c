/// A deflate compressor (RFC 1951): LZ77 over a 32 KiB window with hash chains and one-step lazy
/// matching (as zlib does), then per block the smallest of stored, fixed or dynamic Huffman.
///
/// The output is a pure function of the input: all parameters below are constants, ties are
/// broken by fixed rules, and nothing depends on addresses, hashing seeds or the clock. Changing
/// any constant changes every PNG Lockstep writes (and so its goldens) — which is why they are
/// not configurable.
enum Deflate {
    /// Most hash-chain entries examined per match search: bounds the time per byte.
    static let maxChainLength = 128
    /// Once the previous match is at least this long, search only a quarter of the chain.
    static let goodLength = 8
    /// A match this long is taken without searching further.
    static let niceLength = 128
    /// A match at least this long is taken without trying the next position (lazy matching).
    static let lazyLength = 32
    /// A 3-byte match farther back than this costs more bits than three literals; ignore it.
    static let tooFarForMinMatch = 4_096
    /// Tokens per block: the Huffman codes adapt at each block boundary.
    static let tokensPerBlock = 16_384

    private static let hashBits = 15
    private static let windowMask = DeflateTables.windowSize - 1

    /// The raw deflate stream (no zlib header) for `data`.
    static func compress(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        let n = data.count
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: DeflateTables.windowSize)
        var tokens: [UInt32] = []
        tokens.reserveCapacity(tokensPerBlock)
        var blockStart = 0 // first input byte covered by `tokens`
        var covered = 0 // input bytes covered by tokens emitted so far

        @inline(__always)
        func hash(_ p: Int) -> Int {
            let v = UInt32(data[p]) << 16 | UInt32(data[p + 1]) << 8 | UInt32(data[p + 2])
            return Int((v &* 2_654_435_761) >> UInt32(32 - hashBits))
        }
        /// Records that position `p` starts the 3 bytes it hashes to; returns the previous head.
        @inline(__always)
        func insert(_ p: Int) -> Int {
            guard p + DeflateTables.minMatch <= n else { return -1 }
            let h = hash(p)
            let candidate = Int(head[h])
            previous[p & windowMask] = Int32(candidate)
            head[h] = Int32(p)
            return candidate
        }
        /// Longest match for position `p` starting from chain head `first`, if it beats `atLeast`.
        func longestMatch(_ p: Int, first: Int, atLeast: Int) -> (length: Int, distance: Int) {
            let maxLength = min(DeflateTables.maxMatch, n - p)
            var best = atLeast
            var bestDistance = 0
            guard maxLength >= DeflateTables.minMatch, best < maxLength else { return (0, 0) }
            var candidate = first
            let chain = atLeast >= goodLength ? maxChainLength / 4 : maxChainLength
            for _ in 0..<chain {
                let distance = p - candidate
                guard candidate >= 0, distance > 0, distance <= DeflateTables.windowSize else { break }
                // Cheap rejection: a longer match must agree at index `best` first.
                if data[candidate + best] == data[p + best] && data[candidate] == data[p] {
                    var length = 0
                    while length < maxLength && data[candidate + length] == data[p + length] { length += 1 }
                    if length > best {
                        best = length
                        bestDistance = distance
                        if length >= niceLength || length == maxLength { break }
                    }
                }
                let next = Int(previous[candidate & windowMask])
                // The slot may have been reused by a newer position; chains only go backwards.
                guard next < candidate else { break }
                candidate = next
            }
            if bestDistance == 0 { return (0, 0) }
            if best == DeflateTables.minMatch && bestDistance > tooFarForMinMatch { return (0, 0) }
            return (best, bestDistance)
        }
        func emit(_ token: UInt32, covering length: Int) {
            tokens.append(token)
            covered += length
            if tokens.count >= tokensPerBlock {
                DeflateBlockWriter.write(tokens: tokens, raw: data[blockStart..<covered], isFinal: false, to: &writer)
                tokens.removeAll(keepingCapacity: true)
                blockStart = covered
            }
        }

        // Lazy matching: a match found at p - 1 is emitted only if p does not start a longer one.
        var pendingLength = 0 // match found at p - 1 (0: none)
        var pendingDistance = 0
        var hasPending = false // whether position p - 1 is still unemitted
        var p = 0
        // Bounded: p grows by at least one per pass.
        for _ in 0...n {
            guard p < n else { break }
            let first = insert(p)
            var length = 0
            var distance = 0
            if first >= 0 && pendingLength < lazyLength {
                (length, distance) = longestMatch(p, first: first, atLeast: hasPending ? max(pendingLength, 2) : 2)
            }
            if hasPending && pendingLength >= DeflateTables.minMatch && length <= pendingLength {
                emit(DeflateBlockWriter.match(length: pendingLength, distance: pendingDistance), covering: pendingLength)
                // Positions inside the match still go into the chains, for later matches.
                let end = p - 1 + pendingLength
                for q in (p + 1)..<max(p + 1, end) { _ = insert(q) }
                p = end
                hasPending = false
                pendingLength = 0
            } else {
                if hasPending { emit(DeflateBlockWriter.literal(data[p - 1]), covering: 1) }
                hasPending = true
                pendingLength = length
                pendingDistance = distance
                p += 1
            }
        }
        if hasPending {
            if pendingLength >= DeflateTables.minMatch {
                emit(DeflateBlockWriter.match(length: pendingLength, distance: pendingDistance), covering: pendingLength)
            } else {
                emit(DeflateBlockWriter.literal(data[n - 1]), covering: 1)
            }
        }
        DeflateBlockWriter.write(tokens: tokens, raw: data[blockStart..<covered], isFinal: true, to: &writer)
        writer.alignToByte()
        return writer.bytes
    }
}
