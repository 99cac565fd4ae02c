import Platform
import Testing

/// Grapheme-aware word counting (`WordCount`) and Lockstep's pinned grapheme clusters
/// (`PinnedGraphemes`). Expected values are worked out by hand from the rules (the site
/// generator's article and UAX #29), not taken from the code.
@Suite struct WordCountTests {
    /// The article's example: 日本語のテキストです。 has 10 characters in the ranges (the 。 is
    /// CJK punctuation U+3002, outside them): round(10 / 1.8) = round(5.56) = 6.
    @Test func japaneseSentenceIsSixWords() {
        #expect(WordCount.cjkCharacters(in: "日本語のテキストです。") == 10)
        #expect(WordCount.words(in: "日本語のテキストです。", cjk: true) == 6)
    }

    /// The threshold edge: 809 / 1.8 = 449.44 → 449; 810 / 1.8 = 450 (as a double, 450 exactly).
    @Test func thresholdEdge() {
        #expect(WordCount.cjkWordEquivalent(809) == 449)
        #expect(WordCount.cjkWordEquivalent(810) == 450)
        #expect(WordCount.cjkWordEquivalent(0) == 0)
        #expect(WordCount.cjkWordEquivalent(1) == 1)      // 0.56 → 1
        #expect(WordCount.cjkWordEquivalent(2) == 1)      // 1.11 → 1
        #expect(WordCount.cjkWordEquivalent(9) == 5)      // 5.0 exactly
        #expect(WordCount.cjkWordEquivalent(8) == 4)      // 4.44 → 4
        let text = String(repeating: "語", count: 810)
        #expect(WordCount.words(in: text, cjk: true) == 450)
        #expect(WordCount.words(in: String(text.dropLast()), cjk: true) == 449)
    }

    /// Hangul syllables count; Latin words on a CJK page do not; 中文 is 2 → round(1.11) = 1.
    @Test func mixedScripts() {
        #expect(WordCount.cjkCharacters(in: "한국어 문장입니다") == 8)
        #expect(WordCount.words(in: "한국어 문장입니다", cjk: true) == 4)
        #expect(WordCount.cjkCharacters(in: "日本語 English words here") == 3)
        #expect(WordCount.words(in: "日本語 English words here", cjk: true) == 2)
        #expect(WordCount.words(in: "中文", cjk: true) == 1)
    }

    /// The pinned ranges' edges, one scalar each side.
    @Test func rangesArePinned() {
        let inside: [UInt32] = [0x3040, 0x30FF, 0x3400, 0x4DBF, 0x4E00, 0x9FFF, 0xAC00, 0xD7AF]
        let outside: [UInt32] = [0x303F, 0x3100, 0x33FF, 0x4DC0, 0x4DFF, 0xA000, 0xABFF, 0xD7B0,
                                 0x3002, 0xFF01, 0xFF76, 0x1100, 0xF900, 0x20000, 0x3000]
        for v in inside { #expect(WordCount.isCJK(Unicode.Scalar(v)!), "U+\(String(v, radix: 16))") }
        for v in outside { #expect(!WordCount.isCJK(Unicode.Scalar(v)!), "U+\(String(v, radix: 16))") }
        #expect(WordCount.cjkRanges == [0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF])
    }

    /// Grapheme-aware: か + U+3099 (combining voiced mark, itself inside U+3040–30FF) is one
    /// character, like precomposed が; the article's per-code-unit regex counts 2.
    @Test func combiningKanaMarkDoesNotCountTwice() {
        #expect(WordCount.cjkCharacters(in: "\u{304B}\u{3099}") == 1)
        #expect(WordCount.cjkScalars(in: "\u{304B}\u{3099}") == 2)
        #expect(WordCount.cjkCharacters(in: "\u{304C}") == 1)
        // A mark after a space belongs to the space's cluster: not a CJK character.
        #expect(WordCount.cjkCharacters(in: "a \u{3099}") == 0)
        // Half-width ｶﾞ: ｶ (U+FF76) is outside the ranges; ﾞ (U+FF9E) extends it.
        #expect(PinnedGraphemes.count("\u{FF76}\u{FF9E}") == 1)
        #expect(WordCount.cjkCharacters(in: "\u{FF76}\u{FF9E}") == 0)
        // Ext B (astral) is not counted; a variation selector after a kanji extends it.
        #expect(WordCount.cjkCharacters(in: "\u{20BB7}") == 0)
        #expect(WordCount.cjkCharacters(in: "\u{845B}\u{E0100}") == 1)
    }

    /// Spaced words: JS whitespace (NBSP, U+3000, U+FEFF in; U+200B not), runs collapsed, ends trimmed.
    @Test func spacedWords() {
        #expect(WordCount.spacedWords(in: "") == 0)
        #expect(WordCount.spacedWords(in: "   ") == 0)
        #expect(WordCount.spacedWords(in: "  a  b ") == 2)
        #expect(WordCount.spacedWords(in: "a\u{A0}b\u{3000}c\u{FEFF}d") == 4)
        #expect(WordCount.spacedWords(in: "a\u{200B}b") == 1)
        #expect(WordCount.spacedWords(in: "it&#x27;s here") == 2)
        #expect(WordCount.words(in: "Hello world", cjk: false) == 2)
    }

    /// UAX #29 cases the pinned rules keep: CR LF, Hangul jamo, flags, emoji ZWJ, combining marks.
    @Test func pinnedClusters() {
        #expect(PinnedGraphemes.count("\r\n") == 1)
        #expect(PinnedGraphemes.count("\n\r") == 2)
        #expect(PinnedGraphemes.count("e\u{301}x") == 2)
        #expect(PinnedGraphemes.count("\u{1112}\u{1161}\u{11AB}") == 1)      // 한 as conjoining jamo
        #expect(PinnedGraphemes.count("\u{D55C}\u{11AB}") == 1)              // 한 (LVT) + a T jamo: GB8 keeps it
        #expect(PinnedGraphemes.count("\u{D55C}\u{1161}") == 2)              // 한 (LVT) + a V jamo: breaks
        #expect(PinnedGraphemes.count("\u{D558}\u{1161}") == 1)              // 하 (LV) + a V jamo: GB7 keeps it
        #expect(PinnedGraphemes.count("🇯🇵🇰🇷") == 2)
        #expect(PinnedGraphemes.count("🇯🇵🇰") == 2)
        #expect(PinnedGraphemes.count("👩\u{200D}💻") == 1)
        #expect(PinnedGraphemes.count("a\u{200D}b") == 2)
        #expect(PinnedGraphemes.count("👍🏽") == 1)
        #expect(PinnedGraphemes.count("") == 0)
        #expect(PinnedGraphemes.clusters("ab\u{301}") == ["a", "b\u{301}"])
    }
}
