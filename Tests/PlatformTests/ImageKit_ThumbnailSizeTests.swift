import Platform
import Testing

@Suite struct ThumbnailSizeTests {
    private func size(_ w: Int, _ h: Int, _ o: ExifOrientation = .up, max m: Int) throws -> PixelSize {
        try ThumbnailSize.fitting(widthPixels: w, heightPixels: h, orientation: o, maxPixelSize: m)
    }

    @Test func longestSideBecomesMaxPixelSize() throws {
        // 2160 · 780 / 3840 = 438.75 → 439 (round half up; 0.75 rounds up anyway).
        #expect(try size(2160, 3840, max: 780) == PixelSize(widthPixels: 439, heightPixels: 780))
        // Landscape the other way round: 780 × 439 (the note's "upscaled by 1.78 in a portrait cell").
        #expect(try size(3840, 2160, max: 780) == PixelSize(widthPixels: 780, heightPixels: 439))
        // Detail decode on a 1290 × 2796 screen: 2160 · 2796 / 3840 = 1572.75 → 1573 × 2796,
        // 1573 · 2796 · 4 = 17,592,432 B instead of 33,177,600.
        let detail = try size(2160, 3840, max: 2796)
        #expect(detail == PixelSize(widthPixels: 1573, heightPixels: 2796))
        #expect(detail.decodedByteCost == 17_592_432)
    }

    @Test func orientationIsAppliedFirst() throws {
        // A landscape-stored 3840 × 2160 tagged EXIF 6 is a portrait photo: 439 × 780 upright.
        #expect(try size(3840, 2160, .right, max: 780) == PixelSize(widthPixels: 439, heightPixels: 780))
        #expect(try size(3840, 2160, .down, max: 780) == PixelSize(widthPixels: 780, heightPixels: 439))
    }

    @Test func halvesRoundUpAndSidesStayPositive() throws {
        // 3 · 2 / 4 = 1.5 → 2.
        #expect(try size(4, 3, max: 2) == PixelSize(widthPixels: 2, heightPixels: 2))
        // 1 · 10 / 10000 = 0.001 → 0, kept at 1.
        #expect(try size(10_000, 1, max: 10) == PixelSize(widthPixels: 10, heightPixels: 1))
    }

    @Test func neverUpscales() throws {
        #expect(try size(500, 300, max: 780) == PixelSize(widthPixels: 500, heightPixels: 300))
        #expect(try size(780, 300, max: 780) == PixelSize(widthPixels: 780, heightPixels: 300))
        #expect(try size(300, 500, .left, max: Int.max) == PixelSize(widthPixels: 500, heightPixels: 300))
    }

    @Test func refusesZeroMaxAndEmptyOrHugeSources() {
        #expect(throws: ImageKitError.invalidMaxPixelSize(0)) { try size(100, 100, max: 0) }
        #expect(throws: ImageKitError.emptyImage(widthPixels: 0, heightPixels: 5)) { try size(0, 5, max: 10) }
        #expect(throws: ImageKitError.streamedSourceTooLarge(widthPixels: 65_536, heightPixels: 10, maxSidePixels: 65_535,
                                                            maxPixelCount: 1 << 30)) { try size(65_536, 10, max: 10) }
    }

    @Test func cellPixelSize() {
        // A 120 pt-wide cell at aspect 9 / 19.5 is 260 pt tall; px = max(w, h) × scale = 780 at 3×.
        let heightPoints = 120 * 19.5 / 9
        #expect(heightPoints == 260)
        #expect(max(120, heightPoints) * 3 == 780)
    }
}
