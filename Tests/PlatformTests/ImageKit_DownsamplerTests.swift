import Platform
import Testing

@Suite struct DownsamplerTests {
    @Test func twoByTwoBoxAverage() throws {
        // 4 × 2 → 2 × 1: each output is the mean of a 2 × 2 block, halves up.
        // Left block 10, 20, 30, 41 → 101 / 4 = 25.25 → 25; right block 0, 1, 0, 1 → 0.5 → 1.
        let src = try ikGreys(4, 2, [10, 20, 0, 1,
                                   30, 41, 0, 1])
        let out = try Downsampler.resize(src, toWidth: 2, height: 1)
        #expect(ikPixels(out) == [RGBA8.grey(25), RGBA8.grey(1)])
    }

    @Test func fractionalOverlapsAreExactAreas() throws {
        // 3 × 1 → 2 × 1: output 0 covers source [0, 1.5), output 1 covers [1.5, 3).
        // Out 0 = (1 · 0 + 0.5 · 90) / 1.5 = 30; out 1 = (0.5 · 90 + 1 · 255) / 1.5 = 200.
        let out = try Downsampler.resize(try ikGreys(3, 1, [0, 90, 255]), toWidth: 2, height: 1)
        #expect(ikPixels(out) == [RGBA8.grey(30), RGBA8.grey(200)])
    }

    @Test func transparentPixelsCarryNoColour() throws {
        // Opaque red next to fully transparent blue: alpha = 255 / 2 = 127.5 → 128; colour is the red alone
        // (a straight average would give purple (128, 0, 128)).
        let out = try Downsampler.resize(try ikImage(2, 1, [RGBA8(255, 0, 0, 255), RGBA8(0, 0, 255, 0)]), toWidth: 1, height: 1)
        #expect(ikPixels(out) == [RGBA8(255, 0, 0, 128)])
        // All transparent: (0, 0, 0, 0).
        let clear = try Downsampler.resize(try ikImage(2, 1, [RGBA8(9, 9, 9, 0), RGBA8(7, 7, 7, 0)]), toWidth: 1, height: 1)
        #expect(ikPixels(clear) == [RGBA8.clear])
    }

    @Test func sameSizeIsTheIdentity() throws {
        let opaque = try ikScrambled(9, 4, seed: 3, opaque: true)
        #expect(try Downsampler.resize(opaque, toWidth: 9, height: 4) == opaque)
        // With alpha, too, except that a pixel of alpha 0 has no colour to keep: it becomes (0, 0, 0, 0).
        let translucent = try ikScrambled(9, 4, seed: 3)
        let expected = ikPixels(translucent).map { $0.a == 0 ? RGBA8.clear : $0 }
        #expect(ikPixels(try Downsampler.resize(translucent, toWidth: 9, height: 4)) == expected)
        #expect(expected.contains(.clear))
    }

    @Test func refusesUpscaling() {
        #expect(throws: ImageKitError.upscaleRefused(sourceWidthPixels: 4, sourceHeightPixels: 4, targetWidthPixels: 5,
                                                    targetHeightPixels: 2)) {
            try Downsampler.resize(try ikGreys(4, 4, [UInt8](repeating: 0, count: 16)), toWidth: 5, height: 2)
        }
    }

    @Test func thumbnailOrientsAfterResamplingWithTheSameResult() throws {
        // Box averaging commutes with flips and quarter turns, so resampling the stored pixels and
        // then orienting equals orienting the full image first (which the thumbnail never does).
        let stored = try ikScrambled(37, 23, seed: 11)
        for o in ExifOrientation.allCases {
            let thumb = try Downsampler.thumbnail(of: stored, orientation: o, maxPixelSize: 10)
            let size = try ThumbnailSize.fitting(widthPixels: 37, heightPixels: 23, orientation: o, maxPixelSize: 10)
            let viaFullUpright = try Downsampler.resize(stored.oriented(o), toWidth: size.widthPixels, height: size.heightPixels)
            #expect(thumb == viaFullUpright, "\(o)")
            #expect(PixelSize(widthPixels: thumb.width, heightPixels: thumb.height) == size)
        }
    }

    @Test func thumbnailOfAFourKPortrait() throws {
        // 2160 × 3840 at 780 → 439 × 780, costing 1,369,680 B.
        let source = try PatternSource(.gradient(from: .black, to: .white, vertical: true), width: 2160, height: 3840)
        let thumb = try Downsampler.thumbnail(of: source, orientation: .up, maxPixelSize: 780)
        #expect(thumb.width == 439 && thumb.height == 780)
        #expect(thumb.decodedByteCost == 1_369_680)
        // Working memory: one 2160-px row 8,640 + plan 2160 · 24 = 51,840 + accumulators 439 · 96 =
        // 42,144 + output 1,369,680 = 1,472,304 B, against a full decode of 33,177,600 B.
        #expect(Downsampler.workingBytes(sourceWidthPixels: 2160, target: PixelSize(widthPixels: 439, heightPixels: 780),
                                         orientation: .up) == 1_472_304)
    }

    @Test func streamsASourceTooLargeToHold() throws {
        // 20,000 px wide cannot exist as an RGBA8Image (limit 16,384 per side) but streams fine:
        // only one of its rows is ever allocated. At maxPixelSize 100 it becomes 100 × 1
        // (200 · 100 / 20,000 = 1).
        #expect(throws: ImageKitError.self) { try RGBA8Image(width: 20_000, height: 200, fill: .white) }
        let bomb = try PatternSource(.checkerboard(cellPixels: 100, first: .white, second: .black), width: 20_000, height: 200)
        let thumb = try Downsampler.thumbnail(of: bomb, orientation: .up, maxPixelSize: 100)
        #expect(thumb.width == 100 && thumb.height == 1)
        // Each output pixel covers 200 × 200 source pixels: two cells high, two wide, half white.
        // 255 / 2 = 127.5 → 128.
        #expect(ikPixels(thumb).allSatisfy { $0 == RGBA8.grey(128) })
    }

    @Test func fastPathMatchesReference() throws {
        // Random-looking pixels with alpha, non-integer ratios, all orientations' stored sizes.
        let sizes: [(Int, Int, Int, Int)] = [(17, 13, 5, 4), (31, 7, 30, 6), (9, 9, 1, 1), (64, 33, 27, 14), (5, 40, 3, 17)]
        for (index, (sw, sh, tw, th)) in sizes.enumerated() {
            let src = try ikScrambled(sw, sh, seed: UInt64(index))
            #expect(try Downsampler.resize(src, toWidth: tw, height: th) == Downsampler.referenceResize(src, toWidth: tw, height: th),
                    "\(sw)x\(sh) -> \(tw)x\(th)")
        }
    }
}
