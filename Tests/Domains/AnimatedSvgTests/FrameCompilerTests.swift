import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct FrameCompilerTests {
    func compiled(_ doc: XMLDocument) -> CompiledFrame? {
        if case .success(let frame) = FrameCompiler.compile(doc, body: renderBytes) { return frame }
        return nil
    }

    func bodyText(_ frame: CompiledFrame) -> String {
        let header = 7 + frame.images.reduce(0) { $0 + 7 + $1.byteCount }
        return String(decoding: frame.bytes.dropFirst(header), as: UTF8.self)
    }

    func occurrences(of needle: String, in text: String) -> Int {
        let n = Array(needle.utf8), t = Array(text.utf8)
        guard n.count <= t.count else { return 0 }
        return (0...(t.count - n.count)).filter { Array(t[$0..<($0 + n.count)]) == n }.count
    }

    @Test func w65HeaderBytes() {
        let doc = document(E("svg", ["viewBox": "0 0 10 10"],
            E("image", ["width": "1", "height": "1", "href": Fixture.gifURI]),
            E("rect", ["width": "2", "height": "2"])))
        guard let frame = compiled(doc) else { Issue.record("compile failed"); return }
        let header: [UInt8] = [0x53, 0x56, 0x47, 0x46, 0x01, 0x01, 0x00, 0x00, 0x00, 0x04, 0x2A, 0x00, 0x00, 0x00]
        #expect(Array(frame.bytes.prefix(14)) == header)
        #expect(Array(frame.bytes[14..<56]) == Fixture.gif)
        #expect(frame.images == [ImageTableEntry(id: 0, format: .gif, byteCount: 42)])
        #expect(bodyText(frame) == "<svg viewBox=\"0 0 10 10\"><image width=\"1\" height=\"1\" href=\"vgimg:0\"/><rect width=\"2\" height=\"2\"/></svg>")
    }

    @Test func w56CompiledGroupMatchesTheRow() {
        var doc = document(E("svg", [:],
            E("defs", [:], E("image", ["id": "img", "width": "40", "height": "30", "href": Fixture.gifURI])),
            E("use", ["href": "#img", "x": "10", "y": "5", "transform": "scale(2)", "opacity": "0.5"]),
            E("rect", ["id": "r"]), E("use", ["href": "#r", "x": "3"])))
        var diags: [Diagnostic] = []
        _ = EmbeddedImage.validateImages(&doc, diagnostics: &diags)
        UseExpansion.expand(&doc, diagnostics: &diags)
        guard let frame = compiled(doc) else { Issue.record("compile failed"); return }
        #expect(diags.isEmpty)
        #expect(bodyText(frame).contains("<g transform=\"scale(2) translate(10 5)\" opacity=\"0.5\"><image width=\"40\" height=\"30\" href=\"vgimg:0\"/></g>"))
        #expect(bodyText(frame).contains("<use href=\"#r\" x=\"3\"/>"))
    }

    /// Five distinct images in `<defs>`, 19 `<use>`s spread over them, and a moving shape.
    func banner() -> XMLDocument {
        let uris = [Fixture.uri(Fixture.webp, type: "image/webp"), Fixture.uri(Fixture.png(1)),
                    Fixture.uri(Fixture.jpeg, type: "image/jpeg"), Fixture.gifURI, Fixture.uri(Fixture.png(2))]
        let images: [Node] = uris.enumerated().map { k, uri in
            .element("image", [("id", "img\(k)"), ("width", "\(10 + k)"), ("height", "8"), ("href", uri)], [])
        }
        let uses: [Node] = (0..<19).map { k in
            .element("use", [("href", "#img\(k % 5)"), ("x", "\(k * 3)"), ("y", "1")], [])
        }
        return document(.element("svg", [("width", "450"), ("height", "450")],
                                 [.element("defs", [], images)] + uses + [.element("circle", [("r", "4")], [])]))
    }

    @Test func w57BannerExpandsAndCompilesWithFiveImages() {
        var doc = banner()
        var diags: [Diagnostic] = []
        let valid = EmbeddedImage.validateImages(&doc, diagnostics: &diags)
        #expect(valid.count == 5)
        UseExpansion.expand(&doc, diagnostics: &diags)
        #expect(diags.isEmpty)
        let walk = DocumentOrder.walk(doc)
        let live = walk.order.filter { walk.live[$0] }.map { doc.elements[$0].name }
        #expect(live.filter { $0 == "g" }.count == 19)
        #expect(live.filter { $0 == "image" }.count == 24)
        #expect(!live.contains("use"))
        guard let frame = compiled(doc) else { Issue.record("compileFailed with H on"); return }
        #expect(frame.images.map(\.id) == [0, 1, 2, 3, 4])
        #expect(frame.images.map(\.format) == [.webp, .png, .jpeg, .gif, .png])
        #expect(frame.images.map(\.byteCount) == [Fixture.webp.count, Fixture.png(1).count, Fixture.jpeg.count, 42, Fixture.png(2).count])
        #expect(!bodyText(frame).contains("data:"))
        #expect(occurrences(of: "href=\"vgimg:", in: bodyText(frame)) == 24)
    }

    @Test func w57WithExpansionOffIsCompileFailed() {
        var doc = banner()
        var diags: [Diagnostic] = []
        _ = EmbeddedImage.validateImages(&doc, diagnostics: &diags)
        // H skipped (J6): the first <use> in document order fails the frame.
        #expect(FrameCompiler.compile(doc, body: renderBytes) == .failure(.compileFailed(at: at(8, 1))))
    }

    @Test func j6FollowsChainsAndIgnoresShapeUses() {
        let shapes = document(E("svg", [:], E("rect", ["id": "r"]), E("use", ["href": "#r"])))
        #expect(compiled(shapes) != nil)
        let chained = document(E("svg", [:], E("image", ["id": "i", "width": "1", "height": "1", "href": Fixture.gifURI]),
                                 E("rect", [:]), E("use", ["id": "a", "href": "#i"]), E("use", ["href": "#a"])))
        #expect(FrameCompiler.compile(chained, body: renderBytes) == .failure(.compileFailed(at: at(4, 1))))
    }

    @Test func identicalPayloadsShareOneEntry() {
        let other = "data:image/png;base64," + Fixture.gifBase64     // same bytes, another spelling
        let doc = document(E("svg", [:],
            E("image", ["width": "1", "height": "1", "href": Fixture.uri(Fixture.png(7))]),
            E("image", ["width": "1", "height": "1", "href": Fixture.gifURI]),
            E("image", ["width": "1", "height": "1", "xlink:href": other]),
            E("image", ["width": "1", "height": "1", "href": Fixture.uri(Fixture.png(7))])))
        guard let frame = compiled(doc) else { Issue.record("compile failed"); return }
        #expect(frame.images.map(\.format) == [.png, .gif])
        #expect(bodyText(frame) == "<svg><image width=\"1\" height=\"1\" href=\"vgimg:0\"/><image width=\"1\" height=\"1\" href=\"vgimg:1\"/>"
            + "<image width=\"1\" height=\"1\" xlink:href=\"vgimg:1\"/><image width=\"1\" height=\"1\" href=\"vgimg:0\"/></svg>")
    }

    @Test func tableFollowsDocumentOrderNotArrayOrder() {
        var doc = document(E("svg", [:], E("g", [:]),
                             E("image", ["width": "1", "height": "1", "href": Fixture.gifURI])))
        // Append a PNG image as a child of the earlier <g>: later in the array, earlier in the tree.
        doc.elements.append(XMLElement(name: "image", attributes: [XMLAttribute(name: "href", value: Fixture.uri(Fixture.png(3)),
                                       at: at(9, 9), valueAt: at(9, 15))], children: [], at: at(9, 1), parent: 1))
        doc.elements[1].children = [.element(3)]
        guard let frame = compiled(doc) else { Issue.record("compile failed"); return }
        #expect(frame.images.map(\.format) == [.png, .gif])
    }

    @Test func compilerWorksOnACopyAndSkipsRemovedAndExternal() {
        var doc = document(E("svg", [:],
            E("image", ["width": "1", "height": "1", "href": Fixture.gifURI]),
            E("image", ["width": "1", "height": "1", "href": "ext.png"]),
            E("image", ["width": "1", "height": "1", "href": Fixture.uri(Fixture.jpeg)])))
        doc.elements[3].removed = true
        let before = doc
        guard let frame = compiled(doc) else { Issue.record("compile failed"); return }
        #expect(doc == before)
        #expect(frame.images.count == 1)
        #expect(bodyText(frame).contains("href=\"ext.png\""))
    }

    @Test func unvalidatedBadImageIsReported() {
        let doc = document(E("svg", [:], E("image", ["width": "1", "height": "1", "href": "data:image/png;base64,AAAA"])))
        #expect(FrameCompiler.compile(doc, body: renderBytes) == .failure(.imageNotValidated(at: at(2, 30), .unknownFormat)))
    }

    @Test func noImagesGivesEmptyTable() {
        guard let frame = compiled(document(E("svg", [:]))) else { Issue.record("compile failed"); return }
        #expect(frame.bytes == Array("SVGF".utf8) + [1, 0, 0] + Array("<svg/>".utf8))
    }
}
