
/// The scenario format's lexical rules, in one place, over raw bytes.
///
/// Scenario files can be hundreds of megabytes of camera frames, so the lexer never builds a
/// `String` per token: it validates syntax and records byte ranges, and values are converted only
/// when a domain asks for them. Syntax errors are found here, with their column, before any domain
/// code runs.
public enum ValueKind: UInt8, Sendable, CustomStringConvertible {
    case number, word, string, tuple

    public var description: String {
        switch self {
        case .number: "number"
        case .word: "word"
        case .string: "string"
        case .tuple: "tuple"
        }
    }
}

/// One argument of a line: `value` or `key=value`, as byte offsets into the line's buffer.
public struct Arg: Sendable {
    /// FNV-1a 64 of the key bytes; 0 for a positional argument.
    public var keyHash: UInt64
    public var keyStart: Int
    public var keyEnd: Int
    public var valueStart: Int
    public var valueEnd: Int
    public var kind: ValueKind
    public var isPositional: Bool { keyStart == keyEnd }

    package init(keyHash: UInt64, keyStart: Int, keyEnd: Int, valueStart: Int, valueEnd: Int, kind: ValueKind) {
        self.keyHash = keyHash
        self.keyStart = keyStart
        self.keyEnd = keyEnd
        self.valueStart = valueStart
        self.valueEnd = valueEnd
        self.kind = kind
    }
}

