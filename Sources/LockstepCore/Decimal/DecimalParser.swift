/// The strict parser: the whole text must be a plain POSIX decimal, or it is an error that says
/// where and why.
///
/// Grammar: `-? [0-9]+ ( '.' [0-9]+ )?`. No `+`, no spaces, no grouping separators, no `,` as the
/// decimal separator (locale-aware input is the caller's job: map it to this form first), no
/// exponent, no `NaN`/`inf`. Leading zeros are accepted (`007`), and `-0` is zero. The value must
/// be exact: at most 38 significant digits (after dropping leading and trailing zeros) and inside
/// the range, else `tooManyDigits` / `outOfRange` rather than a silent rounding.
///
/// Exponents (`1e3`) are refused on purpose: the texts this reads (amounts typed on a decimal pad,
/// rates in API JSON strings, fixture values) are plain, and Foundation's lenient parser reading
/// `1e3` as 1000 is one of the surprises the domains record. A JSON number token with an exponent
/// needs its own, explicit entry point.
extension DecimalNumber {
    /// Texts longer than this are refused before any digit is read: 166 bytes spell every value in
    /// range, so 512 leaves room for leading zeros without letting a scenario feed megabytes.
    public static let maxTextBytes = 512

    public init(parsing text: String) throws(DecimalParseError) {
        self = try DecimalNumber.parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) throws(DecimalParseError) -> DecimalNumber {
        func fail(_ offset: Int, _ reason: DecimalParseError.Reason, _ message: String) -> DecimalParseError {
            DecimalParseError(offset: offset, reason: reason, message: message)
        }
        let grammar = "a decimal is an optional '-', digits, and optionally '.' and more digits"
        if bytes.isEmpty { throw fail(0, .empty, "empty text: \(grammar)") }
        if bytes.count > maxTextBytes {
            throw fail(maxTextBytes, .tooLong, "longer than \(maxTextBytes) bytes")
        }
        func unexpected(_ i: Int, where place: String) -> DecimalParseError {
            let b = bytes[i]
            let shown: String
            switch b {
            case 32: shown = "a space"
            case 9: shown = "a tab"
            case 0x21...0x7E: shown = "'\(String(UnicodeScalar(b)))'"
            default: shown = "byte 0x\(Hex.lower(UInt64(b), digits: 2))"
            }
            var hint = grammar
            switch b {
            case 44: hint = "the decimal separator is '.', and grouping separators are not accepted"
            case 101, 69: hint = "exponent notation is not accepted"
            case 32, 9: hint = "spaces around or inside a decimal are not accepted"
            case 43: hint = "write a positive number without '+'"
            case 46: hint = "a decimal has at most one '.'"
            default: break
            }
            return fail(i, .unexpectedByte(b), "unexpected \(shown) \(place): \(hint)")
        }

        var i = 0
        let negative = bytes[0] == 45
        if negative { i = 1 }
        // Digits with leading zeros skipped; `exponent` counts the fraction digits read.
        var significant: [UInt8] = []
        var significantOffsets: [Int] = []
        var fractionDigits = 0
        var sawIntegerDigit = false
        while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
            sawIntegerDigit = true
            if !(significant.isEmpty && bytes[i] == 48) {
                significant.append(bytes[i] - 48)
                significantOffsets.append(i)
            }
            i += 1
        }
        if !sawIntegerDigit {
            if i == bytes.count { throw fail(i, .expectedDigit, "expected a digit after '-': \(grammar)") }
            if bytes[i] == 46 { throw fail(i, .expectedDigit, "expected a digit before '.': write 0.5, not .5") }
            throw unexpected(i, where: i == 0 ? "at the start" : "after '-'")
        }
        if i < bytes.count, bytes[i] == 46 {
            i += 1
            let start = i
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                if !(significant.isEmpty && bytes[i] == 48) {
                    significant.append(bytes[i] - 48)
                    significantOffsets.append(i)
                }
                fractionDigits += 1
                i += 1
            }
            if i == start {
                if i == bytes.count { throw fail(i, .expectedDigit, "expected a digit after '.': write 1.0 or 1, not 1.") }
                throw unexpected(i, where: "after '.'")
            }
        }
        if i < bytes.count { throw unexpected(i, where: "after the number") }

        // Trailing zeros are not significant: they move into the exponent.
        var exponent = -fractionDigits
        while let last = significant.last, last == 0 {
            significant.removeLast()
            significantOffsets.removeLast()
            exponent += 1
        }
        if significant.isEmpty { return .zero }
        if significant.count > maxSignificantDigits {
            throw fail(significantOffsets[maxSignificantDigits], .tooManyDigits,
                       "more than \(maxSignificantDigits) significant digits: the value cannot be kept exactly")
        }
        if exponent < minExponent {
            throw fail(significantOffsets[significantOffsets.count - 1], .outOfRange,
                       "a digit finer than 10^\(minExponent): decimals keep at most \(-minExponent) places")
        }
        if exponent + significant.count - 1 > maxAdjustedExponent {
            throw fail(significantOffsets[0], .outOfRange,
                       "the value is 10^\(maxAdjustedExponent + 1) or more: decimals hold at most \(maxAdjustedExponent + 1) integer digits")
        }
        var coefficient: UInt128 = 0
        for d in significant { coefficient = coefficient * 10 + UInt128(d) }
        return DecimalNumber(uncheckedNegative: negative, coefficient: coefficient, exponent: exponent)
    }
}
