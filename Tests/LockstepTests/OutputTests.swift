import Testing
@testable import LockstepCore
@testable import LockstepRunner

/// Fixed-decimal cases computed independently with Python's `decimal` module: the exact binary value
/// of each double (given by its bit pattern), quantized with ROUND_HALF_EVEN, "-0…" printed without
/// its sign. Random magnitudes from 2^-40 to 2^70 plus exact ties k/2^n at every place count.
/// Each expected text is, in Python 3 with `getcontext().prec = 2000`:
///
///     d = Decimal(x).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
///     s = format(d, 'f'); s = s[1:] if s.startswith('-') and Decimal(s) == 0 else s
let pythonFixedCases: [(bits: UInt64, places: Int, text: String)] = [
        (0x4381CF7699585078, 5, "160421852475952896.00000"),
        (0x3FDF96085932A0A6, 2, "0.49"),
        (0x3FBC4BFCE0018CC9, 1, "0.1"),
        (0x4264C5A48F67E6EB, 5, "713721936703.21619"),
        (0xC12CFE26FFF6F12F, 4, "-950035.4999"),
        (0x3F29F7549B5959E5, 1, "0.0"),
        (0xBF8951B92E42D6B6, 3, "-0.012"),
        (0x3F20CC805B74AAC0, 3, "0.000"),
        (0xBFD9524FAC5EE630, 9, "-0.395648878"),
        (0xC26B2B32DD3E7A76, 9, "-933510965747.826904297"),
        (0xBF5FBA8E38455C30, 7, "-0.0019366"),
        (0x4004B5AAF6B38286, 4, "2.5887"),
        (0xBD6C623F7AEF63F1, 0, "0"),
        (0x400DA3359C6E4CDA, 6, "3.704692"),
        (0x42474C8D3E082604, 1, "200137145360.3"),
        (0x443AB054D9DABA2A, 0, "492321365898616766464"),
        (0x426FB3EF93E429D4, 6, "1089302470433.307129"),
        (0x3FF3EB80CE87F9F6, 4, "1.2450"),
        (0xBF93731C31D8A9DD, 3, "-0.019"),
        (0x3F209716BD262649, 2, "0.00"),
        (0x3D6A66428700F753, 2, "0.00"),
        (0x3FBF112D95CB306C, 6, "0.121356"),
        (0xBFBD665F081A5EB2, 3, "-0.115"),
        (0xBFEBB16D0D03E07A, 6, "-0.865408"),
        (0xC11D2588EFE3B880, 5, "-477538.23427"),
        (0xBFE9E06BF8A70774, 8, "-0.80864523"),
        (0xBFB5828AF5B30829, 8, "-0.08402318"),
        (0xBFD4A516272B033C, 9, "-0.322576082"),
        (0xBD5C66571C95A3D4, 4, "0.0000"),
        (0xC39F9499DC615784, 1, "-568903220883480832.0"),
        (0x3FFA7C06056EED8D, 5, "1.65528"),
        (0xC3897A20F767B2C8, 3, "-229477005634459904.000"),
        (0xBD53DF59529B9C26, 2, "0.00"),
        (0x3FB391DA8A5DD9C9, 3, "0.076"),
        (0x3F959A229FBBCB17, 7, "0.0210958"),
        (0x3D488B8045236418, 8, "0.00000000"),
        (0x3FD96470305C7898, 3, "0.397"),
        (0xBD6428671E4691ED, 3, "0.000"),
        (0xBFDE0B3D3C856430, 4, "-0.4694"),
        (0xBFF9ECA3EBF8720B, 3, "-1.620"),
        (0x400903CB5CD172DE, 3, "3.127"),
        (0xC3A1EB1B899A1763, 8, "-645577997990736256.00000000"),
        (0xBFB1DF27FB5998CD, 0, "0"),
        (0xBFC75943B912FE2C, 6, "-0.182412"),
        (0x4448BF71A570597D, 4, "913033693609196126208.0000"),
        (0x3F568686D4AB4729, 8, "0.00137485"),
        (0xC406AF014C4E8A50, 0, "-52304851744179486720"),
        (0x3FDA131501B2E97E, 0, "0"),
        (0xC43FEF61030CAD56, 9, "-589098137685784395776.000000000"),
        (0x40059D7C8A3132F8, 4, "2.7019"),
        (0x4009F6B3DBE06AE4, 3, "3.245"),
        (0xBF4618BB1810947A, 4, "-0.0007"),
        (0x3FF04BC6C2F6B883, 3, "1.019"),
        (0x3F944F2AB455367C, 4, "0.0198"),
        (0x41086C55CF9138C4, 4, "200074.7264"),
        (0xC10900C953997730, 0, "-204825"),
        (0x3F3117A6320A4FF0, 0, "0"),
        (0xBFF4799C47DF9734, 7, "-1.2796901"),
        (0x4269C59758B5A241, 7, "885513700781.0704346"),
        (0x3F44AAB90725113C, 4, "0.0006"),
        (0x3FD0000000000000, 7, "0.2500000"),
        (0xBFBC000000000000, 8, "-0.10937500"),
        (0x3FEF800000000000, 5, "0.98438"),
        (0x3FB0000000000000, 8, "0.06250000"),
        (0xBFC4000000000000, 9, "-0.156250000"),
        (0x3FFC000000000000, 4, "1.7500"),
        (0x3F80000000000000, 9, "0.007812500"),
        (0xBF9C000000000000, 4, "-0.0273"),
        (0xBF60000000000000, 8, "-0.00195312"),
        (0xBFEFFC0000000000, 0, "-1"),
        (0xBFEFF80000000000, 4, "-0.9990"),
        (0xBFEFC00000000000, 6, "-0.992188"),
        (0x4004000000000000, 9, "2.500000000"),
        (0xBFD8000000000000, 1, "-0.4"),
        (0x3FE0000000000000, 6, "0.500000"),
        (0x3FEF000000000000, 5, "0.96875"),
        (0x3FC4000000000000, 4, "0.1562"),
        (0xBFF8000000000000, 7, "-1.5000000"),
        (0xBF8C000000000000, 2, "-0.01"),
        (0xBFDC000000000000, 4, "-0.4375"),
        (0x3FF8000000000000, 2, "1.50"),
        (0x3F98000000000000, 9, "0.023437500"),
        (0x3FCC000000000000, 2, "0.22"),
        (0xBFE0000000000000, 2, "-0.50"),
        (0x3F9C000000000000, 4, "0.0273"),
        (0xC004000000000000, 5, "-2.50000"),
        (0xBFD8000000000000, 5, "-0.37500"),
        (0xBF6C000000000000, 8, "-0.00341797"),
        (0xBFEC000000000000, 2, "-0.88"),
        (0x3F98000000000000, 6, "0.023438"),
        (0x4004000000000000, 7, "2.5000000"),
        (0xBF88000000000000, 0, "0"),
        (0xBFA4000000000000, 0, "0"),
        (0x3FC0000000000000, 4, "0.1250"),
        (0x3FF4000000000000, 1, "1.2"),
        (0xBFE4000000000000, 8, "-0.62500000"),
        (0xBF64000000000000, 1, "0.0"),
        (0x3F98000000000000, 8, "0.02343750"),
        (0x4004000000000000, 0, "2"),
        (0xBF58000000000000, 0, "0"),
        (0xBF7C000000000000, 7, "-0.0068359"),
        (0xBF78000000000000, 0, "0"),
        (0x3FD4000000000000, 5, "0.31250"),
        (0xBF94000000000000, 2, "-0.02"),
        (0xBF50000000000000, 4, "-0.0010"),
        (0xBFC0000000000000, 0, "0"),
        (0xBFA4000000000000, 5, "-0.03906"),
        (0x3FF4000000000000, 2, "1.25"),
        (0xBF58000000000000, 3, "-0.001"),
        (0xBFA8000000000000, 3, "-0.047"),
        (0x3FE8000000000000, 5, "0.75000"),
        (0xBFCC000000000000, 4, "-0.2188"),
        (0xBF9C000000000000, 7, "-0.0273438"),
        (0x3FE0000000000000, 4, "0.5000"),
        (0x3FA4000000000000, 1, "0.0"),
        (0x3FEFE00000000000, 3, "0.996"),
        (0xBF80000000000000, 3, "-0.008"),
        (0x3F68000000000000, 6, "0.002930"),
        (0x3FD8000000000000, 6, "0.375000"),
        (0xBFCC000000000000, 3, "-0.219"),
        (0xBFEFC00000000000, 0, "-1"),
        (0x3FAC000000000000, 3, "0.055"),
        (0xBFEFC00000000000, 8, "-0.99218750"),
        (0xBFEFF00000000000, 3, "-0.998"),
        (0x3FEFF80000000000, 3, "0.999"),
        (0x3F88000000000000, 7, "0.0117188"),
        (0x3FAC000000000000, 4, "0.0547"),
        (0x3F8C000000000000, 2, "0.01"),
        (0xBF90000000000000, 1, "0.0"),
        (0xC004000000000000, 2, "-2.50"),
        (0xBFE8000000000000, 7, "-0.7500000"),
        (0x3FB0000000000000, 7, "0.0625000"),
        (0x3F50000000000000, 9, "0.000976562"),
        (0xBFEF000000000000, 5, "-0.96875"),
        (0xBFBC000000000000, 5, "-0.10938"),
        (0x3F6C000000000000, 3, "0.003"),
        (0x3FD0000000000000, 6, "0.250000"),
        (0xBFC8000000000000, 0, "0"),
        (0x400C000000000000, 5, "3.50000"),
        (0xBFE0000000000000, 5, "-0.50000"),
]

