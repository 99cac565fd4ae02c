/// A cursor over the UTF-8 bytes of one value. Every parser in this part works on bytes (never
/// regexes or Foundation) so that no input string can trap and the accepted grammar is exactly what
/// the code says.
struct ByteScanner {
    let bytes: [UInt8]
    var index: Int = 0

    init(_ text: Substring) { bytes = Array(text.utf8) }
    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index >= bytes.count }

    func peek(_ offset: Int = 0) -> UInt8? {
        let i = index + offset
        return i >= 0 && i < bytes.count ? bytes[i] : nil
    }

    /// XML/CSS whitespace: space, tab, LF, CR and (for CSS) form feed.
    static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    /// ASCII lower-casing, because CSS keywords and units compare ASCII case-insensitively.
    static func lower(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b }

    mutating func skipWhitespace() {
        while let b = peek(), ByteScanner.isWhitespace(b) { index += 1 }
    }

    /// Skips `wsp* ,? wsp*`; returns whether a comma was seen (callers need it to reject a
    /// dangling comma).
    mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard peek() == 0x2C else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// Consumes a run of ASCII letters and `-` (an identifier, a unit or a function name).
    mutating func scanWord() -> [UInt8] {
        let start = index
        while let b = peek(), ByteScanner.isLetter(b) || b == 0x2D { index += 1 }
        return Array(bytes[start..<index])
    }

    /// Consumes ASCII letters only (a unit right after a number, where `-` starts the next value).
    mutating func scanLetters() -> [UInt8] {
        let start = index
        while let b = peek(), ByteScanner.isLetter(b) { index += 1 }
        return Array(bytes[start..<index])
    }

    /// Case-insensitive comparison with a lower-case ASCII keyword.
    static func equalsLower(_ word: [UInt8], _ keyword: String) -> Bool {
        let k = Array(keyword.utf8)
        guard word.count == k.count else { return false }
        for i in 0..<k.count where lower(word[i]) != k[i] { return false }
        return true
    }

    /// The extent of one SVG number (`sign? (digits ('.' digits?)? | '.' digits) exponent?`)
    /// starting at `index`, or nil. An `e` is part of the number only when digits follow it, so
    /// `2em` is the number 2 and the unit `em`.
    func numberEnd() -> Int? {
        var i = index
        let n = bytes.count
        if i < n, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
        var mantissaDigits = 0
        while i < n, ByteScanner.isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        if i < n, bytes[i] == 0x2E {
            var j = i + 1
            var fractionDigits = 0
            while j < n, ByteScanner.isDigit(bytes[j]) { j += 1; fractionDigits += 1 }
            if mantissaDigits + fractionDigits > 0 {
                mantissaDigits += fractionDigits
                i = j
            }
        }
        guard mantissaDigits > 0 else { return nil }
        if i < n, bytes[i] == 0x65 || bytes[i] == 0x45 {
            var j = i + 1
            if j < n, bytes[j] == 0x2B || bytes[j] == 0x2D { j += 1 }
            let digitsStart = j
            while j < n, ByteScanner.isDigit(bytes[j]) { j += 1 }
            if j > digitsStart { i = j }
        }
        return i
    }

    /// Consumes one SVG number and converts it to the nearest Double; nil (nothing consumed) when
    /// there is no number here or it overflows to infinity.
    mutating func scanNumber() -> Double? {
        guard let end = numberEnd() else { return nil }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        // The grammar is already validated, so stdlib's correctly rounded conversion only ever sees
        // plain decimal text (never "inf", "nan", hex floats or leading spaces).
        guard let value = Double(text), value.isFinite else { return nil }
        index = end
        return value
    }
}
