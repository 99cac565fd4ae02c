/// H2 and H4 ask for "plain numbers": `x`/`y` of a `<use>` and `width`/`height` of an `<image>`.
/// A plain number is SVG's `number` with no unit (not even `px`, which K counts as a unit for
/// `useOffset`), optionally surrounded by ASCII whitespace, and finite.
enum PlainNumber {
    /// The value, or nil when the text is not a plain number. The grammar is checked by hand first
    /// because `Double(_:)` also accepts `inf`, `nan` and hexadecimal forms.
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        var i = start
        if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < end, isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, isDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            var exponentDigits = 0
            while i < end, isDigit(bytes[i]) { i += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return nil }
        }
        guard i == end, let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)),
              value.isFinite else { return nil }
        return value
    }

    /// XML's whitespace (space, tab, LF, CR); CR is already normalised away but harmless here.
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
