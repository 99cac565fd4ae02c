import LockstepCore
import Testing
@testable import AnimatedSvg

private func parsed(_ s: String) throws -> XMLDocument {
    try XMLParser.parse(s).get()
}

private func failure(_ s: String, limits: XMLLimits = .standard) -> XMLError? {
    failure(Array(s.utf8), limits: limits)
}

private func failure(_ bytes: [UInt8], limits: XMLLimits = .standard) -> XMLError? {
    if case .failure(let e) = XMLParser.parse(bytes, limits: limits) { return e }
    return nil
}

private func loc(_ line: Int, _ column: Int) -> SvgLocation {
    SvgLocation(line: line, column: column)
}

private func body(_ s: String) throws -> String {
    String(decoding: XMLSerializer.body(try parsed(s)), as: UTF8.self)
}

private func texts(_ e: XMLElement) -> [String] {
    e.children.compactMap { if case .text(let s, _) = $0 { s } else { nil } }
}

@Suite("XML parser: locations")
struct XMLLocationTests {
    static let lines = ["<svg>", "  <rect x=\"1\"/>", "  <g>\tok</g>", "</svg>"]

    private func check(_ doc: XMLDocument) throws {
        #expect(doc.elements.map(\.name) == ["svg", "rect", "g"])
        #expect(doc.elements[0].at == loc(1, 1))
        #expect(doc.elements[1].at == loc(2, 3))
        let x = try #require(doc.elements[1].attribute("x"))
        #expect(x.at == loc(2, 9))
        #expect(x.valueAt == loc(2, 12))
        #expect(doc.elements[2].at == loc(3, 3))
        // The tab is one column: '<' 3, 'g' 4, '>' 5, tab 6, 'o' 7.
        #expect(doc.elements[2].children == [.text("\tok", loc(3, 6))])
        #expect(doc.elements[0].children.first == .text("\n  ", loc(1, 6)))
    }

    @Test func lineFeedFile() throws {
        try check(try parsed(Self.lines.joined(separator: "\n")))
    }

    @Test func crlfFileHasTheSameLocationsAndNormalisedText() throws {
        try check(try parsed(Self.lines.joined(separator: "\r\n")))
    }

    @Test func loneCarriageReturnFile() throws {
        try check(try parsed(Self.lines.joined(separator: "\r")))
    }

    @Test func mixedLineEndsCountOneLineEach() throws {
        let doc = try parsed("<svg>\r\n\r<a/>\n\r\n<b/></svg>")
        #expect(doc.elements[1].at == loc(3, 1))
        #expect(doc.elements[2].at == loc(5, 1))
        #expect(texts(doc.elements[0]) == ["\n\n", "\n\n"])
    }

    @Test func multiByteScalarsCountOneColumn() throws {
        let doc = try parsed("<svg><text>é<tspan a=\"1\"/></text></svg>")
        #expect(doc.elements[1].children.first == .text("é", loc(1, 12)))
        #expect(doc.elements[2].at == loc(1, 13))
        #expect(doc.elements[2].attributes[0].at == loc(1, 20))
        let emoji = try parsed("<a>😀中<b c='😀' d='x'/></a>")
        #expect(emoji.elements[1].at == loc(1, 6))
        #expect(emoji.elements[1].attributes[1].at == loc(1, 15))
        #expect(emoji.elements[1].attributes[1].valueAt == loc(1, 18))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let doc = try XMLParser.parse([0xEF, 0xBB, 0xBF] + Array("<svg a=\"1\"/>".utf8)).get()
        #expect(doc.elements[0].at == loc(1, 1))
        #expect(doc.elements[0].attributes[0].at == loc(1, 6))
    }

    @Test func nonASCIINamesAreAccepted() throws {
        let doc = try parsed("<svg xmlns:é='u'><é:ü-1.x_ é:a='1'/></svg>")
        #expect(doc.elements[1].name == "é:ü-1.x_")
        #expect(doc.elements[1].attributes.map(\.name) == ["é:a"])
    }
}

