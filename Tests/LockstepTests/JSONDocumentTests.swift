import Testing
import LockstepCore
import LockstepRunner

/// The shared JSON reader and writer. Expected values come from RFC 8259 (grammar, escapes, the
/// G clef surrogate-pair example in section 7), the Unicode standard (UTF-8 encodings of known
/// scalars) and byte positions counted by hand in the inputs shown.
@Suite struct JSONDocumentTests {
    func parse(_ text: String, maxDepth: Int = JSONDocument.defaultMaxDepth) throws -> JSONValue {
        try JSONDocument.parse(Array(text.utf8), maxDepth: maxDepth)
    }

    /// The error for `bytes`, or nil when they parse.
    func failure(_ bytes: [UInt8], maxDepth: Int = JSONDocument.defaultMaxDepth) -> JSONParseError? {
        do { _ = try JSONDocument.parse(bytes, maxDepth: maxDepth); return nil } catch { return error }
    }

    func failure(_ text: String, maxDepth: Int = JSONDocument.defaultMaxDepth) -> JSONParseError? {
        failure(Array(text.utf8), maxDepth: maxDepth)
    }

    func written(_ v: JSONValue, _ order: JSONDocument.KeyOrder = .sortedByUTF8) -> String {
        String(decoding: JSONDocument.bytes(v, keyOrder: order), as: UTF8.self)
    }

    // MARK: Parsing

    @Test func everyValueKind() throws {
        let v = try parse(" {\"a\" : [1, -2.5e+3, true, false, null, \"x\", [], {}] ,\n\t\"b\":{\"c\":0}}\r\n ")
        let expected: JSONValue = .object([
            ("a", .array([.number("1"), .number("-2.5e+3"), .bool(true), .bool(false), .null, .string("x"), .array([]), .object([])])),
            ("b", .object([("c", .number("0"))])),
        ])
        #expect(v == expected)
        #expect(try parse("\"\"") == .string(""))
        #expect(try parse("7") == .number("7"))
    }

    @Test func numbersKeepTheirExactText() throws {
        for text in ["0", "-0", "2.50", "1E+2", "1e-05", "-0.0", "123456789012345678901234567890", "0.1000000000000000055511151231257827"] {
            #expect(try parse(text) == .number(text))
            #expect(try parse("[\(text)]").array?.first?.numberText == text)
        }
    }

    @Test func shortEscapes() throws {
        // RFC 8259 section 7: \" \\ \/ \b \f \n \r \t are U+0022 U+005C U+002F U+0008 U+000C U+000A U+000D U+0009.
        let s = try #require(try parse(#""\"\\\/\b\f\n\r\t""#).string)
        #expect(Array(s.utf8) == [0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09])
    }

    @Test func unicodeEscapesIncludingSurrogatePairs() throws {
        #expect(try parse(#""\u0041\u00e9\u20AC""#).string.map { Array($0.utf8) } == [0x41, 0xC3, 0xA9, 0xE2, 0x82, 0xAC])
        // RFC 8259 section 7: the G clef U+1D11E is "\ud834\udd1e"; its UTF-8 is F0 9D 84 9E.
        #expect(try parse(#""\ud834\udd1e""#).string.map { Array($0.utf8) } == [0xF0, 0x9D, 0x84, 0x9E])
        #expect(try parse(#""a\uD83D\uDE00b""#).string == "a\u{1F600}b")
        #expect(try parse(#""\u0000""#).string.map { Array($0.utf8) } == [0])
        // Raw UTF-8 passes through unchanged.
        #expect(try parse("\"é😀\"").string == "é😀")
    }

