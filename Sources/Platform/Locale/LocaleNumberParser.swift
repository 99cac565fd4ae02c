/// The strict, full-string locale number parser. It replaces NumberFormatter's lenient parse,
/// which on Linux reads "12.5.3" as 12.5, "1,5" in en_US as 1, "1e3" as 1000 and " 12" as 12.
///
/// Accepted: optional bidi marks (U+200E, U+200F, U+061C) at the start in a right-to-left
/// locale; an optional `-` (U+002D); digits of one of the locale's numbering systems (never
/// mixed); grouping separators between groups (the first group 1...groupSize digits, every
/// later one exactly groupSize, integer part only; en_US_POSIX has none); at most one decimal
/// separator, with digits on at least one side ("12," is 12, ",5" is 0.5). Everything else is
/// an error at the offending scalar: letters, spaces around the number, `+`, exponents, a
/// second decimal separator, misplaced grouping, the other locale's separators.
public enum LocaleNumberParser {
    /// The longest text read, in scalars; longer input is refused, not truncated.
    public static let maxScalars = 256

    public static func parse(_ text: String, locale: LocaleID) throws(NumberParseError) -> ParsedNumber {
        let data = LocaleTable.data(locale)
        let scalars = Array(text.unicodeScalars)
        var byteOffsets: [Int] = []
        var b = 0
        for s in scalars { byteOffsets.append(b); b += UTF8.width(s) }
        byteOffsets.append(b)
        func fail(_ i: Int, _ message: String) -> NumberParseError {
            NumberParseError(scalarOffset: i, byteOffset: byteOffsets[min(i, byteOffsets.count - 1)], message: message)
        }
        func name(_ s: Unicode.Scalar) -> String {
            let hex = String(s.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return s.value >= 0x21 && s.value < 0x7F ? "'\(s)' (\(code))" : code
        }
        guard scalars.count <= maxScalars else {
            throw fail(maxScalars, "longer than \(maxScalars) scalars (\(scalars.count))")
        }
        guard !scalars.isEmpty else { throw fail(0, "empty: expected a number") }
        var i = 0
        if data.isRightToLeft {
            while i < scalars.count, ["\u{200E}", "\u{200F}", "\u{061C}"].contains(scalars[i]) { i += 1 }
        }
        var negative = false
        if i < scalars.count, scalars[i] == "-" { negative = true; i += 1 }
        // The numbering system is fixed by the first digit or separator.
        var system: NumberingSystem?
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var inFraction = false
        var grouped = false
        var groupLengths: [Int] = []   // digits in each integer group so far (the last is open)
        var lastSeparatorAt = -1
        var firstBody = i
        if i >= scalars.count { throw fail(i, negative ? "a minus sign with no digits" : "expected a number") }
        while i < scalars.count {
            let s = scalars[i]
            if system == nil {
                system = data.parseableNumbering.first { $0.digitValue(s) != nil || $0.decimalSeparator == s }
                firstBody = i
            }
            guard let sys = system else {
                if data.parseableNumbering.contains(where: { $0.isGrouping(s) }) {
                    throw fail(i, "a grouping separator \(name(s)) before any digit")
                }
                throw fail(i, "unexpected \(name(s)): expected a digit" + (i == 0 && !negative ? " or '-'" : ""))
            }
            if let d = sys.digitValue(s) {
                if inFraction { fraction.append(d) } else {
                    integer.append(d)
                    if groupLengths.isEmpty { groupLengths.append(0) }
                    groupLengths[groupLengths.count - 1] += 1
                }
            } else if s == sys.decimalSeparator {
                if inFraction { throw fail(i, "a second decimal separator \(name(s))") }
                if grouped, lastSeparatorAt == i - 1 { throw fail(i, "a decimal separator right after a grouping separator") }
                if grouped, let last = groupLengths.last, last != data.groupSize {
                    throw fail(lastSeparatorAt, "a group of \(last) digits after this grouping separator; groups have \(data.groupSize)")
                }
                inFraction = true
            } else if sys.isGrouping(s) {
                if !data.usesGrouping { throw fail(i, "unexpected \(name(s)): \(locale.rawValue) has no grouping separators") }
                if inFraction { throw fail(i, "a grouping separator \(name(s)) in the fraction") }
                guard let open = groupLengths.last, lastSeparatorAt != i - 1 || !grouped else {
                    throw fail(i, "a grouping separator \(name(s)) with no digits before it")
                }
                if grouped {
                    if open != data.groupSize {
                        throw fail(lastSeparatorAt, "a group of \(open) digits after this grouping separator; groups have \(data.groupSize)")
                    }
                } else if open > data.groupSize {
                    throw fail(i, "\(open) digits before the first grouping separator; at most \(data.groupSize)")
                }
                grouped = true
                lastSeparatorAt = i
                groupLengths.append(0)
            } else if data.parseableNumbering.contains(where: { $0.digitValue(s) != nil }) {
                throw fail(i, "the digit \(name(s)) is from another numbering system than \(sys.name), which this number started in")
            } else {
                let what = (s == "e" || s == "E") ? "; exponents are not accepted" : ""
                throw fail(i, "unexpected \(name(s))" + (integer.isEmpty && fraction.isEmpty ? "" : " after the number") + what)
            }
            i += 1
        }
        if grouped {
            if lastSeparatorAt == scalars.count - 1 { throw fail(lastSeparatorAt, "a grouping separator at the end") }
            if !inFraction, let last = groupLengths.last, last != data.groupSize {
                throw fail(lastSeparatorAt, "a group of \(last) digits after this grouping separator; groups have \(data.groupSize)")
            }
        }
        guard !integer.isEmpty || !fraction.isEmpty else { throw fail(firstBody, "a decimal separator with no digits") }
        let number = NumberText(negative: negative, digits: integer + fraction, scale: fraction.count)
        return ParsedNumber(number: number, typedFractionDigits: fraction.count, grouped: grouped,
                            numberingSystem: system?.name ?? "latn")
    }
}
