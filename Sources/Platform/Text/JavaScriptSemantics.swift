/// What a few JavaScript built-ins do, exactly, for domains ported from JS or TypeScript (the site
/// generator's word count, a web app's tag parser). Swift's nearest equivalents differ at the edges
/// that goldens catch: `Character.isWhitespace` includes U+0085 and excludes U+FEFF, `split`
/// drops empty pieces, and `rounded()` sends −2.5 to −3.
///
/// Each function names the JS expression it stands for and follows ECMAScript 2024.
public enum JavaScriptSemantics {
    /// True for exactly the scalars JS regex `\s` matches, which are also what `String.prototype.trim`
    /// removes: WhiteSpace (U+0009, 000B, 000C, 0020, 00A0, FEFF and the Space_Separator
    /// scalars 1680, 2000–200A, 202F, 205F, 3000) and LineTerminator (U+000A, 000D, 2028, 2029).
    /// Not U+0085 (NEL), not U+180E (a space separator only before Unicode 6.3), not U+200B.
    public static func isJSWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// `text.split(/\s+/)`: the pieces between maximal runs of JS whitespace, in order. Unlike
    /// Swift's `split`, empty pieces are kept where JS keeps them: a text that starts with
    /// whitespace gives a leading `""` (`" a b"` → `["", "a", "b"]`), one that ends with it a
    /// trailing `""`, a whitespace-only text `["", ""]`, and the empty text `[""]`, never `[]`.
    /// So `text.split(/\s+/).length` as a word count is one too many for such text, as in JS.
    public static func splitOnJSWhitespace(_ text: String) -> [String] {
        let scalars = text.unicodeScalars
        var pieces: [String] = []
        var pieceStart = scalars.startIndex
        var i = scalars.startIndex
        while i < scalars.endIndex {
            guard isJSWhitespace(scalars[i]) else {
                i = scalars.index(after: i)
                continue
            }
            pieces.append(String(scalars[pieceStart..<i]))
            while i < scalars.endIndex && isJSWhitespace(scalars[i]) { i = scalars.index(after: i) }
            pieceStart = i
        }
        pieces.append(String(scalars[pieceStart..<scalars.endIndex]))
        return pieces
    }

    /// `text.trim()`: `text` without leading and trailing JS whitespace (`isJSWhitespace`), by
    /// scalar, so a combining mark after a trimmed space stays (as in JS, which trims code units).
    public static func trimJS(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end && isJSWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while end > start && isJSWhitespace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }

    /// `Math.round(x)`: the nearest integer, a tie going toward +∞ (2.5 → 3, −2.5 → −2); a
    /// negative x that rounds to zero gives −0 (−0.5 → −0, −0.2 → −0); NaN and ±∞ are returned
    /// as they are.
    ///
    /// Not `floor(x + 0.5)`, the usual transcription: the addition rounds, so it gives 1 for
    /// 0.49999999999999994 and 4503599627370498 for 4503599627370497, and +0 for −0.5.
    public static func mathRound(_ x: Double) -> Double {
        guard x.isFinite else { return x }
        let down = x.rounded(.down)
        if down == x { return x }        // already an integer (every |x| ≥ 2^52 is), ±0 kept
        // x − down is exact for x ≤ −1 and x ≥ 0 (Sterbenz: down and x are within a factor of 2,
        // or down is 0). For −1 < x < 0 it is x + 1, which may round, but only for x > −0.5,
        // where it stays above 0.5 and the answer (−0) is the same.
        let rounded = x - down >= 0.5 ? down + 1 : down
        return rounded == 0 && x < 0 ? -0.0 : rounded
    }
}
