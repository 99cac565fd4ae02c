@testable import Platform
import Testing

/// `UnicodeProperties` against values read off the Unicode 14.0.0 character database by hand
/// (UnicodeData.txt's General_Category and lowercase columns, SpecialCasing.txt): an oracle apart
/// from the generator. Results are compared as scalar values, never with `String ==` (canonical
/// equivalence would hide a wrong composition).
@Suite struct UnicodePropertiesTests {
    static func scalar(_ v: UInt32) -> Unicode.Scalar { Unicode.Scalar(v)! }
    static func values(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    @Test func theTablesArePinnedTo14() {
        #expect(UnicodeTables.version == "14.0.0")
    }

    /// é (U+00E9, Ll), 日 (U+65E5, Lo), ª (U+00AA, Lo), ǅ (U+01C5, Lt), ʰ (U+02B0, Lm), Σ (U+03A3, Lu),
    /// न (U+0928, Lo), ا (U+0627, Lo) are letters; '_' (Pc), '٣' (Nd), 'Ⅻ' (Nl), U+0301 (Mn),
    /// '😀' (So), ' ' (Zs) are not.
    @Test func letters() {
        for v: UInt32 in [0x41, 0x7A, 0xE9, 0x65E5, 0xAA, 0x1C5, 0x2B0, 0x3A3, 0x928, 0x627, 0x5D0, 0x30A2, 0xAC00, 0x20000] {
            #expect(UnicodeProperties.isLetter(Self.scalar(v)), "U+\(String(v, radix: 16)) is a letter")
        }
        for v: UInt32 in [0x5F, 0x30, 0x663, 0x216B, 0x301, 0x1F600, 0x20, 0x23, 0x24, 0xD7, 0x378, 0x2E80] {
            #expect(!UnicodeProperties.isLetter(Self.scalar(v)), "U+\(String(v, radix: 16)) is not a letter")
        }
    }

    /// '0'…'9' and '٣' (U+0663) are Nd, 'Ⅻ' (U+216B) and '〇' (U+3007) Nl, '²' (U+00B2), '½' (U+00BD)
    /// and '①' (U+2460) No; '_', 'a', '三' (U+4E09, Lo though it has a numeric value) and '#' are not numbers.
    @Test func numbers() {
        for v: UInt32 in [0x30, 0x39, 0x663, 0x967, 0x216B, 0x3007, 0xB2, 0xBD, 0x2460, 0xFF11, 0x1D7CE] {
            #expect(UnicodeProperties.isNumber(Self.scalar(v)), "U+\(String(v, radix: 16)) is a number")
        }
        for v: UInt32 in [0x5F, 0x61, 0x4E09, 0x23, 0x2F, 0x3A, 0x20E3, 0x378] {
            #expect(!UnicodeProperties.isNumber(Self.scalar(v)), "U+\(String(v, radix: 16)) is not a number")
        }
    }

    /// '_' (U+005F, Pc) is neither a letter nor a number: normalizers that keep it test it themselves.
    @Test func underscoreIsNeither() {
        #expect(!UnicodeProperties.isLetter("_") && !UnicodeProperties.isNumber("_") && !UnicodeProperties.isMark("_"))
    }

    /// U+0301 (Mn), U+093F DEVANAGARI VOWEL SIGN I (Mc), U+20E3 COMBINING ENCLOSING KEYCAP (Me) and
    /// U+FE0F (Mn) are marks; 'a', U+200D ZWJ (Cf) and U+1F3FB (Sk) are not.
    @Test func marks() {
        for v: UInt32 in [0x300, 0x301, 0x36F, 0x93F, 0x94D, 0x20E3, 0xFE0F, 0x3099] {
            #expect(UnicodeProperties.isMark(Self.scalar(v)), "U+\(String(v, radix: 16)) is a mark")
        }
        for v: UInt32 in [0x61, 0x200D, 0x1F3FB, 0x2FF] {
            #expect(!UnicodeProperties.isMark(Self.scalar(v)), "U+\(String(v, radix: 16)) is not a mark")
        }
    }

    /// A scalar first assigned after 14.0.0 is nothing here: U+1E030 MODIFIER LETTER CYRILLIC SMALL A
    /// (Lm in 15.0). U+0870 ARABIC LETTER ALEF WITH ATTACHED FATHA, new in 14.0, is a letter.
    @Test func theVersionIsThePinNotTheToolchain() {
        #expect(!UnicodeProperties.isLetter(Self.scalar(0x1E030)))
        #expect(UnicodeProperties.isLetter(Self.scalar(0x870)))
    }

    /// 'İ' (U+0130) lowers to i + U+0307 (SpecialCasing.txt, unconditional); Σ to σ with no
    /// Final_Sigma context (ΟΔΟΣ → οδοσ); ǅ → ǆ; ẞ → ß; Ω OHM SIGN → ω; K KELVIN SIGN → k; Ⅻ → ⅻ;
    /// Cherokee Ꭰ (U+13A0) → ꭰ (U+AB70); Deseret 𐐀 → 𐐨; 日 and digits stay.
    @Test func lowercase() {
        let cases: [(String, [UInt32])] = [
            ("İstanbul", [0x69, 0x307, 0x73, 0x74, 0x61, 0x6E, 0x62, 0x75, 0x6C]),
            ("Σ", [0x3C3]),
            ("ΟΔΟΣ", [0x3BF, 0x3B4, 0x3BF, 0x3C3]),
            ("\u{1C5}", [0x1C6]),
            ("\u{1E9E}", [0xDF]),
            ("\u{2126}", [0x3C9]),
            ("\u{212A}", [0x6B]),
            ("\u{216B}", [0x217B]),
            ("\u{13A0}", [0xAB70]),
            ("\u{10400}", [0x10428]),
            ("Travel2024_X", Self.values("travel2024_x")),
            ("日本", [0x65E5, 0x672C]),
            ("CAFÉ", [0x63, 0x61, 0x66, 0xE9]),
            ("", []),
        ]
        for (input, expected) in cases {
            #expect(Self.values(UnicodeProperties.lowercased(input)) == expected, "lowercased(\(input))")
        }
    }

    /// Lowercasing keeps decomposed text decomposed (no normalisation): E + U+0301 → e + U+0301.
    @Test func lowercaseDoesNotNormalise() {
        #expect(Self.values(UnicodeProperties.lowercased("E\u{301}")) == [0x65, 0x301])
        #expect(UnicodeProperties.lowercaseScalars("AÉ".unicodeScalars).map(\.value) == [0x61, 0xE9])
    }
}
