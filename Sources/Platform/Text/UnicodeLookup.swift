/// The per-scalar questions normalisation and folding ask, answered from `UnicodeTables` (Lockstep's
/// pinned Unicode data) by binary search, never from the toolchain's own tables. Hangul syllables
/// are computed (Unicode §3.12), as the tables leave them out.
///
/// Scalars are `UInt32` values here: the callers work on arrays of them, and every value they hold
/// came from a `Unicode.Scalar` or from the tables, so each is a valid scalar.
enum UnicodeLookup {
    // Hangul syllable arithmetic (Unicode §3.12, "Conjoining Jamo Behavior").
    static let hangulSBase: UInt32 = 0xAC00
    static let hangulLBase: UInt32 = 0x1100
    static let hangulVBase: UInt32 = 0x1161
    static let hangulTBase: UInt32 = 0x11A7
    static let hangulLCount: UInt32 = 19
    static let hangulVCount: UInt32 = 21
    static let hangulTCount: UInt32 = 28
    static let hangulNCount: UInt32 = hangulVCount * hangulTCount
    static let hangulSCount: UInt32 = hangulLCount * hangulNCount

    /// The first scalar with a non-zero combining class (U+0300): below it the table is not read.
    static let firstCombining: UInt32 = 0x300

    /// The canonical combining class of `v` (0 for starters and unassigned scalars).
    static func combiningClass(_ v: UInt32) -> UInt8 {
        if v < firstCombining { return 0 }
        let table = UnicodeTables.combiningClassRanges
        guard let i = lastRange(in: table, startingAtOrBelow: v, firstOf: { $0 >> 8 }) else { return 0 }
        return v <= table[i + 1] ? UInt8(truncatingIfNeeded: table[i]) : 0
    }

    /// Whether search folding drops `v`: General_Category Mn or Me (see `SearchFolding`).
    static func isStrippedMark(_ v: UInt32) -> Bool {
        if v < firstCombining { return false }
        let table = UnicodeTables.strippedMarkRanges
        guard let i = lastRange(in: table, startingAtOrBelow: v, firstOf: { $0 }) else { return false }
        return v <= table[i + 1]
    }

    /// One level of canonical decomposition of a non-Hangul scalar, packed as the table packs it
    /// (first scalar in the low 21 bits, the second above it, 0 for none); nil when there is none.
    static func decomposition(_ v: UInt32) -> UInt64? {
        if v < UnicodeTables.nfdQuickCheckBelow { return nil }
        let keys = UnicodeTables.decompositionKeys
        guard let i = index(of: v, in: keys) else { return nil }
        return UnicodeTables.decompositionValues[i]
    }

    /// Appends the full canonical decomposition of `v` (recursive, Hangul by arithmetic), not yet
    /// in canonical order.
    static func appendDecomposition(of v: UInt32, to out: inout [UInt32]) {
        if v &- hangulSBase < hangulSCount {
            let s = v - hangulSBase
            out.append(hangulLBase + s / hangulNCount)
            out.append(hangulVBase + (s % hangulNCount) / hangulTCount)
            let t = s % hangulTCount
            if t != 0 { out.append(hangulTBase + t) }
            return
        }
        guard let packed = decomposition(v) else {
            out.append(v)
            return
        }
        // Canonical mappings are at most two scalars, and each level is a few deep at most.
        appendDecomposition(of: UInt32(truncatingIfNeeded: packed & 0x1F_FFFF), to: &out)
        let second = UInt32(truncatingIfNeeded: packed >> 21 & 0x1F_FFFF)
        if second != 0 { appendDecomposition(of: second, to: &out) }
    }

    /// The primary composite of the pair, or nil: Hangul LV and LVT by arithmetic, the rest from
    /// the table (which holds no composition exclusions).
    static func composite(_ first: UInt32, _ second: UInt32) -> UInt32? {
        if first &- hangulLBase < hangulLCount && second &- hangulVBase < hangulVCount {
            return hangulSBase + ((first - hangulLBase) * hangulVCount + (second - hangulVBase)) * hangulTCount
        }
        if first &- hangulSBase < hangulSCount && (first - hangulSBase) % hangulTCount == 0
            && second &- (hangulTBase + 1) < hangulTCount - 1 {
            return first + (second - hangulTBase)
        }
        if second < UnicodeTables.nfcQuickCheckBelow { return nil }
        let key = UInt64(first) << 21 | UInt64(second)
        guard let i = index(of: key, in: UnicodeTables.compositionKeys) else { return nil }
        return UnicodeTables.compositionValues[i]
    }

    /// Appends the full case folding of `v` (one to three scalars; `v` itself when it has none).
    static func appendCaseFolding(of v: UInt32, to out: inout [UInt32]) {
        if v < 0x80 {
            out.append(v &- 0x41 < 26 ? v + 0x20 : v)
            return
        }
        guard let i = index(of: v, in: UnicodeTables.caseFoldingKeys) else {
            out.append(v)
            return
        }
        var packed = UnicodeTables.caseFoldingValues[i]
        while packed != 0 {
            out.append(UInt32(truncatingIfNeeded: packed & 0x1F_FFFF))
            packed >>= 21
        }
    }

    /// The index of `key` in the ascending `keys`, or nil.
    static func index<Key: BinaryInteger>(of key: Key, in keys: [Key]) -> Int? {
        var lo = 0
        var hi = keys.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < keys.count && keys[lo] == key ? lo : nil
    }

    /// In a table of ranges stored as pairs of words (the first word giving the range's start
    /// through `firstOf`), the word index of the last range starting at or below `v`, or nil.
    static func lastRange(in table: [UInt32], startingAtOrBelow v: UInt32, firstOf: (UInt32) -> UInt32) -> Int? {
        var lo = 0
        var hi = table.count / 2
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if firstOf(table[2 * mid]) <= v { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : 2 * (lo - 1)
    }
}
