/// XML 1.0 (fifth edition) character classes. Kept apart from the parser because they are pure
/// tables: "may this scalar appear at all / start a name / continue a name / count as space?".
enum XMLChars {
    /// `NameStartChar`: letters, `_`, `:` and the non-ASCII ranges of the XML 1.0 grammar.
    static func isNameStart(_ v: UInt32) -> Bool {
        if v < 0x80 {
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || v == 0x5F || v == 0x3A
        }
        switch v {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF,
             0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    /// `NameChar`: a start character, or a digit, `-`, `.`, U+00B7 and combining marks.
    static func isName(_ v: UInt32) -> Bool {
        if isNameStart(v) { return true }
        if v < 0x80 { return (v >= 0x30 && v <= 0x39) || v == 0x2D || v == 0x2E }
        switch v {
        case 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return false
        }
    }

    /// `Char`: what may appear in an XML document at all (also the test for `&#N;`).
    static func isXMLChar(_ v: UInt32) -> Bool {
        switch v {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// XML `S`: the only whitespace XML knows (after end-of-line normalisation CR is gone, but
    /// a `&#13;` can still put one into text).
    static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
    }
}
