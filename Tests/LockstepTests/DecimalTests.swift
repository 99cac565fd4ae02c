// DecimalNumber: known values from the currency, adEarnings and units notes, the rounding modes'
// meaning for negatives, the parser's located errors, the range limits, and every case of
// Resources/decimal/cases.txt (made by Scripts/decimal/make_cases.py with Python's `decimal`).

import Foundation  // only to read the fixture file
import Testing
import LockstepCore

private func dec(_ text: String) throws -> DecimalNumber { try DecimalNumber(parsing: text) }

@Suite struct DecimalKnownValueTests {
    @Test func pointOnePlusPointTwoIsExactlyPointThree() throws {
        #expect(try dec("0.1") + dec("0.2") == dec("0.3"))
        #expect(try (dec("0.1") + dec("0.2")).canonicalText == "0.3")
    }

    @Test func oneOverPointNinetyTwoHasThirtyEightDigits() throws {
        // The exact quotient is 1.0869565217391304347826086956521739130|43…: rounding to 38
        // significant digits (any nearest mode) keeps a final 0, which canonical printing drops.
        let rate = try DecimalNumber(1) / dec("0.92")
        #expect(rate.canonicalText == "1.086956521739130434782608695652173913")
        #expect(rate.significantDigitCount == 37)
        #expect(rate.text(places: 3, mode: .bankers) == "1.087")
    }

    @Test func roundTripUSDEURUSDAtPointNinetyTwo() throws {
        // The currency note's order: amount × (b ÷ a), the rate computed first.
        let usdPerEur = try dec("0.92")  // 1 USD = 0.92 EUR
        let toEUR = try DecimalNumber(100) * (usdPerEur / DecimalNumber(1))
        #expect(toEUR == 92)
        let back = try toEUR * (DecimalNumber(1) / usdPerEur)
        #expect(back.canonicalText == "99.999999999999999999999999999999999996")
        #expect(back.text(places: 3, mode: .bankers) == "100.000")
        // The other order rounds differently: (amount × b) ÷ a is exactly 100 here.
        #expect(try (toEUR * DecimalNumber(1)) / usdPerEur == 100)
    }

    @Test func halfEvenToThreePlaces() throws {
        #expect(try dec("0.0005").rounded(scale: 3, mode: .bankers).canonicalText == "0")
        #expect(try dec("0.0015").rounded(scale: 3, mode: .bankers).canonicalText == "0.002")
        #expect(try dec("0.0025").rounded(scale: 3, mode: .bankers).canonicalText == "0.002")
        #expect(try dec("0.0005").text(places: 3, mode: .bankers) == "0.000")
        #expect(try dec("0.0015").text(places: 3, mode: .bankers) == "0.002")
        #expect(try dec("0.0025").text(places: 3, mode: .bankers) == "0.002")
        #expect(try dec("-0.0005").text(places: 3, mode: .bankers) == "0.000")  // never -0.000
        #expect(try dec("1234.5678").text(places: 3, mode: .bankers) == "1234.568")
    }

    @Test func adEarningsMicrosAndRates() throws {
        #expect(try DecimalNumber(1_234_560_000).scaled(byPowerOfTen: -6).canonicalText == "1234.56")
        #expect(try DecimalNumber(coefficient: 1_234_560_000, exponent: -6) == dec("1234.56"))
        #expect(try DecimalNumber(6_500_000).scaled(byPowerOfTen: -6) == dec("6.5"))
        #expect(try dec("1234567").scaled(byPowerOfTen: -6).canonicalText == "1.234567")
        // today 12.00 at 06:00 LA. The note's D4 saw 1.99…98 for perSecond × 3600: Foundation's
        // division truncates its quotient. Rounded half away from zero (as this type pins), the
        // quotient ends in …556 and the product rounds back to exactly 2 (Python agrees).
        let perSecond = try dec("12.00") / DecimalNumber(21_600)
        #expect(perSecond.canonicalText == "0.00055555555555555555555555555555555555556")
        #expect(try perSecond * DecimalNumber(3_600) == 2)
        // today × 3600 ÷ seconds is exact either way.
        #expect(try dec("12.00") * DecimalNumber(3_600) / DecimalNumber(21_600) == 2)
        // Weekly average of 1.10, 2.20, 3.30.
        let sum = try dec("1.10") + dec("2.20") + dec("3.30")
        #expect(try (sum / DecimalNumber(3)).canonicalText == "2.2")
    }

