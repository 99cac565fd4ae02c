import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct UseExpansionTests {
    func expanded(_ root: Node) -> (XMLDocument, [Diagnostic]) {
        var doc = document(root)
        var diagnostics: [Diagnostic] = []
        UseExpansion.expand(&doc, diagnostics: &diagnostics)
        return (doc, diagnostics)
    }

    @Test func w56UseOfImageBecomesGroup() {
        let (doc, diags) = expanded(E("svg", [:],
            E("image", ["id": "img", "width": "40", "height": "30", "href": "data:x"]),
            E("use", ["href": "#img", "x": "10", "y": "5", "transform": "scale(2)", "opacity": "0.5"]),
            E("rect", ["id": "r", "width": "1", "height": "1"]),
            E("use", ["href": "#r", "x": "3"])))
        #expect(diags.isEmpty)
        #expect(render(doc) == "<svg><image id=\"img\" width=\"40\" height=\"30\" href=\"data:x\"/>"
            + "<g transform=\"scale(2) translate(10 5)\" opacity=\"0.5\"><image width=\"40\" height=\"30\" href=\"data:x\"/></g>"
            + "<rect id=\"r\" width=\"1\" height=\"1\"/><use href=\"#r\" x=\"3\"/></svg>")
    }

    @Test func w56ReplacesInPlaceAndAppends() {
        var doc = document(E("svg", [:], E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
                             E("use", ["href": "#img"])))
        let before = doc.elements.count
        var diags: [Diagnostic] = []
        UseExpansion.expand(&doc, diagnostics: &diags)
        #expect(doc.elements.count == before + 2)
        #expect(doc.elements[2].removed)
        #expect(doc.elements[0].children == [.element(1), .element(before)])
        #expect(doc.elements[before].parent == 0)
        #expect(doc.elements[before + 1].parent == before)
        #expect(doc.elements[before].at == at(3, 1))
    }

    @Test func groupAttributeOrderKeepsTransformPosition() {
        let (doc, _) = expanded(E("svg", [:], E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("use", ["id": "u", "class": "c", "width": "9", "transform": "rotate(5)", "href": "#img", "x": "1", "fill": "red"])))
        let g = doc.elements.last { $0.name == "g" }!
        #expect(g.attributes.map(\.name) == ["id", "class", "transform", "fill"])
        #expect(g.value("transform") == "rotate(5) translate(1 0)")
        #expect(g.attribute("transform")?.at == at(3, 40))   // where the use's transform was
    }

    @Test func transformGoesLastWhenUseHasNone() {
        let (doc, _) = expanded(E("svg", [:], E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("use", ["href": "#img", "x": "1", "opacity": ".5", "y": "2.5"])))
        let g = doc.elements.last { $0.name == "g" }!
        #expect(g.attributes.map(\.name) == ["opacity", "transform"])
        #expect(g.value("transform") == "translate(1 2.5)")
    }

    @Test func zeroOffsetAndNoTransformGiveNoTransform() {
        let (doc, _) = expanded(E("svg", [:], E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("use", ["href": "#img", "x": "0", "y": "-0", "transform": "  "])))
        let g = doc.elements.last { $0.name == "g" }!
        #expect(g.attribute("transform") == nil)
        #expect(g.attributes.isEmpty)
    }

    @Test func transformOnlyWhenOffsetZero() {
        let (doc, _) = expanded(E("svg", [:], E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("use", ["transform": "scale(3)", "href": "#img"])))
        #expect(doc.elements.last { $0.name == "g" }?.value("transform") == "scale(3)")
    }

    @Test func offsetsAreWrittenWithG1() {
        let (doc, _) = expanded(E("svg", [:], E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("use", ["href": "#img", "x": "1.23456", "y": "1e1"])))
        #expect(doc.elements.last { $0.name == "g" }?.value("transform") == "translate(1.2346 10)")
    }

    @Test func imageCopyDropsIdOnlyAndKeepsItsTransform() {
        let (doc, _) = expanded(E("svg", [:],
            E("image", ["transform": "rotate(9)", "id": "img", "width": "4", "height": "5", "href": "data:x", "opacity": "0.3"]),
            E("use", ["href": "#img"])))
        let copy = doc.elements.last!
        #expect(copy.name == "image")
        #expect(copy.attributes.map(\.name) == ["transform", "width", "height", "href", "opacity"])
        #expect(copy.value("transform") == "rotate(9)")
        #expect(copy.value("height") == "5")
    }

    @Test func w72ChainNestsGroupsAndInnerHopDropsId() {
        let (doc, diags) = expanded(E("svg", [:],
            E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("use", ["id": "u1", "href": "#img"]),
            E("use", ["href": "#u1", "x": "5"])))
        #expect(diags.isEmpty)
        let image = "<image width=\"4\" height=\"4\" href=\"data:x\"/>"
        #expect(render(doc) == "<svg><image id=\"img\" width=\"4\" height=\"4\" href=\"data:x\"/>"
            + "<g id=\"u1\">\(image)</g><g transform=\"translate(5 0)\"><g>\(image)</g></g></svg>")
        #expect(doc.elements.filter { !$0.removed && $0.value("id") == "u1" }.count == 1)
    }

    @Test func innerHopKeepsItsOwnOffsetAndTransform() {
        let (doc, _) = expanded(E("svg", [:],
            E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("use", ["id": "u1", "href": "#img", "y": "2", "transform": "scale(2)", "class": "k"]),
            E("use", ["href": "#u1"])))
        #expect(render(doc).contains("<g><g transform=\"scale(2) translate(0 2)\" class=\"k\"><image"))
    }

    @Test func w72CycleRemovesBothWithTwoDiagnostics() {
        let (doc, diags) = expanded(E("svg", [:],
            E("use", ["id": "a", "href": "#b"]), E("use", ["id": "b", "href": "#a"]), E("rect", [:])))
        #expect(diags.map(\.code) == ["useCycle", "useCycle"])
        #expect(diags.map(\.at) == [at(2, 1), at(3, 1)])
        #expect(diags.allSatisfy { $0.kind == .reject })
        #expect(render(doc) == "<svg><rect/></svg>")
    }

    @Test func selfReferenceIsACycle() {
        let (doc, diags) = expanded(E("svg", [:], E("use", ["id": "a", "xlink:href": "#a"])))
        #expect(diags.map(\.code) == ["useCycle"])
        #expect(render(doc) == "<svg/>")
    }

    /// `n` uses: u1 → img, u2 → u1, …; returns the document with the outermost last.
    func chain(_ n: Int) -> Node {
        var children: [Node] = [E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"])]
        for k in 1...n {
            let id = "u\(k)"
            let target = k == 1 ? "#img" : "#u\(k - 1)"
            children.append(.element("use", [("id", id), ("href", target)], []))
        }
        return .element("svg", [], children)
    }

    @Test func chainOfEightExpandsChainOfNineIsUseCycle() {
        let (eight, d8) = expanded(chain(8))
        #expect(d8.isEmpty)
        #expect(render(eight).contains("<g id=\"u8\"><g><g><g><g><g><g><g><image"))
        let (nine, d9) = expanded(chain(9))
        #expect(d9.map(\.code) == ["useCycle"])
        #expect(d9.first?.at == at(11, 1))   // svg, image, u1…u9: u9 is line 11
        #expect(nine.elements[10].removed)
        #expect(!render(nine).contains("id=\"u9\""))
        #expect(render(nine).contains("<g id=\"u8\">"))
    }

    @Test func missingTargetIsUseTargetAtHref() {
        let (doc, diags) = expanded(E("svg", [:], E("rect", [:]), E("use", ["x": "1", "href": "#nope"])))
        #expect(diags.map(\.code) == ["useTarget"])
        #expect(diags.first?.at == at(3, 20))
        #expect(render(doc) == "<svg><rect/></svg>")
    }

    @Test func chainToMissingReportsOnceAtTheDanglingUse() {
        let (doc, diags) = expanded(E("svg", [:], E("use", ["href": "#inner"]), E("use", ["id": "inner", "href": "#gone"])))
        #expect(diags.count == 1)
        #expect(diags.first?.code == "useTarget")
        #expect(diags.first?.at == at(3, 20))
        #expect(render(doc) == "<svg/>")
    }

    @Test func offsetWithUnitsIsUseOffsetAtTheAttribute() {
        let (doc, diags) = expanded(E("svg", [:], E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("use", ["href": "#img", "x": "3px"])))
        #expect(diags.map(\.code) == ["useOffset"])
        #expect(diags.first?.at == at(3, 20))
        #expect(!render(doc).contains("<g"))
        #expect(!render(doc).contains("<use"))
    }

    @Test func badOffsetOnInnerHopIsReportedOnceThere() {
        let (doc, diags) = expanded(E("svg", [:], E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("use", ["href": "#u1", "x": "1"]), E("use", ["id": "u1", "href": "#img", "x": "2em"])))
        #expect(diags.map(\.code) == ["useOffset"])
        #expect(diags.first?.at == at(4, 30))
        #expect(!render(doc).contains("<g"))
    }

    @Test func unparseableYIsUseOffset() {
        let (_, diags) = expanded(E("svg", [:], E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("use", ["y": "abc", "href": "#img"])))
        #expect(diags.map(\.code) == ["useOffset"])
        #expect(diags.first?.at == at(3, 10))
    }

    @Test func shapeGroupAndSymbolUsesStayUntouched() {
        let root = E("svg", [:], E("g", ["id": "grp"]), E("symbol", ["id": "sym"]), E("circle", ["id": "c"]),
                     E("use", ["href": "#grp", "x": "1px"]), E("use", ["href": "#sym"]), E("use", ["href": "#c"]),
                     E("use", ["href": "other.svg#c"]), E("use", [:]))
        let (doc, diags) = expanded(root)
        #expect(diags.isEmpty)
        #expect(doc == document(root))
    }

    @Test func hrefWinsOverXlinkHref() {
        let (doc, _) = expanded(E("svg", [:], E("image", ["id": "img", "width": "4", "height": "4", "href": "data:x"]),
            E("rect", ["id": "r"]),
            E("use", ["xlink:href": "#img", "href": "#r"]),
            E("use", ["xlink:href": "#img"])))
        #expect(render(doc).contains("<use xlink:href=\"#img\" href=\"#r\"/>"))
        #expect(render(doc).hasSuffix("<g><image width=\"4\" height=\"4\" href=\"data:x\"/></g></svg>"))
    }

    @Test func w73ImageWithoutWidthRemovedWithItsCopies() {
        let (doc, diags) = expanded(E("svg", [:],
            E("image", ["id": "i", "height": "4", "href": "data:x"]),
            E("use", ["href": "#i"]), E("use", ["href": "#i", "x": "2"]),
            E("rect", ["width": "1", "height": "1"])))
        #expect(diags.map(\.code) == ["imageSize"])
        #expect(diags.first?.at == at(2, 1))
        #expect(render(doc) == "<svg><rect width=\"1\" height=\"1\"/></svg>")
    }

    @Test(arguments: [("0", "4"), ("-1", "4"), ("10px", "4"), ("4", ""), ("4", "nan"), ("4", "1e999")])
    func imageSizeRejectsNonPositiveOrNonPlain(width: String, height: String) {
        let (doc, diags) = expanded(.element("svg", [], [.element("image", [("width", width), ("height", height), ("href", "data:x")], [])]))
        #expect(diags.map(\.code) == ["imageSize"])
        #expect(doc.elements[1].removed)
    }

    @Test func imageSizeAcceptsPlainPositiveNumbers() {
        let (doc, diags) = expanded(E("svg", [:], E("image", ["width": " 0.5 ", "height": "+2e1", "href": "data:x"])))
        #expect(diags.isEmpty)
        #expect(!doc.elements[1].removed)
    }

    @Test func useInsideRemovedSubtreeIsSkipped() {
        var doc = document(E("svg", [:], E("g", [:], E("use", ["href": "#missing"]))))
        doc.elements[1].removed = true
        var diags: [Diagnostic] = []
        UseExpansion.expand(&doc, diagnostics: &diags)
        #expect(diags.isEmpty)
    }

    @Test func rootUseDoesNotTrap() {
        var doc = document(E("use", ["href": "#img"], E("image", ["id": "img", "width": "1", "height": "1", "href": "data:x"])))
        var diags: [Diagnostic] = []
        UseExpansion.expand(&doc, diagnostics: &diags)
        #expect(doc.elements[0].name == "g")
        #expect(render(doc) == "<g><image width=\"1\" height=\"1\" href=\"data:x\"/></g>")
    }

    static let g1Cases: [(Double, String)] = [(0.03125, "0.0312"), (0.09375, "0.0938"), (-0.00001, "0"),
        (100.0 / 3, "33.3333"), (10, "10"), (-2.5, "-2.5"), (0, "0"), (1e9, "1000000000")]

    /// The offsets go through the shared G1 formatter (`formatNumber`).
    @Test(arguments: g1Cases)
    func offsetNumbersAreG1(value: Double, text: String) {
        #expect(formatNumber(value) == text)
    }
}
