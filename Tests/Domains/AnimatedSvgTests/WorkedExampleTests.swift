import LockstepCore
@testable import AnimatedSvg
import Testing

/// The worked examples of docs/animated-svg.md (rows W1–W76 of the note's table), each worked out
/// apart from the code (the note's independent script, with a 60-digit check for the Bézier rows).
/// `pad(t)` adds a one-shot `<set>` that keeps the document settling until `t`, so the frame grid
/// reaches the row's later times without changing the animation under test.
func pad(_ seconds: Int) -> String { "<g id=\"pad\"><set attributeName=\"visibility\" to=\"visible\" begin=\"\(seconds)s\"/></g>" }

@Suite struct SmilTimingExamples {
    @Test func w1to4BeginDurationAndFill() {
        let f = SvgFixture("<rect id=\"r\"><animate attributeName=\"opacity\" from=\"0\" to=\"1\" begin=\"1s\" dur=\"2s\"/></rect>")
        expectValues(f, "r", "opacity", [(0.5, nil), (2, "0.5"), (3, nil)])
        let frozen = SvgFixture("<rect id=\"r\"><animate attributeName=\"opacity\" from=\"0\" to=\"1\" begin=\"1s\" dur=\"2s\" fill=\"freeze\"/></rect>")
        expectValues(frozen, "r", "opacity", [(3, "1")])
    }

    @Test func w5to7FractionalRepeatAndAccumulate() {
        let f = SvgFixture("<rect id=\"r\"><animate attributeName=\"x\" values=\"0;10\" dur=\"2s\" repeatCount=\"2.5\" fill=\"freeze\"/></rect>" + pad(6))
        expectValues(f, "r", "x", [(4.5, "2.5"), (6, "5")])
        let acc = SvgFixture("<rect id=\"r\"><animate attributeName=\"x\" values=\"0;10\" dur=\"2s\" repeatCount=\"2.5\" fill=\"freeze\" accumulate=\"sum\"/></rect>" + pad(6))
        expectValues(acc, "r", "x", [(4.5, "22.5"), (6, "25")])
    }

    @Test func w8WholeRepeatFreezesAtTheEndOfTheLastIteration() {
        let f = SvgFixture("<rect id=\"r\"><animate attributeName=\"x\" values=\"0;10\" dur=\"1s\" repeatCount=\"2\" fill=\"freeze\"/></rect>" + pad(7))
        expectValues(f, "r", "x", [(1, "0"), (7, "10")])
        let acc = SvgFixture("<rect id=\"r\"><animate attributeName=\"x\" values=\"0;10\" dur=\"1s\" repeatCount=\"2\" fill=\"freeze\" accumulate=\"sum\"/></rect>" + pad(7))
        expectValues(acc, "r", "x", [(7, "20")])
    }

    @Test func w9to11KeyTimesAndDiscrete() {
        let f = SvgFixture("<rect id=\"r\"><animate attributeName=\"x\" values=\"0;100;50\" keyTimes=\"0;0.8;1\" dur=\"10s\"/></rect>")
        expectValues(f, "r", "x", [(4, "50"), (9, "75")])
        let d = SvgFixture("<rect id=\"r\"><animate attributeName=\"fill\" values=\"red;green;blue\" calcMode=\"discrete\" dur=\"3s\"/></rect>", fps: 1000)
        expectValues(d, "r", "fill", [(0.999, "red"), (1, "green"), (2.5, "blue")])
        let k = SvgFixture("<rect id=\"r\"><animate attributeName=\"x\" values=\"0;5;10\" keyTimes=\"0;0.5;0.9\" calcMode=\"discrete\" dur=\"1s\" fill=\"freeze\"/></rect>")
        expectValues(k, "r", "x", [(0.5, "5"), (0.95, "10")])
    }

