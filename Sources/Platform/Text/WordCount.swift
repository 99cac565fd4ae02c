/// Word counts for text in any script, as a content gate measures it: words separated by JS
/// whitespace for spaced scripts, and, for Chinese, Japanese and Korean (written without spaces),
/// CJK characters divided by 1.8, "characters per equivalent English word".
///
/// The rule comes from the site generator's seed article (`000_8b8814f04b5ca09f.txt`, "One
/// function that makes canonical, hreflang and sitemap unable to disagree"), whose JavaScript
/// counts matches of `/[\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF]/g` and returns
/// `Math.round(cjk / 1.8)`. Here a CJK character is a **grapheme cluster** whose first scalar lies
/// in those ranges (`PinnedGraphemes`, Lockstep's own segmentation, not `Character`, so a count
/// never moves with the toolchain's Unicode version). The difference from the regex: a combining
/// mark inside the ranges (the kana voiced marks U+3099 and U+309A) extends the character before
/// it instead of counting again, so a decomposed `が` (`か` + U+3099) is one character, as its
/// precomposed form is; a mark after a space or at the start of the text is not a CJK character.
///
/// The ranges are pinned (`cjkRanges`): Hiragana and Katakana U+3040–30FF, CJK Extension A
/// U+3400–4DBF, CJK Unified Ideographs U+4E00–9FFF, Hangul Syllables U+AC00–D7AF. Not counted:
/// CJK punctuation U+3000–303F (`。`, `、`), full-width forms, half-width katakana, Hangul Jamo,
/// compatibility ideographs, and the astral extensions B and beyond (the article's regex has no
/// `u` flag and names BMP ranges only). Latin words on a CJK page are not counted either.
public enum WordCount {
    /// The CJK ranges of the article's regex, inclusive, by scalar value.
    public static let cjkRanges: [ClosedRange<UInt32>] = [0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF]

    /// The article's divisor: CJK characters per equivalent English word.
    public static let cjkCharactersPerWord = 1.8

    /// Whether `scalar` lies in one of `cjkRanges`.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        for range in cjkRanges where range.contains(v) { return true }
        return false
    }

    /// The grapheme clusters of `text` whose first scalar is CJK (`isCJK`).
    public static func cjkCharacters(in text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        var count = 0
        for start in PinnedGraphemes.clusterStarts(scalars) where isCJK(scalars[start]) { count += 1 }
        return count
    }

    /// The scalars of `text` in `cjkRanges`, one by one, as the article's regex counts them (a
    /// combining U+3099 counts again). For comparison and for porting parity checks.
    public static func cjkScalars(in text: String) -> Int {
        var count = 0
        for scalar in text.unicodeScalars where isCJK(scalar) { count += 1 }
        return count
    }

    /// `Math.round(cjkCharacters / 1.8)`, ties up (`JavaScriptSemantics.mathRound`): 10 → 6,
    /// 809 → 449, 810 → 450. A negative count is a precondition failure.
    public static func cjkWordEquivalent(_ cjkCharacters: Int) -> Int {
        precondition(cjkCharacters >= 0, "a character count is never negative")
        return Int(JavaScriptSemantics.mathRound(Double(cjkCharacters) / cjkCharactersPerWord))
    }

    /// Words separated by JS whitespace: the article's `text.replace(/\s+/g, ' ').trim()` then
    /// `text ? text.split(' ').length : 0`. So `"  a  b "` is 2 and a blank text 0; punctuation
    /// and digits are words like any other run (`"&#x27;"` left in a text stays inside its word).
    public static func spacedWords(in text: String) -> Int {
        var words = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            if JavaScriptSemantics.isJSWhitespace(scalar) {
                inWord = false
            } else if !inWord {
                inWord = true
                words += 1
            }
        }
        return words
    }

    /// The count a gate compares with its threshold: `cjkWordEquivalent(cjkCharacters(in:))` when
    /// `cjk`, else `spacedWords(in:)`.
    public static func words(in text: String, cjk: Bool) -> Int {
        cjk ? cjkWordEquivalent(cjkCharacters(in: text)) : spacedWords(in: text)
    }
}