@Suite("Fixed decimals")
struct OutputFixedDecimalTests {
    @Test("round half to even on exact binary values", arguments: [
        (0.125, 2, "0.12"),     // exactly 1/8: a true tie, 2 is even
        (0.375, 2, "0.38"),     // exactly 3/8: a true tie, 8 is even
        (2.675, 2, "2.67"),     // really 2.67499999999999982236431605997495353221893310546875
        (1.5, 0, "2"),
        (2.5, 0, "2"),
        (0.5, 0, "0"),
        (-2.5, 0, "-2"),
        (-0.0001, 3, "0.000"),  // rounds to zero: no sign
        (-0.0, 3, "0.000"),
        (0.0, 0, "0"),
        (-1.25, 1, "-1.2"),
        (1.0, 9, "1.000000000"),
        (0.1, 9, "0.100000000"),
        (Double.leastNonzeroMagnitude, 9, "0.000000000"),  // 5e-324, the smallest subnormal
        (-Double.leastNonzeroMagnitude, 9, "0.000000000"),
        (5e-10, 9, "0.000000001"),  // 5.00000000000000031…e-10: just above the tie
        (1e20, 3, "100000000000000000000.000"),
        (-1e20, 0, "-100000000000000000000"),
        (1024.0, 1, "1024.0"),
        (2251799813685249.5, 0, "2251799813685250"),  // 2^51 + 1.5, exact: a tie, 0 is even
        (2251799813685248.5, 0, "2251799813685248"),  // 2^51 + 0.5, exact: a tie, 8 is even
    ])
    func rounding(value: Double, places: Int, text: String) {
        #expect(FixedDecimal.format(value, places: places) == text)
        #expect(Value.fixed(value, places: places).text == text)
    }

