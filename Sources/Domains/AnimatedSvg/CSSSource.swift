/// CSS text prepared for scanning: an array of scalars with comments blanked out, plus a way back
/// from an index to the `SvgLocation` of section K.
///
/// Why blank comments instead of removing them: every later stage keeps working with indices into
/// one array, so a location is always the original line:column, and a comment still separates
/// tokens as CSS requires. Newlines inside a comment are kept so line counting stays exact.
struct CSSSource {
    /// The text, comments replaced by spaces (newlines kept).
    private(set) var scalars: [Unicode.Scalar]
    /// Which scalars were inside a comment: a comment separates tokens but is not whitespace, so
    /// `rect/**/.a` is still the compound `rect.a`; selectors consult this.
    private(set) var blanked: [Bool]
    /// Index of the first scalar of every line after the first.
    private var lineStarts: [Int]
    private let start: SvgLocation

    /// Problems found while preparing: unterminated comments and strings, the length limit.
    private(set) var diagnostics: [Diagnostic] = []

    /// Longest text read, in scalars (4 MiB); the rest is ignored so a huge `<style>` cannot stall.
    static let maxScalars = 4 * 1024 * 1024

    init(_ text: String, startingAt start: SvgLocation) {
        self.start = start
        var all: [Unicode.Scalar] = []
        var overLimit = false
        for scalar in text.unicodeScalars {
            if all.count == CSSSource.maxScalars {
                overLimit = true
                break
            }
            all.append(scalar)
        }
        scalars = all
        blanked = Array(repeating: false, count: all.count)
        lineStarts = []
        for (index, scalar) in all.enumerated() where scalar == "\n" {
            lineStarts.append(index + 1)
        }
        if overLimit {
            diagnostics.append(Diagnostic(
                .reject, "limit", at: location(all.count),
                "text longer than CSSSource.maxScalars (\(CSSSource.maxScalars)) scalars; the rest is ignored"))
        }
        blankComments()
    }

    var count: Int { scalars.count }

    subscript(index: Int) -> Unicode.Scalar { scalars[index] }

    /// The line:column of the scalar at `index` (`index == count` is the position after the end).
    func location(_ index: Int) -> SvgLocation {
        // Binary search: the number of line starts at or before `index`.
        var low = 0
        var high = lineStarts.count
        while low < high {
            let mid = (low + high) / 2
            if lineStarts[mid] <= index { low = mid + 1 } else { high = mid }
        }
        if low == 0 {
            return SvgLocation(line: start.line, column: start.column + index)
        }
        return SvgLocation(line: start.line + low, column: index - lineStarts[low - 1] + 1)
    }