    /// Frame 20 of 60 is exactly 1/3 s: the boundary lands on the later segment (B2). The Double
    /// clock regression (1/60 added 20 times) falls just short of it.
    @Test func w12ExactBoundary() {
        let body = "<rect id=\"r\"><animate attributeName=\"visibility\" values=\"visible;hidden;visible\" calcMode=\"discrete\" dur=\"1s\" repeatCount=\"indefinite\"/></rect>"
        let f = SvgFixture(body, fps: 60)
        #expect(f.grid.mode == .loop && f.grid.frameCount == 60)
        var d: [Diagnostic] = []
        #expect(f.result.document(frame: 20, diagnostics: &d)?.elements.first { $0.value("id") == "r" }?.value("visibility") == "hidden")
        // 1/60 added 15 times is 0.24999999999999997 s: frame 15 falls short of the key time 0.25.
        let quarters = "<rect id=\"r\"><animate attributeName=\"visibility\" values=\"visible;hidden;visible;hidden\" calcMode=\"discrete\" dur=\"1s\" repeatCount=\"indefinite\"/></rect>"
        #expect(SvgFixture(quarters, fps: 60).result.document(frame: 15, diagnostics: &d)?.elements.first { $0.value("id") == "r" }?.value("visibility") == "hidden")
        var faults = Loader.LoadFaults()
        faults.doubleFrameTimes = true
        let buggy = SvgFixture(quarters, fps: 60, faults: faults)
        #expect(buggy.result.document(frame: 15, diagnostics: &d)?.elements.first { $0.value("id") == "r" }?.value("visibility") == "visible")
    }

    @Test func w27SetHoldsFromItsBegin() {
        let set = "<rect id=\"r\"><set attributeName=\"visibility\" to=\"hidden\" begin=\"1s\"/></rect>"
        expectValues(SvgFixture(set + pad(2), fps: 100), "r", "visibility", [(0.99, nil), (1, "hidden")])
        expectValues(SvgFixture(set + pad(100), fps: 10), "r", "visibility", [(100, "hidden")])
    }

    @Test func w68ClockValuesAndW75EventBegin() {
        let f = SvgFixture("<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect id=\"r\">\n  <animate attributeName=\"x\" begin=\"click\" dur=\"1s\"/>\n</rect></svg>")
        #expect(f.located == ["reject beginKind 3:3"])
        #expect(!f.result.isAnimated && f.result.frames.tails.count == 1)
    }

    @Test func w76KeyTimesCountLocatedAtTheAttribute() {
        let f = SvgFixture(wrap: false, "<animate attributeName=\"x\" values=\"0;1;2\" keyTimes=\"0;1\" dur=\"1s\"/>")
        #expect(f.located == ["reject keyTimesCount 1:43"])
    }
}

@Suite struct SmilValueExamples {
    @Test func w13to15Splines() {
        for (splines, t, expected) in [("0.5 0 0.5 1", 0.5, "50"), ("0.42 0 0.58 1", 0.25, "12.9162"), ("0 0 1 1", 0.25, "25")] {
            let f = SvgFixture("<rect id=\"r\"><animate attributeName=\"x\" values=\"0;100\" calcMode=\"spline\" keySplines=\"\(splines)\" dur=\"1s\"/></rect>")
            expectValues(f, "r", "x", [(t, expected)])
        }
    }

    @Test func w16to18Paced() {
        let f = SvgFixture("<rect id=\"r\"><animate attributeName=\"x\" values=\"0;10;30\" calcMode=\"paced\" dur=\"3s\"/></rect>")
        expectValues(f, "r", "x", [(1, "10"), (2, "20")])
        let t = SvgFixture("<rect id=\"r\"><animateTransform attributeName=\"transform\" type=\"translate\" calcMode=\"paced\" values=\"0 0;30 40;30 0\" dur=\"9s\"/></rect>")
        expectValues(t, "r", "transform", [(5, "translate(30 40)"), (7, "translate(30 20)")])
        let r = SvgFixture("<rect id=\"r\"><animateTransform attributeName=\"transform\" type=\"rotate\" calcMode=\"paced\" values=\"0 50 50;90 50 50;270 50 50\" dur=\"2s\"/></rect>")
        expectValues(r, "r", "transform", [(1, "rotate(135 50 50)")])
    }