    @Test func unitsExactFactors() throws {
        // 42.195 km in exact miles (1 mi = 1609.344 m), to 38 digits.
        let miles = try dec("42195") / dec("1609.344")
        #expect(miles.canonicalText == "26.21875745645430684800763540921021236")
        #expect(try miles.rounded(scale: 4, mode: .plain).canonicalText == "26.2188")
        // 1 mi + 500 m = 2109.344 m exactly.
        #expect(try (dec("1609.344") + DecimalNumber(500)).canonicalText == "2109.344")
        // 1 kg > 2 lb: 2 × 0.45359237 = 0.90718474.
        #expect(try DecimalNumber(2) * dec("0.45359237") < DecimalNumber(1))
    }
}

@Suite struct DecimalRoundingModeTests {
    @Test func modesForNegativesFollowFoundation() throws {
        // One place: .down is floor and .up is ceiling, also below zero.
        let table: [(String, String, String, String, String)] = [
            ("1.25", "1.3", "1.2", "1.3", "1.2"),
            ("1.35", "1.4", "1.3", "1.4", "1.4"),
            ("-1.25", "-1.3", "-1.3", "-1.2", "-1.2"),
            ("-1.21", "-1.2", "-1.3", "-1.2", "-1.2"),
            ("-1.29", "-1.3", "-1.3", "-1.2", "-1.3"),
        ]
        for (value, plain, down, up, bankers) in table {
            let x = try dec(value)
            #expect(try x.rounded(scale: 1, mode: .plain).canonicalText == plain, "plain \(value)")
            #expect(try x.rounded(scale: 1, mode: .down).canonicalText == down, "down \(value)")
            #expect(try x.rounded(scale: 1, mode: .up).canonicalText == up, "up \(value)")
            #expect(try x.rounded(scale: 1, mode: .bankers).canonicalText == bankers, "bankers \(value)")
        }
    }

    @Test func roundingLeavesShortValuesAlone() throws {
        let x = try dec("12345678901234567890123456789012345678")
        #expect(try x.rounded(scale: 3, mode: .up) == x)
        #expect(try dec("-0.04").rounded(scale: 1, mode: .up) == 0)  // -0 is 0
        #expect(try dec("1250").rounded(scale: -2, mode: .bankers) == 1200)
    }

    @Test func negativeScaleCanOverflow() throws {
        let top = try dec(String(repeating: "9", count: 38) + String(repeating: "0", count: 127))
        #expect(throws: DecimalArithmeticError.overflow) { try top.rounded(scale: -164, mode: .up) }
    }
}

@Suite struct DecimalValueTests {
    @Test func canonicalPrinting() throws {
        #expect(try dec("1.50").canonicalText == "1.5")
        #expect(try dec("-0").canonicalText == "0")
        #expect(try dec("-0.000").description == "0")
        #expect(try dec("100").canonicalText == "100")
        #expect(try dec("0.0005").canonicalText == "0.0005")
        #expect(try dec("007").canonicalText == "7")
        #expect(DecimalNumber(-42).canonicalText == "-42")
        #expect(DecimalNumber(100).text(places: 3, mode: .plain) == "100.000")
        #expect(try dec("2.5").text(places: 0, mode: .bankers) == "2")
    }