    @Test func badEscapesAndStrings() {
        #expect(failure(#""\x""#) == JSONParseError(offset: 2, reason: .badEscape))
        #expect(failure(#""\u12""#) == JSONParseError(offset: 2, reason: .badUnicodeEscape))
        #expect(failure(#""\u12G4""#) == JSONParseError(offset: 2, reason: .badUnicodeEscape))
        #expect(failure(#""\u+123""#) == JSONParseError(offset: 2, reason: .badUnicodeEscape))
        // Lone surrogates: a high one alone, a high one followed by a non-low escape, a low one alone.
        #expect(failure(#""\uD800""#) == JSONParseError(offset: 2, reason: .badUnicodeEscape))
        #expect(failure(#""ab\uD800\u0041""#) == JSONParseError(offset: 4, reason: .badUnicodeEscape))
        #expect(failure(#""\uDC00""#) == JSONParseError(offset: 2, reason: .badUnicodeEscape))
        #expect(failure("\"abc") == JSONParseError(offset: 4, reason: .unterminatedString))
        #expect(failure("\"ab\\") == JSONParseError(offset: 4, reason: .unterminatedString))
        #expect(failure([0x22, 0x61, 0x01, 0x22]) == JSONParseError(offset: 2, reason: .controlCharacterInString))
        #expect(failure([0x22, 0x61, 0x0A, 0x22]) == JSONParseError(offset: 2, reason: .controlCharacterInString))
        // Invalid UTF-8 (a lone FF, an overlong '/', an encoded surrogate) is reported at the opening quote.
        #expect(failure([0x5B, 0x22, 0xFF, 0x22, 0x5D]) == JSONParseError(offset: 1, reason: .invalidUTF8))
        #expect(failure([0x22, 0xC0, 0xAF, 0x22]) == JSONParseError(offset: 0, reason: .invalidUTF8))
        #expect(failure([0x22, 0xED, 0xA0, 0x80, 0x22]) == JSONParseError(offset: 0, reason: .invalidUTF8))
        // Non-ASCII outside a string starts no value.
        #expect(failure([0xC3, 0xA9]) == JSONParseError(offset: 0, reason: .unexpectedByte(0xC3)))
    }

    @Test func badNumbers() {
        let cases: [(String, Int, JSONParseError.Reason)] = [
            ("01", 1, .malformedNumber), ("-01", 2, .malformedNumber), ("-", 1, .malformedNumber), ("-a", 1, .malformedNumber),
            ("1.", 2, .malformedNumber), ("1.e5", 2, .malformedNumber), ("1e", 2, .malformedNumber), ("1e+", 3, .malformedNumber),
            ("1.5e", 4, .malformedNumber), ("[1.]", 3, .malformedNumber),
            (".5", 0, .unexpectedByte(46)), ("+1", 0, .unexpectedByte(43)), ("NaN", 0, .unexpectedByte(78)),
            ("Infinity", 0, .unexpectedByte(73)), ("0x10", 1, .trailingData), ("1 2", 2, .trailingData),
        ]
        for (text, offset, reason) in cases {
            #expect(failure(text) == JSONParseError(offset: offset, reason: reason), "\(text)")
        }
    }