    @Test("nan, inf and -inf print as words")
    func nonFinite() {
        #expect(FixedDecimal.format(.nan, places: 3) == "nan")
        #expect(FixedDecimal.format(-.nan, places: 3) == "nan")
        #expect(FixedDecimal.format(.infinity, places: 2) == "inf")
        #expect(FixedDecimal.format(-.infinity, places: 0) == "-inf")
    }

    @Test("huge values print every integer digit exactly")
    func huge() {
        // 1e300 as a double is exactly this integer (Python: int(1e300)).
        let exact1e300 = "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160"
        #expect(FixedDecimal.format(1e300, places: 0) == exact1e300)
        #expect(FixedDecimal.format(-1e300, places: 2) == "-" + exact1e300 + ".00")
        // 2^100 = 1267650600228229401496703205376 (a known power of two).
        #expect(FixedDecimal.format(0x1p100, places: 1) == "1267650600228229401496703205376.0")
        // The largest finite double: (2^53 − 1) · 2^971, 309 digits starting 17976931348623157081.
        let largest = FixedDecimal.format(.greatestFiniteMagnitude, places: 0)
        #expect(largest.count == 309)
        #expect(largest.hasPrefix("17976931348623157081"))
        #expect(largest.hasSuffix("858368"))
        // Just above and below 2^64, where the 64-bit fast path ends.
        #expect(FixedDecimal.format(0x1p64, places: 0) == "18446744073709551616")
        #expect(FixedDecimal.format(0x1p63, places: 3) == "9223372036854775808.000")
        #expect(FixedDecimal.format(0x1.fffffffffffffp62, places: 0) == "9223372036854774784")
    }

