/// Base64 and base64url (RFC 4648 §4 and §5), without Foundation: PKCE verifiers and challenges
/// (base64url, no padding), embedded images in SVG and HTML (standard, padded), fixture bytes.
///
/// Decoding is strict, because a golden must not pass on text that a real decoder would read
/// differently: no whitespace or line breaks are skipped (strip them first if a format allows them),
/// the other alphabet's characters are refused, the unused low bits of the last character must be
/// zero (so every byte string has exactly one spelling), and `=` only ends the text. Every refusal
/// is a `Base64Error` naming its column.
public enum Base64 {
    /// Which 64 characters stand for the 6-bit values; they differ only in values 62 and 63.
    public enum Alphabet: Sendable, Hashable, CaseIterable {
        /// RFC 4648 §4: `A–Z a–z 0–9 + /`.
        case standard
        /// RFC 4648 §5, safe in URLs and file names: `A–Z a–z 0–9 - _`.
        case url

        /// The 64 characters as ASCII bytes, in value order.
        var characters: [UInt8] {
            switch self {
            case .standard: Base64.standardCharacters
            case .url: Base64.urlCharacters
            }
        }
    }

    /// What the decoder asks of trailing `=`.
    public enum Padding: Sendable, Hashable, CaseIterable {
        /// The text's length is a multiple of 4, with one or two `=` where data ran out.
        case required
        /// No `=` at all (base64url as PKCE and JWTs use it).
        case forbidden
        /// Either form, but if there is padding it is complete (`Zg=` is refused).
        case optional
    }

    static let standardCharacters: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let urlCharacters: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    static let paddingByte = UInt8(ascii: "=")

    /// `bytes` in `alphabet`, with `=` padding to a multiple of 4 characters when `padding` is true.
    /// `[0xfb, 0xff]` is `+/8=` (standard, padded) and `-_8` (url, unpadded).
    public static func encode(_ bytes: [UInt8], alphabet: Alphabet = .standard, padding: Bool = true) -> String {
        let table = alphabet.characters
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for shift in [18, 12, 6, 0] as [UInt32] { out.append(table[Int((n >> shift) & 63)]) }
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out.append(table[Int((n >> 18) & 63)])
            out.append(table[Int((n >> 12) & 63)])
            if rest == 2 { out.append(table[Int((n >> 6) & 63)]) }
            if padding { out.append(contentsOf: repeatElement(paddingByte, count: 3 - rest)) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes `text` spells in `alphabet`, or the first problem found reading left to right
    /// (a bad character wins over a length or padding problem further on). Columns are 1-based
    /// UTF-8 byte offsets into `text`, as in `ScenarioError`, so a caller can add its own start.
    public static func decode(_ text: String, alphabet: Alphabet = .standard, padding: Padding = .required) throws(Base64Error) -> [UInt8] {
        var values = [UInt8](repeating: 0xFF, count: 128)
        for (value, character) in alphabet.characters.enumerated() { values[Int(character)] = UInt8(value) }

        var data: [UInt8] = []            // 6-bit values
        var dataColumns: [Int] = []       // the column of each, for errors about the last ones
        var firstPadColumn: Int? = nil
        var padCount = 0
        var column = 1
        for scalar in text.unicodeScalars {
            let value: UInt8 = scalar.value < 128 ? values[Int(scalar.value)] : 0xFF
            if scalar == "=" {
                if firstPadColumn == nil { firstPadColumn = column }
                padCount += 1
            } else if value == 0xFF {
                throw Base64Error(column: column, reason: .badCharacter(scalar))
            } else if let pad = firstPadColumn {
                throw Base64Error(column: pad, reason: .misplacedPadding)   // data after `=`
            } else {
                data.append(value)
                dataColumns.append(column)
            }
            column += scalar.utf8.count
        }

        let remainder = data.count % 4
        if remainder == 1 { throw Base64Error(column: dataColumns[data.count - 1], reason: .badLength) }
        if let pad = firstPadColumn {
            if padding == .forbidden { throw Base64Error(column: pad, reason: .forbiddenPadding) }
            let expected = remainder == 0 ? 0 : 4 - remainder
            if padCount > expected { throw Base64Error(column: pad + expected, reason: .misplacedPadding) }
            if padCount < expected { throw Base64Error(column: pad + padCount, reason: .missingPadding) }
        } else if remainder != 0 && padding == .required {
            throw Base64Error(column: column, reason: .missingPadding)
        }
        // Two characters carry 12 bits for one byte, three carry 18 for two: the rest must be 0.
        if remainder == 2 && data[data.count - 1] & 0x0F != 0 || remainder == 3 && data[data.count - 1] & 0x03 != 0 {
            throw Base64Error(column: dataColumns[data.count - 1], reason: .nonCanonicalTrailingBits)
        }

        var out: [UInt8] = []
        out.reserveCapacity(data.count * 3 / 4)
        var i = 0
        while i + 4 <= data.count {
            let n = UInt32(data[i]) << 18 | UInt32(data[i + 1]) << 12 | UInt32(data[i + 2]) << 6 | UInt32(data[i + 3])
            out.append(UInt8(truncatingIfNeeded: n >> 16))
            out.append(UInt8(truncatingIfNeeded: n >> 8))
            out.append(UInt8(truncatingIfNeeded: n))
            i += 4
        }
        if remainder >= 2 {
            let n = UInt32(data[i]) << 18 | UInt32(data[i + 1]) << 12 | (remainder == 3 ? UInt32(data[i + 2]) << 6 : 0)
            out.append(UInt8(truncatingIfNeeded: n >> 16))
            if remainder == 3 { out.append(UInt8(truncatingIfNeeded: n >> 8)) }
        }
        return out
    }
}

/// Why `Base64.decode` refused its text, and where.
public struct Base64Error: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// Not in the alphabet and not `=`: whitespace, the other alphabet's `+/` or `-_`, non-ASCII.
        case badCharacter(Unicode.Scalar)
        /// One character left over after the last group of four: it carries only 6 bits, not a byte.
        case badLength
        /// The last character has unused low bits that are not zero (`Zh==` for `f`, which is `Zg==`).
        case nonCanonicalTrailingBits
        /// `=` where it cannot be: followed by data, more than the group needs, or ending a full group.
        case misplacedPadding
        /// Padding required (or begun) but incomplete; the column is where the next `=` belongs.
        case missingPadding
        /// `=` when the caller asked for unpadded text.
        case forbiddenPadding
    }

    /// 1-based UTF-8 byte offset into the decoded text.
    public var column: Int
    public var reason: Reason

    public init(column: Int, reason: Reason) {
        self.column = column
        self.reason = reason
    }

    /// `column 5: '-' is not in the alphabet`, for messages and scenario errors.
    public var description: String {
        let what = switch reason {
        case .badCharacter(let scalar): "'\(scalar.escaped(asASCII: true))' is not in the alphabet"
        case .badLength: "a single character cannot end the text (it holds 6 of a byte's 8 bits)"
        case .nonCanonicalTrailingBits: "the last character's unused bits are not zero"
        case .misplacedPadding: "'=' can only end the text, one or two of them completing the last group"
        case .missingPadding: "'=' padding is missing"
        case .forbiddenPadding: "'=' padding is not allowed here"
        }
        return "column \(column): \(what)"
    }
}
