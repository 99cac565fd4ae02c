/// SMIL clock values and CSS times (A4), read as exact decimals into integer nanoseconds so frame
/// times (B1) never pick up binary rounding; only digits beyond 1 ns are rounded, half to even.

/// Why a time was refused: not the grammar (`invalid`) or a magnitude above 600 s (`timeRange`).
enum ClockParseError: Error, Hashable, Sendable {
    case invalid
    case timeRange
}

/// The largest accepted magnitude: 600 s in ns (A4). The comparison is made on the rounded ns.
let clockLimitNanoseconds: Int64 = 600_000_000_000

/// An exact decimal: value = sign × digits × 10^exponent10, digits most significant first.
private struct ExactDecimal {
    var negative = false
    var digits: [UInt8] = []
    var exponent10 = 0
}

/// digits × factor, in place, as a decimal big integer (factor ≤ 3600).
private func multiplyDigits(_ digits: [UInt8], by factor: Int) -> [UInt8] {
    var out: [UInt8] = []
    var carry = 0
    for d in digits.reversed() {
        let x = Int(d) * factor + carry
        out.append(UInt8(x % 10))
        carry = x / 10
    }
    while carry > 0 { out.append(UInt8(carry % 10)); carry /= 10 }
    return out.reversed()
}

/// Converts `decimal × factor × 10^shift10` to ns with half-to-even rounding, enforcing the range.
/// The caller chooses factor/shift so that the result is in ns (s: 1, 9; ms: 1, 6; min: 60, 9;
/// h: 3600, 9).
private func nanoseconds(_ decimal: ExactDecimal, factor: Int, shift10: Int) -> Result<Int64, ClockParseError> {
    var digits = multiplyDigits(decimal.digits, by: factor)
    while digits.count > 1, digits.first == 0 { digits.removeFirst() }
    let point = decimal.exponent10 + shift10 // digits × 10^point
    var integerDigits: [UInt8]
    var dropped: [UInt8] = []
    if point >= 0 {
        if digits.allSatisfy({ $0 == 0 }) { return .success(0) }
        // 600 s has 12 digits in ns; anything longer is out of range (and never allocated).
        guard digits.count + point <= 13 else { return .failure(.timeRange) }
        integerDigits = digits + [UInt8](repeating: 0, count: point)
    } else {
        let keep = digits.count + point
        if keep <= 0 {
            integerDigits = []
            dropped = [UInt8](repeating: 0, count: -keep) + digits
        } else {
            integerDigits = Array(digits[0..<keep])
            dropped = Array(digits[keep...])
        }
    }
    while integerDigits.count > 1, integerDigits.first == 0 { integerDigits.removeFirst() }
    guard integerDigits.count <= 13 else { return .failure(.timeRange) }
    var value: Int64 = 0
    for d in integerDigits { value = value * 10 + Int64(d) }
    if let first = dropped.first {
        let restNonZero = dropped.dropFirst().contains { $0 != 0 }
        if first > 5 || (first == 5 && (restNonZero || value % 2 == 1)) { value += 1 }
    }
    guard value <= clockLimitNanoseconds else { return .failure(.timeRange) }
    return .success(decimal.negative ? -value : value)
}

/// Reads `digit+` into `out`; returns how many were read.
private func scanDigits(_ scanner: inout ByteScanner, into out: inout [UInt8]) -> Int {
    var count = 0
    while let b = scanner.peek(), ByteScanner.isDigit(b) {
        out.append(b - 0x30)
        scanner.index += 1
        count += 1
    }
    return count
}

/// Reads a leading `+`/`-`; returns whether the value is negative.
private func scanSign(_ scanner: inout ByteScanner) -> Bool {
    if scanner.consume(0x2D) { return true }
    _ = scanner.consume(0x2B)
    return false
}