    @Test("values at large scale keep exact fractions")
    func largeWithFraction() {
        // 2^51 + 0.5 is exact (the spacing there is 0.5); at 9 places nothing is rounded.
        #expect(FixedDecimal.format(2251799813685248.5, places: 9) == "2251799813685248.500000000")
        // 0.1 · 10^9 needs more than 64 bits before the shift: 0.1 = 3602879701896397 / 2^55.
        #expect(FixedDecimal.format(0.1, places: 9) == "0.100000000")
        // 1 − 2^-53 rounds up to 1 at every place count.
        #expect(FixedDecimal.format(0x1.fffffffffffffp-1, places: 9) == "1.000000000")
        #expect(FixedDecimal.format(0x1.fffffffffffffp-1, places: 0) == "1")
    }

    @Test("agrees with Python's decimal on random and tie values")
    func againstPython() {
        for c in pythonFixedCases {
            let x = Double(bitPattern: c.bits)
            #expect(FixedDecimal.format(x, places: c.places) == c.text, "\(x) at \(c.places) places")
        }
    }
}

@Suite("Output values and records")
struct OutputValueTests {
    @Test("every value kind has one canonical spelling")
    func spellings() {
        #expect(Value.int(-42).text == "-42")
        #expect(Value.bool(true).text == "true")
        #expect(Value.word("pencil").text == "pencil")
        #expect(Value.tuple([.int(1), .fixed(2.5, places: 1), .word("x")]).text == "1,2.5,x")
        #expect(Value.hex([0x00, 0xAB, 0x0F]).text == "0x00ab0f")
        #expect(Value.digest(0xCBF2_9CE4_8422_2325).text == "#cbf29ce484222325")
        #expect(Value.digest(1).text == "#0000000000000001")
        #expect(Value.instant(Instant(secondsSinceEpoch: 1_773_482_400)).text == "2026-03-14T10:00:00Z")
        #expect(Value.duration(.milliseconds(1_500)).text == "1.500000000s")
        #expect(Value.string("a\"b\\c\nd\te\u{1}\u{7F}").text == #""a\"b\\c\nd\te\u{01}\u{7f}""#)
        let record = Record("stamp").fixed("x", 12.5, 3).int("atlas", 7).positional(.word("pen"))
        #expect(record.description == "stamp x=12.500 atlas=7 pen")
    }

    /// Reads `quoted` back as the first argument of an event line, through the real reader.
    private func readBack(_ quoted: String) throws -> String {
        let text = "lockstep 1\ndomain noop\n0 tick s=\(quoted)\n"
        let reader = try ScenarioReader(display: "mem.scenario", bytes: Array(text.utf8), files: nil)
        _ = try reader.readHeader()
        var line = EventLine(path: "", buffer: [])
        #expect(try reader.next(into: &line))
        return try line.string(at: 0)
    }

    @Test("quoted strings round-trip through the scenario lexer", arguments: [
        "plain", "", "with \"quotes\"", "back\\slash\\", "new\nline", "tab\there", "cr\r", "nul\u{0}",
        "bell\u{7}del\u{7F}", "emoji 😀 and é", "  spaces  ", "a=b,c #not a comment", "\\n literally",
    ])
    func roundTrip(s: String) throws {
        let quoted = Value.string(s).text
        #expect(try readBack(quoted) == s)
    }