    /// `.int64` rejects fractions, exponents and values beyond Int64 at the number's first byte.
    @Test func wholeNumbersOnly() throws {
        func strict(_ text: String) -> JSONParseError? {
            do { _ = try JSONDocument.parse(Array(text.utf8), numbers: .int64); return nil } catch { return error }
        }
        #expect(try JSONDocument.parse(Array("[-9223372036854775808,9223372036854775807,0,-0]".utf8), numbers: .int64)
                == .array([.number("-9223372036854775808"), .number("9223372036854775807"), .number("0"), .number("-0")]))
        #expect(strict("[1,2.5]") == JSONParseError(offset: 3, reason: .notWholeNumber))
        #expect(strict("[1,-2e5]") == JSONParseError(offset: 3, reason: .notWholeNumber))
        #expect(strict("{\"a\":1E5}") == JSONParseError(offset: 5, reason: .notWholeNumber))
        #expect(strict("9223372036854775808") == JSONParseError(offset: 0, reason: .integerOutOfRange))
        #expect(strict("[-9223372036854775809]") == JSONParseError(offset: 1, reason: .integerOutOfRange))
        // The grammar still applies first.
        #expect(strict("01") == JSONParseError(offset: 1, reason: .malformedNumber))
        #expect(strict("-") == JSONParseError(offset: 1, reason: .malformedNumber))
        #expect(failure("[1,2.5]") == nil)
    }

    @Test func structuralErrors() {
        let cases: [(String, Int, JSONParseError.Reason)] = [
            ("", 0, .unexpectedEnd), ("   ", 3, .unexpectedEnd), ("[1,", 3, .unexpectedEnd),
            ("[1,]", 3, .unexpectedByte(93)), ("{\"a\":1,}", 7, .expectedKey), ("{,}", 1, .expectedKey), ("{a:1}", 1, .expectedKey),
            ("[1 2]", 3, .expectedCommaOrArrayEnd), ("[1", 2, .unterminatedArray),
            ("{\"a\":1", 6, .unterminatedObject), ("{\"a\":1 \"b\":2}", 7, .expectedCommaOrObjectEnd),
            ("{\"a\" 1}", 5, .expectedColon), ("{\"a\"", 4, .expectedColon), ("{\"a\":}", 5, .unexpectedByte(125)),
            ("{\"a\":1,\"a\":2}", 10, .duplicateKey("a")),
            ("[1] x", 4, .trailingData), ("{}{}", 2, .trailingData), ("tru", 0, .expectedLiteral("true")),
            ("[nul]", 1, .expectedLiteral("null")), ("truex", 4, .trailingData), ("falsy", 0, .expectedLiteral("false")), ("// c\n1", 0, .unexpectedByte(47)),
        ]
        for (text, offset, reason) in cases {
            #expect(failure(text) == JSONParseError(offset: offset, reason: reason), "\(text)")
        }
    }

    /// With more than eight members duplicates are found through a set: the same answer.
    @Test func duplicateKeyInALargeObject() {
        let members = (0..<10).map { "\"k\($0)\":0" }.joined(separator: ",")
        let text = "{" + members + ",\"k3\":1}"
        // The offset is just past the duplicate key's closing quote, before the final `:1}`.
        #expect(failure(text) == JSONParseError(offset: text.utf8.count - 3, reason: .duplicateKey("k3")))
        #expect(failure("{" + members + ",\"k10\":1}") == nil)
    }

    @Test func nestingIsLimited() {
        func nested(_ n: Int, _ inner: String = "") -> String {
            String(repeating: "[", count: n) + inner + String(repeating: "]", count: n)
        }
        // The top level is depth 0, so sixteen levels fit and a seventeenth value does not.
        #expect(failure(nested(16)) == nil)
        #expect(failure(nested(17)) == JSONParseError(offset: 16, reason: .tooDeep(limit: 16)))
        #expect(failure(nested(15, "1")) == nil)
        #expect(failure(nested(16, "1")) == JSONParseError(offset: 16, reason: .tooDeep(limit: 16)))
        #expect(failure(String(repeating: "{\"a\":", count: 20)) == JSONParseError(offset: 16 * 5, reason: .tooDeep(limit: 16)))
        // A hostile depth fails at the limit instead of exhausting the stack.
        #expect(failure(String(repeating: "[", count: 200_000)) == JSONParseError(offset: 16, reason: .tooDeep(limit: 16)))
        #expect(failure("[[]]", maxDepth: 2) == nil)
        #expect(failure("[[[]]]", maxDepth: 2) == JSONParseError(offset: 2, reason: .tooDeep(limit: 2)))
    }

    @Test func errorWording() {
        // The form chalk's traces pin (Golden/chalk/bad-input.golden), for a document cut after a comma.
        let cut = #"{"format":"flying-chalk","strokes":[{"brushKind":"chalk","#
        #expect(cut.utf8.count == 57)
        #expect(failure(cut)?.description == "byte 57: expected a quoted key")
        #expect(failure("[1,]")?.description == "byte 3: unexpected character ']'")
        #expect(failure("\"\\u12\"")?.message == "bad \\u escape")
    }

    // MARK: Accessors

    @Test func accessors() throws {
        let v = try parse(#"{"i":-42,"big":9223372036854775807,"over":9223372036854775808,"min":-9223372036854775808,"f":1.0,"e":1e3,"s":"t","b":true,"n":null,"l":[1],"o":{}}"#)
        #expect(v["i"]?.int64 == -42 && v["i"]?.int == -42)
        #expect(v["big"]?.int64 == Int64.max)
        #expect(v["min"]?.int64 == Int64.min)
        #expect(v["over"]?.int64 == nil && v["over"]?.integer(as: UInt64.self) == 9_223_372_036_854_775_808)
        #expect(v["f"]?.int64 == nil && v["e"]?.int64 == nil && v["f"]?.numberText == "1.0")
        #expect(v["i"]?.integer(as: UInt32.self) == nil && v["i"]?.integer(as: Int8.self) == -42)
        #expect(v["s"]?.string == "t" && v["s"]?.int64 == nil && v["s"]?.bool == nil)
        #expect(v["b"]?.bool == true && v["n"]?.isNull == true && v["b"]?.isNull == false)
        #expect(v["l"]?.array == [.number("1")] && v["o"]?.object?.isEmpty == true && v["l"]?.object == nil)
        #expect(v["missing"] == nil && JSONValue.number("1")["i"] == nil)
        #expect(v["l"]?.typeName == "a list" && v["o"]?.typeName == "an object" && v["n"]?.typeName == "null")
        #expect(JSONValue.integer(-5) == .number("-5") && JSONValue.integer(UInt32.max) == .number("4294967295"))
        // Float round-trips are the caller's: the shortest text reads back to the same bits.
        let f: Float = 0.33157894
        #expect(Float(try #require(try parse("[\(f.description)]").array?.first?.numberText))?.bitPattern == f.bitPattern)
    }

    // MARK: Writing

    @Test func writerKnownBytes() {
        let v: JSONValue = .object([
            ("b", .array([.integer(1), .number("-2.5e+3"), .bool(true), .bool(false), .null, .array([]), .object([])])),
            ("a", .string("x")),
        ])
        #expect(written(v) == #"{"a":"x","b":[1,-2.5e+3,true,false,null,[],{}]}"#)
        #expect(written(v, .asBuilt) == #"{"b":[1,-2.5e+3,true,false,null,[],{}],"a":"x"}"#)
    }

    /// Keys sort by UTF-8 bytes: "B" (42) < "a" (61) < "aa" < "b" < "é" (C3) < U+FFFD (EF) < U+1F600 (F0).
    /// (UTF-16 order would put U+1F600, a D83D surrogate, before U+FFFD.)
    @Test func keysSortByUTF8Bytes() {
        let keys = ["\u{1F600}", "b", "\u{FFFD}", "é", "aa", "B", "a"]
        let v = JSONValue.object(keys.map { ($0, .null) })
        #expect(written(v) == "{\"B\":null,\"a\":null,\"aa\":null,\"b\":null,\"é\":null,\"\u{FFFD}\":null,\"\u{1F600}\":null}")
        // Nested objects are sorted too, and `.asBuilt` applies at every level.
        let nested = JSONValue.array([.object([("z", .object([("y", .null), ("x", .null)])), ("a", .null)])])
        #expect(written(nested) == #"[{"a":null,"z":{"x":null,"y":null}}]"#)
        #expect(written(nested, .asBuilt) == #"[{"z":{"y":null,"x":null},"a":null}]"#)
    }

    @Test func stringEscapes() {
        // Only " \ and newline have short forms; other bytes below 0x20 are \u00xx in lower case;
        // '/', DEL and non-ASCII are written as they are.
        let s = "q\"b\\n\nt\tc\u{01}u\u{1F}/é\u{7F}"
        var expected: [UInt8] = [0x22]
        expected += Array(#"q\"b\\n\nt\u0009c\u0001u\u001f/"#.utf8)
        expected += [0xC3, 0xA9, 0x7F, 0x22]
        #expect(JSONDocument.bytes(.string(s)) == expected)
        #expect(written(.object([("k\"\n", .string(""))])) == #"{"k\"\n":""}"#)
    }

    @Test func roundTrips() throws {
        // Canonical text reads and writes back byte for byte (number text untouched).
        let canonical = #"{"a":[1,2.50,-0,1E+2,"\u0001"],"b":{"c":null,"d":"é\"\\"},"e":true}"#
        #expect(written(try parse(canonical)) == canonical)
        // Non-canonical text becomes canonical.
        #expect(written(try parse(" { \"b\" : 1 , \"a\" : [ ] } ")) == #"{"a":[],"b":1}"#)
        #expect(written(try parse(#""\/\t\u00e9\ud834\udd1e""#)) == "\"/\\u0009é\u{1D11E}\"")
        // Every control character and both escaped printables survive write → parse.
        let all = String(decoding: (0..<32).map { UInt8($0) } + [34, 92, 47], as: UTF8.self)
        #expect(try JSONDocument.parse(JSONDocument.bytes(.string(all))) == .string(all))
        // A built value with sorted keys parses back equal to itself.
        let v: JSONValue = .object([("a", .array([.integer(Int64.min), .number("0.1"), .string("x\u{1F600}")])), ("b", .object([]))])
        #expect(try JSONDocument.parse(JSONDocument.bytes(v)) == v)
    }
}
