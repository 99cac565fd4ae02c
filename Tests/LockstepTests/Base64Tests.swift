import LockstepCore
import Testing

/// Base64 and base64url: RFC 4648 vectors, every refusal with its column, round trips (issue #16).
@Suite struct Base64Tests {
    /// RFC 4648 §10. None of them contains a character where the alphabets differ.
    static let rfcVectors: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]

    static func error(_ text: String, _ alphabet: Base64.Alphabet = .standard, _ padding: Base64.Padding = .required) -> Base64Error? {
        do {
            _ = try Base64.decode(text, alphabet: alphabet, padding: padding)
            return nil
        } catch {
            return error
        }
    }

    @Test func rfc4648VectorsInBothAlphabets() throws {
        for (plain, padded) in Self.rfcVectors {
            let bytes = Array(plain.utf8)
            let unpadded = String(padded.filter { $0 != "=" })
            for alphabet in Base64.Alphabet.allCases {
                #expect(Base64.encode(bytes, alphabet: alphabet, padding: true) == padded)
                #expect(Base64.encode(bytes, alphabet: alphabet, padding: false) == unpadded)
                #expect(try Base64.decode(padded, alphabet: alphabet, padding: .required) == bytes)
                #expect(try Base64.decode(padded, alphabet: alphabet, padding: .optional) == bytes)
                #expect(try Base64.decode(unpadded, alphabet: alphabet, padding: .optional) == bytes)
                #expect(try Base64.decode(unpadded, alphabet: alphabet, padding: .forbidden) == bytes)
            }
        }
    }

    @Test func theAlphabetsDifferInValues62And63() throws {
        let bytes: [UInt8] = [0xfb, 0xff]
        #expect(Base64.encode(bytes) == "+/8=")
        #expect(Base64.encode(bytes, alphabet: .url, padding: false) == "-_8")
        #expect(Base64.encode(bytes, alphabet: .url, padding: true) == "-_8=")
        #expect(Base64.encode(bytes, alphabet: .standard, padding: false) == "+/8")
        #expect(try Base64.decode("+/8=") == bytes)
        #expect(try Base64.decode("-_8", alphabet: .url, padding: .forbidden) == bytes)
        // Each alphabet refuses the other's two characters.
        #expect(Self.error("-_8=") == Base64Error(column: 1, reason: .badCharacter("-")))
        #expect(Self.error("+/8", .url, .forbidden) == Base64Error(column: 1, reason: .badCharacter("+")))
        #expect(Self.error("A/8", .url, .forbidden) == Base64Error(column: 2, reason: .badCharacter("/")))
    }

    @Test func badCharactersWithTheirColumns() {
        #expect(Self.error("Zm9v YmFy") == Base64Error(column: 5, reason: .badCharacter(" ")))
        #expect(Self.error("Zm9v\nYmFy") == Base64Error(column: 5, reason: .badCharacter("\n")))   // no line breaks skipped
        #expect(Self.error("Zm9v.") == Base64Error(column: 5, reason: .badCharacter(".")))
        #expect(Self.error("Zm9vé") == Base64Error(column: 5, reason: .badCharacter("é")))
        // A bad character is reported even when the length or padding is wrong further on.
        #expect(Self.error("Z!") == Base64Error(column: 2, reason: .badCharacter("!")))
        #expect(Self.error("Zg=!") == Base64Error(column: 4, reason: .badCharacter("!")))
        #expect(Base64Error(column: 5, reason: .badCharacter("\n")).description == "column 5: '\\n' is not in the alphabet")
    }

    @Test func badLength() {
        // One character left over holds 6 bits, never a byte, with or without padding.
        #expect(Self.error("Z") == Base64Error(column: 1, reason: .badLength))
        #expect(Self.error("Zm9vY") == Base64Error(column: 5, reason: .badLength))
        #expect(Self.error("Zm9vY", .url, .forbidden) == Base64Error(column: 5, reason: .badLength))
        #expect(Self.error("Zm9vY===") == Base64Error(column: 5, reason: .badLength))
    }

    @Test func nonCanonicalTrailingBits() {
        // `f` is Zg==; Zh== would decode to the same byte with a stray low bit.
        #expect(Self.error("Zh==") == Base64Error(column: 2, reason: .nonCanonicalTrailingBits))
        #expect(Self.error("Zh", .url, .forbidden) == Base64Error(column: 2, reason: .nonCanonicalTrailingBits))
        // `fo` is Zm8=; Zm9= sets one of the last two unused bits.
        #expect(Self.error("Zm9=") == Base64Error(column: 3, reason: .nonCanonicalTrailingBits))
        #expect(Self.error("Zm9vZm9=") == Base64Error(column: 7, reason: .nonCanonicalTrailingBits))
    }

    @Test func misplacedPadding() {
        #expect(Self.error("Zg=a") == Base64Error(column: 3, reason: .misplacedPadding))      // data after '='
        #expect(Self.error("Zg==Zg==") == Base64Error(column: 3, reason: .misplacedPadding))  // padding mid-text
        #expect(Self.error("=Zg=") == Base64Error(column: 1, reason: .misplacedPadding))
        #expect(Self.error("Zm9v=") == Base64Error(column: 5, reason: .misplacedPadding))     // a full group needs none
        #expect(Self.error("====") == Base64Error(column: 1, reason: .misplacedPadding))
        #expect(Self.error("Zg===") == Base64Error(column: 5, reason: .misplacedPadding))     // one '=' too many
        #expect(Self.error("Zm8==", .standard, .optional) == Base64Error(column: 5, reason: .misplacedPadding))
    }

    @Test func missingAndForbiddenPadding() {
        // The column is where the next '=' belongs.
        #expect(Self.error("Zg") == Base64Error(column: 3, reason: .missingPadding))
        #expect(Self.error("Zm9vYmE") == Base64Error(column: 8, reason: .missingPadding))
        #expect(Self.error("Zg=") == Base64Error(column: 4, reason: .missingPadding))
        #expect(Self.error("Zg=", .standard, .optional) == Base64Error(column: 4, reason: .missingPadding))
        #expect(Self.error("Zg==", .url, .forbidden) == Base64Error(column: 3, reason: .forbiddenPadding))
        #expect(Self.error("Zm8=", .url, .forbidden) == Base64Error(column: 4, reason: .forbiddenPadding))
        // Text that needs no padding is the same in every mode.
        for padding in Base64.Padding.allCases {
            #expect(Self.error("Zm9v", .standard, padding) == nil)
            #expect(Self.error("", .standard, padding) == nil)
        }
    }

    @Test func roundTripsForEveryLengthUpTo100() throws {
        // A fixed byte sequence from a 32-bit LCG (Numerical Recipes' constants), top byte of each
        // state: the same bytes on every run, with every value of the last group's bits.
        var state: UInt32 = 0x1234_5678
        let source: [UInt8] = (0..<100).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        for count in 0...100 {
            let bytes = Array(source[0..<count])
            for alphabet in Base64.Alphabet.allCases {
                let padded = Base64.encode(bytes, alphabet: alphabet, padding: true)
                let unpadded = Base64.encode(bytes, alphabet: alphabet, padding: false)
                #expect(padded.utf8.count == (count + 2) / 3 * 4)
                #expect(unpadded.utf8.count == (count * 4 + 2) / 3)
                #expect(try Base64.decode(padded, alphabet: alphabet, padding: .required) == bytes)
                #expect(try Base64.decode(padded, alphabet: alphabet, padding: .optional) == bytes)
                #expect(try Base64.decode(unpadded, alphabet: alphabet, padding: .forbidden) == bytes)
                #expect(try Base64.decode(unpadded, alphabet: alphabet, padding: .optional) == bytes)
            }
        }
        // Every byte value, alone: each padded form has one spelling.
        for value in 0...255 {
            let text = Base64.encode([UInt8(value)])
            #expect(try Base64.decode(text) == [UInt8(value)])
        }
    }
}
