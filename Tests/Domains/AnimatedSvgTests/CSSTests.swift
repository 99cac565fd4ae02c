import LockstepCore
import Testing
@testable import AnimatedSvg

private func loc(_ line: Int, _ column: Int) -> SvgLocation { SvgLocation(line: line, column: column) }

private func sheet(_ text: String, _ line: Int = 1, _ column: Int = 1) -> CSSStylesheet {
    CSSParser.stylesheet(text, startingAt: loc(line, column))
}

private func codes(_ list: [Diagnostic]) -> [String] { list.map { "\($0.kind.rawValue):\($0.code)@\($0.at)" } }

private func attribute(_ name: String, _ value: String, _ line: Int = 9, _ column: Int = 1) -> XMLAttribute {
    XMLAttribute(name: name, value: value, at: loc(line, column), valueAt: loc(line, column + name.count + 2))
}

// MARK: - Locations

@Test func locationsAcrossLinesFromAnOffsetStart() {
    let text = "\n  rect.a { fill: red }\n  @media print { a { b: c } }\n  #x, circle{stroke:blue}"
    let css = sheet(text, 3, 10)
    #expect(css.rules.count == 2)
    #expect(css.rules[0].selectors[0].at == loc(4, 3))
    #expect(css.rules[0].declarations[0].at == loc(4, 12))
    #expect(codes(css.diagnostics) == ["reject:atRule@5:3"])
    #expect(css.rules[1].selectors.map(\.at) == [loc(6, 3), loc(6, 7)])
    #expect(css.rules[1].declarations[0].at == loc(6, 14))
}

@Test func firstLineColumnsAreOffsetByTheStartColumn() {
    let css = sheet("a{b:c}", 2, 5)
    #expect(css.rules[0].selectors[0].at == loc(2, 5))
    #expect(css.rules[0].declarations[0].at == loc(2, 7))
}

@Test func columnsCountUnicodeScalars() {
    // "é" written as e + combining acute is two scalars; the emoji is one.
    let css = sheet(".e\u{301}😀{x:y}")
    #expect(css.rules[0].selectors[0].classes == ["e\u{301}😀"])
    #expect(css.rules[0].declarations[0].at == loc(1, 6))
}

@Test func styleAttributeLocations() {
    let (declarations, diagnostics) = CSSParser.declarations("fill:red;\n  stroke : blue ; bad", startingAt: loc(7, 20))
    #expect(declarations.map(\.name) == ["fill", "stroke"])
    #expect(declarations.map(\.at) == [loc(7, 20), loc(8, 3)])
    #expect(declarations[1].value == "blue")
    #expect(codes(diagnostics) == ["reject:declaration@8:19"])
}

// MARK: - Selectors

@Test func compoundSelectorParts() {
    let selector = sheet("rect.a#b.c { fill: red }").rules[0].selectors[0]
    #expect(selector.type == "rect")
    #expect(selector.ids == ["b"])
    #expect(selector.classes == ["a", "c"])
    #expect(selector.specificity == CSSSpecificity(ids: 1, classes: 2, types: 1))
}

@Test func universalAndBareSelectors() {
    let selectors = sheet("*, .a, #b, * .c {x:y} *.a, #b {x:y}").rules
    // The first rule has a descendant combinator: skipped whole.
    #expect(selectors.count == 1)
    #expect(selectors[0].selectors.map(\.type) == ["*", nil])
    #expect(selectors[0].selectors[0].specificity == CSSSpecificity(ids: 0, classes: 1, types: 0))
}

@Test func matching() {
    let selector = sheet("rect.a.b#i {x:y}").rules[0].selectors[0]
    #expect(selector.matches(name: "rect", id: "i", classes: ["b", "z", "a"]))
    #expect(!selector.matches(name: "rect", id: "i", classes: ["a"]))
    #expect(!selector.matches(name: "circle", id: "i", classes: ["a", "b"]))
    #expect(!selector.matches(name: "rect", id: nil, classes: ["a", "b"]))
    #expect(!selector.matches(name: "Rect", id: "i", classes: ["a", "b"]))
    let star = sheet("* {x:y}").rules[0].selectors[0]
    #expect(star.matches(name: "anything", id: nil, classes: []))
}

@Test func unsupportedSelectorsSkipTheWholeRule() {
    let cases = ["a b", "a>b", "a + b", "a~b", "a[x]", "a:hover", "p::before", "svg|rect", "#", ".", "a.", "1a b"]
    for selector in cases {
        let css = sheet("\(selector) { fill: red } c { d: e }")
        #expect(css.rules.count == 1, "\(selector)")
        #expect(css.rules[0].selectors[0].type == "c")
        #expect(codes(css.diagnostics) == ["reject:selector@1:1"], "\(selector)")
    }
}