package enum Lexer {
    @inline(__always) package static func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 }
    @inline(__always) package static func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }
    @inline(__always) package static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 97 < 26 || b == 95 }
    @inline(__always) package static func isHexDigit(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20) &- 97 < 6 }
    /// Characters allowed after the first in a word: letters, digits and `_ . - / :`.
    @inline(__always) package static func isWordTail(_ b: UInt8) -> Bool {
        isLetter(b) || isDigit(b) || b == 46 || b == 45 || b == 47 || b == 58
    }
    /// Characters allowed after the first in a key: letters, digits and `_ . -`.
    @inline(__always) package static func isKeyTail(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) || b == 46 || b == 45 }

    /// Message for a lexical problem at byte offset `at`.
    package struct Problem: Error {
        package var at: Int
        package var message: String
        package init(at: Int, message: String) {
            self.at = at
            self.message = message
        }
    }

    package static func text(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self)
    }

    /// The end of the token starting at `i` (strings may contain spaces).
    package static func tokenEnd(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) throws(Problem) -> Int {
        var j = i
        while j < end && !isSpace(p[j]) {
            if p[j] == 34 { j = try stringEnd(p, j, end) } else { j += 1 }
        }
        return j
    }

    /// Given `i` at an opening quote, the offset just past the closing quote. Validates escapes.
    package static func stringEnd(_ p: UnsafeBufferPointer<UInt8>, _ open: Int, _ end: Int) throws(Problem) -> Int {
        var j = open + 1
        while j < end {
            let b = p[j]
            if b == 34 { return j + 1 }
            if b == 92 {
                guard j + 1 < end else { break }
                switch p[j + 1] {
                case 34, 92, 110, 116: j += 2
                case 117:  // \u{1F600}
                    guard j + 2 < end, p[j + 2] == 123 else {
                        throw Problem(at: j, message: "bad escape: \\u must be followed by {hex digits}")
                    }
                    var k = j + 3
                    var value: UInt32 = 0
                    var digits = 0
                    while k < end && isHexDigit(p[k]) && digits < 7 {
                        let d = p[k]
                        value = value * 16 + UInt32(isDigit(d) ? d - 48 : (d | 0x20) - 87)
                        digits += 1
                        k += 1
                    }
                    guard digits >= 1, digits <= 6, k < end, p[k] == 125 else {
                        throw Problem(at: j, message: "bad escape: \\u{…} needs 1 to 6 hex digits and a closing }")
                    }
                    guard Unicode.Scalar(value) != nil else {
                        throw Problem(at: j, message: "bad escape: \\u{\(String(value, radix: 16))} is not a Unicode scalar value")
                    }
                    j = k + 1
                default:
                    let shown = p[j + 1] < 128 && p[j + 1] >= 32 ? String(UnicodeScalar(p[j + 1])) : "?"
                    throw Problem(at: j, message: "bad escape '\\\(shown)' in string; allowed: \\\" \\\\ \\n \\t \\u{…}")
                }
            } else {
                j += 1
            }
        }
        throw Problem(at: open, message: "unterminated string: no closing quote on this line")
    }

    /// Validates one value token `[start, end)` and says what kind it is.
    package static func classify(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, maxTupleElements: Int) throws(Problem) -> ValueKind {
        guard start < end else { throw Problem(at: start, message: "missing value") }
        let first = p[start]
        if first == 34 {
            let close = try stringEnd(p, start, end)
            guard close == end else {
                throw Problem(at: close, message: "unexpected text after the closing quote; separate values with a space")
            }
            return .string
        }
        // Find commas: a tuple.
        var hasComma = false
        var k = start
        while k < end { if p[k] == 44 { hasComma = true; break }; k += 1 }
        if hasComma {
            var elementStart = start
            var count = 0
            var i = start
            while i <= end {
                if i == end || p[i] == 44 {
                    if i == elementStart {
                        if i == start { throw Problem(at: i, message: "value cannot start with ','; tuples are written without spaces: 1,2,3") }
                        if i == end { throw Problem(at: i - 1, message: "tuple '\(text(p, start, end))' ends with a comma; tuples are written without spaces: 1,2,3") }
                        throw Problem(at: i, message: "empty tuple element")
                    }
                    try tupleElement(p, elementStart, i)
                    count += 1
                    if count > maxTupleElements {
                        throw Problem(at: elementStart, message: "tuple has more than \(maxTupleElements) elements (the limit)")
                    }
                    elementStart = i + 1
                }
                i += 1
            }
            return .tuple
        }
        return try classifyScalar(p, start, end)
    }

    /// One element of a tuple, `[start, end)` (not empty): a number in exactly the grammar of a plain
    /// number value (`validateNumber`, or `nan`, `inf`, `-inf`), so every element converts without
    /// surprises. Anything else is refused at the element's first byte: a word (`a`, `true`), a path
    /// (`/`, `..`), a duration (`3s`), a string.
    package static func tupleElement(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws(Problem) {
        let first = p[start]
        if (first == 110 || first == 105 || first == 45) && nonFinite(p, start, end) != nil { return }
        if isDigit(first) || first == 45 {
            try validateNumber(p, start, end)
            return
        }
        if first == 34 { throw Problem(at: start, message: "strings cannot be tuple elements") }
        throw Problem(at: start, message: "tuple element '\(text(p, start, end))' is not a number; tuples hold numbers only, like 1,2,3")
    }

    /// A number (`-12`, `3.25`, `1e-3`, `0x1F`) or a word (`pencil`, `Europe/Berlin`).
    package static func classifyScalar(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws(Problem) -> ValueKind {
        let first = p[start]
        if (first == 110 || first == 105 || first == 45) && nonFinite(p, start, end) != nil { return .number }
        if isLetter(first) {
            var i = start + 1
            while i < end {
                guard isWordTail(p[i]) else {
                    throw Problem(at: i, message: "unexpected '\(shown(p[i]))' in word '\(text(p, start, end))'")
                }
                i += 1
            }
            return .word
        }
        if isDigit(first) || first == 45 {
            do { try validateNumber(p, start, end) } catch {
                // `90s`, `2h30m`, `250ms`: a duration literal, kept as a word for `.duration` fields.
                if isDigit(first), (try? TimeSyntax.duration(p, start, end, whole: start)) != nil { return .word }
                throw error
            }
            return .number
        }
        if first == 43, end - start > 1, (try? TimeSyntax.duration(p, start + 1, end, whole: start)) != nil {
            return .word  // `+2h30m`: a duration literal
        }
        if first == 64, end - start > 1, case .success = CivilTime.parseISO8601(Substring(text(p, start + 1, end)), requireUTC: false) {
            return .word  // `@2026-03-29T01:30:00Z`: an instant literal
        }
        if first == 47 || (first == 46 && end - start > 1 && !isDigit(p[start + 1])) {
            // Path-like words (`/etc/x`, `../x`, `./x`): accepted here so the path rules, not the lexer,
            // explain what is wrong with them.
            var i = start + 1
            while i < end {
                guard isWordTail(p[i]) else {
                    throw Problem(at: i, message: "unexpected '\(shown(p[i]))' in path '\(text(p, start, end))'")
                }
                i += 1
            }
            return .word
        }
        if first == 34 { throw Problem(at: start, message: "strings cannot be tuple elements") }
        throw Problem(at: start, message: "unexpected '\(shown(first))': a value is a number, a word, a \"string\" or a tuple 1,2,3")
    }

    /// `s` with control characters written as `\u{…}` (and `\` as `\\`), for messages that quote
    /// names from a scenario: a file name can never put a NUL or a newline into a report.
    package static func escapingControls(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 92 }) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{" + Hex.lower(UInt64(scalar.value), digits: 2) + "}"
            } else if scalar == "\\" {
                out += "\\\\"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    package static func shown(_ b: UInt8) -> String {
        b >= 32 && b < 127 ? String(UnicodeScalar(b)) : "\\u{\(String(b, radix: 16))}"
    }

    /// `-?(0x HEX+ | DIGITS (. DIGITS)? ([eE] [+-]? DIGITS)?)`
    package static func validateNumber(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws(Problem) {
        var i = start
        if p[i] == 45 { i += 1 }
        let bad = { () -> Problem in Problem(at: start, message: "malformed number '\(text(p, start, end))'") }
        guard i < end, isDigit(p[i]) else { throw bad() }
        if p[i] == 48 && i + 1 < end && (p[i + 1] | 0x20) == 120 {  // 0x
            i += 2
            guard i < end else { throw bad() }
            while i < end { guard isHexDigit(p[i]) else { throw bad() }; i += 1 }
            guard end - start - (p[start] == 45 ? 3 : 2) <= 16 else {
                throw Problem(at: start, message: "hex number '\(text(p, start, end))' has more than 16 digits")
            }
            return
        }
        while i < end && isDigit(p[i]) { i += 1 }
        if i < end && p[i] == 46 {
            i += 1
            guard i < end, isDigit(p[i]) else { throw bad() }
            while i < end && isDigit(p[i]) { i += 1 }
        }
        if i < end && (p[i] | 0x20) == 101 {
            i += 1
            if i < end && (p[i] == 43 || p[i] == 45) { i += 1 }
            guard i < end, isDigit(p[i]) else { throw bad() }
            while i < end && isDigit(p[i]) { i += 1 }
        }
        guard i == end else { throw bad() }
    }

    /// `nan`, `inf` and `-inf` are numbers, so a scenario can feed a domain the non-finite values real
    /// sensors produce and check that the domain rejects them.
    package static func nonFinite(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        switch end - start {
        case 3 where p[start] == 110 && p[start + 1] == 97 && p[start + 2] == 110: return .nan
        case 3 where p[start] == 105 && p[start + 1] == 110 && p[start + 2] == 102: return .infinity
        case 4 where p[start] == 45 && p[start + 1] == 105 && p[start + 2] == 110 && p[start + 3] == 102: return -.infinity
        default: return nil
        }
    }

    /// One-pass recognition of the commonest values: a plain decimal number or a tuple of them
    /// (`-12`, `3.25`, `0.512,0.803,0.91`), ending at a space or the end of the line. Returns nil for
    /// anything else (exponents, hex, words, strings, malformed input), which then takes the general
    /// path that validates fully and reports errors. Never accepts what the general path rejects.
    @inline(__always)
    package static func plainNumbers(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, maxElements: Int)
        -> (end: Int, kind: ValueKind)? {
        var i = start
        var elements = 0
        while true {
            if i < end && p[i] == 45 { i += 1 }
            guard i < end, isDigit(p[i]) else { return nil }
            if p[i] == 48 && i + 1 < end && (p[i + 1] | 0x20) == 120 { return nil }  // 0x: general path
            i += 1
            while i < end && isDigit(p[i]) { i += 1 }
            if i < end && p[i] == 46 {
                i += 1
                guard i < end, isDigit(p[i]) else { return nil }
                i += 1
                while i < end && isDigit(p[i]) { i += 1 }
            }
            elements += 1
            if i == end || isSpace(p[i]) {
                if elements > maxElements { return nil }
                return (i, elements == 1 ? .number : .tuple)
            }
            guard p[i] == 44, elements < maxElements else { return nil }
            i += 1
        }
    }

    /// Whether `text` is exactly the bytes `[start, end)`: a byte loop over contiguous UTF-8, not a
    /// generic sequence walk (the core links no C library, so no memcmp).
    @inline(__always)
    package static func sameBytes(_ text: inout String, _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard text.utf8.count == end - start else { return false }
        return text.withUTF8 { t in
            var i = 0
            while i < t.count {
                if t[i] != p[start + i] { return false }
                i += 1
            }
            return true
        }
    }

    // MARK: Conversions (syntax already validated)

    package static let exactPowersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                             1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// Converts a validated number token to the nearest `Double` (correctly rounded).
    ///
    /// Fast path (Clinger): when the decimal significand fits in 53 bits and the power of ten is at
    /// most 22, one IEEE multiply or divide of two exact values is correctly rounded. Anything else
    /// goes through the standard library's correctly rounded conversion.
    package static func double(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double {
        if end - start <= 4, let special = nonFinite(p, start, end) { return special }
        var i = start
        let negative = p[i] == 45
        if negative { i += 1 }
        if p[i] == 48 && i + 1 < end && (p[i + 1] | 0x20) == 120 {
            let v = Double(hexValue(p, i + 2, end))
            return negative ? -v : v
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        while i < end && isDigit(p[i]) {
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(p[i] - 48); if mantissa != 0 { digits += 1 } } else { exponent += 1 }
            i += 1
        }
        if i < end && p[i] == 46 {
            i += 1
            while i < end && isDigit(p[i]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(p[i] - 48); if mantissa != 0 { digits += 1 }; exponent -= 1 }
                i += 1
            }
        }
        let slow = digits >= 19
        if i < end {  // exponent part
            i += 1
            var expNegative = false
            if p[i] == 43 || p[i] == 45 { expNegative = p[i] == 45; i += 1 }
            var e = 0
            while i < end { if e < 100_000 { e = e * 10 + Int(p[i] - 48) }; i += 1 }
            exponent += expNegative ? -e : e
        }
        if !slow && mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
            let m = Double(mantissa)
            let v = exponent >= 0 ? m * exactPowersOfTen[exponent] : m / exactPowersOfTen[-exponent]
            return negative ? -v : v
        }
        return Double(text(p, start, end)) ?? .nan
    }

    /// The time of nearly every recorded line, `+0.033` or `12.5` (seconds, at most 9 integer digits
    /// and 9 decimals, no unit), read without `TimeSyntax`'s general path, which builds a String per
    /// time for its messages. Nil for anything else, which `TimeSyntax.parse` then reads, or rejects
    /// with its usual error: both paths give the same value for every time this one accepts.
    package static func plainSeconds(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> TimeSpec? {
        var i = start
        let sincePrevious = p[i] == 43
        if sincePrevious { i += 1 }
        var seconds: Int64 = 0
        var integerDigits = 0
        while i < end && isDigit(p[i]) {
            guard integerDigits < 9 else { return nil }
            seconds = seconds * 10 + Int64(p[i] - 48)
            integerDigits += 1
            i += 1
        }
        guard integerDigits > 0 else { return nil }
        var nanoseconds: Int64 = 0
        if i < end && p[i] == 46 {
            i += 1
            var scale: Int64 = 100_000_000
            var fractionDigits = 0
            while i < end && isDigit(p[i]) {
                guard fractionDigits < 9 else { return nil }
                nanoseconds += Int64(p[i] - 48) * scale
                scale /= 10
                fractionDigits += 1
                i += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        guard i == end else { return nil }  // a unit, or anything else: the general path decides
        let duration = Duration(nanoseconds: seconds * 1_000_000_000 + nanoseconds)
        return sincePrevious ? .sincePrevious(duration) : .sinceStart(duration)
    }

    package static func hexValue(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in start..<end {
            let d = p[i]
            v = v << 4 | UInt64(isDigit(d) ? d - 48 : (d | 0x20) - 87)
        }
        return v
    }

    /// An integer token, or nil when it has a fraction/exponent or does not fit in Int64.
    package static func int64(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int64? {
        if nonFinite(p, start, end) != nil { return nil }
        var i = start
        let negative = p[i] == 45
        if negative { i += 1 }
        if p[i] == 48 && i + 1 < end && (p[i + 1] | 0x20) == 120 {
            let v = hexValue(p, i + 2, end)
            if negative { return v <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- v) : nil }
            return v <= UInt64(Int64.max) ? Int64(v) : nil
        }
        var v: Int64 = 0
        while i < end {
            let b = p[i]
            guard isDigit(b) else { return nil }
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (s, o2) = negative ? m.subtractingReportingOverflow(Int64(b - 48)) : m.addingReportingOverflow(Int64(b - 48))
            if o1 || o2 { return nil }
            v = s
            i += 1
        }
        return v
    }

    /// An unsigned integer token (decimal or hex), or nil.
    package static func uint64(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64? {
        if nonFinite(p, start, end) != nil { return nil }
        var i = start
        if p[i] == 45 { return nil }
        if p[i] == 48 && i + 1 < end && (p[i + 1] | 0x20) == 120 { return hexValue(p, i + 2, end) }
        var v: UInt64 = 0
        while i < end {
            let b = p[i]
            guard isDigit(b) else { return nil }
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(UInt64(b - 48))
            if o1 || o2 { return nil }
            v = s
            i += 1
        }
        return v
    }

    /// The unescaped contents of a validated string token (including its quotes).
    package static func unescape(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start + 1
        let close = end - 1
        while i < close {
            let b = p[i]
            if b == 92 {
                let e = p[i + 1]
                switch e {
                case 110: out.append(10); i += 2
                case 116: out.append(9); i += 2
                case 117:
                    var k = i + 3
                    var value: UInt32 = 0
                    while p[k] != 125 { let d = p[k]; value = value * 16 + UInt32(isDigit(d) ? d - 48 : (d | 0x20) - 87); k += 1 }
                    out.append(contentsOf: String(Unicode.Scalar(value) ?? "?").utf8)
                    i = k + 1
                default: out.append(e); i += 2
                }
            } else {
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Checks that a line is valid UTF-8; returns the offset of the first bad byte.
    package static func firstInvalidUTF8(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var i = start
        // Eight bytes at a time while they are all ASCII, which scenario lines nearly always are.
        if let base = p.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= end && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
        }
        while i < end {
            let b = p[i]
            if b < 0x80 { i += 1; continue }
            let need: Int
            let minimum: UInt32
            var value: UInt32
            if b & 0xE0 == 0xC0 { need = 1; minimum = 0x80; value = UInt32(b & 0x1F) }
            else if b & 0xF0 == 0xE0 { need = 2; minimum = 0x800; value = UInt32(b & 0x0F) }
            else if b & 0xF8 == 0xF0 { need = 3; minimum = 0x10000; value = UInt32(b & 0x07) }
            else { return i }
            if i + need >= end { return i }
            for k in 1...need {
                guard i + k < end, p[i + k] & 0xC0 == 0x80 else { return i }
                value = value << 6 | UInt32(p[i + k] & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) { return i }
            i += need + 1
        }
        return nil
    }
}
