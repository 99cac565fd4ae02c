/// Lengths (A4 "Length"): a number and an optional unit, with `px` folded into the unitless form
/// because the two are the same unit and are written without one.

/// Parses `number unit?` with no space between; the unit is ASCII letters or `%`. `px` (any case)
/// becomes ""; any other unit is kept as written. Surrounding whitespace is rejected (callers trim).
func parseLength(_ text: Substring) -> Length? {
    var scanner = ByteScanner(text)
    guard let value = scanner.scanNumber() else { return nil }
    var unit = ""
    if scanner.consume(0x25) {
        unit = "%"
    } else {
        let letters = scanner.scanLetters()
        if !ByteScanner.equalsLower(letters, "px") {
            unit = String(decoding: letters, as: UTF8.self)
        }
    }
    guard scanner.atEnd else { return nil }
    return Length(value: value, unit: unit)
}

func parseLength(_ text: String) -> Length? { parseLength(text[...]) }

/// G1 number followed by the unit.
func formatLength(_ length: Length) -> String {
    formatNumber(length.value) + length.unit
}
