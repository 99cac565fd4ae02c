/// The parser's first pass: check that the bytes are well-formed UTF-8 made of XML characters,
/// drop a leading BOM and apply XML end-of-line normalisation. Doing this once up front lets the
/// parser work on plain bytes, trust every multi-byte sequence, and count columns by lead bytes.
enum XMLInput {
    /// Bytes of the UTF-8 byte-order mark, which is not part of the document text.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Valid, BOM-free, LF-only UTF-8, or an error at the first offending scalar.
    static func prepare(_ bytes: [UInt8]) -> Result<[UInt8], XMLError> {
        var start = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            start = 3
        }
        var line = 1
        var column = 1
        var sawCarriageReturn = false
        var i = start
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0x0A {
                    line += 1
                    column = 1
                } else if b == 0x0D {
                    sawCarriageReturn = true
                    line += 1
                    column = 1
                    if i + 1 < n && bytes[i + 1] == 0x0A { i += 1 }
                } else {
                    if b < 0x20 && b != 0x09 {
                        return .failure(notAllowed(UInt32(b), line, column))
                    }
                    column += 1
                }
                i += 1
                continue
            }
            let here = SvgLocation(line: line, column: column)
            let length: Int
            var lowSecond: UInt8 = 0x80
            var highSecond: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowSecond = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; highSecond = 0x9F
            case 0xF0: length = 4; lowSecond = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; highSecond = 0x8F
            default:
                return .failure(XMLError(
                    message: "invalid UTF-8: byte \(hexByte(b)) cannot start a character", at: here))
            }
            var value = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length {
                guard i + k < n else {
                    return .failure(XMLError(
                        message: "invalid UTF-8: the \(length)-byte sequence starting with byte \(hexByte(b)) is cut short by the end of input",
                        at: here))
                }
                let c = bytes[i + k]
                let low: UInt8 = k == 1 ? lowSecond : 0x80
                let high: UInt8 = k == 1 ? highSecond : 0xBF
                guard c >= low && c <= high else {
                    return .failure(XMLError(
                        message: "invalid UTF-8: byte \(hexByte(c)) cannot follow \(hexByte(b)) in a \(length)-byte sequence (expected a continuation byte \(hexByte(low))–\(hexByte(high)))",
                        at: here))
                }
                value = (value << 6) | UInt32(c & 0x3F)
            }
            if !XMLChars.isXMLChar(value) {
                return .failure(notAllowed(value, line, column))
            }
            column += 1
            i += length
        }
        if !sawCarriageReturn {
            return .success(start == 0 ? bytes : Array(bytes[start...]))
        }
        var out: [UInt8] = []
        out.reserveCapacity(n - start)
        i = start
        while i < n {
            let b = bytes[i]
            if b == 0x0D {
                out.append(0x0A)
                if i + 1 < n && bytes[i + 1] == 0x0A { i += 1 }
            } else {
                out.append(b)
            }
            i += 1
        }
        return .success(out)
    }

    private static func notAllowed(_ v: UInt32, _ line: Int, _ column: Int) -> XMLError {
        XMLError(message: "character \(XMLInput.hexScalar(v)) is not allowed in an XML document",
                 at: SvgLocation(line: line, column: column))
    }

    /// `U+XXXX`, for messages about characters that cannot be shown as themselves.
    static func hexScalar(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `0xHH`, for messages about bytes that are not UTF-8.
    static func hexByte(_ b: UInt8) -> String {
        let digits = String(b, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }
}