@Suite("XML parser: tree, text and references")
struct XMLTreeTests {
    @Test func parentsAndChildrenInDocumentOrder() throws {
        let doc = try parsed("<svg><g><a/>t<b/></g><c/></svg>")
        #expect(doc.elements.map(\.name) == ["svg", "g", "a", "b", "c"])
        #expect(doc.elements.map(\.parent) == [nil, 0, 1, 1, 0])
        #expect(doc.elements[0].children == [.element(1), .element(4)])
        #expect(doc.elements[1].children == [.element(2), .text("t", loc(1, 13)), .element(3)])
    }

    @Test func attributeValueNormalisation() throws {
        let doc = try parsed("<svg a=\"x\ty\nz\" b='&#10;&#9;' c='say \"hi\"' d=\"it's\"/>")
        let e = doc.elements[0]
        #expect(e.value("a") == "x y z")
        #expect(e.value("b") == "\n\t")  // references are not normalised
        #expect(e.value("c") == "say \"hi\"")
        #expect(e.value("d") == "it's")
    }

    @Test func crlfInsideAttributeValueIsOneSpace() throws {
        let doc = try parsed("<svg a=\"1\r\n2\r3\"/>")
        #expect(doc.elements[0].value("a") == "1 2 3")
    }

    @Test func predefinedEntitiesInTextAndAttributes() throws {
        let doc = try parsed("<svg t=\"&lt;&amp;&gt;&quot;&apos;\">&lt;a&gt; &amp; &quot;b&apos;</svg>")
        #expect(doc.elements[0].value("t") == "<&>\"'")
        #expect(texts(doc.elements[0]) == ["<a> & \"b'"])
    }

    @Test func characterReferences() throws {
        let doc = try parsed("<svg a='&#x41;&#66;'>&#65;&#x1F600;&#xe9;&#233;</svg>")
        #expect(doc.elements[0].value("a") == "AB")
        #expect(texts(doc.elements[0]) == ["A😀éé"])
    }

    @Test func cdataMergesWithSurroundingTextAtFirstPiece() throws {
        let doc = try parsed("<svg><style>a &amp; <![CDATA[b < c & d]]> e<!-- x -->f</style></svg>")
        #expect(doc.elements[1].children == [.text("a & b < c & d ef", loc(1, 13))])
    }

    @Test func cdataFirstIsLocatedInsideTheSection() throws {
        let doc = try parsed("<svg><style>\n<![CDATA[\n.a{}]]></style><style><![CDATA[]]></style></svg>")
        #expect(doc.elements[1].children == [.text("\n\n.a{}", loc(1, 13))])
        let only = try parsed("<s><![CDATA[x]]></s>")
        #expect(only.elements[0].children == [.text("x", loc(1, 13))])
        #expect(doc.elements[2].children.isEmpty)  // an empty CDATA gives no text child
    }

