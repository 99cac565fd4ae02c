import Platform
import Testing

private func pt(_ x: Double, _ y: Double) -> ImagePoint { ImagePoint(x: x, y: y) }

@Suite struct PerspectiveCorrectionTests {
    @Test func fullExtentQuadIsTheIdentity() throws {
        // Output size = image size, homography = identity up to rounding, and the 1/256-pixel
        // quantisation lands exactly on every pixel centre. (Opaque: under alpha 0 the sampler keeps
        // no colour, so such pixels would come back (0, 0, 0, 0).)
        let img = try ikScrambled(13, 9, seed: 21, opaque: true)
        #expect(try PerspectiveCorrection.apply(img, quad: .fullExtent(widthPixels: 13, heightPixels: 9)) == img)
    }

    @Test func axisAlignedQuadIsACrop() throws {
        // Quad (2, 1)...(6, 4) on 8 × 6: output 4 × 3, output centre (x + ½, y + ½) ↦ (x + 2.5, y + 1.5),
        // sampled at index (x + 2, y + 1): exactly the crop.
        let levels = (0..<48).map { UInt8($0 * 5) }
        let img = try ikGreys(8, 6, levels)
        let quad = ImageQuad(topLeft: pt(2, 1), topRight: pt(6, 1), bottomRight: pt(6, 4), bottomLeft: pt(2, 4))
        let out = try PerspectiveCorrection.apply(img, quad: quad)
        let crop = (1..<4).flatMap { y in (2..<6).map { x in RGBA8.grey(levels[y * 8 + x]) } }
        #expect(out.width == 4 && out.height == 3)
        #expect(ikPixels(out) == crop)
    }

    @Test func halvingIsTheTwoByTwoAreaAverage() throws {
        // Full quad into half the size: output centre (x + ½) · 2 = 2x + 1, sampled at index 2x + ½:
        // weights 128 · 128 on a 2 × 2 block = the box average, with the same round-half-up.
        let img = try ikScrambled(12, 8, seed: 5, opaque: true)
        let half = PixelSize(widthPixels: 6, heightPixels: 4)
        let warped = try PerspectiveCorrection.apply(img, quad: .fullExtent(widthPixels: 12, heightPixels: 8), outputSize: half)
        #expect(warped == (try Downsampler.resize(img, toWidth: 6, height: 4)))
    }

    @Test func quarterTurnQuadEqualsExifSix() throws {
        // The quad whose top-left is the stored bottom-left corner reads the picture turned 90°
        // clockwise: the same permutation as orientation 6.
        let img = try ikScrambled(5, 3, seed: 9, opaque: true)
        let quad = ImageQuad(topLeft: pt(0, 3), topRight: pt(0, 0), bottomRight: pt(5, 0), bottomLeft: pt(5, 3))
        #expect(quad.correctedSize == PixelSize(widthPixels: 3, heightPixels: 5))
        #expect(try PerspectiveCorrection.apply(img, quad: quad) == img.oriented(.right))
    }

    @Test func flattensAPhotographedPage() throws {
        // A document page drawn in perspective, then flattened: the corners of the result are paper
        // (inside the page's 10 % margin) and the output size is the longer edges, rounded.
        let page = ImageQuad(topLeft: pt(30, 20), topRight: pt(170, 35), bottomRight: pt(180, 230), bottomLeft: pt(15, 215))
        let photo = try TestPattern.documentPage(DocumentPagePattern(page: page, paperLuma: 0.95, inkLuma: 0.2,
                                                              backgroundLuma: 0.35, seed: 4)).image(width: 200, height: 250)
        let flat = try PerspectiveCorrection.apply(photo, quad: page)
        // |TR − TL| = √(140² + 15²) = 140.80, |BR − BL| = √(165² + 15²) = 165.68 → 166;
        // |BL − TL| = √(15² + 195²) = 195.58, |BR − TR| = √(10² + 195²) = 195.26 → 196.
        #expect(flat.width == 166 && flat.height == 196)
        for (x, y) in [(3, 3), (162, 3), (3, 192), (162, 192)] { #expect(flat.pixel(x: x, y: y) == .grey(242), "(\(x), \(y))") }
        #expect(ikPixels(flat).contains(.grey(51)))  // some ink (0.2 · 255 = 51) survived
    }

    @Test func refusesDegenerateQuadsAndHugeOutputs() throws {
        let img = try RGBA8Image(width: 4, height: 4, fill: .white)
        let line = ImageQuad(topLeft: pt(0, 0), topRight: pt(2, 2), bottomRight: pt(4, 4), bottomLeft: pt(1, 1))
        #expect(throws: ImageKitError.self) { try PerspectiveCorrection.apply(img, quad: line) }
        let huge = ImageQuad.fullExtent(widthPixels: 20_000, heightPixels: 10)
        #expect(throws: ImageKitError.imageTooLarge(widthPixels: 20_000, heightPixels: 10, maxSidePixels: 16_384,
                                                   maxPixelCount: 67_108_864)) {
            try PerspectiveCorrection.apply(img, quad: huge)
        }
    }

    @Test func fastPathMatchesReference() throws {
        let img = try ikScrambled(31, 27, seed: 77)
        let quads = [
            ImageQuad(topLeft: pt(3.2, 1.7), topRight: pt(29.5, 4.1), bottomRight: pt(27.9, 25.3), bottomLeft: pt(1.1, 22.8)),
            ImageQuad(topLeft: pt(-4, -3), topRight: pt(35, 0), bottomRight: pt(33, 30), bottomLeft: pt(0, 29)),  // beyond the edges: clamped
            ImageQuad(topLeft: pt(20, 2), topRight: pt(28, 14), bottomRight: pt(12, 25), bottomLeft: pt(4, 10)),  // rotated
        ]
        for q in quads {
            #expect(try PerspectiveCorrection.apply(img, quad: q) == PerspectiveCorrection.reference(img, quad: q), "\(q)")
            let size = PixelSize(widthPixels: 17, heightPixels: 40)
            #expect(try PerspectiveCorrection.apply(img, quad: q, outputSize: size)
                    == PerspectiveCorrection.reference(img, quad: q, outputSize: size), "\(q) at \(size)")
        }
    }
}
