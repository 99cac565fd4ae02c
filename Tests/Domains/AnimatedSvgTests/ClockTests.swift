import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct ClockTests {
    func smil(_ t: String) -> Int64? { try? parseSmilClock(t).get() }
    func cssT(_ t: String) -> Int64? { try? parseCssTime(t).get() }

    /// W68.
    @Test func w68Rows() {
        #expect(smil("00:01:30.5") == 90_500_000_000)
        #expect(smil("250ms") == 250_000_000)
        #expect(smil("1.5min") == 90_000_000_000)
        #expect(smil("2") == 2_000_000_000)
    }

    @Test func smilForms() {
        #expect(smil("01:30") == 90_000_000_000)
        #expect(smil("00:00:00") == 0)
        #expect(smil("0:00:10") == 10_000_000_000)
        #expect(smil("02:03.25") == 123_250_000_000)
        #expect(smil("0.1h") == 360_000_000_000)
        #expect(smil("1.25s") == 1_250_000_000)
        #expect(smil("0.000000001s") == 1)
        #expect(smil("10min") == 600_000_000_000)
        #expect(smil("-0.5s") == -500_000_000)
        #expect(smil("+3") == 3_000_000_000)
        #expect(smil("- 2s") == -2_000_000_000)
    }

    @Test func nanosecondRoundingHalfEven() {
        #expect(smil("0.0000000005") == 0)
        #expect(smil("0.0000000015") == 2)
        #expect(smil("0.0000000025") == 2)
        #expect(smil("0.00000000250001") == 3)
        #expect(smil("0.0000000004999") == 0)
        #expect(smil("0.0000005ms") == 0)
        #expect(smil("0.0000015ms") == 2)
        #expect(cssT("1.0000000005s") == 1_000_000_000)
    }

    @Test func smilRange() {
        #expect(parseSmilClock("600.000000001s") == .failure(.timeRange))
        #expect(parseSmilClock("601") == .failure(.timeRange))
        #expect(parseSmilClock("00:10:01") == .failure(.timeRange))
        #expect(parseSmilClock("1:00:00") == .failure(.timeRange))
        #expect(parseSmilClock("11min") == .failure(.timeRange))
        #expect(parseSmilClock("1h") == .failure(.timeRange))
        #expect(parseSmilClock("-601s") == .failure(.timeRange))
        #expect(parseSmilClock("99999999999999999999999999999s") == .failure(.timeRange))
        #expect(smil("600") == 600_000_000_000)
        #expect(smil("00:10:00") == 600_000_000_000)
    }

    @Test func smilInvalid() {
        for bad in ["", " 1s", "1s ", "s", ".5s", "1.s", "1e3", "1 s", "1sec", "1S", "00:60", "00:00:60",
                    "0:1:30", "1:30", "00:1", "00:01:30.", "00:01:30.5s", "1:2:3:4", "--1", "1.5.5",
                    "00::01", "abc", "1hs", "inf", "nan"] {
            #expect(parseSmilClock(bad) == .failure(.invalid), "\(bad)")
        }
    }

    @Test func cssTimes() {
        #expect(cssT("1s") == 1_000_000_000)
        #expect(cssT("250ms") == 250_000_000)
        #expect(cssT(".5s") == 500_000_000)
        #expect(cssT("-0.25s") == -250_000_000)
        #expect(cssT("0s") == 0)
        #expect(cssT("1.5S") == 1_500_000_000)
        #expect(cssT("2e3ms") == 2_000_000_000)
        #expect(cssT("1E-3s") == 1_000_000)
        #expect(cssT("0ms") == 0)
    }

    @Test func cssTimeInvalid() {
        for bad in ["0", "1", "", "s", "1min", "1 s", "1.s", ".s", "1e", "1es", "+-1s", " 1s", "1h", "1e+s"] {
            #expect(parseCssTime(bad) == .failure(.invalid), "\(bad)")
        }
        #expect(parseCssTime("601s") == .failure(.timeRange))
        #expect(parseCssTime("1e9s") == .failure(.timeRange))
        #expect(parseCssTime("1e99999999999s") == .failure(.timeRange))
        #expect(cssT("1e-99999999999s") == 0)
    }
}
