/// Splitting of property values that hold lists, such as the `animation` shorthand (E2): commas
/// and spaces only count outside parentheses and strings, so `cubic-bezier(0.1, 0.7, 1, 0.1)`,
/// `steps(4, end)` and `path("M0,0 L1,0")` stay whole.
enum CSSList {
    /// The comma-separated pieces of `value` outside parentheses, brackets and strings, trimmed.
    /// An empty value gives no pieces; an empty piece between commas is kept as "" so the caller
    /// can reject it.
    static func splitTopLevelCommas(_ value: String) -> [String] {
        let scalars = Array(value.unicodeScalars)
        var pieces: [String] = []
        var start = 0
        var index = 0
        var depth = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if skipQuotedOrEscaped(scalars, &index) { continue }
            trackDepth(scalar, &depth)
            if scalar == ",", depth == 0 {
                pieces.append(trimmed(scalars, start..<index))
                start = index + 1
            }
            index += 1
        }
        let last = trimmed(scalars, start..<scalars.count)
        if !last.isEmpty || !pieces.isEmpty { pieces.append(last) }
        return pieces
    }

    /// Skips a string or an escape whole, so neither can open or close a level or split a piece.
    private static func skipQuotedOrEscaped(_ scalars: [Unicode.Scalar], _ index: inout Int) -> Bool {
        let scalar = scalars[index]
        if scalar == "\"" || scalar == "'" { index = stringEnd(scalars, index); return true }
        if scalar == "\\" { index += 2; return true }
        return false
    }

    /// Brackets nest; a stray closer at the top level is ignored rather than going below zero.
    private static func trackDepth(_ scalar: Unicode.Scalar, _ depth: inout Int) {
        if scalar == "(" || scalar == "[" || scalar == "{" { depth += 1 }
        if (scalar == ")" || scalar == "]" || scalar == "}") && depth > 0 { depth -= 1 }
    }

    /// The whitespace-separated tokens of `value` outside parentheses, brackets and strings.
    static func tokens(_ value: String) -> [String] {
        let scalars = Array(value.unicodeScalars)
        var tokens: [String] = []
        var start: Int? = nil
        var index = 0
        var depth = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if depth == 0, CSSSource.isWhitespace(scalar) {
                if let begun = start { tokens.append(text(scalars, begun..<index)) }
                start = nil
                index += 1
                continue
            }
            if start == nil { start = index }
            if skipQuotedOrEscaped(scalars, &index) { continue }
            trackDepth(scalar, &depth)
            index += 1
        }
        if let begun = start { tokens.append(text(scalars, begun..<min(index, scalars.count))) }
        return tokens
    }

    /// The index after the string whose quote is at `index` (or the end if it is not closed).
    private static func stringEnd(_ scalars: [Unicode.Scalar], _ index: Int) -> Int {
        var index = index + 1
        let quote = scalars[index - 1]
        while index < scalars.count {
            if scalars[index] == quote { return index + 1 }
            index += scalars[index] == "\\" ? 2 : 1
        }
        return scalars.count
    }

    private static func trimmed(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> String {
        var low = range.lowerBound
        var high = min(range.upperBound, scalars.count)
        while low < high, CSSSource.isWhitespace(scalars[low]) { low += 1 }
        while high > low, CSSSource.isWhitespace(scalars[high - 1]) { high -= 1 }
        return text(scalars, low..<high)
    }

    private static func text(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[range])
        return String(result)
    }
}
