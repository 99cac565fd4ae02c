/// General_Category questions and lowercasing answered from Lockstep's pinned Unicode tables
/// (`UnicodeTables.version`), never from the toolchain's: `Character.isLetter`,
/// `Unicode.Scalar.Properties` and `String.lowercased()` move with the compiler, so a trace that
/// filtered or lowered text with them could change on an upgrade.
///
/// - `isLetter`: General_Category L* (Lu Ll Lt Lm Lo). Not Swift's `Character.isLetter`, which is
///   the Alphabetic property of the first scalar (it also counts Nl such as `Ⅻ` and some marks).
/// - `isNumber`: General_Category N* (Nd, Nl such as `Ⅻ` U+216B, No such as `½`). Swift's
///   `Character.isNumber` is `numericType != nil`, which also counts CJK numerals like `三` (Lo,
///   so they are letters here).
/// - `isMark`: General_Category M* (Mn Mc Me): the scalars that continue a base letter.
/// - `lowercased`: each scalar's context-free lowercase mapping (UnicodeData.txt's simple mapping,
///   plus SpecialCasing.txt's one unconditional entry, `İ` U+0130 → `i` U+0307). No Final_Sigma
///   rule (`ΟΔΟΣ` lowers to `οδοσ`, as Swift's `lowercased()` does), no locale (no Turkish or
///   Lithuanian rules), no normalisation of the result.
///
/// Scalars not assigned in the pinned version are none of letter, number or mark, and lower to
/// themselves.
public enum UnicodeProperties {
    /// Whether `scalar` is a letter: General_Category Lu, Ll, Lt, Lm or Lo.
    public static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return (v | 0x20) &- 0x61 < 26 }
        return inRanges(v, UnicodeTables.letterRanges)
    }

    /// Whether `scalar` is a number: General_Category Nd, Nl or No.
    public static func isNumber(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return v &- 0x30 < 10 }
        return inRanges(v, UnicodeTables.numberRanges)
    }

    /// Whether `scalar` is a mark: General_Category Mn, Mc or Me.
    public static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < UnicodeLookup.firstCombining { return false }
        return inRanges(v, UnicodeTables.markRanges)
    }

    /// `s` with every scalar replaced by its lowercase mapping (one to three scalars).
    ///
    /// Limit: at most `UnicodeNormalization.maxScalars` scalars of input (a trap otherwise), like
    /// the other text functions: a domain's texts are tags and titles.
    public static func lowercased(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) {   // ASCII: A–Z only
            precondition(s.utf8.count <= UnicodeNormalization.maxScalars,
                         "Unicode lowercasing takes at most \(UnicodeNormalization.maxScalars) scalars")
            return String(decoding: s.utf8.map { $0 &- 0x41 < 26 ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        var out = String.UnicodeScalarView()
        for x in lowercaseScalars(s.unicodeScalars) { out.append(x) }
        return String(out)
    }

    /// The lowercase mapping of each scalar of `scalars`, in order.
    public static func lowercaseScalars(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var count = 0
        for x in scalars {
            count += 1
            precondition(count <= UnicodeNormalization.maxScalars,
                         "Unicode lowercasing takes at most \(UnicodeNormalization.maxScalars) scalars")
            appendLowercase(of: x, to: &out)
        }
        return out
    }

    /// Appends the lowercase mapping of `x` (itself when it has none).
    static func appendLowercase(of x: Unicode.Scalar, to out: inout [Unicode.Scalar]) {
        let v = x.value
        if v < 0x80 {
            out.append(v &- 0x41 < 26 ? Unicode.Scalar(UInt8(v + 0x20)) : x)
            return
        }
        guard let i = UnicodeLookup.index(of: v, in: UnicodeTables.lowercaseKeys) else {
            out.append(x)
            return
        }
        var packed = UnicodeTables.lowercaseValues[i]
        while packed != 0 {
            // Every packed value came from a scalar in the generator, so each part is valid.
            if let part = Unicode.Scalar(UInt32(truncatingIfNeeded: packed & 0x1F_FFFF)) { out.append(part) }
            packed >>= 21
        }
    }

    /// Whether `v` lies in one of the inclusive `first`, `last` pairs of `table`.
    static func inRanges(_ v: UInt32, _ table: [UInt32]) -> Bool {
        guard let i = UnicodeLookup.lastRange(in: table, startingAtOrBelow: v, firstOf: { $0 }) else { return false }
        return v <= table[i + 1]
    }
}