    @Test func w19to22ByToAndTheSandwich() {
        expectValues(SvgFixture("<rect id=\"r\" x=\"5\"><animate attributeName=\"x\" by=\"10\" dur=\"1s\"/></rect>"), "r", "x", [(0.5, "10")])
        expectValues(SvgFixture("<rect id=\"r\"><animate attributeName=\"x\" from=\"2\" by=\"10\" dur=\"1s\"/></rect>"), "r", "x", [(0.25, "4.5")])
        expectValues(SvgFixture("<rect id=\"r\" x=\"5\"><animate attributeName=\"x\" to=\"15\" dur=\"2s\"/></rect>"), "r", "x", [(0.5, "7.5")])
        expectValues(SvgFixture("<rect id=\"r\"><animate attributeName=\"x\" from=\"0\" to=\"10\" dur=\"2s\"/><animate attributeName=\"x\" by=\"5\" begin=\"1s\" dur=\"1s\"/></rect>"),
                     "r", "x", [(1.5, "10")])
    }

    /// The to-animation regression starts at A3's initial value (0) instead of x="5".
    @Test func w21RegressionStartsFromTheInitialValue() {
        var faults = Loader.LoadFaults()
        faults.toFromInitialValue = true
        expectValues(SvgFixture("<rect id=\"r\" x=\"5\"><animate attributeName=\"x\" to=\"15\" dur=\"2s\"/></rect>", faults: faults), "r", "x", [(0.5, "3.75")])
    }

    @Test func w23to26AnimateTransform() {
        expectValues(SvgFixture("<rect id=\"r\"><animateTransform attributeName=\"transform\" type=\"scale\" from=\"1\" to=\"2 3\" dur=\"1s\"/></rect>"),
                     "r", "transform", [(0.5, "scale(1.5 2)")])
        expectValues(SvgFixture("<rect id=\"r\"><animateTransform attributeName=\"transform\" type=\"rotate\" values=\"0 50 50;360 50 50\" dur=\"1s\"/></rect>"),
                     "r", "transform", [(0.25, "rotate(90 50 50)")])
        expectValues(SvgFixture("<rect id=\"r\"><animateTransform attributeName=\"transform\" type=\"rotate\" from=\"0\" to=\"90\" dur=\"1s\" repeatCount=\"3\" accumulate=\"sum\"/></rect>"),
                     "r", "transform", [(1.5, "rotate(135)"), (2.5, "rotate(225)")])
        expectValues(SvgFixture("<rect id=\"r\" transform=\"translate(10 0)\"><animateTransform attributeName=\"transform\" type=\"rotate\" from=\"0\" to=\"90\" dur=\"1s\" additive=\"sum\"/></rect>"),
                     "r", "transform", [(0.5, "translate(10 0) rotate(45)")])
        expectValues(SvgFixture("<rect id=\"r\" transform=\"translate(10 0)\"><animateTransform attributeName=\"transform\" type=\"rotate\" from=\"0\" to=\"90\" dur=\"1s\"/></rect>"),
                     "r", "transform", [(0.5, "rotate(45)")])
    }

    @Test func w28MotionAlongAPathBeforeTheOwnTransform() {
        let f = SvgFixture("<rect id=\"r\" transform=\"scale(2)\"><animateMotion path=\"M0,0 L50,0 L50,50\" dur=\"1s\" rotate=\"auto\"/></rect>")
        expectValues(f, "r", "transform", [(0.25, "translate(25 0) rotate(0) scale(2)"), (0.5, "translate(50 0) rotate(90) scale(2)"),
                                            (0.75, "translate(50 25) rotate(90) scale(2)")])
    }

    @Test func w52ColoursRoundHalfEven() {
        expectValues(SvgFixture("<rect id=\"r\"><animate attributeName=\"fill\" from=\"red\" to=\"blue\" dur=\"1s\"/></rect>"),
                     "r", "fill", [(0.5, "#800080"), (0.25, "#bf0040")])
    }
}

@Suite struct CssExamples {
    static func css(_ keyframes: String, _ animation: String, element: String = "<rect id=\"r\" class=\"a\"/>", extra: String = "") -> String {
        "<style>@keyframes k { \(keyframes) } .a { animation: \(animation) }\(extra)</style>" + element
    }