    @Test("\\u{…} escapes of any width decode to the scalar")
    func unicodeEscapes() throws {
        #expect(try readBack(#""\u{1F600}\u{e9}\u{41}""#) == "😀éA")
    }
}

@Suite("FNV-1a 64")
struct OutputFNVTests {
    @Test("published test vectors", arguments: [
        ("", UInt64(0xCBF2_9CE4_8422_2325)),
        ("a", 0xAF63_DC4C_8601_EC8C),
        ("foobar", 0x8594_4171_F739_67E8),
    ])
    func vectors(text: String, hash: UInt64) {
        #expect(FNV1a64.hash(Array(text.utf8)) == hash)
        var incremental = FNV1a64()
        for byte in text.utf8 { incremental.update([byte]) }
        #expect(incremental.value == hash)
        var raw = FNV1a64()
        Array(text.utf8).withUnsafeBytes { raw.update($0) }
        #expect(raw.value == hash)
    }
}

@Suite("Canonical writer")
struct OutputCanonicalWriterTests {
    private func write(_ set: Set<Int>) -> [UInt8] {
        var w = CanonicalWriter()
        w.int("n", 1)
        w.sortedSet("ids", set) { .int($0) }
        return w.bytes
    }

    @Test("sets are written sorted, whatever the insertion order")
    func sorted() {
        var setA: Set<Int> = [], setB: Set<Int> = []
        setB.reserveCapacity(1_000)  // a different bucket layout as well as a different order
        for i in 0..<200 { setA.insert(i * 7919 % 1000) }
        for i in (0..<200).reversed() { setB.insert(i * 7919 % 1000) }
        let a = write(setA), b = write(setB)
        #expect(a == b)
        var reset = CanonicalWriter()
        reset.int("junk", 9)
        reset.reset()
        reset.int("n", 1)
        reset.sortedSet("ids", setB) { .int($0) }
        #expect(reset.bytes == a)
    }

    @Test("exact layout: key=value lines, sections indented by two spaces, sorted keys")
    func layout() {
        var w = CanonicalWriter()
        w.word("label", "count")
        w.sortedSet("s", Set([3, 1, 2])) { .int($0) }
        w.list("l", ["x", "y"]) { w, i, s in w.string("item\(i)", s) }
        let expected = """
            label=count
            s=1,2,3
            l count=2 {
              item0="x"
              item1="y"
            }

            """
        #expect(w.text == expected)
        #expect(w.digest == FNV1a64.hash(Array(expected.utf8)))
    }
}

@Suite("Canonical tuple lines")
struct CanonicalTupleTests {
    /// `tuple(key) { ... }` writes the same bytes as `write(key, .tuple([...]))` for every kind of
    /// value, inside sections too, and leaves the writer usable (its buffer moved in and out).
    @Test func tupleBuilderMatchesTheValueForm() {
        let values: [Value] = [.int(-42), .bool(true), .word("playAndRecord"), .fixed(48000, places: 1), .string("a \"q\"\n"),
                               .digest(0x0123_4567_89AB_CDEF), .hex([0, 255]), .duration(.milliseconds(1500))]
        var a = CanonicalWriter(), b = CanonicalWriter()
        a.write("first", .int(1))
        b.write("first", .int(1))
        a.section("s") { $0.write("t", .tuple(values)); $0.write("empty", .tuple([])) }
        b.section("s") { w in
            w.tuple("t") { v in for x in values { v.add(x) } }
            w.tuple("empty") { _ in }
        }
        a.write("mixed", .tuple([.int(7), .bool(false), .word("none"), .fixed(0.3, places: 3), .word("48000.0Hz/2ch")]))
        b.tuple("mixed") { v in
            v.int(7); v.bool(false); v.word("none"); v.fixed(0.3, places: 3)
            v.custom { $0.append(contentsOf: Array("48000.0Hz/2ch".utf8)) }
        }
        #expect(b.text == a.text)
        #expect(b.digest == a.digest)
    }
}