    @Test func comparisonAndNegation() throws {
        let values = try ["-2", "-1.5", "-0.0001", "0", "0.1", "0.10000000000000000001", "1", "1.5", "100"].map(dec)
        for i in values.indices {
            for j in values.indices {
                #expect((values[i] < values[j]) == (i < j), "\(values[i]) < \(values[j])")
                #expect((values[i] == values[j]) == (i == j))
            }
        }
        #expect(try -dec("1.5") == dec("-1.5"))
        #expect(-DecimalNumber.zero == .zero)
        #expect(try dec("-3").magnitude == 3)
        #expect(try dec("1.50") == dec("1.5"))
        #expect(try dec("1.50").hashValue == dec("1.5").hashValue)
        #expect(DecimalNumber.zero.isZero && !DecimalNumber.one.isZero)
    }

    @Test func integerConversionOnlyWhenExact() throws {
        #expect(try Int64(exactly: dec("1234")) == 1234)
        #expect(try Int64(exactly: dec("12.5")) == nil)
        #expect(try Int64(exactly: dec("1000")) == 1000)
        #expect(try Int64(exactly: dec("9223372036854775807")) == Int64.max)
        #expect(try Int64(exactly: dec("9223372036854775808")) == nil)
        #expect(try Int64(exactly: dec("-9223372036854775808")) == Int64.min)
        #expect(try Int64(exactly: dec("-9223372036854775809")) == nil)
        #expect(try Int64(exactly: dec("1" + String(repeating: "0", count: 40))) == nil)
        #expect(try Int(exactly: dec("-7")) == -7)
        #expect(Int64(exactly: DecimalNumber(Int64.min)) == Int64.min)
    }

    @Test func rangeLimitsThrowInsteadOfWrapping() throws {
        let top = try dec(String(repeating: "9", count: 38) + String(repeating: "0", count: 127))
        #expect(throws: DecimalArithmeticError.overflow) { try top + top }
        #expect(throws: DecimalArithmeticError.overflow) { try top * DecimalNumber(10) }
        #expect(throws: DecimalArithmeticError.overflow) { try top.scaled(byPowerOfTen: 1) }
        #expect(throws: DecimalArithmeticError.overflow) { try DecimalNumber(1).scaled(byPowerOfTen: Int.max) }
        #expect(throws: DecimalArithmeticError.divisionByZero) { try DecimalNumber(1) / .zero }
        #expect(throws: DecimalArithmeticError.divisionByZero) { try DecimalNumber.zero / .zero }
        #expect(throws: DecimalArithmeticError.underflow) { try DecimalNumber(coefficient: 15, exponent: -129) }
        // Arithmetic rounds at 10^-128 instead (as Foundation's exponent floor forces).
        let tiny = try DecimalNumber(coefficient: 1, exponent: -128)
        #expect(try tiny / DecimalNumber(2) == tiny)  // 0.5e-128 rounds half away to 1e-128
        #expect(try tiny / DecimalNumber(3) == 0)
        #expect(try DecimalNumber(1).scaled(byPowerOfTen: Int.min) == 0)
    }
}