    @Test func w30SpinAndW31TheRegression() {
        let body = Self.css("to { transform: rotate(360deg) }", "k 1s linear infinite")
        let f = SvgFixture(body, fps: 60)
        #expect(f.grid.mode == .loop && f.grid.periodNanoseconds == 1_000_000_000 && f.grid.frameCount == 60)  // W58
        expectValues(f, "r", "transform", [(0, "rotate(0)"), (0.25, "rotate(90)"), (0.5, "rotate(180)"), (0.75, "rotate(270)")])
        var faults = Loader.LoadFaults()
        faults.missingEndFromOtherKeyframe = true
        expectValues(SvgFixture(body, fps: 60, faults: faults), "r", "transform", [(0, "rotate(360)"), (0.25, "rotate(360)"), (0.75, "rotate(360)")])
    }

    @Test func w32w33Easings() {
        for (easing, expected) in [("", "0.8024"), (" ease-in", "0.3154"), (" ease-out", "0.6846"), (" ease-in-out", "0.5")] {
            let f = SvgFixture(Self.css("from { opacity: 0 } to { opacity: 1 }", "k 2s" + easing))
            expectValues(f, "r", "opacity", [(1, expected), (2, nil)])
        }
    }

    @Test func w34to36Direction() {
        let frames = "from { transform: translateX(0) } to { transform: translateX(100px) }"
        expectValues(SvgFixture(Self.css(frames, "k 1s linear 3 alternate forwards") + pad(4)), "r", "transform",
                     [(0.25, "translate(25 0)"), (1.25, "translate(75 0)"), (2.5, "translate(50 0)"), (4, "translate(100 0)")])
        expectValues(SvgFixture(Self.css(frames, "k 1s linear 2 alternate forwards") + pad(4)), "r", "transform", [(4, "translate(0 0)")])
        expectValues(SvgFixture(Self.css(frames, "k 1s linear alternate-reverse")), "r", "transform", [(0.25, "translate(75 0)")])
        expectValues(SvgFixture(Self.css(frames, "k 1s ease-in reverse")), "r", "transform", [(0.25, "translate(62.1862 0)")])
    }

    @Test func w37w38DelaysAndFillModes() {
        let frames = "from { opacity: 0.2 } to { opacity: 1 }"
        let element = "<rect id=\"r\" class=\"a\" opacity=\"0.6\"/>"
        expectValues(SvgFixture(Self.css(frames, "k 1s linear 2s backwards", element: element)), "r", "opacity", [(1, "0.2"), (2.5, "0.6")])
        expectValues(SvgFixture(Self.css(frames, "k 1s linear 2s", element: element)), "r", "opacity", [(1, "0.6")])
        expectValues(SvgFixture(Self.css("from { transform: translateX(0) } to { transform: translateX(100px) }", "k 1s linear -0.25s")),
                     "r", "transform", [(0, "translate(25 0)")])
    }

    @Test func w39to44Steps() {
        let frames = "from { transform: translateX(0) } to { transform: translateX(100px) }"
        expectValues(SvgFixture(Self.css(frames, "k 1s steps(4, end) forwards"), fps: 1000), "r", "transform",
                     [(0.3, "translate(25 0)"), (0.999, "translate(75 0)"), (1, "translate(100 0)")])
        expectValues(SvgFixture(Self.css(frames, "k 1s steps(4, start)")), "r", "transform", [(0, "translate(25 0)"), (0.3, "translate(50 0)")])
        expectValues(SvgFixture(Self.css(frames, "k 1s steps(5, jump-none)")), "r", "transform", [(0.1, "translate(0 0)"), (0.5, "translate(50 0)")])
        expectValues(SvgFixture(Self.css(frames, "k 1s steps(3, jump-both)")), "r", "transform", [(0, "translate(25 0)"), (0.5, "translate(50 0)")])
        expectValues(SvgFixture(Self.css(frames, "k 1s step-start 1s backwards")), "r", "transform", [(0.5, "translate(0 0)"), (1, "translate(100 0)")])
        expectValues(SvgFixture(Self.css(frames, "k 2s linear 1.5 forwards") + pad(10)), "r", "transform", [(10, "translate(50 0)")])
    }