    @Test func prologAndEpilogAreSkipped() throws {
        let src = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!-- a comment -->
        <?xml-stylesheet href="a.css"?>
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN>[" 'http://www.w3.org/x.dtd'>
        <svg><?pi data?><!----></svg>
        <!-- after --> <?after?>
        """
        let doc = try parsed(src)
        #expect(doc.elements.count == 1)
        #expect(doc.elements[0].at == loc(5, 1))
        #expect(doc.elements[0].children.isEmpty)
    }

    @Test func whitespaceTextIsKeptByTheParser() throws {
        let doc = try parsed("<svg> <a/> </svg>")
        #expect(doc.elements[0].children == [.text(" ", loc(1, 6)), .element(1), .text(" ", loc(1, 11))])
    }

    @Test func deepNestingUpToTheLimitParses() throws {
        let depth = XMLParser.maxDepth
        let src = String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth)
        let doc = try parsed(src)
        #expect(doc.elements.count == depth)
        #expect(doc.elements[depth - 1].parent == depth - 2)
    }
}

@Suite("XML parser: errors")
struct XMLErrorTests {
    @Test func invalidUTF8IsLocated() throws {
        let e = try #require(failure(Array("<svg>\n<a>".utf8) + [0xFF] + Array("</a></svg>".utf8)))
        #expect(e == XMLError(message: "invalid UTF-8: byte 0xFF cannot start a character", at: loc(2, 4)))
        let cut = try #require(failure(Array("<svg>é".utf8) + [0xE2, 0x82]))
        #expect(cut == XMLError(message: "invalid UTF-8: the 3-byte sequence starting with byte 0xE2 is cut short by the end of input", at: loc(1, 7)))
        let surrogate = try #require(failure(Array("<svg>".utf8) + [0xED, 0xA0, 0x80]))
        #expect(surrogate.at == loc(1, 6))
        #expect(surrogate.message.hasPrefix("invalid UTF-8: byte 0xA0 cannot follow 0xED"))
        let overlong = try #require(failure(Array("<svg>".utf8) + [0xC0, 0xAF]))
        #expect(overlong == XMLError(message: "invalid UTF-8: byte 0xC0 cannot start a character", at: loc(1, 6)))
    }

    @Test func controlCharactersAreNotXML() throws {
        let e = try #require(failure("<svg>\r\n a\u{1}</svg>"))
        #expect(e == XMLError(message: "character U+0001 is not allowed in an XML document", at: loc(2, 3)))
        let ffff = try #require(failure("<svg>\u{FFFF}</svg>"))
        #expect(ffff.message == "character U+FFFF is not allowed in an XML document")
    }

    @Test func doctypeInternalSubset() throws {
        let e = try #require(failure("<!DOCTYPE svg [\n<!ENTITY a 'b'>]>\n<svg/>"))
        #expect(e == XMLError(message: "DOCTYPE internal subsets are not supported", at: loc(1, 15)))
    }

    @Test func doctypeAfterRootOrTwice() throws {
        #expect(failure("<svg/><!DOCTYPE svg>")?.message == "a DOCTYPE must come before the root element, not after <svg>")
        #expect(failure("<!DOCTYPE svg><!DOCTYPE svg><svg/>")?.at == loc(1, 15))
    }

    @Test func doubleDashInComment() throws {
        let e = try #require(failure("<svg><!-- a -- b --></svg>"))
        #expect(e == XMLError(message: "'--' is not allowed inside a comment (opened at 1:6); a comment ends with '-->'", at: loc(1, 13)))
        #expect(failure("<svg><!-- a ---></svg>")?.at == loc(1, 13))
    }

    @Test func unterminatedConstructs() throws {
        #expect(failure("<svg><!-- a") == XMLError(message: "unexpected end of input inside the comment opened at 1:6; expected '-->'", at: loc(1, 12)))
        #expect(failure("<svg><![CDATA[x") == XMLError(message: "unexpected end of input inside the CDATA section opened at 1:6; expected ']]>'", at: loc(1, 16)))
        #expect(failure("<svg><?pi x") == XMLError(message: "unexpected end of input inside the processing instruction <?pi opened at 1:6; expected '?>'", at: loc(1, 12)))
        #expect(failure("<!DOCTYPE svg") == XMLError(message: "unexpected end of input inside the DOCTYPE opened at 1:1; expected '>'", at: loc(1, 14)))
    }

    @Test func endOfInputInsideStartTag() throws {
        let e = try #require(failure("<svg>\n  <rect x=\"1\""))
        #expect(e == XMLError(message: "unexpected end of input inside the start tag of <rect> opened at 2:3", at: loc(2, 14)))
        let inValue = try #require(failure("<svg>\n  <rect x=\"1"))
        #expect(inValue == XMLError(message: "unexpected end of input inside the start tag of <rect> opened at 2:3", at: loc(2, 13)))
    }

    @Test func unclosedElement() throws {
        let e = try #require(failure("<svg>\n  <g>\n"))
        #expect(e == XMLError(message: "unexpected end of input: <g> opened at 2:3 is not closed", at: loc(3, 1)))
    }

    @Test func mismatchedEndTag() throws {
        let e = try #require(failure("<svg>\n  <g>\n    <rect>\n  </g>\n</svg>"))
        #expect(e == XMLError(message: "end tag </g> does not match <rect> opened at 3:5", at: loc(4, 3)))
    }

    @Test func endTagPrefixIsNotEnough() throws {
        #expect(failure("<svg><g></gg></svg>")?.message == "end tag </gg> does not match <g> opened at 1:6")
        #expect(failure("<svg></svg >") == nil)
        #expect(failure("<svg></svg x>")?.message == "expected '>' to finish the end tag </svg>, found 'x'")
    }

    @Test func duplicateAttributeAtTheSecondOne() throws {
        let e = try #require(failure("<svg a=\"1\" b=\"2\" a=\"3\"/>"))
        #expect(e == XMLError(message: "duplicate attribute a on <svg>; it was first given at 1:6", at: loc(1, 18)))
    }

    @Test func duplicateAttributeAmongManyUsesTheSetPath() throws {
        let attributes = (0..<20).map { " a\($0)='\($0)'" }.joined()
        let e = try #require(failure("<svg\(attributes)\n a7='x'/>"))
        #expect(e.message == "duplicate attribute a7 on <svg>; it was first given at 1:\(5 + 1 + 7 * 7)")
        #expect(e.at == loc(2, 2))
        #expect((try? parsed("<svg\(attributes)/>"))?.elements[0].attributes.count == 20)
    }

    @Test func lessThanInAttributeValue() throws {
        let e = try #require(failure("<svg a=\"x<y\"/>"))
        #expect(e == XMLError(message: "'<' is not allowed in the value of the attribute a of <svg>; write &lt; (or is the closing quote missing?)", at: loc(1, 10)))
    }

    @Test func malformedStartTags() throws {
        #expect(failure("<svg a=\"1\"b=\"2\"/>") == XMLError(message: "expected whitespace, '>' or '/>' after the value of a in the start tag of <svg>, found 'b'", at: loc(1, 11)))
        #expect(failure("<svg a/>") == XMLError(message: "expected '=' after the attribute name a in <svg>, found '/'", at: loc(1, 7)))
        #expect(failure("<svg a=1/>") == XMLError(message: "expected a quoted value (\" or ') for the attribute a of <svg>, found '1'", at: loc(1, 8)))
        #expect(failure("<svg / >") == XMLError(message: "expected '>' after '/' in the start tag of <svg>, found a space", at: loc(1, 7)))
        #expect(failure("< svg/>") == XMLError(message: "expected an element name after '<', found a space", at: loc(1, 2)))
        #expect(failure("<svg><1/></svg>")?.at == loc(1, 7))
    }

    @Test func unknownEntity() throws {
        let e = try #require(failure("<svg>\n &nbsp;</svg>"))
        #expect(e.at == loc(2, 2))
        #expect(e.message.hasPrefix("unknown entity &nbsp; "))
        #expect(failure("<svg a='&foo;'/>")?.message.hasPrefix("unknown entity &foo; ") == true)
    }

    @Test func badReferences() throws {
        #expect(failure("<svg>a & b</svg>")?.at == loc(1, 8))
        #expect(failure("<svg>&amp</svg>") == XMLError(message: "expected ';' after the entity name &amp, found '<'", at: loc(1, 6)))
        #expect(failure("<svg>&#;</svg>") == XMLError(message: "expected decimal digits after '&#' in a character reference, found ';'", at: loc(1, 6)))
        #expect(failure("<svg>&#xG;</svg>")?.message == "expected hexadecimal digits after '&#x' in a character reference, found 'G'")
        #expect(failure("<svg>&#65</svg>")?.message == "expected ';' to end the character reference &#65, found '<'")
    }

    @Test func invalidCharacterReferences() throws {
        #expect(failure("<svg>&#0;</svg>") == XMLError(message: "character reference &#0; is not a valid XML character", at: loc(1, 6)))
        #expect(failure("<svg a='&#xD800;'/>") == XMLError(message: "character reference &#xD800; is not a valid XML character", at: loc(1, 9)))
        #expect(failure("<svg>&#x110000;</svg>")?.message == "character reference &#x110000; is not a valid XML character")
        #expect(failure("<svg>&#99999999999999999999;</svg>")?.message == "character reference &#99999999999999999999; is not a valid XML character")
        #expect(failure("<svg>&#1;</svg>") != nil)
    }

    @Test func rootElementRules() throws {
        #expect(failure("") == XMLError(message: "no root element: expected an element such as <svg>, found the end of input", at: loc(1, 1)))
        #expect(failure("<!-- only -->\n") == XMLError(message: "no root element: expected an element such as <svg>, found the end of input", at: loc(2, 1)))
        #expect(failure("<svg/>\n<svg/>") == XMLError(message: "a second root element after <svg>; a document has exactly one root element", at: loc(2, 1)))
        #expect(failure("<svg/> x") == XMLError(message: "only comments, processing instructions and whitespace may follow the root element <svg>; found 'x'", at: loc(1, 8)))
        #expect(failure("hi<svg/>") == XMLError(message: "expected the root element (such as <svg>), found text starting with 'h'", at: loc(1, 1)))
        #expect(failure("</svg>")?.at == loc(1, 1))
    }

    @Test func xmlDeclarationRules() throws {
        #expect(failure(" <?xml version='1.0'?><svg/>") == XMLError(message: "an XML declaration <?xml ...?> is only allowed at the very start of the document", at: loc(1, 2)))
        #expect(failure("<?xml version='1.0' encoding='ISO-8859-1'?><svg/>") == XMLError(message: "encoding \"ISO-8859-1\" is not supported; the document must be UTF-8", at: loc(1, 31)))
        #expect(failure("<?xml encoding='utf-8'?><svg/>")?.message == "the XML declaration has no version=\"1.0\"")
        #expect(failure("<?xml version='1.0' foo='1'?><svg/>")?.at == loc(1, 21))
        #expect(failure("<?xml version='1.0' encoding='utf-8'?><svg/>") == nil)
    }

    @Test func misplacedMarkup() throws {
        #expect(failure("<svg>]]></svg>") == XMLError(message: "']]>' is not allowed in text; it may only end a CDATA section (write ]]&gt;)", at: loc(1, 6)))
        #expect(failure("<svg><!ELEMENT x></svg>")?.at == loc(1, 6))
        #expect(failure("<![CDATA[x]]><svg/>")?.at == loc(1, 1))
    }

    /// Deterministic byte mutations (a fixed LCG, no randomness): every result is a document or
    /// an error, and every accepted document survives serialize-then-parse.
    @Test func mutatedInputNeverTraps() throws {
        let src = Array("<?xml version='1.0'?>\r\n<!DOCTYPE svg 'x'><svg a=\"&amp;&#x41;\"><g b='é'>t<!-- c --><![CDATA[d]]><?p q?></g></svg>".utf8)
        let alphabet = Array("<>/&;#x='\"[]!-?é \n\r".utf8) + [0xFF, 0x00, 0xC3]
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var accepted = 0
        for _ in 0..<3000 {
            var bytes = src
            for _ in 0...(next() % 3) {
                let i = next() % bytes.count
                switch next() % 3 {
                case 0: bytes[i] = alphabet[next() % alphabet.count]
                case 1: bytes.remove(at: i)
                default: bytes.insert(alphabet[next() % alphabet.count], at: i)
                }
            }
            if case .success(let doc) = XMLParser.parse(bytes) {
                accepted += 1
                let again = try XMLParser.parse(XMLSerializer.body(doc)).get()
                #expect(again.elements.map(\.name) == doc.elements.map(\.name))
            }
        }
        #expect(accepted > 0)
    }

    @Test func truncatedInputNeverTraps() {
        let src = Array("<?xml version='1.0'?><!DOCTYPE svg 'x'><svg a=\"&amp;&#x41;\"><!-- c --><![CDATA[d]]><?p q?>é</svg>".utf8)
        for cut in 0..<src.count {
            _ = XMLParser.parse(Array(src[0..<cut]))
        }
        #expect(failure(src) == nil)
    }
}

@Suite("XML parser: limits")
struct XMLLimitTests {
    private func limits(_ change: (inout XMLLimits) -> Void) -> XMLLimits {
        var l = XMLLimits.standard
        change(&l)
        return l
    }

    @Test func productionValues() {
        #expect(XMLParser.maxInputBytes == 16_777_216)
        #expect(XMLParser.maxElements == 100_000)
        #expect(XMLParser.maxDepth == 256)
        #expect(XMLParser.maxAttributesPerElement == 256)
        #expect(XMLParser.maxNameScalars == 1024)
        #expect(XMLLimits.standard.maxDepth == XMLParser.maxDepth)
    }

    @Test func inputBytes() {
        let l = limits { $0.maxInputBytes = 10 }
        #expect(failure("<svg></svg>", limits: l) == XMLError(message: "the input is 11 bytes, beyond the limit maxInputBytes = 10", at: loc(1, 1)))
        #expect(failure("<svg/>", limits: l) == nil)
    }

    @Test func elementCount() {
        let l = limits { $0.maxElements = 3 }
        #expect(failure("<svg><a/><b/><c/></svg>", limits: l) == XMLError(message: "<c> would be element 4, beyond the limit maxElements = 3", at: loc(1, 14)))
        #expect(failure("<svg><a/><b/></svg>", limits: l) == nil)
    }

    @Test func depth() {
        let l = limits { $0.maxDepth = 2 }
        #expect(failure("<svg><g><g/></g></svg>", limits: l) == XMLError(message: "<g> is nested 3 elements deep, beyond the limit maxDepth = 2", at: loc(1, 9)))
        #expect(failure("<svg><g/><g><a/>x</g></svg>", limits: l) != nil)
        #expect(failure("<svg><g/><g>x</g></svg>", limits: l) == nil)
        let deep = String(repeating: "<g>", count: XMLParser.maxDepth + 1)
        #expect(failure(deep)?.message == "<g> is nested 257 elements deep, beyond the limit maxDepth = 256")
    }

    @Test func attributesPerElement() {
        let l = limits { $0.maxAttributesPerElement = 2 }
        #expect(failure("<svg a=\"1\" b=\"2\" c=\"3\"/>", limits: l) == XMLError(message: "<svg> has more than 2 attributes, beyond the limit maxAttributesPerElement = 2", at: loc(1, 18)))
        #expect(failure("<svg a=\"1\" b=\"2\"/>", limits: l) == nil)
    }

    @Test func nameLength() {
        let l = limits { $0.maxNameScalars = 3 }
        #expect(failure("<svg><abcd/></svg>", limits: l) == XMLError(message: "a name longer than 3 characters, beyond the limit maxNameScalars = 3", at: loc(1, 7)))
        #expect(failure("<svg ééé='1' éééé='2'/>", limits: l)?.at == loc(1, 14))
        #expect(failure("<svg>&abcd;</svg>", limits: l)?.message == "a name longer than 3 characters, beyond the limit maxNameScalars = 3")
    }
}

@Suite("XML serializer")
struct XMLSerializerTests {
    @Test func canonicalFormWithoutWhitespaceBetweenTags() throws {
        let src = "<?xml version=\"1.0\"?>\n<!-- c -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink='x'>\n  <g id='a'>\n    <rect/>\n  </g>\n  <use xlink:href=\"#a\"></use>\n</svg>\n"
        #expect(try body(src) == "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"x\"><g id=\"a\"><rect/></g><use xlink:href=\"#a\"/></svg>")
    }

    @Test func attributeEscaping() throws {
        #expect(try body("<svg a='&amp;&lt;&gt;\"&apos;é'/>") == "<svg a=\"&amp;&lt;&gt;&quot;'é\"/>")
    }

    @Test func textEscapingLeavesQuotes() throws {
        #expect(try body("<svg><text>a &lt;b&gt; &amp; \"c\" 'd'</text></svg>") == "<svg><text>a &lt;b&gt; &amp; \"c\" 'd'</text></svg>")
        #expect(try body("<svg><style><![CDATA[a>b{fill:red} x<y]]></style></svg>") == "<svg><style>a&gt;b{fill:red} x&lt;y</style></svg>")
    }

    @Test func whitespaceKeptOnlyInsideTextAndTspan() throws {
        let src = "<svg> <g> </g> <text> <tspan> </tspan> <a> <b> </b></a> </text> <title> x y </title></svg>"
        #expect(try body(src) == "<svg><g/><text> <tspan> </tspan> <a> <b> </b></a> </text><title> x y </title></svg>")
    }

    @Test func nonWhitespaceTextIsVerbatim() throws {
        #expect(try body("<svg><desc>\n  two\n  lines\n</desc></svg>") == "<svg><desc>\n  two\n  lines\n</desc></svg>")
    }

    @Test func removedSubtreesAreSkipped() throws {
        var doc = try parsed("<svg><g><animate/></g><script>x</script><rect><set/></rect><c/></svg>")
        for i in doc.elements.indices where ["animate", "script", "set"].contains(doc.elements[i].name) {
            doc.elements[i].removed = true
        }
        #expect(String(decoding: XMLSerializer.body(doc), as: UTF8.self) == "<svg><g/><rect/><c/></svg>")
        doc.elements[0].removed = true
        #expect(XMLSerializer.body(doc).isEmpty)
    }

    @Test func attributesKeepTheGivenOrder() throws {
        var doc = try parsed("<svg b='2' a='1'/>")
        #expect(String(decoding: XMLSerializer.body(doc), as: UTF8.self) == "<svg b=\"2\" a=\"1\"/>")
        doc.elements[0].attributes.reverse()
        #expect(String(decoding: XMLSerializer.body(doc), as: UTF8.self) == "<svg a=\"1\" b=\"2\"/>")
    }

    @Test func emptyTextChildStillGivesSelfClosingForm() {
        let at = loc(1, 1)
        let doc = XMLDocument(elements: [
            XMLElement(name: "text", attributes: [], children: [.text("", at), .element(1)], at: at, parent: nil),
            XMLElement(name: "tspan", attributes: [], children: [.text("", at)], at: at, parent: 0),
        ])
        #expect(String(decoding: XMLSerializer.body(doc), as: UTF8.self) == "<text><tspan/></text>")
    }

    @Test func malformedTreesDoNotTrapOrLoop() {
        let at = loc(1, 1)
        let doc = XMLDocument(elements: [
            XMLElement(name: "svg", attributes: [], children: [.element(1), .element(7), .element(-1)], at: at, parent: nil),
            XMLElement(name: "g", attributes: [], children: [.element(0), .element(1), .element(2)], at: at, parent: 0),
            XMLElement(name: "a", attributes: [], children: [], at: at, parent: 1),
        ])
        #expect(String(decoding: XMLSerializer.body(doc), as: UTF8.self) == "<svg><g><a/></g></svg>")
        #expect(XMLSerializer.body(XMLDocument(elements: [])).isEmpty)
    }

    @Test func helpers() {
        #expect(XMLSerializer.escapeAttribute("a&b<c>d\"e'") == "a&amp;b&lt;c&gt;d&quot;e'")
        #expect(XMLSerializer.escapeText("a&b<c>d\"e'") == "a&amp;b&lt;c&gt;d\"e'")
        #expect(XMLSerializer.escapeText("é😀") == "é😀")
    }

    @Test func deepTreesSerialize() throws {
        let depth = XMLParser.maxDepth
        let src = String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth)
        let expected = String(repeating: "<g>", count: depth - 1) + "<g/>" + String(repeating: "</g>", count: depth - 1)
        #expect(try body(src) == expected)
    }

    @Test func roundTripKeepsNamesAttributesAndText() throws {
        let src = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
          <style><![CDATA[ .a > b { fill: "red" } ]]></style>
          <g id="g&amp;1" data-x='a "q" &lt;b&gt;'>
            <rect x="1" y="2"><animate attributeName="x" values="1;2" dur="1s"/></rect>
            <text x="0"> hi &amp; <tspan>  there </tspan> é😀 </text>
          </g>
          <image xlink:href="data:image/png;base64,AAAA" width="1" height="1"/>
        </svg>
        """
        let first = try parsed(src)
        let bytes = XMLSerializer.body(first)
        let second = try XMLParser.parse(bytes).get()
        func shape(_ d: XMLDocument) -> [String] {
            d.elements.map { e in
                e.name + "|" + e.attributes.map { "\($0.name)=\($0.value)" }.joined(separator: "|")
                    + "|" + texts(e).filter { $0.contains { !$0.isWhitespace } || e.name == "text" || e.name == "tspan" }.joined(separator: "#")
            }
        }
        #expect(shape(second) == shape(first))
        #expect(second.elements.map(\.parent) == first.elements.map(\.parent))
        #expect(XMLSerializer.body(second) == bytes)
    }
}
