/// Decodes UTF-8 bytes into a `String`, or says where and why they are not UTF-8.
///
/// `String(decoding:as:)` replaces every ill-formed sequence with U+FFFD and carries on, which turns
/// a truncated or mis-encoded file into text that looks almost right; an app reading a snippet, a
/// stored value or a downloaded page must see that it failed. This is the strict reader: the
/// well-formed sequences of Unicode §3.9, Table 3-7, and nothing else (no overlong forms, no
/// surrogates U+D800–DFFF, nothing above U+10FFFF). A BOM is ordinary text here (U+FEFF); drop it
/// first with `UTF8BOM.drop(from:)` where a format allows one.
public enum UTF8Validation: Sendable, Hashable {
    case valid(String)
    /// `byteOffset` (0-based) is where the first ill-formed sequence starts: the first byte a
    /// replacing decoder would have turned into U+FFFD.
    case invalid(byteOffset: Int, problem: UTF8Problem)

    /// Validates and decodes `bytes`, stopping at the first problem.
    public init(_ bytes: some Collection<UInt8>) {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            switch UTF8Validation.scalarLength(array, at: offset) {
            case .scalar(let length): offset += length
            case .problem(let problem):
                self = .invalid(byteOffset: offset, problem: problem)
                return
            }
        }
        self = .valid(String(decoding: array, as: UTF8.self))
    }

    /// The text, or nil when the bytes were not UTF-8.
    public var string: String? {
        if case .valid(let text) = self { text } else { nil }
    }

    /// The length (1...4) of the well-formed scalar that starts at `offset`, or why none does.
    /// Reads at most 4 bytes; shared with `UTF8Prefix`, which must not cut inside one.
    static func scalarLength(_ bytes: [UInt8], at offset: Int) -> ScalarLength {
        let lead = bytes[offset]
        // Table 3-7: the lead byte fixes the length and the range its first continuation byte
        // may take (narrower after E0, ED, F0, F4, which is what rules out overlongs,
        // surrogates and values past U+10FFFF).
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return .scalar(1)
        case 0x80...0xBF: return .problem(.unexpectedContinuation)
        case 0xC0, 0xC1: return .problem(.overlong)
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return .problem(.beyondUnicode)   // F5...FF
        }
        for k in 1..<length {
            guard offset + k < bytes.count else { return .problem(.truncated) }
            let byte = bytes[offset + k]
            if k == 1 && (0x80...0xBF).contains(byte) && !second.contains(byte) {
                switch lead {
                case 0xE0, 0xF0: return .problem(.overlong)
                case 0xED: return .problem(.surrogate)
                default: return .problem(.beyondUnicode)    // F4 90...
                }
            }
            guard (0x80...0xBF).contains(byte) else { return .problem(.missingContinuation) }
        }
        return .scalar(length)
    }
}

/// What `UTF8Validation.scalarLength` found at an offset.
enum ScalarLength {
    case scalar(Int)
    case problem(UTF8Problem)
}

/// Why bytes are not UTF-8, for the sequence that starts at the reported offset.
public enum UTF8Problem: String, Sendable, Hashable, CaseIterable {
    /// A continuation byte (80–BF) where a scalar should start.
    case unexpectedContinuation
    /// A lead byte followed by a byte that is not a continuation (80–BF).
    case missingContinuation
    /// The bytes end inside a scalar.
    case truncated
    /// A longer encoding than the scalar needs (C0, C1, E0 80–9F, F0 80–8F): refused so that each
    /// text has one spelling.
    case overlong
    /// An encoded UTF-16 surrogate (ED A0–BF): not a scalar.
    case surrogate
    /// Above U+10FFFF (F4 90–BF, or a lead byte F5–FF).
    case beyondUnicode
}
