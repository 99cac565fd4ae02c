import Platform
import Testing

@Suite struct GaussianBlurTests {
    @Test func uniformStaysExactlyUniformWithClamping() throws {
        // The kernel sums to exactly 2^16 and clamped edges see the same colour, so every sum is
        // 2^16 · P and nothing rounds: the image comes back byte for byte, corners included.
        for (colour, w, h) in [(RGBA8(200, 120, 40), 16, 16), (RGBA8(13, 250, 77, 128), 9, 5), (RGBA8(255, 255, 255), 1, 1),
                               (RGBA8(0, 0, 0, 1), 3, 30)] {
            let img = try RGBA8Image(width: w, height: h, fill: colour)
            for radius in [0.4, 1, 4, 12.5, 40] {
                #expect(try GaussianBlur.apply(img, radiusPixels: radius, edges: .clampToExtent) == img, "\(colour) r \(radius)")
            }
        }
    }

    @Test func withoutClampingEdgesTurnTranslucent() throws {
        // The "dark, soft border": transparent black outside is pulled in. 64 × 64 at radius 4
        // (halfWidth 12): pixels 12 or more from every edge still see only the image and stay at 255.
        let img = try RGBA8Image(width: 64, height: 64, fill: RGBA8(90, 140, 200))
        let out = try GaussianBlur.apply(img, radiusPixels: 4, edges: .transparent)
        #expect(out.width == 64 && out.height == 64)
        #expect(out.pixel(x: 0, y: 0).a < out.pixel(x: 0, y: 32).a)
        #expect(out.pixel(x: 0, y: 32).a < 255)
        #expect(out.pixel(x: 63, y: 40).a < 255)
        #expect(out.pixel(x: 32, y: 32).a == 255)
        #expect(out.pixel(x: 12, y: 12).a == 255)
        // Premultiplied maths keeps the colour itself (within a level) where alpha falls; a viewer
        // compositing over black is what shows it darker.
        let edge = out.pixel(x: 0, y: 32)
        #expect(abs(Int(edge.r) - 90) <= 1 && abs(Int(edge.g) - 140) <= 1 && abs(Int(edge.b) - 200) <= 1)
        // The same image clamped has no border at all.
        #expect(try GaussianBlur.apply(img, radiusPixels: 4, edges: .clampToExtent) == img)
    }

    @Test func threePixelsWorkedByHand() throws {
        // σ = 1/3: weights [712, 64112, 712]. Grey 0, 0, 255 (premultiplied c · 255: 0, 0, 65025).
        // Horizontal, clamped: x0 = 0; x1 = 712 · 65025 = 46,297,800 → (+32768) >> 16 = 706;
        // x2 = (64112 + 712) · 65025 = 4,215,180,600 → 64319. One row, clamped: vertical is exact.
        // Back to 8 bits: 706 · 255 / 65025 = 2.77 → 3; 64319 · 255 / 65025 = 252.23 → 252.
        let src = try ikGreys(3, 1, [0, 0, 255])
        let out = try GaussianBlur.apply(src, radiusPixels: 1.0 / 3, edges: .clampToExtent)
        #expect(ikPixels(out) == [RGBA8.grey(0), RGBA8.grey(3), RGBA8.grey(252)])
        // Transparent edges on the same row: alpha (a · 255 = 65025 inside, 0 outside).
        // x0 and x2 horizontally: (64112 + 712) · 65025 → 64319; x1: 65536 · 65025 → 65025.
        // Vertically only the centre tap is inside: 64112 · 64319 = 4,123,619,728 → 62921 and
        // 64112 · 65025 = 4,168,882,800 → 63612. Alpha = round(P / 255): 246.75 → 247 and 249.46 → 249.
        let soft = try GaussianBlur.apply(src, radiusPixels: 1.0 / 3, edges: .transparent)
        #expect(ikPixels(soft).map(\.a) == [247, 249, 247])
    }

    @Test func transparentNeighboursDoNotTintTheColour() throws {
        // A red dot on fully transparent *blue*: premultiplied, the blue has no weight, so every
        // pixel the blur reaches is pure red at some alpha. A straight-alpha blur would turn purple.
        var px = [RGBA8](repeating: RGBA8(0, 0, 255, 0), count: 81)
        px[40] = RGBA8(255, 0, 0)
        let out = try GaussianBlur.apply(try ikImage(9, 9, px), radiusPixels: 1.5)
        for p in ikPixels(out) where p.a > 0 { #expect(p.r == 255 && p.g == 0 && p.b == 0) }
        #expect(out.pixel(x: 4, y: 4).a < 255 && out.pixel(x: 5, y: 4).a > 0)
    }

    @Test func radiusZeroIsTheIdentityAndSizeIsKept() throws {
        let img = try ikScrambled(11, 6, seed: 8)
        #expect(try GaussianBlur.apply(img, radiusPixels: 0) == img)
        let blurred = try GaussianBlur.apply(img, radiusPixels: 3)
        #expect(blurred.width == 11 && blurred.height == 6)
    }

    @Test func refusesBadRadii() throws {
        let img = try RGBA8Image(width: 2, height: 2, fill: .white)
        #expect(throws: ImageKitError.blurRadiusTooLarge(radiusPixels: 250, maxRadiusPixels: 200)) {
            try GaussianBlur.apply(img, radiusPixels: 250)
        }
        #expect(throws: ImageKitError.self) { try GaussianBlur.apply(img, radiusPixels: .nan) }
    }

    @Test func fastPathMatchesReference() throws {
        // 600 × 4 has 2400 values a row: more than one column block of the fast path.
        let cases: [(Int, Int, Double)] = [(23, 17, 0.7), (23, 17, 2.0), (8, 31, 5.0), (40, 3, 1.25), (1, 9, 3.0),
                                           (16, 16, 0.2), (600, 4, 1.5)]
        for (index, (w, h, radius)) in cases.enumerated() {
            let img = try ikScrambled(w, h, seed: UInt64(100 + index))
            for edges in BlurEdgeMode.allCases {
                #expect(try GaussianBlur.apply(img, radiusPixels: radius, edges: edges)
                        == GaussianBlur.reference(img, radiusPixels: radius, edges: edges), "\(w)x\(h) r \(radius) \(edges)")
            }
        }
    }

    @Test func exportRadiusScalesWithWidth() throws {
        // 20 × 3840 / 1290 = 76800 / 1290 = 59.5348… ("about a 60-pixel blur").
        let r = try BlurRadiusScaling.exportRadiusPixels(previewRadiusPixels: 20, previewWidthPixels: 1290, exportWidthPixels: 3840)
        #expect(r == 76_800.0 / 1290)
        #expect(r > 59.53 && r < 59.54)
        #expect(throws: ImageKitError.invalidScalingWidth(previewWidthPixels: 0, exportWidthPixels: 3840)) {
            try BlurRadiusScaling.exportRadiusPixels(previewRadiusPixels: 20, previewWidthPixels: 0, exportWidthPixels: 3840)
        }
        // Preview and export agree on a uniform source whatever the radius.
        let preview = try RGBA8Image(width: 13, height: 28, fill: .grey(77))
        let export = try RGBA8Image(width: 39, height: 84, fill: .grey(77))
        let exportRadius = try BlurRadiusScaling.exportRadiusPixels(previewRadiusPixels: 2, previewWidthPixels: 13, exportWidthPixels: 39)
        #expect(exportRadius == 6)
        #expect(try GaussianBlur.apply(preview, radiusPixels: 2).pixel(x: 0, y: 0)
                == GaussianBlur.apply(export, radiusPixels: exportRadius).pixel(x: 0, y: 0))
    }
}