@Test func oneBadSelectorInAListInvalidatesTheRuleAtThatSelector() {
    let css = sheet("rect,\n  circle:hover, .ok { fill: red }")
    #expect(css.rules.isEmpty)
    #expect(codes(css.diagnostics) == ["reject:selector@2:3"])
}

@Test func emptySelectorInList() {
    let css = sheet("a,,b {x:y} c, {x:y}")
    #expect(css.rules.isEmpty)
    #expect(codes(css.diagnostics) == ["reject:selector@1:3", "reject:selector@1:13"])
}

@Test func strayClosingBraceBecomesPartOfTheNextSelector() {
    let css = sheet("a {x:y} } b {x:y} c {x:y}")
    #expect(css.rules.map { $0.selectors[0].type } == ["a", "c"])
    #expect(codes(css.diagnostics) == ["reject:selector@1:9"])
}

// MARK: - At-rules

@Test func otherAtRulesAreSkippedWithTheirBlocks() {
    let css = sheet("@import url(x.css);\n@media screen { a { b: c } @media x { d { e: f } } }\n@font-face{src:url(a)}\n@-webkit-keyframes k { to { opacity: 0 } }\nz{q:r}")
    #expect(codes(css.diagnostics) == ["reject:atRule@1:1", "reject:atRule@2:1", "reject:atRule@3:1", "reject:atRule@4:1"])
    #expect(css.rules.count == 1)
    #expect(css.rules[0].selectors[0].type == "z")
    #expect(css.keyframes.isEmpty)
}

@Test func atRuleInsideADeclarationBlockIsSkipped() {
    let css = sheet("a { x: y; @media p { q: r } z: w }")
    #expect(css.rules[0].declarations.map(\.name) == ["x", "z"])
    #expect(codes(css.diagnostics) == ["reject:atRule@1:11"])
}

// MARK: - Declarations

@Test func declarationValuesAreTrimmedAndNamesLowercased() {
    let css = sheet("a { FILL :  red  ; Stroke-Width:2px;;; }")
    #expect(css.rules[0].declarations.map(\.name) == ["fill", "stroke-width"])
    #expect(css.rules[0].declarations.map(\.value) == ["red", "2px"])
    #expect(css.diagnostics.isEmpty)
}

@Test func declarationWithoutColonOrValueIsDropped() {
    let css = sheet("a {\n fill red;\n stroke: ;\n opacity:0.5;\n :x;\n}")
    #expect(css.rules[0].declarations.map(\.name) == ["opacity"])
    #expect(codes(css.diagnostics) == ["reject:declaration@2:2", "reject:declaration@3:2", "reject:declaration@5:2"])
}

@Test func importantIsKeptAsNormalWithAnIgnoreDiagnostic() {
    let css = sheet("a { fill: red !important; stroke: blue ! IMPORTANT }")
    let declarations = css.rules[0].declarations
    #expect(declarations.map(\.value) == ["red", "blue"])
    #expect(declarations.map(\.important) == [true, true])
    #expect(codes(css.diagnostics) == ["ignore:important@1:5", "ignore:important@1:27"])
}

@Test func importantAloneIsAnEmptyValue() {
    let css = sheet("a { fill: !important }")
    #expect(css.rules[0].declarations.isEmpty)
    #expect(codes(css.diagnostics) == ["reject:declaration@1:5"])
}

