import Platform
import Testing

/// UTF-8 validation, prefixes and BOMs; UTF-16 offsets; JavaScript's whitespace, split, trim and
/// Math.round (issue #16).
@Suite struct TextUtilityTests {
    /// A 64-bit LCG (Knuth's MMIX constants): fixed pseudo-random input, the same on every run.
    struct LCG {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    // MARK: UTF-8

    @Test func validUTF8Decodes() {
        #expect(UTF8Validation(Array("aé😀".utf8)) == .valid("aé😀"))
        #expect(UTF8Validation([UInt8]()) == .valid(""))
        // The edges of Table 3-7 that are still scalars.
        for bytes: [UInt8] in [[0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
                               [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF]] {
            #expect(UTF8Validation(bytes).string != nil, "\(bytes)")
        }
        // A BOM is text here (U+FEFF); dropping it is UTF8BOM's job.
        #expect(UTF8Validation([0xEF, 0xBB, 0xBF, 0x61]).string?.unicodeScalars.first == "\u{FEFF}")
    }

    @Test func invalidUTF8ReportsTheFirstBadSequence() {
        let cases: [([UInt8], Int, UTF8Problem)] = [
            ([0x80], 0, .unexpectedContinuation),
            ([0x61, 0x62, 0xBF], 2, .unexpectedContinuation),
            ([0x61, 0xC3], 1, .truncated),                     // `é` cut after its first byte
            ([0xE2, 0x82], 0, .truncated),
            ([0xF0, 0x9F, 0x98], 0, .truncated),
            ([0x61, 0xC3, 0x28], 1, .missingContinuation),
            ([0xE2, 0x28, 0xA1], 0, .missingContinuation),
            ([0xC0, 0xAF], 0, .overlong),                      // `/` in two bytes
            ([0xC1, 0xBF], 0, .overlong),
            ([0xE0, 0x80, 0xAF], 0, .overlong),
            ([0xF0, 0x8F, 0xBF, 0xBF], 0, .overlong),
            ([0xED, 0xA0, 0x80], 0, .surrogate),               // U+D800
            ([0x61, 0xED, 0xBF, 0xBF], 1, .surrogate),         // U+DFFF
            ([0xF4, 0x90, 0x80, 0x80], 0, .beyondUnicode),     // U+110000
            ([0xF5, 0x80, 0x80, 0x80], 0, .beyondUnicode),
            ([0x61, 0xFF], 1, .beyondUnicode),
            // Only the first problem: the later 0xFF is not reported.
            ([0x61, 0xC3, 0xA9, 0x80, 0xFF], 3, .unexpectedContinuation),
        ]
        for (bytes, offset, problem) in cases {
            #expect(UTF8Validation(bytes) == .invalid(byteOffset: offset, problem: problem), "\(bytes)")
            #expect(UTF8Validation(bytes).string == nil)
        }
    }

    @Test func validationAgreesWithTheStandardLibrary() {
        // Random byte strings biased to the interesting range, checked against String(validating:).
        var rng = LCG(state: 16)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                    0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var validSeen = 0
        for _ in 0..<20_000 {
            let count = Int(rng.next() >> 61)     // 0...7 bytes
            let bytes = (0..<count).map { _ in interesting[Int(rng.next() >> 33) % interesting.count] }
            let reference = String(validating: bytes, as: UTF8.self)
            #expect(UTF8Validation(bytes).string == reference, "\(bytes)")
            if reference != nil { validSeen += 1 }
        }
        #expect(validSeen > 1_000)    // the sample does exercise both outcomes
    }

    @Test func prefixNeverSplitsAScalar() throws {
        let text = "aé😀"                        // 61 | C3 A9 | F0 9F 98 80: 7 bytes
        let expected: [(Int, String, Bool)] = [
            (0, "", true), (1, "a", true), (2, "a", true), (3, "aé", true), (4, "aé", true),
            (5, "aé", true), (6, "aé", true), (7, "aé😀", false), (8, "aé😀", false), (100, "aé😀", false),
        ]
        for (maxBytes, kept, cut) in expected {
            let fromBytes = try UTF8Prefix(Array(text.utf8), maxBytes: maxBytes)
            let fromText = UTF8Prefix(text, maxBytes: maxBytes)
            #expect(fromBytes.string == kept && fromBytes.cut == cut, "maxBytes \(maxBytes)")
            #expect(fromText == fromBytes, "maxBytes \(maxBytes)")
            #expect(fromBytes.bytes.count <= maxBytes)
        }
        // Scalars, not characters: the accent is dropped, the `e` kept.
        let accent = try UTF8Prefix([0x65, 0xCC, 0x81], maxBytes: 2)
        #expect(accent.bytes == [0x65] && accent.cut && UTF8Prefix("e\u{301}", maxBytes: 2) == accent)
        let empty = try UTF8Prefix([], maxBytes: 0)
        #expect(!empty.cut && empty.bytes.isEmpty && UTF8Prefix("", maxBytes: 0) == empty)
    }

    @Test func prefixRefusesInvalidBytesItReads() throws {
        #expect(throws: UTF8PrefixError(byteOffset: 1, problem: .beyondUnicode)) { try UTF8Prefix([0x61, 0xFF, 0x61], maxBytes: 5) }
        // The scalar that does not fit is read too: it must be one to be refused whole.
        #expect(throws: UTF8PrefixError(byteOffset: 1, problem: .truncated)) { try UTF8Prefix([0x61, 0xE2, 0x82], maxBytes: 1) }
        // Bytes after the first scalar that does not fit are not read.
        let prefix = try UTF8Prefix([0x61, 0x62, 0xFF], maxBytes: 1)
        #expect(prefix.bytes == [0x61] && prefix.cut)
        #expect(UTF8PrefixError(byteOffset: 3, problem: .surrogate).description == "byte 3: not UTF-8 (surrogate)")
    }

    @Test func bomIsDroppedOnlyAtTheStart() {
        #expect(UTF8BOM.drop(from: [0xEF, 0xBB, 0xBF, 0x61]) == ([0x61], true))
        #expect(UTF8BOM.drop(from: [0xEF, 0xBB, 0xBF]) == ([], true))
        #expect(UTF8BOM.drop(from: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]) == ([0xEF, 0xBB, 0xBF], true))   // one only
        #expect(UTF8BOM.drop(from: [0x61, 0xEF, 0xBB, 0xBF]) == ([0x61, 0xEF, 0xBB, 0xBF], false))
        #expect(UTF8BOM.drop(from: [0xEF, 0xBB]) == ([0xEF, 0xBB], false))
        #expect(UTF8BOM.drop(from: []) == ([], false))
        // Why it is needed: the standard library's decoder keeps it as an invisible first character.
        let kept = String(decoding: [0xEF, 0xBB, 0xBF, 0x61], as: UTF8.self)
        #expect(kept.unicodeScalars.first == "\u{FEFF}" && kept != "a")
    }

    // MARK: UTF-16 offsets

    @Test func utf16OffsetsSnapBackInsideASurrogatePair() throws {
        let text = "a😀b"
        let p = { (offset: Int) in UTF16Offsets.position(ofUTF16Offset: offset, in: text) }
        for (offset, character) in [(0, 0), (1, 1), (3, 2)] {
            let q = try #require(p(offset))
            #expect(q.character == character && !q.snapped && q.utf16Offset == offset)
        }
        let inside = try #require(p(2))
        #expect(inside.character == 1 && inside.snapped && inside.utf16Offset == 1 && text[inside.index] == "😀")
        #expect(text[try #require(p(3)).index] == "b")
        let end = try #require(p(4))
        #expect(end.character == 3 && end.index == text.endIndex && !end.snapped)
        #expect(p(5) == nil && p(-1) == nil)
        #expect((0...3).map { UTF16Offsets.utf16Offset(ofCharacter: $0, in: text) } == [0, 1, 3, 4])
        #expect(UTF16Offsets.utf16Offset(ofCharacter: 4, in: text) == nil)
        #expect(UTF16Offsets.utf16Offset(ofCharacter: -1, in: text) == nil)
    }

    @Test func utf16OffsetsSnapBackInsideAGraphemeCluster() throws {
        let text = "e\u{301}x"                 // é as e + combining acute: two units, one character
        let inside = try #require(UTF16Offsets.position(ofUTF16Offset: 1, in: text))
        #expect(inside.character == 0 && inside.snapped && inside.utf16Offset == 0 && inside.index == text.startIndex)
        #expect(try #require(UTF16Offsets.position(ofUTF16Offset: 2, in: text)).character == 1)
        #expect(try #require(UTF16Offsets.position(ofUTF16Offset: 3, in: text)).index == text.endIndex)
        // A flag is two surrogate pairs, one character: offsets 1, 2, 3 all snap to its start.
        let flag = "🇬🇧!"
        for offset in 1...3 {
            let q = try #require(UTF16Offsets.position(ofUTF16Offset: offset, in: flag))
            #expect(q.character == 0 && q.snapped && q.utf16Offset == 0)
        }
        #expect(try #require(UTF16Offsets.position(ofUTF16Offset: 4, in: flag)).character == 1)
        // The empty text has one position, its end.
        #expect(try #require(UTF16Offsets.position(ofUTF16Offset: 0, in: "")).character == 0)
        #expect(UTF16Offsets.position(ofUTF16Offset: 1, in: "") == nil)
    }

    @Test func utf16OffsetsRoundTripAtCharacterStarts() throws {
        let text = "Ça va? 😀 e\u{301}👩‍👩‍👧 日本\r\n."
        var index = text.startIndex
        for character in 0...text.count {
            let offset = try #require(UTF16Offsets.utf16Offset(ofCharacter: character, in: text))
            #expect(UTF16Offsets.utf16Offset(of: index, in: text) == offset)
            #expect(index.utf16Offset(in: text) == offset)          // the standard library agrees
            let back = try #require(UTF16Offsets.position(ofUTF16Offset: offset, in: text))
            #expect(back.character == character && back.index == index && !back.snapped)
            if index < text.endIndex { index = text.index(after: index) }
        }
        // Every offset maps to the character that contains it, never past it.
        for offset in 0...text.utf16.count {
            let q = try #require(UTF16Offsets.position(ofUTF16Offset: offset, in: text))
            #expect(q.utf16Offset <= offset && q.snapped == (q.utf16Offset != offset))
        }
    }

    // MARK: JavaScript

    @Test func jsWhitespaceIsExactlyTheECMAScriptSet() {
        let expected: [UInt32] = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680] + Array(0x2000...0x200A)
            + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF]
        var found: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            if let scalar = Unicode.Scalar(value), JavaScriptSemantics.isJSWhitespace(scalar) { found.append(value) }
        }
        #expect(found == expected)
        // Where Swift's own notion differs: NEL is whitespace to Swift, the BOM is not.
        #expect(Character("\u{85}").isWhitespace && !JavaScriptSemantics.isJSWhitespace("\u{85}"))
        #expect(!Character("\u{FEFF}").isWhitespace && JavaScriptSemantics.isJSWhitespace("\u{FEFF}"))
        #expect(!JavaScriptSemantics.isJSWhitespace("\u{180E}") && !JavaScriptSemantics.isJSWhitespace("\u{200B}"))
    }

    @Test func splitLikeJSRegexSplit() {
        let split = JavaScriptSemantics.splitOnJSWhitespace
        #expect(split("a b") == ["a", "b"])
        #expect(split("one  two\t\tthree") == ["one", "two", "three"])
        // JS keeps the empty pieces at the ends: " a b".split(/\s+/) is ["", "a", "b"].
        #expect(split(" a b") == ["", "a", "b"])
        #expect(split("a b ") == ["a", "b", ""])
        #expect(split("  a  ") == ["", "a", ""])
        #expect(split("   ") == ["", ""])
        #expect(split("") == [""])
        #expect(split("a\u{3000}\u{A0}b\u{2028}c\u{FEFF}d") == ["a", "b", "c", "d"])
        #expect(split("a\u{85}b\u{200B}c") == ["a\u{85}b\u{200B}c"])
        #expect(split("日本語のテキスト") == ["日本語のテキスト"])
        #expect(split("e\u{301} x") == ["e\u{301}", "x"])
        // Swift's split drops what JS keeps.
        #expect(" a b".split(separator: " ").count == 2 && split(" a b").count == 3)
    }

    @Test func trimLikeJSTrim() {
        let trim = JavaScriptSemantics.trimJS
        #expect(trim("  a b  ") == "a b")
        #expect(trim("\u{FEFF}\u{A0}\tx\u{3000}\n") == "x")
        #expect(trim("\u{85}x\u{85}") == "\u{85}x\u{85}")
        #expect(trim("   ") == "" && trim("") == "")
        #expect(trim("a") == "a")
        // By scalar: a combining mark after a trimmed space stays, on its own.
        #expect(Array(trim(" \u{301}a").unicodeScalars) == ["\u{301}", "a"])
    }

    @Test func mathRoundKnownValues() {
        let round = JavaScriptSemantics.mathRound
        let same = { (a: Double, b: Double) in a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
        let cases: [(Double, Double)] = [
            (2.5, 3), (-2.5, -2), (0.5, 1), (-0.5, -0.0), (1.5, 2), (-1.5, -1), (3.5, 4), (-3.5, -3),
            (0.49999999999999994, 0), (-0.49999999999999994, -0.0), (2.4, 2), (2.6, 3), (-2.4, -2), (-2.6, -3),
            (-0.2, -0.0), (0.2, 0), (0, 0), (-0.0, -0.0), (1, 1), (-1, -1),
            (0.5.nextDown, 0), (0.5.nextUp, 1), ((-0.5).nextDown, -1), ((-0.5).nextUp, -0.0),
            (2.5.nextDown, 2), ((-2.5).nextDown, -3), ((-2.5).nextUp, -2),
            (Double.leastNonzeroMagnitude, 0), (-Double.leastNonzeroMagnitude, -0.0),
            (4_503_599_627_370_497, 4_503_599_627_370_497), (4_503_599_627_370_495.5, 4_503_599_627_370_496),
            (-4_503_599_627_370_495.5, -4_503_599_627_370_495),
            (Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude), (.infinity, .infinity),
            (-.infinity, -.infinity), (.nan, .nan),
        ]
        for (x, expected) in cases {
            #expect(same(round(x), expected), "Math.round(\(x)) is \(expected), got \(round(x))")
        }
        // The usual transcription, floor(x + 0.5), gets these wrong; they are why it is not used.
        #expect((0.49999999999999994 + 0.5).rounded(.down) == 1)
        #expect((4_503_599_627_370_497.0 + 0.5).rounded(.down) == 4_503_599_627_370_498)
        #expect((-0.5 + 0.5).rounded(.down).sign == .plus)
        // And Swift's rounded() breaks ties away from zero.
        #expect((-2.5).rounded() == -3)
    }

    @Test func mathRoundAgreesWithAReferenceOnRandomDoubles() {
        // Reference from the standard library's correctly rounded modes: for x > 0 a tie goes up,
        // which is .toNearestOrAwayFromZero; for x < 0 it is the mirror image with ties going down.
        func reference(_ x: Double) -> Double {
            if !x.isFinite || x == 0 { return x }
            let y = x.magnitude
            var r = y.rounded(.toNearestOrAwayFromZero)
            if x < 0 && y - y.rounded(.down) == 0.5 { r -= 1 }
            return x < 0 ? -r : r
        }
        var rng = LCG(state: 2024)
        for i in 0..<100_000 {
            let bits = rng.next()
            // Alternate raw bit patterns (every exponent) with values in ±8 on a 1/8 grid (many ties).
            let x = i % 2 == 0 ? Double(bitPattern: bits) : Double(Int64(bitPattern: bits) >> 57) / 8
            let got = JavaScriptSemantics.mathRound(x)
            let want = reference(x)
            #expect(got.bitPattern == want.bitPattern || (got.isNaN && want.isNaN), "Math.round(\(x))")
        }
    }
}
