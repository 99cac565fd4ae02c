import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct ColorTests {
    let theme = RGB(r: 1, g: 2, b: 3)

    func rgb(_ text: String) -> RGB? {
        if case .color(let c) = parseColor(text, currentColor: theme) { return c }
        return nil
    }

    @Test func hexForms() {
        #expect(rgb("#f00") == RGB(r: 255, g: 0, b: 0))
        #expect(rgb("#FfA") == RGB(r: 255, g: 255, b: 170))
        #expect(rgb("#00ff7F") == RGB(r: 0, g: 255, b: 127))
        #expect(rgb("#000000") == RGB(r: 0, g: 0, b: 0))
    }

    @Test func keywordsCaseInsensitive() {
        #expect(rgb("red") == RGB(r: 255, g: 0, b: 0))
        #expect(rgb("Blue") == RGB(r: 0, g: 0, b: 255))
        #expect(rgb("LightGoldenRodYellow") == RGB(r: 250, g: 250, b: 210))
        #expect(rgb("aliceblue") == RGB(r: 240, g: 248, b: 255))
        #expect(rgb("yellowgreen") == RGB(r: 154, g: 205, b: 50))
        #expect(rgb("grey") == RGB(r: 128, g: 128, b: 128))
        #expect(rgb("green") == RGB(r: 0, g: 128, b: 0))
    }

    @Test func keywordTableShape() {
        #expect(ColorKeywords.table.count == 147)
        for i in 1..<ColorKeywords.table.count {
            #expect(Array(ColorKeywords.table[i - 1].name.utf8).lexicographicallyPrecedes(Array(ColorKeywords.table[i].name.utf8)))
        }
        for entry in ColorKeywords.table {
            #expect(ColorKeywords.lookup(Array(entry.name.utf8)) != nil)
        }
    }

    @Test func currentColorResolves() {
        #expect(rgb("currentColor") == theme)
        #expect(rgb("currentcolor") == theme)
    }

    @Test func rgbFunction() {
        #expect(rgb("rgb(255, 0, 10)") == RGB(r: 255, g: 0, b: 10))
        #expect(rgb("rgb(1,2,3)") == RGB(r: 1, g: 2, b: 3))
        #expect(rgb("RGB( 0 , 128 , 255 )") == RGB(r: 0, g: 128, b: 255))
        #expect(rgb("rgb(100%, 0%, 20%)") == RGB(r: 255, g: 0, b: 51))
    }

    @Test func nonColourPaints() {
        #expect(parseColor("none", currentColor: theme) == .notAColor)
        #expect(parseColor("url(#grad)", currentColor: theme) == .notAColor)
    }

    @Test func alphaFormsUnsupported() {
        for text in ["#f00a", "#ff000080", "rgba(0,0,0,0.5)", "hsl(0, 100%, 50%)", "HSLA(0,1%,1%,1)"] {
            #expect(parseColor(text, currentColor: theme) == .unsupportedForm, "\(text)")
        }
    }

    @Test func invalidColours() {
        for text in ["", "#", "#ff", "#fffff", "#ggg", "redd", "rgb(", "rgb(1,2)", "rgb(1,2,3,4)",
                     "rgb(256,0,0)", "rgb(-1,0,0)", "rgb(1.5,0,0)", "rgb(10%,0,0)", "rgb(1,2,3) x",
                     " red", "url(#a", "foo(1)", "#fff ", "rgb(101%,0%,0%)"] {
            #expect(parseColor(text, currentColor: theme) == .invalid, "\(text)")
        }
    }

    /// W52: red → blue, a + (b − a)·u per channel, then G2.
    @Test func w52Interpolation() {
        let a = RGB(r: 255, g: 0, b: 0)
        let b = RGB(r: 0, g: 0, b: 255)
        func at(_ u: Double) -> String {
            formatColor(RGB(r: a.r + (b.r - a.r) * u, g: a.g + (b.g - a.g) * u, b: a.b + (b.b - a.b) * u))
        }
        #expect(at(0.5) == "#800080")
        #expect(at(0.25) == "#bf0040")
    }

    @Test func formatClampsAndRounds() {
        #expect(formatColor(RGB(r: 300, g: -5, b: 0.5)) == "#ff0000")
        #expect(formatColor(RGB(r: 1.5, g: 2.5, b: 254.6)) == "#0202ff")
        #expect(formatColor(RGB(r: .nan, g: .infinity, b: -.infinity)) == "#00ff00")
    }
}
