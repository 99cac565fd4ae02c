import Platform

/// The article's `bodyWords(html, lang)`, its regular expressions ported by hand with their exact
/// JavaScript semantics (no `u` flag, `/i` folding ASCII letters only, `\s` as
/// `JavaScriptSemantics.isJSWhitespace`). Every pattern is ASCII or names BMP ranges, so working on
/// Unicode scalars matches JS working on UTF-16 code units.
///
/// Regex HTML parsing is kept on purpose, quirks included: the measure runs from the first
/// `<main…>` to the FIRST `</main>` (a nested `<main>` or a `</main>` inside a comment cuts it
/// short), and `<mainframe>` opens it too. Acceptable only because the generator emits the markup
/// it measures; scenarios pin these counts so a change is visible.
enum BodyWords {
    /// `/^(ja|ko|zh)/.test(lang)`: the languages counted by CJK characters.
    static func countsCharacters(_ lang: String) -> Bool {
        lang.hasPrefix("ja") || lang.hasPrefix("ko") || lang.hasPrefix("zh")
    }

    /// The word count of `html`'s `<main>` for `lang`; 0 when it has no `<main>…</main>`.
    /// `wholePage` (the `countWholePage` fault) measures the whole document instead, and
    /// `whitespaceCJK` (the `whitespaceCJK` fault) splits CJK text on whitespace too.
    static func count(_ html: String, lang: String, wholePage: Bool = false, whitespaceCJK: Bool = false) -> Int {
        let scalars = Array(html.unicodeScalars)
        let inner: ArraySlice<Unicode.Scalar>
        if wholePage {
            inner = scalars[...]
        } else {
            guard let main = mainContent(scalars) else { return 0 }
            inner = main
        }
        let text = collapse(removeEntities(removeTags(removeScriptAndStyle(Array(inner)))))
        if countsCharacters(lang) && !whitespaceCJK {
            return WordCount.cjkWordEquivalent(WordCount.cjkCharacters(in: text))
        }
        return WordCount.spacedWords(in: text)
    }

    /// Whether `html` has a `<main…>…</main>` at all (a page without one counts 0; the build says so).
    static func hasMain(_ html: String) -> Bool { mainContent(Array(html.unicodeScalars)) != nil }

    // MARK: The regexes

    static func lower(_ s: Unicode.Scalar) -> UInt32 {
        s.value >= 0x41 && s.value <= 0x5A ? s.value + 0x20 : s.value
    }

    /// Whether `scalars[i...]` starts with the ASCII `word`, ASCII letters case-insensitively.
    static func startsWith(_ scalars: [Unicode.Scalar], _ i: Int, _ word: String) -> Bool {
        var j = i
        for u in word.unicodeScalars {
            guard j < scalars.count, lower(scalars[j]) == u.value else { return false }
            j += 1
        }
        return true
    }

    static func find(_ scalars: [Unicode.Scalar], _ word: String, from: Int) -> Int? {
        var i = from
        while i < scalars.count {
            if startsWith(scalars, i, word) { return i }
            i += 1
        }
        return nil
    }

    static func find(_ scalars: [Unicode.Scalar], _ value: UInt32, from: Int) -> Int? {
        var i = from
        while i < scalars.count {
            if scalars[i].value == value { return i }
            i += 1
        }
        return nil
    }

    /// `html.match(/<main[^>]*>([\s\S]*?)<\/main>/i)[1]`. The first `<main` with a `>` after it
    /// and a `</main>` after that (if the first `<main` has none, no later one can).
    static func mainContent(_ scalars: [Unicode.Scalar]) -> ArraySlice<Unicode.Scalar>? {
        guard let open = find(scalars, "<main", from: 0),
              let close = find(scalars, 0x3E, from: open + 5),
              let end = find(scalars, "</main>", from: close + 1) else { return nil }
        return scalars[(close + 1)..<end]
    }

    /// `.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')`: at each position, `<script` (tried
    /// first) or `<style`, then the nearest `</` + the same name (either case) + `>`.
    static func removeScriptAndStyle(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        var i = 0
        while i < s.count {
            if s[i] == "<" {
                var matchedEnd: Int? = nil
                for name in ["script", "style"] where startsWith(s, i, "<" + name) {
                    if let close = find(s, "</" + name + ">", from: i + 1 + name.count) {
                        matchedEnd = close + name.count + 3
                        break
                    }
                }
                if let end = matchedEnd {
                    out.append(" ")
                    i = end
                    continue
                }
            }
            out.append(s[i])
            i += 1
        }
        return out
    }

    /// `.replace(/<[^>]+>/g, ' ')`: a `<`, at least one non-`>`, then `>`. `<>` and a `<` with no
    /// `>` after it stay as text.
    static func removeTags(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        var i = 0
        // The first `>` at or after each position, found once (a `<` with none after it never matches).
        var nextClose = s.count
        var closes = [Int](repeating: s.count, count: s.count + 1)
        var k = s.count - 1
        while k >= 0 {
            if s[k] == ">" { nextClose = k }
            closes[k] = nextClose
            k -= 1
        }
        while i < s.count {
            if s[i] == "<", i + 1 < s.count, s[i + 1] != ">", closes[i + 1] < s.count {
                out.append(" ")
                i = closes[i + 1] + 1
                continue
            }
            out.append(s[i])
            i += 1
        }
        return out
    }

    static func isASCIILetter(_ s: Unicode.Scalar) -> Bool { lower(s) >= 0x61 && lower(s) <= 0x7A }
    static func isASCIIDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }

    /// `.replace(/&[a-z]+;|&#\d+;/gi, ' ')`: named entities of ASCII letters and decimal ones;
    /// a hex entity (`&#x27;`) is not matched and stays inside its word.
    static func removeEntities(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        var i = 0
        while i < s.count {
            if s[i] == "&" {
                var j = i + 1
                if j < s.count && isASCIILetter(s[j]) {
                    while j < s.count && isASCIILetter(s[j]) { j += 1 }
                } else if j < s.count && s[j] == "#" {
                    j += 1
                    let digits = j
                    while j < s.count && isASCIIDigit(s[j]) { j += 1 }
                    if j == digits { j = i + 1 }
                }
                if j > i + 1, j < s.count, s[j] == ";", s[j - 1] != "#" {
                    out.append(" ")
                    i = j + 1
                    continue
                }
            }
            out.append(s[i])
            i += 1
        }
        return out
    }

    /// `.replace(/\s+/g, ' ').trim()`.
    static func collapse(_ s: [Unicode.Scalar]) -> String {
        var view = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in s {
            if JavaScriptSemantics.isJSWhitespace(scalar) {
                pendingSpace = true
            } else {
                if pendingSpace && !view.isEmpty { view.append(" ") }
                pendingSpace = false
                view.append(scalar)
            }
        }
        return String(view)
    }
}