@Suite struct DecimalParseTests {
    private func failure(_ text: String) -> DecimalParseError? {
        do {
            _ = try DecimalNumber(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func errorsSayWhereAndWhy() {
        let cases: [(String, Int, DecimalParseError.Reason, String)] = [
            ("0.92abc", 4, .unexpectedByte(97), "after the number"),
            ("0,92", 1, .unexpectedByte(44), "decimal separator is '.'"),
            (" 0.92", 0, .unexpectedByte(32), "spaces"),
            ("0.92 ", 4, .unexpectedByte(32), "spaces"),
            ("1e3", 1, .unexpectedByte(101), "exponent notation"),
            ("NaN", 0, .unexpectedByte(78), "at the start"),
            ("", 0, .empty, "empty"),
            ("-", 1, .expectedDigit, "after '-'"),
            (".5", 0, .expectedDigit, "before '.'"),
            ("1.", 2, .expectedDigit, "after '.'"),
            ("+1", 0, .unexpectedByte(43), "'+'"),
            ("1.2.3", 3, .unexpectedByte(46), "at most one '.'"),
            ("--5", 1, .unexpectedByte(45), "after '-'"),
            ("12\u{00A0}5", 2, .unexpectedByte(0xC2), "0xc2"),
            ("123456789012345678901234567890123456789", 38, .tooManyDigits, "38 significant digits"),
            ("1" + String(repeating: "0", count: 165), 0, .outOfRange, "10^165"),
            ("0." + String(repeating: "0", count: 128) + "1", 130, .outOfRange, "10^-128"),
            (String(repeating: "0", count: 600), 512, .tooLong, "512 bytes"),
        ]
        for (text, offset, reason, fragment) in cases {
            let error = failure(text)
            #expect(error?.offset == offset, "\(text.debugDescription)")
            #expect(error?.reason == reason, "\(text.debugDescription)")
            #expect(error?.message.contains(fragment) == true, "\(text.debugDescription): \(error?.message ?? "parsed")")
        }
    }

    @Test func limitsAreInclusive() throws {
        #expect(try dec("1" + String(repeating: "0", count: 164)).adjustedExponentForTest == 164)
        #expect(try dec("0." + String(repeating: "0", count: 127) + "1").exponent == -128)
        #expect(try dec("1234567890123456789012345678901234567.80").significantDigitCount == 38)
        #expect(try dec(String(repeating: "0", count: 512)) == 0)
    }
}

@Suite struct DecimalTraceTests {
    @Test func recordAndWriterUseTheBareCanonicalText() throws {
        let record = try Record("conversion").decimal("rate", DecimalNumber(1) / dec("0.92")).decimal("amount", dec("-0.00"))
        #expect(record.description == "conversion rate=1.086956521739130434782608695652173913 amount=0")
        var writer = CanonicalWriter()
        writer.decimal("result", try dec("99.50"))
        writer.tuple("pair") { list in
            list.decimal(DecimalNumber(1))
            list.decimal(DecimalNumber(-2))
        }
        #expect(writer.text == "result=99.5\npair=1,-2\n")
        #expect(try Value.decimal(dec("12.50")) == .word("12.5"))
    }
}

@Suite struct DecimalFixtureTests {
    static let path: String = {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return path + "Resources/decimal/cases.txt"
    }()

    @Test func everyPythonCaseMatches() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        var counts: [String: Int] = [:]
        for (index, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let f = line.split(separator: " ").map(String.init)
            let where_ = "line \(index + 1): \(line.prefix(120))"
            counts[f[0], default: 0] += 1
            switch f[0] {
            case "add", "sub", "mul", "div":
                let a = try dec(f[1]), b = try dec(f[2])
                let got: String
                do {
                    switch f[0] {
                    case "add": got = try (a + b).canonicalText
                    case "sub": got = try (a - b).canonicalText
                    case "mul": got = try (a * b).canonicalText
                    default: got = try (a / b).canonicalText
                    }
                } catch .overflow { got = "overflow" } catch .divisionByZero { got = "divisionByZero" } catch { got = "\(error)" }
                #expect(got == f[3], "\(where_)")
            case "round":
                let a = try dec(f[1])
                let mode = try #require(DecimalRoundingMode(rawValue: f[3]))
                let got = (try? a.rounded(scale: Int(f[2])!, mode: mode).canonicalText) ?? "overflow"
                #expect(got == f[4], "\(where_)")
            case "parse":
                let input = f[1].replacingOccurrences(of: "\\s", with: " ")
                let got = (try? DecimalNumber(parsing: input).canonicalText) ?? "error"
                #expect(got == f[2], "\(where_)")
            default:
                Issue.record("unknown case kind in \(where_)")
            }
        }
        // The fixture really holds a few hundred cases of each kind of operation.
        #expect(counts["add", default: 0] >= 70 && counts["div", default: 0] >= 70)
        #expect(counts["round", default: 0] >= 200 && counts["parse", default: 0] >= 60)
    }
}

extension DecimalNumber {
    var adjustedExponentForTest: Int { exponent + significantDigitCount - 1 }
}
