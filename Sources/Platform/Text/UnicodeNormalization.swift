/// Canonical normalisation (NFD and NFC, Unicode Standard Annex #15) from Lockstep's pinned tables
/// (`UnicodeTables.version`), never from the toolchain's.
///
/// Why: Swift's `String ==` is canonical equivalence, but the bytes it keeps are whatever came in,
/// so NFC and NFD spellings of one word compare equal yet write different traces; and the tables
/// behind `String` comparison move with the compiler. A domain that stores, de-duplicates or writes
/// user text normalises it here (NFC at the boundary) so its goldens are byte-stable on every
/// toolchain. Compare results by their scalars or bytes, not with `String ==`.
///
/// The rules, as UAX #15 gives them:
/// - decomposition is canonical only (no compatibility mappings: `ﬁ` stays `ﬁ`), applied
///   recursively; Hangul syllables decompose by arithmetic into L V (T) jamo;
/// - canonical ordering: each run of non-starters (combining class ≠ 0) is stably sorted by class,
///   so marks of equal class keep their order;
/// - composition (NFC): each scalar joins the last starter before it when it is not blocked (no
///   scalar between them of class 0 or of a class ≥ its own) and the pair has a primary composite;
///   composition exclusions (U+0958), singletons (U+212B) and non-starter decompositions (U+0344)
///   are never composed to. Hangul L+V and LV+T compose by arithmetic.
///
/// Limit: at most `maxScalars` scalars of input; more is a precondition failure (a trap), since a
/// domain's text is titles and tags, and an unbounded input would make one step's cost unbounded.
/// The output can be longer than the input (a decomposition is at most four scalars per input
/// scalar, so NFD of the largest input is under 4,000,000 scalars).
public enum UnicodeNormalization {
    /// The most scalars one call accepts.
    public static let maxScalars = 1_000_000

    /// Runs of non-starters longer than this are ordered by sorting (class, position) keys rather than
    /// by insertion, so a long run costs n log n, not n².
    static let insertionSortLimit = 16

    /// `s` in Normalization Form D (canonical decomposition, canonical order).
    public static func nfd(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) {   // ASCII is its own NFD
            precondition(s.utf8.count <= maxScalars, "Unicode normalisation takes at most \(maxScalars) scalars")
            return s
        }
        return text(decomposed(values(s.unicodeScalars)))
    }

    /// `s` in Normalization Form C (NFD, then canonical composition).
    public static func nfc(_ s: String) -> String {
        let v = values(s.unicodeScalars)
        if isQuickNFC(v) { return s }
        var d = decomposed(v)
        compose(&d)
        return text(d)
    }

    /// The NFD of `scalars`.
    public static func nfdScalars(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        self.scalars(decomposed(values(scalars)))
    }

    /// The NFC of `scalars`.
    public static func nfcScalars(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        var d = decomposed(values(scalars))
        compose(&d)
        return self.scalars(d)
    }

    /// The canonical combining class of `scalar` in the pinned tables (0 for starters).
    public static func combiningClass(of scalar: Unicode.Scalar) -> UInt8 {
        UnicodeLookup.combiningClass(scalar.value)
    }

    // MARK: - The work, on scalar values

    /// The scalar values of `scalars`, enforcing `maxScalars`.
    static func values(_ scalars: some Sequence<Unicode.Scalar>) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            out.append(scalar.value)
            precondition(out.count <= maxScalars, "Unicode normalisation takes at most \(maxScalars) scalars")
        }
        return out
    }

    /// Whether `v` is certainly its own NFC: every scalar is below the generator's quick-check
    /// bound (starters that are their own NFC and never the second of a pair).
    static func isQuickNFC(_ v: [UInt32]) -> Bool {
        for x in v where x >= UnicodeTables.nfcQuickCheckBelow { return false }
        return true
    }

    /// Full canonical decomposition in canonical order.
    static func decomposed(_ v: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(v.count)
        for x in v { UnicodeLookup.appendDecomposition(of: x, to: &out) }
        canonicalOrder(&out)
        return out
    }

    /// Stably sorts every run of non-starters by combining class.
    static func canonicalOrder(_ v: inout [UInt32]) {
        var i = 0
        while i < v.count {
            guard UnicodeLookup.combiningClass(v[i]) != 0 else { i += 1; continue }
            var end = i + 1
            while end < v.count && UnicodeLookup.combiningClass(v[end]) != 0 { end += 1 }
            if end - i > 1 { orderRun(&v, i..<end) }
            i = end
        }
    }

    /// Sorts one run of non-starters by class, keeping the order of equal classes.
    static func orderRun(_ v: inout [UInt32], _ run: Range<Int>) {
        if run.count <= insertionSortLimit {
            var classes = v[run].map(UnicodeLookup.combiningClass)
            for j in 1..<classes.count {
                var k = j
                while k > 0 && classes[k - 1] > classes[k] {   // strict: equal classes never swap
                    classes.swapAt(k - 1, k)
                    v.swapAt(run.lowerBound + k - 1, run.lowerBound + k)
                    k -= 1
                }
            }
            return
        }
        // Keys (class, position within the run) are distinct, so any sort of them is stable.
        let keys = run.map { UInt64(UnicodeLookup.combiningClass(v[$0])) << 32 | UInt64($0 - run.lowerBound) }.sorted()
        let original = Array(v[run])
        for (j, key) in keys.enumerated() { v[run.lowerBound + j] = original[Int(key & 0xFFFF_FFFF)] }
    }

    /// Canonical composition of a decomposed, canonically ordered `d`, in place.
    static func compose(_ d: inout [UInt32]) {
        var write = 0
        var starter = -1              // index in the output of the last starter, -1 before the first
        var lastClass: UInt8 = 0      // combining class of d[write - 1]
        for read in 0..<d.count {
            let c = d[read]
            let cc = UnicodeLookup.combiningClass(c)
            if starter >= 0 {
                // Blocked: something between the starter and c has class 0 or a class ≥ c's.
                // In canonical order the last kept scalar has the highest class of those between.
                let blocked = starter != write - 1 && (lastClass == 0 || lastClass >= cc)
                if !blocked, let composite = UnicodeLookup.composite(d[starter], c) {
                    d[starter] = composite
                    continue
                }
            }
            if cc == 0 { starter = write }
            d[write] = c
            write += 1
            lastClass = cc
        }
        d.removeLast(d.count - write)
    }

    /// The scalars of values that came from scalars or the tables (all valid).
    static func scalars(_ v: [UInt32]) -> [Unicode.Scalar] {
        v.map { Unicode.Scalar($0) ?? "\u{FFFD}" }
    }

    /// A string of the scalar values, encoded as UTF-8 directly (no `String` normalisation is
    /// involved in building it: the bytes are exactly these scalars).
    static func text(_ v: [UInt32]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(v.count * 2)
        for x in v {
            switch x {
            case ..<0x80:
                bytes.append(UInt8(truncatingIfNeeded: x))
            case ..<0x800:
                bytes.append(UInt8(truncatingIfNeeded: 0xC0 | x >> 6))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | x & 0x3F))
            case ..<0x1_0000:
                bytes.append(UInt8(truncatingIfNeeded: 0xE0 | x >> 12))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | x >> 6 & 0x3F))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | x & 0x3F))
            default:
                bytes.append(UInt8(truncatingIfNeeded: 0xF0 | x >> 18))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | x >> 12 & 0x3F))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | x >> 6 & 0x3F))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | x & 0x3F))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
