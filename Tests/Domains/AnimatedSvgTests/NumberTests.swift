import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct NumberTests {
    @Test func w69FormatRows() {
        #expect(formatNumber(0.03125) == "0.0312")
        #expect(formatNumber(0.09375) == "0.0938")
        #expect(formatNumber(-0.00001) == "0")
        #expect(formatNumber(100.0 / 3.0) == "33.3333")
    }

    @Test func formatPlainValues() {
        #expect(formatNumber(0) == "0")
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(2.5) == "2.5")
        #expect(formatNumber(-2.5) == "-2.5")
        #expect(formatNumber(100) == "100")
        #expect(formatNumber(-50) == "-50")
        #expect(formatNumber(0.0001) == "0.0001")
        #expect(formatNumber(-0.00005) == "0")   // -0.5 ties to even 0
        #expect(formatNumber(0.00015) == "0.0001")   // 0.00015 × 10000 = 1.4999999999999998 in Double
    }

    @Test func formatHugeAndNonFinite() {
        // 2^62 and 2^70: v × 10000 is exact, so q / 10000 is the integer itself.
        #expect(formatNumber(4_611_686_018_427_387_904.0) == "4611686018427387904")
        #expect(formatNumber(-1_180_591_620_717_411_303_424.0) == "-1180591620717411303424")
        #expect(formatNumber(.nan) == "0")
        #expect(!formatNumber(.infinity).contains("e"))
        #expect(!formatNumber(1e300).contains("e"))
        #expect(!formatNumber(-Double.greatestFiniteMagnitude).contains("e"))
    }

    @Test func parseValidGrammar() {
        #expect(parseNumber("12") == 12)
        #expect(parseNumber("-1.5") == -1.5)
        #expect(parseNumber("+.5") == 0.5)
        #expect(parseNumber("1.") == 1)
        #expect(parseNumber("1e3") == 1000)
        #expect(parseNumber("2.5E-1") == 0.25)
        #expect(parseNumber("0.1") == 0.1)
    }

    @Test func parseRejectsNonGrammar() {
        for bad in ["", " 1", "1 ", "inf", "nan", "Infinity", "0x1p3", "+", "-", ".", "1e", "1e+", "1..2",
                    "--1", "1,0", "1e400", "١"] {
            #expect(parseNumber(bad) == nil, "\(bad)")
        }
    }

    @Test func lengthUnits() {
        #expect(parseLength("10") == Length(value: 10, unit: ""))
        #expect(parseLength("10px") == Length(value: 10, unit: ""))
        #expect(parseLength("10PX") == Length(value: 10, unit: ""))
        #expect(parseLength("50%") == Length(value: 50, unit: "%"))
        #expect(parseLength("1.5em") == Length(value: 1.5, unit: "em"))
        #expect(parseLength("2e1em") == Length(value: 20, unit: "em"))
        #expect(parseLength("2em") == Length(value: 2, unit: "em"))
    }

    @Test func lengthBadInput() {
        for bad in ["", "px", "10 px", " 10", "10px ", "10%%", "10p1", "%", "1e400px"] {
            #expect(parseLength(bad) == nil, "\(bad)")
        }
    }

    @Test func lengthFormat() {
        #expect(formatLength(Length(value: 12.5, unit: "")) == "12.5")
        #expect(formatLength(Length(value: 100.0 / 3.0, unit: "%")) == "33.3333%")
        #expect(formatLength(Length(value: -0.0, unit: "em")) == "0em")
    }

    /// W5–W9, W16, W19–W22: the written numbers of those rows, as G1 strings.
    @Test func smilRowNumbersFormat() {
        #expect(formatNumber(0 + (10 - 0) * 0.25) == "2.5")
        #expect(formatNumber(10.0 * 2 + 2.5) == "22.5")
        #expect(formatNumber(0 + (100 - 0) * 0.5) == "50")
        #expect(formatNumber(10 + (30.0 - 10) * 0.5) == "20")
    }
}
