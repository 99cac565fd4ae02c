import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct EmbeddedImageTests {
    func format(_ href: String) -> ImageFormat? {
        if case .success(let image) = EmbeddedImage.decode(href: href) { return image.format }
        return nil
    }

    func problem(_ href: String) -> ImageProblem? {
        if case .failure(let problem) = EmbeddedImage.decode(href: href) { return problem }
        return nil
    }

    @Test func w65GifDecodes() {
        guard case .success(let image) = EmbeddedImage.decode(href: Fixture.gifURI) else {
            Issue.record("the W65 GIF must decode"); return
        }
        #expect(image.format == .gif)
        #expect(image.bytes.count == 42)
        #expect(Array(image.bytes.prefix(6)) == Array("GIF89a".utf8))
    }

    @Test func eachFixtureFormatIsRecognised() {
        #expect(format(Fixture.uri(Fixture.png(1))) == .png)
        #expect(format(Fixture.uri(Fixture.jpeg, type: "image/jpeg")) == .jpeg)
        #expect(format(Fixture.uri(Fixture.webp, type: "image/webp")) == .webp)
        #expect(ImageFormat.allCases.map(\.rawValue) == [1, 2, 3, 4])
    }

    @Test func declaredMediaTypeIsNotTrusted() {
        #expect(format("data:image/png;base64," + Fixture.gifBase64) == .gif)
        #expect(format("DATA:application/octet-stream;charset=x;BASE64," + Fixture.gifBase64) == .gif)
    }

    @Test func asciiWhitespaceInPayloadIsSkipped() {
        let b64 = Fixture.gifBase64
        let spaced = String(b64.prefix(10)) + " \n\t" + String(b64.dropFirst(10).prefix(20)) + "\r\n  " + String(b64.dropFirst(30))
        #expect(format(" data:image/gif;base64,\(spaced)\n") == .gif)
    }

    @Test func w74PngWithoutIendIsIncomplete() {
        let truncated = Array(Fixture.png(1).dropLast(12))
        #expect(problem(Fixture.uri(truncated)) == .incomplete(.png))
        #expect(problem(Fixture.uri(truncated))?.code == "imageInvalid")
    }

    @Test func w74ValidateRemovesOnlyThatImage() {
        var doc = document(E("svg", [:],
            E("image", ["width": "1", "height": "1", "href": Fixture.uri(Array(Fixture.png(1).dropLast(3)))]),
            E("image", ["width": "1", "height": "1", "href": Fixture.gifURI]),
            E("rect", ["width": "2", "height": "2"])))
        var diags: [Diagnostic] = []
        let valid = EmbeddedImage.validateImages(&doc, diagnostics: &diags)
        #expect(diags.map(\.code) == ["imageInvalid"])
        #expect(diags.first?.at == at(2, 30))          // the href attribute
        #expect(valid.map(\.element) == [2])
        #expect(valid.first?.format == .gif)
        #expect(doc.elements[1].removed && !doc.elements[2].removed && !doc.elements[3].removed)
    }

    @Test func externalHrefIsImageExternal() {
        #expect(problem("banner.png") == .external)
        #expect(problem("https://example.com/a.gif")?.code == "imageExternal")
        var doc = document(E("svg", [:], E("image", ["xlink:href": "coin.webp", "width": "1", "height": "1"])))
        var diags: [Diagnostic] = []
        _ = EmbeddedImage.validateImages(&doc, diagnostics: &diags)
        #expect(diags.map(\.code) == ["imageExternal"])
        #expect(diags.first?.at == at(2, 10))
        #expect(diags.first?.kind == .reject)
    }

    @Test func badBase64IsInvalid() {
        #expect(Base64.encode(Fixture.jpeg).hasSuffix("="))
        let unpadded = "data:image/gif;base64," + String(Base64.encode(Fixture.jpeg).filter { $0 != "=" })
        #expect(problem(unpadded)?.code == "imageInvalid")
        #expect(problem("data:image/png;base64,R0lG-ODlh")?.code == "imageInvalid")   // url alphabet
        #expect(problem("data:image/png;base64,%2F") != nil)
    }

    @Test func nonBase64DataURIIsInvalid() {
        guard case .malformed = problem("data:image/gif," + Fixture.gifBase64) else { Issue.record("needs ;base64"); return }
        guard case .malformed = problem("data:image/gif;base64") else { Issue.record("needs a comma"); return }
    }

    @Test func formatRulesNeedTheWholePayload() {
        #expect(problem(Fixture.uri(Array(Fixture.jpeg.dropLast()))) == .incomplete(.jpeg))
        #expect(problem(Fixture.uri(Array(Fixture.gif.dropLast()))) == .incomplete(.gif))
        var webp = Fixture.webp
        webp.append(0)                                       // the RIFF size no longer matches
        #expect(problem(Fixture.uri(webp)) == .incomplete(.webp))
        #expect(problem(Fixture.uri([0xFF, 0xD8, 0xFF, 0xD9])) == .incomplete(.jpeg))   // no overlap
        #expect(problem(Fixture.uri(Array("hello world".utf8))) == .unknownFormat)
        #expect(problem("data:image/png;base64,") == .unknownFormat)
    }

    @Test func imageWithoutHrefIsInvalidAtItsTag() {
        var doc = document(E("svg", [:], E("image", ["width": "1", "height": "1"])))
        var diags: [Diagnostic] = []
        _ = EmbeddedImage.validateImages(&doc, diagnostics: &diags)
        #expect(diags.map(\.code) == ["imageInvalid"])
        #expect(diags.first?.at == at(2, 1))
    }

    @Test func usesOfAnInvalidImageVanishSilently() {
        var doc = document(E("svg", [:],
            E("image", ["id": "bad", "width": "4", "height": "4", "href": "nope.png"]),
            E("use", ["href": "#bad"]), E("use", ["href": "#bad", "x": "9px"]),
            E("circle", ["r": "1"])))
        var diags: [Diagnostic] = []
        _ = EmbeddedImage.validateImages(&doc, diagnostics: &diags)
        UseExpansion.expand(&doc, diagnostics: &diags)
        #expect(diags.map(\.code) == ["imageExternal"])
        #expect(render(doc) == "<svg><circle r=\"1\"/></svg>")
    }
}
