import Platform
import Testing

private func pt(_ x: Double, _ y: Double) -> ImagePoint { ImagePoint(x: x, y: y) }

@Suite struct TestPatternTests {
    @Test func patternHashIsPinned() {
        // Worked with an independent SplitMix64-finaliser implementation of the documented steps.
        #expect(PatternHash.hash(0, 0, 0) == 0x0592_0B01_EB75_357D)
        #expect(PatternHash.hash(42, 3, -1) == 0x15CC_1BC4_989A_1348)
        #expect(PatternHash.unit(7, 1) >= 0 && PatternHash.unit(7, 1) <= 1)
    }

    @Test func solidGradientAndCheckerboard() throws {
        #expect(try TestPattern.solid(RGBA8(1, 2, 3, 4)).image(width: 2, height: 2) == RGBA8Image(width: 2, height: 2, fill: RGBA8(1, 2, 3, 4)))
        // 0 → 255 over 256 columns: c(x) = 255 · x / 255 = x.
        let ramp = try TestPattern.gradient(from: .black, to: .white, vertical: false).image(width: 256, height: 1)
        #expect(ikPixels(ramp) == (0..<256).map { RGBA8.grey(UInt8($0)) })
        // 0 → 255 over 3 rows: 0, 127.5 → 128, 255.
        let column = try TestPattern.gradient(from: .black, to: .white, vertical: true).image(width: 1, height: 3)
        #expect(ikPixels(column) == [.grey(0), .grey(128), .grey(255)])
        let board = try TestPattern.checkerboard(cellPixels: 2, first: .white, second: .black).image(width: 4, height: 3)
        #expect(ikPixels(board) == [.white, .white, .black, .black,
                                  .white, .white, .black, .black,
                                  .black, .black, .white, .white])
    }

    @Test func documentPageHasPaperInkAndBackground() throws {
        let page = DocumentPagePattern(page: ImageQuad(topLeft: pt(20, 20), topRight: pt(220, 20), bottomRight: pt(220, 300), bottomLeft: pt(20, 300)),
                                paperLuma: 0.95, inkLuma: 0.2, backgroundLuma: 0.35, seed: 1, lineCount: 10)
        let img = try TestPattern.documentPage(page).image(width: 240, height: 320)
        // Bytes: 0.95 · 255 = 242.25 → 242, 0.2 · 255 = 51, 0.35 · 255 = 89.25 → 89.
        #expect(img.pixel(x: 5, y: 5) == .grey(89))      // off the page
        #expect(img.pixel(x: 25, y: 25) == .grey(242))   // inside the 10 % margin
        // Line 0 spans v 0.1 ... 0.1 + 0.4 · 0.08 = 0.132 (rows 48 ... 56.96); its first cells start at
        // u = 0.1 (column 40). Some pixels on that row are ink, none are background.
        let row = (40..<120).map { img.pixel(x: $0, y: 52) }
        #expect(row.contains(.grey(51)) && !row.contains(.grey(89)))
        #expect(Set(ikPixels(img).map(\.r)) == [51, 89, 242])
        #expect(img.isOpaque)
    }

    @Test func seedAndNoiseAreDeterministic() throws {
        let quad = ImageQuad(topLeft: pt(10, 8), topRight: pt(90, 14), bottomRight: pt(95, 110), bottomLeft: pt(4, 100))
        func render(_ seed: UInt64, noise: Int = 0) throws -> RGBA8Image {
            try TestPattern.documentPage(DocumentPagePattern(page: quad, seed: seed, noiseLevels: noise)).image(width: 100, height: 120)
        }
        #expect(try render(3) == render(3))
        #expect(try render(3) != render(4))
        // Noise stays within ±n of the clean level.
        let clean = try render(3), noisy = try render(3, noise: 5)
        for (c, n) in zip(clean.rgba, noisy.rgba) { #expect(abs(Int(c) - Int(n)) <= 5) }
        #expect(clean != noisy)
    }

    @Test func rowSourceEqualsWholeImage() throws {
        let pattern = TestPattern.documentPage(DocumentPagePattern(page: .fullExtent(widthPixels: 30, heightPixels: 20), seed: 9, noiseLevels: 3))
        let whole = try pattern.image(width: 30, height: 20)
        let source = try PatternSource(pattern, width: 30, height: 20)
        var bytes: [UInt8] = []
        var row = [UInt8](repeating: 0, count: 120)
        for y in 0..<20 {
            row.withUnsafeMutableBufferPointer { source.readRow(y, into: $0) }
            bytes += row
        }
        #expect(bytes == whole.rgba)
    }

    @Test func badParametersAreNamed() {
        #expect(throws: ImageKitError.invalidPattern("checkerboard cellPixels must be at least 1")) {
            try TestPattern.checkerboard(cellPixels: 0, first: .white, second: .black).image(width: 2, height: 2)
        }
        let quad = ImageQuad.fullExtent(widthPixels: 10, heightPixels: 10)
        #expect(throws: ImageKitError.invalidPattern("lineCount must be in 1...200")) {
            try TestPattern.documentPage(DocumentPagePattern(page: quad, lineCount: 0)).image(width: 10, height: 10)
        }
        #expect(throws: ImageKitError.invalidPattern("paperLuma must be in 0...1")) {
            try TestPattern.documentPage(DocumentPagePattern(page: quad, paperLuma: 1.5)).image(width: 10, height: 10)
        }
        #expect(throws: ImageKitError.streamedSourceTooLarge(widthPixels: 70_000, heightPixels: 1, maxSidePixels: 65_535,
                                                            maxPixelCount: 1 << 30)) {
            try PatternSource(.solid(.white), width: 70_000, height: 1)
        }
    }
}