    @Test func w45to51Tracks() {
        expectValues(SvgFixture(Self.css("50% { opacity: 0 }", "k 1s linear")), "r", "opacity", [(0.25, "0.5")])
        expectValues(SvgFixture(Self.css("50% { opacity: 0 }", "k 1s linear", element: "<rect id=\"r\" class=\"a\" opacity=\"0.4\"/>")), "r", "opacity", [(0.25, "0.2")])
        expectValues(SvgFixture(Self.css("to { transform: translate(10px, 20px) }", "k 1s linear")), "r", "transform", [(0.5, "translate(5 10)")])
        expectValues(SvgFixture(Self.css("to { transform: scale(2) }", "k 1s linear")), "r", "transform", [(0.5, "scale(1.5)")])
        expectValues(SvgFixture(Self.css("to { transform: rotate(90deg) }", "k 1s linear", element: "<rect id=\"r\" class=\"a\" transform=\"rotate(30)\"/>")),
                     "r", "transform", [(0.5, "rotate(60)")])
        expectValues(SvgFixture(Self.css("to { opacity: 0 }", "k 1s linear")), "r", "opacity", [(0.5, "0.5")])
        let split = SvgFixture(Self.css("0% { opacity: 0; transform: scale(1) } 50% { opacity: 1 } 100% { transform: scale(3) }", "k 1s linear"))
        expectValues(split, "r", "opacity", [(0.75, "1")])
        expectValues(split, "r", "transform", [(0.75, "scale(2.5)")])
        expectValues(SvgFixture(Self.css("0% { opacity: 0; animation-timing-function: steps(2, end) } 50% { opacity: 0.5 } 100% { opacity: 1 }", "k 2s linear")),
                     "r", "opacity", [(0.6, "0.25"), (1.5, "0.75")])
    }

    @Test func w53ClampOnlyWhenWritten() {
        expectValues(SvgFixture(Self.css("from { opacity: 0 } to { opacity: 1 }", "k 1s cubic-bezier(0.5, -0.5, 0.5, 1.5)")), "r", "opacity", [(0.8, "1")])
    }

    @Test func w54OriginAndW55MotionPath() {
        expectValues(SvgFixture(Self.css("to { transform: rotate(360deg) }", "k 1s linear infinite; transform-origin: 50% 50%"), fps: 60),
                     "r", "transform", [(0.25, "translate(50 50) rotate(90) translate(-50 -50)")])
        expectValues(SvgFixture(Self.css("from { offset-distance: 0% } to { offset-distance: 100% }", "k 1s linear; offset-path: path(\"M0,0 L50,0 L50,50\")")),
                     "r", "transform", [(0.75, "translate(50 25) rotate(90)")])
    }

    @Test func w70CascadeAndW71LaterAnimationWins() {
        let f = SvgFixture("<style>#a { fill: red } rect { fill: blue }</style><rect id=\"a\" fill=\"green\"/>")
        expectValues(f, "a", "fill", [(0, "red")])
        let s = SvgFixture("<style>#a { fill: red } rect { fill: blue }</style><rect id=\"a\" fill=\"green\" style=\"fill:#00f\"/>")
        expectValues(s, "a", "fill", [(0, "#00f")])
        let two = SvgFixture("<style>@keyframes a { from { opacity: 0 } to { opacity: 1 } } @keyframes b { from { opacity: 1 } to { opacity: 0 } } .x { animation: a 1s linear, b 1s linear }</style><rect id=\"r\" class=\"x\"/>")
        expectValues(two, "r", "opacity", [(0.25, "0.75")])
    }
}

