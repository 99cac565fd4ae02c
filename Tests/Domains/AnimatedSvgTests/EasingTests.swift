import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct EasingTests {
    func at(_ f: TimingFunction, _ x: Double) -> String { formatNumber(f.output(x, beforeFlag: false)) }

    /// E4 table / W32 (4 decimals).
    @Test func keywordCurves() {
        #expect([0.25, 0.5, 0.75].map { at(.ease, $0) } == ["0.4085", "0.8024", "0.9605"])
        #expect([0.25, 0.5, 0.75].map { at(.easeIn, $0) } == ["0.0935", "0.3154", "0.6219"])
        #expect([0.25, 0.5, 0.75].map { at(.easeOut, $0) } == ["0.3781", "0.6846", "0.9065"])
        #expect([0.25, 0.5, 0.75].map { at(.easeInOut, $0) } == ["0.1292", "0.5", "0.8708"])
        #expect([0.25, 0.5, 0.75].map { at(.linear, $0) } == ["0.25", "0.5", "0.75"])
        let start = TimingFunction.steps(count: 1, position: .jumpStart)
        let end = TimingFunction.steps(count: 1, position: .jumpEnd)
        #expect([0.25, 0.5, 0.75].map { at(start, $0) } == ["1", "1", "1"])
        #expect([0.25, 0.5, 0.75].map { at(end, $0) } == ["0", "0", "0"])
    }

    /// W32: opacity 0 → 1 over 2 s, at t = 1 s (x = 0.5).
    @Test func w32Opacity() {
        #expect(formatNumber(0 + (1 - 0) * TimingFunction.parse("ease")!.output(0.5, beforeFlag: false)) == "0.8024")
        #expect(formatNumber(TimingFunction.parse("ease-in")!.output(0.5, beforeFlag: false)) == "0.3154")
        #expect(formatNumber(TimingFunction.parse("ease-out")!.output(0.5, beforeFlag: false)) == "0.6846")
        #expect(formatNumber(TimingFunction.parse("ease-in-out")!.output(0.5, beforeFlag: false)) == "0.5")
    }

    /// W13–W15: keySplines on 0 → 100.
    @Test func keySplinesRows() {
        #expect(formatNumber(0 + 100 * TimingFunction.spline(x1: 0.5, y1: 0, x2: 0.5, y2: 1, at: 0.5)) == "50")
        #expect(formatNumber(0 + 100 * TimingFunction.spline(x1: 0.42, y1: 0, x2: 0.58, y2: 1, at: 0.25)) == "12.9162")
        #expect(formatNumber(0 + 100 * TimingFunction.spline(x1: 0, y1: 0, x2: 1, y2: 1, at: 0.25)) == "25")
    }

    /// W53: raw output 1.0710 before the write-back clamp of G5.
    @Test func w53Overshoot() {
        let f = TimingFunction.parse("cubic-bezier(0.5, -0.5, 0.5, 1.5)")!
        let raw = f.output(0.8, beforeFlag: false)
        #expect(formatNumber((raw * 10000).rounded(.toNearestOrEven) / 10000) == "1.071")
        #expect(formatNumber(min(max(0 + (1 - 0) * raw, 0), 1)) == "1")
    }

    @Test func bezierEnds() {
        let f = TimingFunction.cubicBezier(x1: 0.5, y1: -2, x2: 0.5, y2: 3)
        #expect(f.output(0, beforeFlag: false) == 0)
        #expect(f.output(-1, beforeFlag: false) == 0)
        #expect(f.output(1, beforeFlag: false) == 1)
        #expect(f.output(2, beforeFlag: false) == 1)
        #expect(f.output(.nan, beforeFlag: false) == 0)
    }

    /// W39–W43 (translate 0 → 100 under the step functions).
    @Test func stepRows() {
        func v(_ text: String, _ x: Double, before: Bool = false) -> String {
            formatNumber(0 + 100 * TimingFunction.parse(text)!.output(x, beforeFlag: before))
        }
        #expect(v("steps(4, end)", 0.3) == "25")
        #expect(v("steps(4, end)", 0.999) == "75")
        #expect(v("steps(4, end)", 1) == "100")
        #expect(v("steps(4, start)", 0) == "25")
        #expect(v("steps(4, start)", 0.3) == "50")
        #expect(v("steps(5, jump-none)", 0.1) == "0")
        #expect(v("steps(5, jump-none)", 0.5) == "50")
        #expect(v("steps(3, jump-both)", 0) == "25")
        #expect(v("steps(3, jump-both)", 0.5) == "50")
        #expect(v("step-start", 0, before: true) == "0")
        #expect(v("step-start", 0) == "100")
    }

    @Test func stepEdges() {
        let f = TimingFunction.steps(count: 4, position: .jumpEnd)
        #expect(f.output(-0.5, beforeFlag: false) == -0.5) // no clamp below 0 for x < 0
        #expect(f.output(1.5, beforeFlag: false) == 1.5)
        #expect(f.output(1, beforeFlag: true) == 0.75)
        #expect(f.output(0.5, beforeFlag: true) == 0.25)
        #expect(f.output(0.3, beforeFlag: true) == 0.25)
        #expect(TimingFunction.steps(count: 1, position: .jumpEnd).output(.nan, beforeFlag: false).isNaN)
    }

    @Test func parseForms() {
        #expect(TimingFunction.parse("LINEAR") == .linear)
        #expect(TimingFunction.parse("Ease-In-Out") == .easeInOut)
        #expect(TimingFunction.parse("step-start") == .steps(count: 1, position: .jumpStart))
        #expect(TimingFunction.parse("step-end") == .steps(count: 1, position: .jumpEnd))
        #expect(TimingFunction.parse("steps(3)") == .steps(count: 3, position: .jumpEnd))
        #expect(TimingFunction.parse("steps( 2 , jump-none )") == .steps(count: 2, position: .jumpNone))
        #expect(TimingFunction.parse("steps(2,JUMP-BOTH)") == .steps(count: 2, position: .jumpBoth))
        #expect(TimingFunction.parse("steps(7, start)") == .steps(count: 7, position: .jumpStart))
        #expect(TimingFunction.parse("steps(7, jump-end)") == .steps(count: 7, position: .jumpEnd))
        #expect(TimingFunction.parse("cubic-bezier(0.1, -5, 1, 7)") == .cubicBezier(x1: 0.1, y1: -5, x2: 1, y2: 7))
        #expect(TimingFunction.parse("cubic-bezier(0,0,1,1)") == .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1))
    }

    @Test func parseRejects() {
        for bad in ["", "ease-inout", "steps(0)", "steps(1, jump-none)", "steps(-1)", "steps(2.5)", "steps()",
                    "steps(2,)", "steps(2, middle)", "steps(99999999999999999999999)", "cubic-bezier(1.1, 0, 0, 1)",
                    "cubic-bezier(0, 0, -0.1, 1)", "cubic-bezier(0, 0, 1)", "cubic-bezier(0 0 1 1)",
                    "cubic-bezier(0,0,1,1) x", "cubic-bezier(nan,0,1,1)", " linear", "linear ", "steps (2)",
                    "frames(3)", "cubic-bezier(0,0,1,1,1)"] {
            #expect(TimingFunction.parse(bad) == nil, "\(bad)")
        }
    }
}
