import Platform
import LockstepCore
import Testing

@Suite struct RGBA8ImageTests {
    @Test func validatesSizeAndBuffer() {
        #expect(throws: ImageKitError.emptyImage(widthPixels: 0, heightPixels: 3)) { try RGBA8Image(width: 0, height: 3, rgba: []) }
        #expect(throws: ImageKitError.pixelBufferSize(expectedBytes: 8, actualBytes: 7)) {
            try RGBA8Image(width: 2, height: 1, rgba: [UInt8](repeating: 0, count: 7))
        }
        #expect(throws: ImageKitError.imageTooLarge(widthPixels: 16_385, heightPixels: 1, maxSidePixels: 16_384,
                                                   maxPixelCount: 67_108_864)) {
            try RGBA8Image(width: 16_385, height: 1, fill: .black)
        }
        // 8192 × 8193 is within the side limit but over 64 Mi pixels (67,117,056 > 67,108,864).
        #expect(throws: ImageKitError.imageTooLarge(widthPixels: 8192, heightPixels: 8193, maxSidePixels: 16_384,
                                                   maxPixelCount: 67_108_864)) {
            try RGBA8Image.validate(widthPixels: 8192, heightPixels: 8193)
        }
    }

    @Test func pngRoundTripKeepsEveryByte() throws {
        let img = try ikScrambled(7, 5, seed: 1)
        let decoded = RGBA8Image(try PNG.decode(img.pngBytes()))
        #expect(decoded == img)
        // Deterministic encoder: the same image gives the same file.
        #expect(img.pngBytes() == img.pngBytes())
    }

    @Test func decodedCostIsWidthTimesHeightTimesFour() throws {
        // The article's numbers: a 4K frame 3840 × 2160 × 4 = 33,177,600 B ("≈ 33 MB"); twelve are
        // 398,131,200 B ("around 400 MB"); forty 1,327,104,000 B.
        let fourK = RGBA8Image.decodedByteCost(widthPixels: 3840, heightPixels: 2160)
        #expect(fourK == 33_177_600)
        #expect(12 * fourK == 398_131_200)
        #expect(40 * fourK == 1_327_104_000)
        // A 120 × 260 pt cell at 3× is 360 × 780 px: 1,123,200 B ("roughly 1.1 MB").
        #expect(PixelSize(widthPixels: 360, heightPixels: 780).decodedByteCost == 1_123_200)
        // A 439 × 780 thumbnail: 439 · 780 = 342,420 px, × 4 = 1,369,680 B; forty are 54,787,200 B.
        let thumb = PixelSize(widthPixels: 439, heightPixels: 780).decodedByteCost
        #expect(thumb == 1_369_680)
        #expect(40 * thumb == 54_787_200)
        // 80 MiB = 83,886,080 B holds 61 of them (83,550,480) but not 62 (84,920,160).
        #expect(61 * thumb <= 80 * 1024 * 1024 && 62 * thumb > 80 * 1024 * 1024)
        // A materialised image reports the same figure.
        #expect(try RGBA8Image(width: 3, height: 2, fill: .white).decodedByteCost == 24)
    }

    @Test func digestIsFNV1a64OverSizeThenBytes() throws {
        // Worked independently (a separate FNV-1a 64 over 01 00 00 00 | 01 00 00 00 | 01 02 03 04).
        let one = try ikImage(1, 1, [RGBA8(1, 2, 3, 4)])
        #expect(one.digest == 0xEF73_DC3A_80C8_DA6D)
        #expect(one.digestHex == "ef73dc3a80c8da6d")
        // Same bytes, different shape: different digest.
        let bytes = [UInt8](repeating: 9, count: 64)
        #expect(try RGBA8Image(width: 2, height: 8, rgba: bytes).digest != RGBA8Image(width: 4, height: 4, rgba: bytes).digest)
    }

    @Test func pixelAndOpacity() throws {
        let img = try ikImage(2, 1, [RGBA8(1, 2, 3, 255), RGBA8(4, 5, 6, 7)])
        #expect(img.pixel(x: 1, y: 0) == RGBA8(4, 5, 6, 7))
        #expect(!img.isOpaque)
        #expect(try RGBA8Image(width: 3, height: 3, fill: .white).isOpaque)
    }
}
