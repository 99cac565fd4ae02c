/// Colours (A4 "Colour", G2): what a paint value is, so the caller can interpolate a colour, treat
/// a non-colour paint as discrete (D4), or reject an alpha/hsl form (`colourForm`, K).

/// The outcome of reading a paint/colour value.
enum ColorParse: Hashable, Sendable {
    case color(RGB)
    /// `none` or `url(...)`: a valid paint that cannot be interpolated (discrete, D4).
    case notAColor
    /// `#rgba`, `#rrggbbaa`, `rgba(`, `hsl(`, `hsla(`: outside the subset (diag `colourForm`).
    case unsupportedForm
    case invalid
}

/// Parses an already-trimmed colour value. `currentColor` resolves to `currentColor` (the theme
/// colour), as A4 requires before anything else happens to the value.
func parseColor(_ text: Substring, currentColor: RGB) -> ColorParse {
    let bytes = Array(text.utf8)
    guard let first = bytes.first else { return .invalid }
    if first == 0x23 { return parseHexColor(bytes) }
    var scanner = ByteScanner(text)
    let word = scanner.scanWord()
    if scanner.atEnd {
        if ByteScanner.equalsLower(word, "none") { return .notAColor }
        if ByteScanner.equalsLower(word, "currentcolor") { return .color(currentColor) }
        if let rgb = ColorKeywords.lookup(word) { return .color(rgb) }
        return .invalid
    }
    guard scanner.peek() == 0x28 else { return .invalid }
    if ByteScanner.equalsLower(word, "url") {
        return bytes.last == 0x29 ? .notAColor : .invalid
    }
    if ByteScanner.equalsLower(word, "rgba") || ByteScanner.equalsLower(word, "hsl")
        || ByteScanner.equalsLower(word, "hsla") {
        return .unsupportedForm
    }
    guard ByteScanner.equalsLower(word, "rgb") else { return .invalid }
    scanner.index += 1
    return parseRGBFunction(&scanner)
}

func parseColor(_ text: String, currentColor: RGB) -> ColorParse {
    parseColor(text[...], currentColor: currentColor)
}

private func hexDigit(_ b: UInt8) -> Int? {
    switch b {
    case 0x30...0x39: Int(b - 0x30)
    case 0x61...0x66: Int(b - 0x61 + 10)
    case 0x41...0x46: Int(b - 0x41 + 10)
    default: nil
    }
}

private func parseHexColor(_ bytes: [UInt8]) -> ColorParse {
    var digits: [Int] = []
    for b in bytes.dropFirst() {
        guard let d = hexDigit(b) else { return .invalid }
        digits.append(d)
    }
    switch digits.count {
    case 3:
        return .color(RGB(r: Double(digits[0] * 17), g: Double(digits[1] * 17), b: Double(digits[2] * 17)))
    case 6:
        return .color(RGB(r: Double(digits[0] * 16 + digits[1]), g: Double(digits[2] * 16 + digits[3]),
                          b: Double(digits[4] * 16 + digits[5])))
    case 4, 8:
        return .unsupportedForm
    default:
        return .invalid
    }
}

/// `rgb(` already consumed: three integers 0–255, or three percentages 0–100% (p% →
/// round-half-even(p × 2.55) in Double arithmetic, as A4 writes it). Mixing the two forms, values
/// out of range, and anything after `)` are invalid (Choice: A4 names the ranges; no clipping).
private func parseRGBFunction(_ scanner: inout ByteScanner) -> ColorParse {
    var channels: [Double] = []
    var percentForm: Bool? = nil
    for i in 0..<3 {
        scanner.skipWhitespace()
        if i > 0 {
            guard scanner.consume(0x2C) else { return .invalid }
            scanner.skipWhitespace()
        }
        guard let value = scanner.scanNumber() else { return .invalid }
        let isPercent = scanner.consume(0x25)
        if let form = percentForm, form != isPercent { return .invalid }
        percentForm = isPercent
        if isPercent {
            guard value >= 0, value <= 100 else { return .invalid }
            channels.append((value * 2.55).rounded(.toNearestOrEven))
        } else {
            guard value >= 0, value <= 255, value.rounded(.towardZero) == value else { return .invalid }
            channels.append(value)
        }
    }
    scanner.skipWhitespace()
    guard scanner.consume(0x29), scanner.atEnd else { return .invalid }
    return .color(RGB(r: channels[0], g: channels[1], b: channels[2]))
}

/// G2: each channel rounded half to even, clamped to 0–255, as lowercase `#rrggbb`. NaN counts as 0.
func formatColor(_ c: RGB) -> String {
    let hex: [Character] = Array("0123456789abcdef")
    var text = "#"
    for channel in [c.r, c.g, c.b] {
        let rounded = channel.rounded(.toNearestOrEven)
        let v = rounded.isNaN ? 0 : Int(min(max(rounded, 0), 255))
        text.append(hex[v / 16])
        text.append(hex[v % 16])
    }
    return text
}
