/// Extended grapheme clusters by Lockstep's own rules, so a count of "characters" never moves when
/// the Swift toolchain updates its Unicode tables (`Character` follows the toolchain's).
///
/// The rules are UAX #29's, as far as Lockstep's pinned data (`UnicodeTables`, Unicode 14.0.0)
/// and a few fixed ranges written here can state them:
///
/// - GB3–GB5: CR × LF; a break around CR, LF and controls (Cc, U+2028, U+2029).
/// - GB6–GB8: Hangul L, V, T, LV, LVT sequences stay together (syllable types by arithmetic).
/// - GB9: no break before Extend or ZWJ. Extend is General_Category Mn or Me (the pinned table),
///   plus ZWNJ U+200C, the half-width voiced marks U+FF9E–FF9F (Other_Grapheme_Extend, so `ｶﾞ` is one
///   cluster), the emoji modifiers U+1F3FB–1F3FF and the tag characters U+E0020–E007F.
/// - GB11: an emoji ZWJ sequence stays together, with Extended_Pictographic approximated by the
///   fixed ranges of `isPictographic` (the symbol and emoji blocks).
/// - GB12–GB13: regional indicators pair up into flags.
///
/// Not modelled, because the pinned data has no table for them: SpacingMark (GB9a; an Indic
/// spacing vowel sign starts a cluster of its own here) and Prepend (GB9b). Neither touches a CJK
/// count: no scalar of `WordCount.cjkRanges` is a spacing mark or a prepend.
public enum PinnedGraphemes {
    enum Kind: Equatable {
        case cr, lf, control, extend, zwj, regional, l, v, t, lv, lvt, pictographic, other
    }

    static func kind(_ scalar: Unicode.Scalar) -> Kind {
        let v = scalar.value
        switch v {
        case 0x0D: return .cr
        case 0x0A: return .lf
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return .control
        case 0x200D: return .zwj
        case 0x200C, 0xFF9E, 0xFF9F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return .extend
        case 0x1F1E6...0x1F1FF: return .regional
        case 0x1100...0x115F, 0xA960...0xA97C: return .l
        case 0x1160...0x11A7, 0xD7B0...0xD7C6: return .v
        case 0x11A8...0x11FF, 0xD7CB...0xD7FB: return .t
        case 0xAC00...0xD7A3: return (v - 0xAC00) % 28 == 0 ? .lv : .lvt
        default:
            if UnicodeLookup.isStrippedMark(v) { return .extend }
            return isPictographic(v) ? .pictographic : .other
        }
    }

    /// The approximation of Extended_Pictographic used by GB11 (only for emoji ZWJ sequences).
    static func isPictographic(_ v: UInt32) -> Bool {
        switch v {
        case 0xA9, 0xAE, 0x203C, 0x2049, 0x2122, 0x2139, 0x2190...0x21FF, 0x2300...0x23FF,
             0x25A0...0x27BF, 0x2900...0x297F, 0x2B00...0x2BFF, 0x3030, 0x303D, 0x3297, 0x3299,
             0x1F000...0x1FAFF:
            return true
        default:
            return false
        }
    }

    /// The offsets (in `scalars`) where each cluster starts, ascending; empty for no scalars.
    public static func clusterStarts(_ scalars: [Unicode.Scalar]) -> [Int] {
        var starts: [Int] = []
        var previous: Kind? = nil
        var regionalRun = 0          // regional indicators in a row so far
        var pictographicBase = false  // the cluster so far is ExtPict Extend* (GB11's left side)
        var joinedAfterPictograph = false
        for (i, scalar) in scalars.enumerated() {
            let k = kind(scalar)
            if let p = previous, !breaks(p, k, regionalRun: regionalRun, joinedAfterPictograph: joinedAfterPictograph) {
                // Same cluster.
            } else {
                starts.append(i)
                pictographicBase = false
            }
            switch k {
            case .regional: regionalRun = previous == .regional ? regionalRun + 1 : 1
            default: regionalRun = 0
            }
            if k == .pictographic { pictographicBase = true }
            joinedAfterPictograph = k == .zwj && pictographicBase
            if k != .extend && k != .zwj && k != .pictographic { pictographicBase = false }
            previous = k
        }
        return starts
    }

    /// Whether a cluster boundary lies between a scalar of kind `a` and the next, of kind `b`.
    static func breaks(_ a: Kind, _ b: Kind, regionalRun: Int, joinedAfterPictograph: Bool) -> Bool {
        if a == .cr && b == .lf { return false }                              // GB3
        if a == .cr || a == .lf || a == .control { return true }             // GB4
        if b == .cr || b == .lf || b == .control { return true }             // GB5
        switch (a, b) {
        case (.l, .l), (.l, .v), (.l, .lv), (.l, .lvt): return false          // GB6
        case (.lv, .v), (.v, .v), (.lv, .t), (.v, .t): return false           // GB7
        case (.lvt, .t), (.t, .t): return false                               // GB8
        default: break
        }
        if b == .extend || b == .zwj { return false }                        // GB9
        if a == .zwj && b == .pictographic && joinedAfterPictograph { return false }  // GB11
        if a == .regional && b == .regional { return regionalRun % 2 == 0 }  // GB12, GB13
        return true                                                          // GB999
    }

    /// The clusters of `text`, each as a `String` of its scalars.
    public static func clusters(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let starts = clusterStarts(scalars)
        return starts.indices.map { i in
            let end = i + 1 < starts.count ? starts[i + 1] : scalars.count
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[starts[i]..<end])
            return String(s)
        }
    }

    /// The number of clusters of `text`.
    public static func count(_ text: String) -> Int {
        clusterStarts(Array(text.unicodeScalars)).count
    }
}
