/// Why `JSONDocument.parse` rejected a document, and where: `offset` is the byte (from 0) at which
/// the parser stopped, which is `bytes.count` when the document ended too early.
///
/// `reason` is structured so that a domain can word the failure its own way; `message` and
/// `description` (`byte 57: expected a quoted key`) are the core's wording.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The document ended where a value should start.
        case unexpectedEnd
        /// No value starts with this byte.
        case unexpectedByte(UInt8)
        /// Something other than white space follows the top-level value.
        case trailingData
        /// A value nested deeper than the limit (the top-level value is at depth 0).
        case tooDeep(limit: Int)
        /// `t`, `f` or `n` not followed by the rest of `true`, `false` or `null`.
        case expectedLiteral(String)
        /// A number that breaks RFC 8259's grammar: a missing digit, a leading zero (`01`), `1.`, `1e`.
        case malformedNumber
        /// A fraction or exponent where only whole numbers are allowed (`JSONDocument.Numbers.int64`).
        case notWholeNumber
        /// A whole number beyond Int64 where only those are allowed (`JSONDocument.Numbers.int64`).
        case integerOutOfRange
        /// A raw byte below 0x20 inside a string (it must be escaped).
        case controlCharacterInString
        /// A backslash followed by something other than `" \ / b f n r t u`.
        case badEscape
        /// `\u` not followed by four hex digits, or a surrogate without its partner.
        case badUnicodeEscape
        /// A string whose bytes are not valid UTF-8 (`offset` is its opening quote).
        case invalidUTF8
        case unterminatedString
        case unterminatedArray
        /// Neither `,` nor `]` after a list item.
        case expectedCommaOrArrayEnd
        case unterminatedObject
        /// Neither `,` nor `}` after an object member.
        case expectedCommaOrObjectEnd
        /// An object member that does not start with a quoted key.
        case expectedKey
        case duplicateKey(String)
        /// No `:` after an object key.
        case expectedColon
    }

    public var offset: Int
    public var reason: Reason

    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// The reason in words, without the offset.
    public var message: String {
        switch reason {
        case .unexpectedEnd: "unexpected end of document"
        case .unexpectedByte(let b): "unexpected character '\(Character(UnicodeScalar(b)))'"
        case .trailingData: "unexpected data after the document"
        case .tooDeep(let limit): "nested deeper than \(limit)"
        case .expectedLiteral(let word): "expected \(word)"
        case .malformedNumber: "malformed number"
        case .notWholeNumber: "only whole numbers are allowed"
        case .integerOutOfRange: "whole number beyond 64 bits"
        case .controlCharacterInString: "control character in string"
        case .badEscape: "bad escape"
        case .badUnicodeEscape: "bad \\u escape"
        case .invalidUTF8: "string is not UTF-8"
        case .unterminatedString: "unterminated string"
        case .unterminatedArray: "unterminated list"
        case .expectedCommaOrArrayEnd: "expected , or ] in list"
        case .unterminatedObject: "unterminated object"
        case .expectedCommaOrObjectEnd: "expected , or } in object"
        case .expectedKey: "expected a quoted key"
        case .duplicateKey(let key): "duplicate key \"\(key)\""
        case .expectedColon: "expected : after key"
        }
    }

    /// `byte OFFSET: MESSAGE`.
    public var description: String { "byte \(offset): \(message)" }
}