@Test func stringsAndParenthesesKeepValuesWhole() {
    let css = sheet(#"a { offset-path: path("M0,0 L10,0; }{"); font-family: 'x;y', "z}"; b: f(1;2) }"#)
    let declarations = css.rules[0].declarations
    #expect(declarations.map(\.name) == ["offset-path", "font-family", "b"])
    #expect(declarations[0].value == #"path("M0,0 L10,0; }{")"#)
    #expect(declarations[1].value == #"'x;y', "z}""#)
    #expect(declarations[2].value == "f(1;2)")
    #expect(css.diagnostics.isEmpty)
}

@Test func commentsAreSkippedAnywhere() throws {
    let css = sheet("/* a { x: y } */ rect/**/.c /*\n*/ { /* ; */ fill /* : */ : red /* } */ ; stroke: \"/* not a comment */\" }")
    try #require(css.rules.count == 1)
    #expect(css.rules[0].selectors[0].type == "rect")
    #expect(css.rules[0].selectors[0].classes == ["c"])
    #expect(css.rules[0].declarations.map(\.name) == ["fill", "stroke"])
    #expect(css.rules[0].declarations[0].value == "red")
    #expect(css.rules[0].declarations[1].value == "\"/* not a comment */\"")
    #expect(css.diagnostics.isEmpty)
}

@Test func htmlCommentMarkersAtTopLevelAreSkipped() {
    let css = sheet("<!-- a { x: y } -->")
    #expect(css.rules.count == 1)
    #expect(css.diagnostics.isEmpty)
}

// MARK: - Recovery at the end of input

@Test func unclosedBlockIsClosedAtEndOfInput() {
    let css = sheet("a { x: y }\nb { fill: red; stroke: blue")
    #expect(css.rules.count == 2)
    #expect(css.rules[1].declarations.map(\.value) == ["red", "blue"])
    #expect(codes(css.diagnostics) == ["reject:declaration@2:3"])
}

@Test func unterminatedCommentIsReportedOnce() {
    let css = sheet("a { x: y }\n  /* never closed { z: w }")
    #expect(css.rules.count == 1)
    #expect(codes(css.diagnostics) == ["reject:declaration@2:3"])
}

@Test func unterminatedStringIsReportedAndStopsAtTheLineEnd() {
    let css = sheet("a { b: \"open\n; c: d }")
    #expect(css.rules[0].declarations.map(\.name) == ["b", "c"])
    #expect(codes(css.diagnostics) == ["reject:declaration@1:8"])
}

@Test func selectorWithoutBlockAtEnd() {
    let css = sheet("a { x: y } rect.b")
    #expect(css.rules.count == 1)
    #expect(codes(css.diagnostics) == ["reject:selector@1:12"])
}

@Test func deeplyNestedGarbageTerminates() {
    let text = String(repeating: "(([{", count: 5000) + String(repeating: "}", count: 300)
    let css = sheet("a { x: " + text)
    #expect(css.rules.count == 1)
    #expect(css.diagnostics.count == 1)
    let other = sheet(String(repeating: "}{;@:", count: 2000))
    #expect(other.rules.isEmpty)
}

// MARK: - Keyframes

@Test func keyframesSelectorsAndOffsets() {
    let css = sheet("@keyframes spin {\n  from, 12.5% { opacity: 0 }\n  50%{opacity:.5;animation-timing-function: steps(2, end)}\n  TO , 100% { opacity: 1 } }", 4, 3)
    #expect(css.keyframes.count == 1)
    let keyframes = css.keyframes[0]
    #expect(keyframes.name == "spin")
    #expect(keyframes.at == loc(4, 3))
    #expect(keyframes.blocks.map(\.offsets) == [[0, 0.125], [0.5], [1, 1]])
    #expect(keyframes.blocks.map(\.at) == [loc(5, 3), loc(6, 3), loc(7, 3)])
    #expect(keyframes.blocks[1].declarations.map(\.name) == ["opacity", "animation-timing-function"])
    #expect(keyframes.blocks[1].declarations[1].value == "steps(2, end)")
    #expect(css.diagnostics.isEmpty)
}

@Test func duplicateKeyframesAndNamesAreKeptInOrder() {
    let css = sheet("@keyframes a { 0% { x: 1 } 0% { x: 2 } } @keyframes b { to { y: 1 } } @KEYFRAMES a { to { x: 3 } }")
    #expect(css.keyframes.map(\.name) == ["a", "b", "a"])
    #expect(css.keyframes[0].blocks.map { $0.declarations[0].value } == ["1", "2"])
    #expect(css.keyframes[2].blocks[0].declarations[0].value == "3")
}

@Test func invalidKeyframeSelectorDropsOnlyThatBlock() {
    let css = sheet("@keyframes k {\n  0% { x: 1 }\n  50%, 101% { x: 2 }\n  -1% { x: 3 }\n  half { x: 4 }\n  5 { x: 5 }\n  to { x: 6 } }")
    #expect(css.keyframes[0].blocks.map(\.offsets) == [[0], [1]])
    #expect(codes(css.diagnostics) == ["reject:selector@3:8", "reject:selector@4:3", "reject:selector@5:3", "reject:selector@6:3"])
}

@Test func keyframesNameForms() {
    let css = sheet("@keyframes \"quoted name\" { to { x: 1 } } @keyframes { to { x: 1 } } @keyframes two words { } @keyframes none {} @keyframes k;")
    #expect(css.keyframes.map(\.name) == ["quoted name"])
    #expect(codes(css.diagnostics) == ["reject:atRule@1:42", "reject:atRule@1:69", "reject:atRule@1:94", "reject:atRule@1:113"])
}

@Test func keyframeBlockLimit() {
    var text = "@keyframes k {"
    for _ in 0..<(CSSParseState.maxKeyframeBlocks + 5) { text += " 0%{x:1}" }
    text += "} a {x:y}"
    let css = sheet(text)
    #expect(css.keyframes[0].blocks.count == CSSParseState.maxKeyframeBlocks)
    #expect(codes(css.diagnostics) == ["reject:limit@1:\(15 + 8 * CSSParseState.maxKeyframeBlocks + 1)"])
    #expect(css.rules.count == 1)
}

// MARK: - Limits

@Test func ruleLimit() {
    let text = String(repeating: "a{x:y}", count: CSSParseState.maxRules + 3)
    let css = sheet(text)
    #expect(css.rules.count == CSSParseState.maxRules)
    #expect(codes(css.diagnostics) == ["reject:limit@1:\(6 * CSSParseState.maxRules + 1)"])
    #expect(css.diagnostics[0].detail.contains("maxRules"))
}

@Test func declarationLimitAcrossTheSheet() {
    let text = String(repeating: "a{x:y;x:y}", count: CSSParseState.maxDeclarations / 2 - 1) + "b{x:y;x:y;x:y} c{x:y}"
    let css = sheet(text)
    #expect(css.rules.count == CSSParseState.maxDeclarations / 2)
    #expect(css.rules.last?.declarations.count == 2)
    #expect(css.diagnostics.count == 1)
    #expect(css.diagnostics[0].code == "limit")
    #expect(css.diagnostics[0].detail.contains("maxDeclarations"))
}

@Test func textLengthLimit() {
    let text = "a{x:y}" + String(repeating: " ", count: CSSSource.maxScalars) + "b{x:y}"
    let css = sheet(text)
    #expect(css.rules.count == 1)
    #expect(codes(css.diagnostics) == ["reject:limit@1:\(CSSSource.maxScalars + 1)"])
}

// MARK: - Lists

@Test func animationShorthandSplitting() {
    let value = "spin 1s linear infinite, fade 2s cubic-bezier(0.1, 0.7, 1, 0.1) 1s"
    let entries = CSSList.splitTopLevelCommas(value)
    #expect(entries == ["spin 1s linear infinite", "fade 2s cubic-bezier(0.1, 0.7, 1, 0.1) 1s"])
    #expect(CSSList.tokens(entries[0]) == ["spin", "1s", "linear", "infinite"])
    #expect(CSSList.tokens(entries[1]) == ["fade", "2s", "cubic-bezier(0.1, 0.7, 1, 0.1)", "1s"])
    #expect(CSSList.tokens("  a\tsteps(4, end)\n 'x y' ") == ["a", "steps(4, end)", "'x y'"])
}

@Test func listEdgeCases() {
    #expect(CSSList.splitTopLevelCommas("") == [])
    #expect(CSSList.splitTopLevelCommas("a,,b") == ["a", "", "b"])
    #expect(CSSList.splitTopLevelCommas(#"path("M0,0 L1,0"), 'a,b', f(x, g(y, z))"#) == [#"path("M0,0 L1,0")"#, "'a,b'", "f(x, g(y, z))"])
    #expect(CSSList.splitTopLevelCommas("a) , b") == ["a)", "b"])
    #expect(CSSList.tokens("f(a b") == ["f(a b"])
    #expect(CSSList.tokens("\"unclosed x") == ["\"unclosed x"])
    #expect(CSSList.tokens("") == [])
}

// MARK: - Cascade

@Test func w70IdRuleBeatsTypeRuleAndAttribute() {
    let css = sheet("#a { fill: red } rect { fill: blue }")
    let presentation = [attribute("id", "a"), attribute("fill", "green", 9, 10)]
    let winners = CSSCascade.winners(rules: css.rules, name: "rect", id: "a", classes: [],
                                     presentation: presentation, style: [])
    #expect(winners.map(\.property) == ["fill", "id"])
    #expect(winners[0].value == "red")
    #expect(winners[0].source == .rule(0))
    #expect(winners[0].at == loc(1, 6))
    #expect(winners[1].source == .presentation)
}

@Test func w70StyleAttributeWins() {
    let css = sheet("#a { fill: red } rect { fill: blue }")
    let (style, diagnostics) = CSSParser.declarations("fill:#00f", startingAt: loc(9, 30))
    #expect(diagnostics.isEmpty)
    let winners = CSSCascade.winners(rules: css.rules, name: "rect", id: "a", classes: [],
                                     presentation: [attribute("fill", "green")], style: style)
    #expect(winners == [CSSWinner(property: "fill", value: "#00f", source: .styleAttribute, at: loc(9, 30))])
}

@Test func specificityTiesGoToTheLaterRuleAndDeclaration() {
    let css = sheet(".a { fill: red } .b { fill: blue; fill: teal } rect.a { stroke: x } .a.b { stroke: y } rect { stroke: z }")
    let winners = CSSCascade.winners(rules: css.rules, name: "rect", id: nil, classes: ["a", "b"],
                                     presentation: [], style: [])
    #expect(winners.map(\.property) == ["fill", "stroke"])
    #expect(winners[0].value == "teal")
    #expect(winners[0].source == .rule(1))
    // .a.b (0,2,0) beats rect.a (0,1,1) and the later rect (0,0,1).
    #expect(winners[1].value == "y")
}

@Test func ruleOrderDecidesTiesNotArrayOrder() {
    let css = sheet("rect { fill: red } rect { fill: blue }")
    let winners = CSSCascade.winners(rules: css.rules.reversed(), name: "rect", id: nil, classes: [],
                                     presentation: [], style: [])
    #expect(winners[0].value == "blue")
}

@Test func aListUsesTheMostSpecificMatchingSelector() {
    let css = sheet("#x, rect { fill: red } .c { fill: blue }")
    let withId = CSSCascade.winners(rules: css.rules, name: "rect", id: "x", classes: ["c"], presentation: [], style: [])
    #expect(withId[0].value == "red")
    let withoutId = CSSCascade.winners(rules: css.rules, name: "rect", id: nil, classes: ["c"], presentation: [], style: [])
    #expect(withoutId[0].value == "blue")
}

@Test func importantIsNotSpecialInTheCascade() {
    let css = sheet("rect { fill: red !important } #a { fill: blue }")
    let winners = CSSCascade.winners(rules: css.rules, name: "rect", id: "a", classes: [], presentation: [], style: [])
    #expect(winners[0].value == "blue")
}

@Test func nonMatchingRulesAndSortedOutput() {
    let css = sheet("circle { fill: red } .z { opacity: 0 }")
    let winners = CSSCascade.winners(
        rules: css.rules, name: "rect", id: nil, classes: [],
        presentation: [attribute("stroke", "a"), attribute("fill", "b"), attribute("opacity", "1")], style: [])
    #expect(winners.map(\.property) == ["fill", "opacity", "stroke"])
    #expect(winners.map(\.source) == [.presentation, .presentation, .presentation])
}

@Test func firstRuleOrderContinuesNumbering() {
    let first = CSSParser.stylesheet("a{x:1} b c{x:2} d{x:3}", startingAt: loc(1, 1))
    let second = CSSParser.stylesheet("e{x:4}", startingAt: loc(5, 1), firstRuleOrder: 3)
    #expect(first.rules.map(\.order) == [0, 2])
    #expect(second.rules.map(\.order) == [3])
}

// MARK: - Robustness

/// A deterministic pseudo-random walk over CSS-significant scalars: nothing may trap or hang, and
/// every diagnostic must point inside the text.
@Test func randomInputsNeverTrap() {
    let alphabet: [Unicode.Scalar] = ["a", "b", "#", ".", "*", ",", ":", ";", "{", "}", "(", ")", "[", "]",
                                      "\"", "'", "\\", "/", "*", "@", "!", " ", "\n", "%", "1", "-", "<", ">", "é"]
    var seed: UInt64 = 0x1234_5678
    for _ in 0..<2000 {
        var text = String.UnicodeScalarView()
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        let length = Int(seed >> 58)
        for _ in 0..<length {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            text.append(alphabet[Int(seed >> 33) % alphabet.count])
        }
        let string = "@keyframes k{" + String(text)
        let css = CSSParser.stylesheet(string, startingAt: loc(2, 3))
        let plain = CSSParser.stylesheet(String(text), startingAt: loc(1, 1))
        let (_, styleDiagnostics) = CSSParser.declarations(String(text), startingAt: loc(1, 1))
        _ = CSSList.tokens(String(text))
        _ = CSSList.splitTopLevelCommas(String(text))
        for diagnostic in css.diagnostics + plain.diagnostics + styleDiagnostics {
            #expect(diagnostic.at.line >= 1 && diagnostic.at.column >= 1)
        }
    }
}