@Suite struct GridExamples {
    @Test func w59to63Periods() {
        func grid(_ body: String) -> FrameGrid { SvgFixture(body, fps: 60).grid }
        let a = grid("<rect><animate attributeName=\"x\" values=\"0;1\" dur=\"1.2s\" repeatCount=\"indefinite\"/><animate attributeName=\"y\" values=\"0;1\" dur=\"0.8s\" repeatCount=\"indefinite\"/></rect>")
        #expect(a.mode == .loop && a.periodNanoseconds == 2_400_000_000 && a.frameCount == 144)
        let b = grid("<rect><animate attributeName=\"x\" values=\"0;1\" dur=\"7s\" repeatCount=\"indefinite\"/><animate attributeName=\"y\" values=\"0;1\" dur=\"11s\" repeatCount=\"indefinite\"/></rect>")
        #expect(b.periodNanoseconds == 11_000_000_000 && b.frameCount == 660)
        let c = grid("<rect><animate attributeName=\"x\" values=\"0;1\" dur=\"1s\" repeatCount=\"indefinite\"/><animate attributeName=\"y\" values=\"0;1\" begin=\"0.5s\" dur=\"2s\"/></rect>")
        #expect(c.periodNanoseconds == 3_000_000_000 && c.frameCount == 180)
        let d = grid("<rect><animate attributeName=\"x\" values=\"0;1\" dur=\"1.5s\"/></rect>")
        #expect(d.mode == .once && d.frameCount == 91 && d.timeNanoseconds(90) == 1_500_000_000)
        let e = grid("<rect><animate attributeName=\"x\" values=\"0;1\" dur=\"5s\" repeatCount=\"indefinite\"/></rect>")
        #expect(e.frameCount == 300)
    }

    @Test func w64DisplayIndex() {
        let loop = FrameGrid(mode: .loop, periodNanoseconds: 1_000_000_000, frameCount: 60, fps: 60)
        #expect(loop.displayIndex(positionNanoseconds: 1_230_000_000) == 13)
        let once = FrameGrid(mode: .once, periodNanoseconds: 1_500_000_000, frameCount: 91, fps: 60)
        #expect(once.displayIndex(positionNanoseconds: 7_000_000_000) == 90)
    }
}

@Suite struct FrameBytesExamples {
    /// W65: the GIF-carrying document: header bytes, image table, bodies, prefix and totals.
    @Test func w65Bytes() {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><image width=\"1\" height=\"1\" href=\"data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7\"/><rect width=\"2\" height=\"2\"><animate attributeName=\"x\" from=\"0\" to=\"8\" dur=\"1s\" repeatCount=\"indefinite\"/></rect></svg>"
        let r = Loader.load(Array(text.utf8), Loader.Options())
        let frame0 = r.frames.frame(0), frame30 = r.frames.frame(30)
        #expect(Array(frame0.prefix(14)) == [0x53, 0x56, 0x47, 0x46, 0x01, 0x01, 0x00, 0x00, 0x00, 0x04, 0x2A, 0x00, 0x00, 0x00])
        #expect(String(decoding: frame0, as: UTF8.self).hasSuffix("<rect width=\"2\" height=\"2\" x=\"0\"/></svg>"))
        #expect(String(decoding: frame30, as: UTF8.self).hasSuffix("x=\"4\"/></svg>"))
        #expect(frame0.count == 200 && r.frames.prefix.count == 190)
        #expect(r.frames.tails[0] == Array("0\"/></svg>".utf8) && r.frames.tails[30] == Array("4\"/></svg>".utf8))
        #expect(r.frames.storedBytes == 1_022 && r.frames.naiveBytes == 12_232)
    }

    /// W56 through the whole pipeline: the image copy inside a `<g>`, the rect's `<use>` kept.
    @Test func w56UseExpansionInTheFrame() {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><image id=\"img\" width=\"40\" height=\"30\" href=\"data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7\"/><rect id=\"r\" width=\"1\" height=\"1\"/><use href=\"#img\" x=\"10\" y=\"5\" transform=\"scale(2)\" opacity=\"0.5\"/><use href=\"#r\" x=\"3\"/></svg>"
        let r = Loader.load(Array(text.utf8), Loader.Options())
        let body = String(decoding: AnimatedSvg.bodyBytes(r.frames.frame(0), images: r.images), as: UTF8.self)
        #expect(body.contains("<g transform=\"scale(2) translate(10 5)\" opacity=\"0.5\"><image width=\"40\" height=\"30\" href=\"vgimg:0\"/></g>"))
        #expect(body.contains("<use href=\"#r\" x=\"3\"/>"))
        #expect(r.images.count == 1 && r.failedFrames == 0)
        var faults = Loader.LoadFaults()
        faults.noUseExpansion = true
        var options = Loader.Options()
        options.faults = faults
        #expect(Loader.load(Array(text.utf8), options).failedFrames == 1)
    }
}