/// SMIL clock value: full `hh:mm:ss(.f)?`, partial `mm:ss(.f)?` (minutes and seconds two digits,
/// 00–59), or a timecount `digits(.digits)?(h|min|s|ms)?` (no unit = seconds). An optional leading
/// `+`/`-` (optionally followed by whitespace, as SMIL offset values allow) is accepted; the caller
/// decides whether a negative value is allowed. Text must be trimmed; 600 s is the largest magnitude.
func parseSmilClock(_ text: Substring) -> Result<Int64, ClockParseError> {
    var scanner = ByteScanner(text)
    var decimal = ExactDecimal()
    decimal.negative = scanSign(&scanner)
    if scanner.index > 0 { scanner.skipWhitespace() }
    var first: [UInt8] = []
    guard scanDigits(&scanner, into: &first) > 0 else { return .failure(.invalid) }
    if scanner.peek() == 0x3A {
        // Clock value: collect fields separated by ':'.
        var fields = [first]
        while scanner.consume(0x3A) {
            var field: [UInt8] = []
            guard scanDigits(&scanner, into: &field) == 2 else { return .failure(.invalid) }
            fields.append(field)
        }
        guard fields.count == 2 || fields.count == 3 else { return .failure(.invalid) }
        if fields.count == 2, fields[0].count != 2 { return .failure(.invalid) }
        let minutes = fields[fields.count - 2]
        let seconds = fields[fields.count - 1]
        let mm = Int(minutes[0]) * 10 + Int(minutes[1])
        let ss = Int(seconds[0]) * 10 + Int(seconds[1])
        guard mm <= 59, ss <= 59 else { return .failure(.invalid) }
        var fraction: [UInt8] = []
        if scanner.consume(0x2E) {
            guard scanDigits(&scanner, into: &fraction) > 0 else { return .failure(.invalid) }
        }
        guard scanner.atEnd else { return .failure(.invalid) }
        var hoursDigits = fields.count == 3 ? fields[0] : [0]
        while hoursDigits.count > 1, hoursDigits.first == 0 { hoursDigits.removeFirst() }
        guard hoursDigits.count <= 2 else { return .failure(.timeRange) }
        var hours = 0
        for d in hoursDigits { hours = hours * 10 + Int(d) }
        let wholeSeconds = hours * 3600 + mm * 60 + ss
        // Whole seconds then the fraction, as one exact decimal.
        decimal.digits = Array(String(wholeSeconds).utf8).map { $0 - 0x30 } + fraction
        decimal.exponent10 = -fraction.count
        return nanoseconds(decimal, factor: 1, shift10: 9)
    }
    var fraction: [UInt8] = []
    if scanner.consume(0x2E) {
        guard scanDigits(&scanner, into: &fraction) > 0 else { return .failure(.invalid) }
    }
    decimal.digits = first + fraction
    decimal.exponent10 = -fraction.count
    let unit = String(decoding: scanner.scanLetters(), as: UTF8.self)
    guard scanner.atEnd else { return .failure(.invalid) }
    switch unit {
    case "", "s": return nanoseconds(decimal, factor: 1, shift10: 9)
    case "ms": return nanoseconds(decimal, factor: 1, shift10: 6)
    case "min": return nanoseconds(decimal, factor: 60, shift10: 9)
    case "h": return nanoseconds(decimal, factor: 3600, shift10: 9)
    default: return .failure(.invalid)
    }
}

func parseSmilClock(_ text: String) -> Result<Int64, ClockParseError> { parseSmilClock(text[...]) }

/// CSS `<time>`: a CSS number (`sign? (digits | digits? '.' digits) (e sign? digits)?`) with the
/// unit `s` or `ms` (ASCII case-insensitive). A bare number, including `0`, is invalid. Negative
/// values are returned (delays may be negative); the caller rejects them where they are not allowed.
func parseCssTime(_ text: Substring) -> Result<Int64, ClockParseError> {
    var scanner = ByteScanner(text)
    var decimal = ExactDecimal()
    decimal.negative = scanSign(&scanner)
    var integer: [UInt8] = []
    var fraction: [UInt8] = []
    let integerCount = scanDigits(&scanner, into: &integer)
    if scanner.consume(0x2E) {
        guard scanDigits(&scanner, into: &fraction) > 0 else { return .failure(.invalid) }
    } else if integerCount == 0 {
        return .failure(.invalid)
    }
    var exponent = 0
    if let e = scanner.peek(), e == 0x65 || e == 0x45,
       let next = scanner.peek(1),
       ByteScanner.isDigit(next) || ((next == 0x2B || next == 0x2D) && scanner.peek(2).map(ByteScanner.isDigit) == true) {
        scanner.index += 1
        let negativeExponent = scanSign(&scanner)
        var expDigits: [UInt8] = []
        _ = scanDigits(&scanner, into: &expDigits)
        for d in expDigits {
            // Saturate: beyond ±100000 the value is 0 or out of range either way.
            exponent = min(exponent * 10 + Int(d), 100_000)
        }
        if negativeExponent { exponent = -exponent }
    }
    decimal.digits = integer + fraction
    decimal.exponent10 = exponent - fraction.count
    let unit = scanner.scanLetters().map(ByteScanner.lower)
    guard scanner.atEnd else { return .failure(.invalid) }
    if unit == Array("s".utf8) { return nanoseconds(decimal, factor: 1, shift10: 9) }
    if unit == Array("ms".utf8) { return nanoseconds(decimal, factor: 1, shift10: 6) }
    return .failure(.invalid)
}

func parseCssTime(_ text: String) -> Result<Int64, ClockParseError> { parseCssTime(text[...]) }
