import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct TransformTests {
    func svg(_ text: String) -> [TransformFunction]? { try? parseTransformList(text, syntax: .svg).get() }
    func css(_ text: String) -> [TransformFunction]? { try? parseTransformList(text, syntax: .css).get() }
    func cssError(_ text: String) -> TransformParseError? {
        if case .failure(let e) = parseTransformList(text, syntax: .css) { return e }
        return nil
    }
    func t(_ k: TransformKind, _ p: [Double]) -> TransformFunction { TransformFunction(kind: k, parameters: p) }

    @Test func svgSyntaxNormalises() {
        #expect(svg("translate(10,20) rotate(30 5 5)") == [t(.translate, [10, 20]), t(.rotate, [30, 5, 5])])
        #expect(svg("translate(10)") == [t(.translate, [10, 0])])
        #expect(svg("scale(2)") == [t(.scale, [2, 2])])
        #expect(svg("rotate(45)") == [t(.rotate, [45, 0, 0])])
        #expect(svg(" skewX(10) , skewY(-5) ") == [t(.skewX, [10]), t(.skewY, [-5])])
        #expect(svg("matrix(1 0 0 1 5 6)") == [t(.matrix, [1, 0, 0, 1, 5, 6])])
        #expect(svg("translate (1-2)") == [t(.translate, [1, -2])])
    }

    @Test func noneAndEmpty() {
        #expect(svg("none") == [])
        #expect(css("none") == [])
        #expect(css(" NONE ") == [])
        #expect(svg("") == [])
        #expect(css("") == nil)
    }

    @Test func svgBadInput() {
        for bad in ["translate(", "translate(10,)", "translate(,10)", "rotate(1 2)", "skewX(1 2)",
                    "matrix(1 2 3)", "translateX(5)", "translate(10px)", "scale()", "foo(1)", "translate(1) ,",
                    "translate(1 2 3)", "rotate(90deg)", "translate(1))", "(1)"] {
            #expect(svg(bad) == nil, "\(bad)")
        }
    }

    @Test func cssSyntaxNormalises() {
        #expect(css("translate(10px, 20px) rotate(90deg) translateX(5px) scale(2)") ==
            [t(.translate, [10, 20]), t(.rotate, [90, 0, 0]), t(.translate, [5, 0]), t(.scale, [2, 2])])
        #expect(css("translateY(3px)") == [t(.translate, [0, 3])])
        #expect(css("scaleX(2)") == [t(.scale, [2, 1])])
        #expect(css("scaleY(3)") == [t(.scale, [1, 3])])
        #expect(css("translate(0)") == [t(.translate, [0, 0])])
        #expect(css("rotate(0)") == [t(.rotate, [0, 0, 0])])
        #expect(css("skewX(10deg) skewY(0)") == [t(.skewX, [10]), t(.skewY, [0])])
        #expect(css("matrix(1, 0, 0, 1, 0, 0)") == [t(.matrix, [1, 0, 0, 1, 0, 0])])
    }

    @Test func cssAngleUnits() {
        #expect(css("rotate(1rad)") == [t(.rotate, [57.29577951308232, 0, 0])])
        #expect(css("rotate(100grad)") == [t(.rotate, [100 * 0.9, 0, 0])])
        #expect(css("rotate(0.25turn)") == [t(.rotate, [90, 0, 0])])
        #expect(css("rotate(360DEG)") == [t(.rotate, [360, 0, 0])])
    }

    @Test func cssErrors() {
        #expect(cssError("translate(50%, 0)") == .percentInTranslate)
        #expect(cssError("translateX(10%)") == .percentInTranslate)
        #expect(cssError("rotate(90)") == .unitlessAngle)
        #expect(cssError("skewX(5)") == .unitlessAngle)
        #expect(cssError("translate(10)") != nil)
        #expect(cssError("translate(10em)") != nil)
        #expect(cssError("translate(10px 20px)") != nil)
        #expect(css("rotate(90deg)rotate(1deg)") == [t(.rotate, [90, 0, 0]), t(.rotate, [1, 0, 0])])
        #expect(cssError("rotate(1deg, 2px, 3px)") != nil)
        #expect(cssError("scale(2px)") != nil)
        #expect(cssError("skew(1deg)") != nil)
        #expect(cssError("rotate (1deg)") != nil)
        #expect(cssError("rotate(90deg)")?.reason == nil)
        #expect(TransformParseError.unitlessAngle.reason.isEmpty == false)
    }

    /// G3 on the rows that write transforms: W17, W23–W26, W28, W30, W34, W46–W48, W54.
    @Test func g3FormatRows() {
        #expect(formatTransform([t(.translate, [30, 20])]) == "translate(30 20)")
        #expect(formatTransform([t(.scale, [1.5, 2])]) == "scale(1.5 2)")
        #expect(formatTransform([t(.rotate, [90, 50, 50])]) == "rotate(90 50 50)")
        #expect(formatTransform([t(.rotate, [135, 0, 0])]) == "rotate(135)")
        #expect(formatTransform([t(.translate, [10, 0]), t(.rotate, [45, 0, 0])]) == "translate(10 0) rotate(45)")
        #expect(formatTransform([t(.translate, [25, 0]), t(.rotate, [0, 0, 0]), t(.scale, [2, 2])]) == "translate(25 0) rotate(0) scale(2)")
        #expect(formatTransform([t(.translate, [0, 0])]) == "translate(0 0)")
        #expect(formatTransform([t(.scale, [1.5, 1.5])]) == "scale(1.5)")
        #expect(formatTransform([t(.translate, [50, 50]), t(.rotate, [90, 0, 0]), t(.translate, [-50, -50])]) ==
            "translate(50 50) rotate(90) translate(-50 -50)")
        #expect(formatTransform([t(.skewX, [0]), t(.matrix, [1, 0, 0, 1, 0, 0])]) == "skewX(0) matrix(1 0 0 1 0 0)")
        #expect(formatTransform([]) == "")
    }

    @Test func w36ReverseEaseIn() {
        let x = 1 - 0.25
        #expect(formatTransform([t(.translate, [0 + (100 - 0) * TimingFunction.easeIn.output(x, beforeFlag: false), 0])]) ==
            "translate(62.1862 0)")
        // The note's other reading of W36: 100 − 100·ease-out(0.25).
        #expect(formatNumber(100 - 100 * TimingFunction.easeOut.output(0.25, beforeFlag: false)) == "62.1862")
    }

    /// F2 and the stand-in ends of W30, W46, W47.
    @Test func identities() {
        #expect(identity(of: t(.translate, [10, 20])) == t(.translate, [0, 0]))
        #expect(identity(of: t(.scale, [2, 2])) == t(.scale, [1, 1]))
        #expect(identity(of: t(.rotate, [360, 5, 7])) == t(.rotate, [0, 5, 7]))
        #expect(identity(of: t(.skewX, [3])) == t(.skewX, [0]))
        #expect(identity(of: t(.skewY, [3])) == t(.skewY, [0]))
        #expect(identity(of: t(.matrix, [2, 0, 0, 2, 1, 1])) == t(.matrix, [1, 0, 0, 1, 0, 0]))
        #expect(formatTransform([identity(of: t(.rotate, [360, 0, 0]))]) == "rotate(0)")
        #expect(formatTransform([identity(of: t(.scale, [2, 2]))]) == "scale(1)")
    }

    @Test func shapes() {
        #expect(sameShape([t(.translate, [1, 2])], [t(.translate, [3, 4])]))
        #expect(!sameShape([t(.translate, [1, 2])], [t(.scale, [3, 4])]))
        #expect(!sameShape([t(.translate, [1, 2])], []))
        #expect(sameShape([], []))
    }
}
