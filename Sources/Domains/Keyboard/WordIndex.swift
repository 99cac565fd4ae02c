/// Half-open range of entry indices whose word starts with a prefix, plus the probe count.
struct PrefixRange: Equatable, Sendable {
    var lowerBound: Int
    var upperBound: Int
    /// Binary-search probes (both bounds), fed to the latency cost model.
    var probes: Int
    var count: Int { upperBound - lowerBound }
}

struct WordIndexEntry: Equatable, Sendable {
    var word: String
    var frequency: UInt32
    var flags: UInt16
}

/// Validated, read-only view of a word index file (item 8).
///
/// WHY validate once: every offset, length and the sort order are checked in `init`, so
/// queries read with unchecked `loadUnaligned` — a bounds test per field on the hot path
/// would cost more than the search. Sortedness is fully verified (O(n) once).
struct WordIndex: Sendable {
    static let maxSuggestions = 3

    private let bytes: [UInt8]
    let entryCount: Int
    private let stringsOffset: Int
    private let entriesOffset: Int

    init(bytes: [UInt8]) throws(WordIndexError) {
        typealias F = WordIndexFormat
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count >= F.headerBytes else { throw .shortHeader(minimumBytes: F.headerBytes) }
        guard Array(bytes[0..<4]) == F.magic else { throw .badMagic }
        let version = Self.checkedU16(bytes, F.versionOffset)
        guard version == F.version else { throw .badVersion(found: version) }
        let count = Int(Self.checkedU32(bytes, F.entryCountOffset))
        guard count <= F.maxEntries else { throw .tooManyEntries(limit: F.maxEntries) }
        let strings = Int(Self.checkedU32(bytes, F.stringsOffsetOffset))
        let entries = Int(Self.checkedU32(bytes, F.entriesOffsetOffset))
        // u32 values and count ≤ 1e6 keep these sums far from Int overflow on 64-bit.
        guard entries >= F.headerBytes, entries + count * F.entryBytes <= bytes.count else {
            throw .entriesOutOfRange
        }
        guard strings >= F.headerBytes, strings <= bytes.count else { throw .stringOutOfRange(entryIndex: 0) }
        var previous: ArraySlice<UInt8>? = nil
        for i in 0..<count {
            let base = entries + i * F.entryBytes
            let offset = Int(Self.checkedU32(bytes, base + F.entryWordOffset))
            let length = Int(Self.checkedU16(bytes, base + F.entryWordLength))
            guard length <= F.maxWordBytes else { throw .wordTooLong(entryIndex: i, limit: F.maxWordBytes) }
            let start = strings + offset
            guard start + length <= bytes.count else { throw .stringOutOfRange(entryIndex: i) }
            let word = bytes[start..<(start + length)]
            if let previous, !previous.lexicographicallyPrecedes(word) { throw .unsorted(entryIndex: i) }
            previous = word
        }
        self.bytes = bytes
        self.entryCount = count
        self.stringsOffset = strings
        self.entriesOffset = entries
    }

    /// Validation-time reads: return 0 past the end (callers have checked sizes anyway).
    private static func checkedU16(_ b: [UInt8], _ at: Int) -> UInt16 {
        guard at >= 0, at + 2 <= b.count else { return 0 }
        return UInt16(b[at]) | UInt16(b[at + 1]) << 8
    }

    private static func checkedU32(_ b: [UInt8], _ at: Int) -> UInt32 {
        guard at >= 0, at + 4 <= b.count else { return 0 }
        return UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }

    /// Entry `i`, or nil out of range (diagnostic accessor, not the hot path).
    func entry(at i: Int) -> WordIndexEntry? {
        guard i >= 0, i < entryCount else { return nil }
        return bytes.withUnsafeBytes { raw in
            let base = entriesOffset + i * WordIndexFormat.entryBytes
            return WordIndexEntry(word: word(raw, i),
                                  frequency: raw.loadUnaligned(fromByteOffset: base + WordIndexFormat.entryFrequency,
                                                               as: UInt32.self).littleEndian,
                                  flags: raw.loadUnaligned(fromByteOffset: base + WordIndexFormat.entryFlags,
                                                           as: UInt16.self).littleEndian)
        }
    }

