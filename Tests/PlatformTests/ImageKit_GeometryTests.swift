import Platform
import Testing

private func pt(_ x: Double, _ y: Double) -> ImagePoint { ImagePoint(x: x, y: y) }

@Suite struct VisionMappingTests {
    @Test func normalisedToCoreImagePixelsHasNoFlip() throws {
        // The scanner note: scale by the oriented extent, no y flip (Core Image is bottom-left too).
        // TL (0.1, 0.9) on 3000 × 4000 → (300, 3600); BR (0.9, 0.1) → (2700, 400).
        let tl = try NormalizedPoint(x: 0.1, y: 0.9), br = try NormalizedPoint(x: 0.9, y: 0.1)
        #expect(tl.coreImagePoint(widthPixels: 3000, heightPixels: 4000) == CoreImagePoint(x: 300, y: 3600))
        #expect(br.coreImagePoint(widthPixels: 3000, heightPixels: 4000) == CoreImagePoint(x: 2700, y: 400))
    }

    @Test func rowSpaceIsTheSecondStepWhereTheFlipBelongs() throws {
        // Rows count from the top: Core Image y 3600 is 4000 − 3600 = 400 rows down.
        let tl = try NormalizedPoint(x: 0.1, y: 0.9), br = try NormalizedPoint(x: 0.9, y: 0.1)
        #expect(tl.imagePoint(widthPixels: 3000, heightPixels: 4000) == pt(300, 400))
        #expect(br.imagePoint(widthPixels: 3000, heightPixels: 4000) == pt(2700, 3600))
        #expect(CoreImagePoint(x: 5, y: 0).imagePoint(heightPixels: 10) == pt(5, 10))
    }

    @Test func observationCornersBecomeAQuad() throws {
        let quad = ImageQuad(topLeft: try NormalizedPoint(x: 0.1, y: 0.9), topRight: try NormalizedPoint(x: 0.9, y: 0.9),
                             bottomRight: try NormalizedPoint(x: 0.9, y: 0.1), bottomLeft: try NormalizedPoint(x: 0.1, y: 0.1),
                             widthPixels: 3000, heightPixels: 4000)
        #expect(quad.corners == [pt(300, 400), pt(2700, 400), pt(2700, 3600), pt(300, 3600)])
        try quad.validate()
        // 2400 × 3200, the page's own size.
        #expect(quad.correctedSize == PixelSize(widthPixels: 2400, heightPixels: 3200))
    }

    @Test func outOfRangeOrNaNIsRefused() {
        #expect(throws: ImageKitError.normalizedPointOutOfRange(x: 1.2, y: 0.5)) { try NormalizedPoint(x: 1.2, y: 0.5) }
        #expect(throws: ImageKitError.self) { try NormalizedPoint(x: .nan, y: 0.5) }
        #expect(throws: ImageKitError.normalizedPointOutOfRange(x: 0, y: -0.01)) { try NormalizedPoint(x: 0, y: -0.01) }
    }
}

@Suite struct QuadTests {
    @Test func correctedSizeTakesTheLongerOppositeEdge() {
        // Trapezoid: top 100, bottom 60, sides √(20² + 50²) = √2900 = 53.85 → 100 × 54.
        let q = ImageQuad(topLeft: pt(0, 0), topRight: pt(100, 0), bottomRight: pt(80, 50), bottomLeft: pt(20, 50))
        #expect(q.correctedSize == PixelSize(widthPixels: 100, heightPixels: 54))
        #expect(ImageQuad.fullExtent(widthPixels: 4032, heightPixels: 3024).correctedSize
                == PixelSize(widthPixels: 4032, heightPixels: 3024))
    }

    @Test func degenerateQuadsAreRefusedByName() {
        // TL, TR and BR on one line (y = 0): the corner at TR spans zero area.
        let collinear = ImageQuad(topLeft: pt(0, 0), topRight: pt(50, 0), bottomRight: pt(100, 0), bottomLeft: pt(0, 80))
        #expect(throws: ImageKitError.quadCollinear(corner: "topRight", twiceAreaPixels2: 0, minimumTwiceAreaPixels2: 1)) {
            try collinear.validate()
        }
        // All four corners at one point.
        let point = ImageQuad(topLeft: pt(5, 5), topRight: pt(5, 5), bottomRight: pt(5, 5), bottomLeft: pt(5, 5))
        #expect(throws: ImageKitError.self) { try point.validate() }
        // Bow tie: BR and BL swapped.
        let bowTie = ImageQuad(topLeft: pt(0, 0), topRight: pt(100, 0), bottomRight: pt(0, 100), bottomLeft: pt(100, 100))
        #expect(throws: ImageKitError.quadNotConvex) { try bowTie.validate() }
        // Concave dart: BR pushed inside the triangle TL, TR, BL.
        let dart = ImageQuad(topLeft: pt(0, 0), topRight: pt(100, 0), bottomRight: pt(30, 30), bottomLeft: pt(0, 100))
        #expect(throws: ImageKitError.quadNotConvex) { try dart.validate() }
        let nan = ImageQuad(topLeft: pt(.nan, 0), topRight: pt(100, 0), bottomRight: pt(100, 100), bottomLeft: pt(0, 100))
        #expect(throws: ImageKitError.quadNotFinite) { try nan.validate() }
    }

    @Test func eitherWindingIsConvex() throws {
        // Listed anticlockwise on screen (TL and TR swapped with their mirror): accepted, flattens mirrored.
        try ImageQuad(topLeft: pt(100, 0), topRight: pt(0, 0), bottomRight: pt(0, 100), bottomLeft: pt(100, 100)).validate()
    }
}

@Suite struct HomographyTests {
    @Test func mapsTheFourCornersExactly() throws {
        let rect = [pt(0, 0), pt(2800, 0), pt(2800, 3700), pt(0, 3700)]
        let quad = [pt(150, 200), pt(2850, 100), pt(2950, 3900), pt(50, 3800)]
        let h = try Homography(mapping: rect, to: quad)
        #expect(h.m[8] == 1)
        for (p, q) in zip(rect, quad) {
            let r = h.apply(p)
            #expect(abs(r.x - q.x) < 1e-9 && abs(r.y - q.y) < 1e-9, "\(p) -> \(r), want \(q)")
        }
    }

    @Test func affineCasesComeOutAffine() throws {
        // A pure translation by (3, −2): m = [1 0 3; 0 1 −2; 0 0 1] up to rounding.
        let from = [pt(0, 0), pt(10, 0), pt(10, 10), pt(0, 10)]
        let h = try Homography(mapping: from, to: from.map { pt($0.x + 3, $0.y - 2) })
        let want: [Double] = [1, 0, 3, 0, 1, -2, 0, 0, 1]
        for (got, expected) in zip(h.m, want) { #expect(abs(got - expected) < 1e-12) }
        // The centre of the square goes to the centre of the translated one.
        let c = h.apply(pt(5, 5))
        #expect(abs(c.x - 8) < 1e-12 && abs(c.y - 3) < 1e-12)
    }

    @Test func collinearCorrespondencesAreSingular() {
        let line = [pt(0, 0), pt(1, 1), pt(2, 2), pt(3, 3)]
        #expect(throws: ImageKitError.singularHomography) {
            try Homography(mapping: line, to: [pt(0, 0), pt(1, 0), pt(1, 1), pt(0, 1)])
        }
        #expect(throws: ImageKitError.quadNotFinite) {
            try Homography(mapping: [pt(.infinity, 0), pt(1, 0), pt(1, 1), pt(0, 1)], to: line)
        }
    }
}