    /// The text of `range`, as a String.
    func text(_ range: Range<Int>) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[range])
        return String(result)
    }

    /// At most `excerptLength` scalars of `range`, for diagnostic details, so a huge selector does
    /// not make a huge message.
    func excerpt(_ range: Range<Int>) -> String {
        range.count <= CSSSource.excerptLength ? text(range)
            : text(range.lowerBound..<range.lowerBound + CSSSource.excerptLength) + "..."
    }

    static let excerptLength = 60

    /// Replaces every `/* ... */` outside strings by spaces. Strings are skipped with the same rule
    /// `skipString` uses later, so the two passes always agree on what is a string.
    private mutating func blankComments() {
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" || scalar == "'" {
                let (end, closed) = skipString(index)
                if !closed {
                    diagnostics.append(Diagnostic(
                        .reject, "declaration", at: location(index),
                        "string not closed before the end of its line"))
                }
                index = end
            } else if scalar == "\\" {
                index = min(index + 2, scalars.count)
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let open = index
                blank(index)
                blank(index + 1)
                index += 2
                var closed = false
                while index < scalars.count {
                    if scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                        blank(index)
                        blank(index + 1)
                        index += 2
                        closed = true
                        break
                    }
                    blank(index)
                    index += 1
                }
                if !closed {
                    diagnostics.append(Diagnostic(
                        .reject, "declaration", at: location(open), "comment not closed before the end of input"))
                }
            } else {
                index += 1
            }
        }
    }

    /// Marks one scalar as part of a comment; it becomes a space unless it is a newline.
    private mutating func blank(_ index: Int) {
        blanked[index] = true
        if scalars[index] != "\n" { scalars[index] = " " }
    }

    // MARK: - Scanning primitives (every one advances by at least one scalar, so loops end)

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    /// The first index at or after `index` (and before `end`) that is not whitespace.
    func skipWhitespace(_ index: Int, end: Int) -> Int {
        var index = index
        while index < end, CSSSource.isWhitespace(scalars[index]) { index += 1 }
        return index
    }

    /// `range` without leading and trailing whitespace.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high, CSSSource.isWhitespace(scalars[low]) { low += 1 }
        while high > low, CSSSource.isWhitespace(scalars[high - 1]) { high -= 1 }
        return low..<high
    }

    /// Skips the string whose quote is at `index`. Like a CSS string token, it ends at the matching
    /// quote, or (unclosed) before a newline or at the end; a backslash escapes the next scalar.
    func skipString(_ index: Int) -> (end: Int, closed: Bool) {
        let quote = scalars[index]
        var index = index + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == quote { return (index + 1, true) }
            if scalar == "\n" { return (index, false) }
            index += scalar == "\\" ? 2 : 1
        }
        return (scalars.count, false)
    }

    /// Skips one component starting at `index` (< `end`): a string, an escape, a `{}`/`()`/`[]`
    /// block with everything nested in it, or a single scalar. As in CSS, inside a block only its
    /// own closer counts; other closers are ordinary scalars. `closed` is false when `end` came first.
    func skipComponent(_ index: Int, end: Int) -> (end: Int, closed: Bool) {
        let scalar = scalars[index]
        if scalar == "\"" || scalar == "'" {
            let skipped = skipString(index)
            return (min(skipped.end, end), true)
        }
        if scalar == "\\" { return (min(index + 2, end), true) }
        guard let first = CSSSource.closer(of: scalar) else { return (index + 1, true) }
        var expected: [Unicode.Scalar] = [first]
        var index = index + 1
        while index < end {
            let current = scalars[index]
            if current == "\"" || current == "'" {
                index = min(skipString(index).end, end)
            } else if current == "\\" {
                index = min(index + 2, end)
            } else if let closer = CSSSource.closer(of: current) {
                expected.append(closer)
                index += 1
            } else if current == expected[expected.count - 1] {
                expected.removeLast()
                index += 1
                if expected.isEmpty { return (index, true) }
            } else {
                index += 1
            }
        }
        return (end, false)
    }

    /// The first index in `index..<end` holding one of `stops` outside strings and blocks, or `end`.
    /// A `{` can be a stop; then it is found instead of skipped.
    func find(_ stops: [Unicode.Scalar], from index: Int, end: Int) -> Int {
        var index = index
        while index < end {
            if stops.contains(scalars[index]) { return index }
            index = skipComponent(index, end: end).end
        }
        return end
    }

    static func closer(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "{": "}"
        case "(": ")"
        case "[": "]"
        default: nil
        }
    }

    /// Scalars allowed in a property name, keyframes name, class or id (a permissive CSS ident).
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: true
        case 0x80...: true
        default: false
        }
    }

    /// The end of the run of name scalars starting at `index`.
    func nameEnd(_ index: Int, end: Int) -> Int {
        var index = index
        while index < end, CSSSource.isNameScalar(scalars[index]) { index += 1 }
        return index
    }

    /// ASCII lowercase, which is what CSS means by case-insensitive keywords and property names.
    static func lowercased(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x41, scalar.value <= 0x5A, let lower = Unicode.Scalar(scalar.value + 0x20) {
                result.append(lower)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