    /// Binary search for [first word ≥ prefix, first word whose prefix-truncation > prefix).
    func prefixRange(_ prefix: String) -> PrefixRange {
        let p = Array(prefix.utf8)
        return bytes.withUnsafeBytes { raw in
            var probes = 0
            var lo = 0, hi = entryCount
            while lo < hi {
                let mid = lo + (hi - lo) / 2
                probes += 1
                if compare(raw, mid, p, truncate: false) < 0 { lo = mid + 1 } else { hi = mid }
            }
            let lower = lo
            hi = entryCount
            while lo < hi {
                let mid = lo + (hi - lo) / 2
                probes += 1
                if compare(raw, mid, p, truncate: true) <= 0 { lo = mid + 1 } else { hi = mid }
            }
            return PrefixRange(lowerBound: lower, upperBound: lo, probes: probes)
        }
    }

    /// Top `maxSuggestions` words in the prefix range by frequency; ties keep word order.
    func suggestions(_ prefix: String) -> [String] {
        suggestions(in: prefixRange(prefix))
    }

    func suggestions(in range: PrefixRange) -> [String] {
        guard range.lowerBound >= 0, range.upperBound <= entryCount, range.lowerBound < range.upperBound else {
            return []
        }
        return bytes.withUnsafeBytes { raw in
            var best: [(index: Int, frequency: UInt32)] = []
            for i in range.lowerBound..<range.upperBound {
                let f = frequency(raw, i)
                // Strictly greater displaces, so an earlier (smaller) word wins ties.
                let at = best.firstIndex(where: { f > $0.frequency }) ?? best.count
                if at < Self.maxSuggestions {
                    best.insert((i, f), at: at)
                    if best.count > Self.maxSuggestions { best.removeLast() }
                }
            }
            return best.map { word(raw, $0.index) }
        }
    }

    // MARK: hot-path readers — only called with indices < entryCount (validated ranges).

    private func fieldBase(_ i: Int) -> Int { entriesOffset + i * WordIndexFormat.entryBytes }

    private func frequency(_ raw: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
        raw.loadUnaligned(fromByteOffset: fieldBase(i) + WordIndexFormat.entryFrequency, as: UInt32.self).littleEndian
    }

    private func wordSpan(_ raw: UnsafeRawBufferPointer, _ i: Int) -> (start: Int, length: Int) {
        let base = fieldBase(i)
        let offset = Int(raw.loadUnaligned(fromByteOffset: base + WordIndexFormat.entryWordOffset,
                                           as: UInt32.self).littleEndian)
        let length = Int(raw.loadUnaligned(fromByteOffset: base + WordIndexFormat.entryWordLength,
                                           as: UInt16.self).littleEndian)
        return (stringsOffset + offset, length)
    }

    private func word(_ raw: UnsafeRawBufferPointer, _ i: Int) -> String {
        let span = wordSpan(raw, i)
        return String(decoding: UnsafeRawBufferPointer(rebasing: raw[span.start..<(span.start + span.length)]),
                      as: UTF8.self)
    }

    /// Lexicographic byte comparison of word `i` (optionally cut to the prefix length) with `p`.
    private func compare(_ raw: UnsafeRawBufferPointer, _ i: Int, _ p: [UInt8], truncate: Bool) -> Int {
        let span = wordSpan(raw, i)
        let length = truncate ? min(span.length, p.count) : span.length
        let shared = min(length, p.count)
        var k = 0
        while k < shared {
            let a = raw[span.start + k], b = p[k]
            if a != b { return a < b ? -1 : 1 }
            k += 1
        }
        return length == p.count ? 0 : (length < p.count ? -1 : 1)
    }
}
