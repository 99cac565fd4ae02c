import LockstepCore
import Testing
@testable import AnimatedSvg

/// No parser may trap on any input: feed every parser deterministic pseudo-random strings (a fixed
/// LCG, so the run is reproducible) built from the characters the grammars care about.
@Suite struct FuzzTests {
    @Test func parsersNeverTrap() {
        let alphabet = Array("0123456789.+-eE,() %#:;abcdfghilmnoprstuvwxyzAMLHVCQZSTmsxpXdegradturn\t\n\u{00E9}")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let prefixes = ["", "M0 0 ", "rgb(", "translate(", "rotate(", "steps(", "cubic-bezier(", "00:", "#", "1e"]
        for _ in 0..<4000 {
            var text = prefixes[next() % prefixes.count]
            for _ in 0..<(next() % 16) { text.append(alphabet[next() % alphabet.count]) }
            _ = parseNumber(text)
            _ = parseLength(text)
            _ = parseColor(text, currentColor: RGB(r: 0, g: 0, b: 0))
            _ = parseTransformList(text, syntax: .svg)
            _ = parseTransformList(text, syntax: .css)
            _ = parseSmilClock(text)
            _ = parseCssTime(text)
            if let f = TimingFunction.parse(text) {
                _ = f.output(Double(next() % 1000) / 999, beforeFlag: next() % 2 == 0)
            }
            if case .success(let path) = flattenPath(text) {
                _ = path.point(atDistance: path.lengthTotal * Double(next() % 100) / 99)
            }
        }
        for v in [Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude] {
            #expect(!formatNumber(v).contains("e"))
        }
    }
}
