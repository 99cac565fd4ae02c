import Testing
@testable import LockstepCore

/// Encoder: round trips through the decoder, container shape, formats, determinism.
@Suite struct PNGEncoderTests {
    typealias S = PNGTestSupport

    /// Named test images: deterministic noise, gradients, flat colour and degenerate sizes.
    static func images() throws -> [(String, PNGImage)] {
        func make(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) throws -> PNGImage {
            var rgba: [UInt8] = []
            for y in 0..<height { for x in 0..<width { rgba += pixel(x, y) } }
            return try PNGImage(width: width, height: height, rgba: rgba)
        }
        let noise = S.noise(count: 61 * 47 * 4, seed: 2_024)
        return [
            ("noise", try PNGImage(width: 61, height: 47, rgba: noise)),
            ("gradient", try make(64, 48) { x, y in [UInt8(x * 4), UInt8(y * 5), UInt8((x + y) * 2), UInt8(255 - x)] }),
            ("flat", try PNGImage(width: 40, height: 30, fill: (r: 10, g: 200, b: 30, a: 255))),
            ("onePixel", try PNGImage(width: 1, height: 1, rgba: [1, 2, 3, 4])),
            ("oneRow", try make(97, 1) { x, _ in [UInt8(x), UInt8(x * 3 & 255), 7, 255] }),
            ("oneColumn", try make(1, 97) { _, y in [UInt8(y * 2), 0, UInt8(255 - y), UInt8(y)] }),
            ("fixturePattern", try PNGImage(width: S.width, height: S.height, rgba: S.expectedRGBA(colorType: 6))),
        ]
    }

    @Test func rgbaRoundTrip() throws {
        for (name, image) in try Self.images() {
            let decoded = try PNG.decode(PNG.encode(image))
            #expect(decoded == image, "\(name)")
        }
    }

    @Test func rgbAndGreyRoundTrip() throws {
        for (name, image) in try Self.images() {
            let opaque = try PNGImage(width: image.width, height: image.height,
                                      rgba: image.rgba.enumerated().map { (i: Int, v: UInt8) -> UInt8 in i % 4 == 3 ? 255 : v })
            let rgb = PNG.encode(opaque, format: .rgb)
            #expect(try PNG.decode(rgb) == opaque, "\(name) rgb")
            #expect(rgb[25] == 2, "colour type byte in IHDR")
            var greyRGBA: [UInt8] = []
            for p in 0..<(image.width * image.height) {
                let v = opaque.rgba[p * 4]
                greyRGBA += [v, v, v, 255]
            }
            let grey = try PNGImage(width: image.width, height: image.height, rgba: greyRGBA)
            let greyPNG = PNG.encode(grey, format: .grey)
            #expect(try PNG.decode(greyPNG) == grey, "\(name) grey")
            #expect(greyPNG[25] == 0)
            #expect(greyPNG.count <= rgb.count || name == "onePixel")
        }
    }

    @Test func onlyCriticalChunks() throws {
        for (_, image) in try Self.images() {
            let types = S.chunkTypes(PNG.encode(image))
            #expect(types.first == "IHDR")
            #expect(types.last == "IEND")
            #expect(Set(types.dropFirst().dropLast()) == ["IDAT"])
        }
    }

    @Test func encoderChoosesPaethAndOtherFilters() throws {
        // Decompress our own IDAT and look at the filter bytes: a gradient should not be all "none".
        let image = try Self.images()[1].1
        let png = PNG.encode(image)
        let idatLength = Int(png[33]) << 24 | Int(png[34]) << 16 | Int(png[35]) << 8 | Int(png[36])
        let scanlines = try Zlib.decompress(Array(png[41..<(41 + idatLength)]), maxOutput: image.height * (image.width * 4 + 1))
        let filters = Set((0..<image.height).map { scanlines[$0 * (image.width * 4 + 1)] })
        #expect(filters.isSubset(of: [0, 1, 2, 3, 4]))
        #expect(filters != [0])
    }

    @Test func deterministicAndPinned() throws {
        let image = try PNGImage(width: S.width, height: S.height, rgba: S.expectedRGBA(colorType: 6))
        let first = PNG.encode(image)
        let second = PNG.encode(image)
        #expect(first == second)
        // Pinned: any change to filtering or deflate changes every golden PNG. If this fails on
        // purpose, update the constants here and regenerate the goldens in the same commit.
        #expect(first.count == PinnedEncoding.rgbaCount)
        #expect(S.fnv1a64(first) == PinnedEncoding.rgbaFNV)
        let grey = try PNGImage(width: S.width, height: S.height, rgba: S.expectedRGBA(colorType: 0))
        #expect(S.fnv1a64(PNG.encode(grey, format: .grey)) == PinnedEncoding.greyFNV)
    }

    @Test func matchesCheckedInEncoderOutput() throws {
        // encoded_pattern_*.png were written by this encoder and checked with check_encoder.py
        // (Python's zlib and a manual chunk parse), so a person can also open and inspect them.
        let rgba = try PNGImage(width: S.width, height: S.height, rgba: S.expectedRGBA(colorType: 6))
        #expect(PNG.encode(rgba) == (try S.fixture("encoded_pattern_rgba.png")))
        let grey = try PNGImage(width: S.width, height: S.height, rgba: S.expectedRGBA(colorType: 0))
        #expect(PNG.encode(grey, format: .grey) == (try S.fixture("encoded_pattern_grey.png")))
    }

    @Test func largerImageSpansSeveralDeflateBlocks() throws {
        // Top half noise (stored blocks), bottom half smooth (Huffman blocks): > 16384 tokens.
        let width = 128, height = 128
        var rgba = S.noise(count: width * height * 2, seed: 77)
        for y in (height / 2)..<height {
            for x in 0..<width { rgba += [UInt8(x), UInt8(y), UInt8((x * y) & 0xFF), 255] }
        }
        let image = try PNGImage(width: width, height: height, rgba: rgba)
        #expect(try PNG.decode(PNG.encode(image)) == image)
    }

    @Test func invalidImagesRejected() {
        #expect(throws: PNGError.emptyImage(width: 0, height: 5)) {
            _ = try PNGImage(width: 0, height: 5, rgba: [])
        }
        #expect(throws: PNGError.emptyImage(width: 3, height: 0)) {
            _ = try PNGImage(width: 3, height: 0, rgba: [])
        }
        #expect(throws: PNGError.pixelBufferSize(expected: 8, actual: 7)) {
            _ = try PNGImage(width: 2, height: 1, rgba: [0, 0, 0, 0, 0, 0, 0])
        }
        #expect(throws: PNGError.self) { _ = try PNGImage(width: 16_385, height: 1, rgba: []) }
        #expect(throws: PNGError.emptyImage(width: -1, height: 1)) { _ = try PNGImage(width: -1, height: 1, fill: (0, 0, 0, 0)) }
        #expect(throws: PNGError.self) { _ = try PNGImage(width: 16_384, height: 16_384, fill: (0, 0, 0, 0)) }
        #expect(throws: PNGError.self) { _ = try PNGImage(width: Int.max, height: Int.max, rgba: []) }
    }

    @Test func formatRepresentability() throws {
        let opaqueGrey = try PNGImage(width: 2, height: 1, rgba: [5, 5, 5, 255, 9, 9, 9, 255])
        let opaqueColour = try PNGImage(width: 2, height: 1, rgba: [5, 5, 5, 255, 9, 8, 9, 255])
        let translucent = try PNGImage(width: 2, height: 1, rgba: [5, 5, 5, 255, 9, 9, 9, 254])
        #expect(PNGColorFormat.smallest(for: opaqueGrey) == .grey)
        #expect(PNGColorFormat.smallest(for: opaqueColour) == .rgb)
        #expect(PNGColorFormat.smallest(for: translucent) == .rgba)
        #expect(!PNGColorFormat.grey.canRepresent(opaqueColour))
        #expect(!PNGColorFormat.rgb.canRepresent(translucent))
    }

    @Test func checksumsKnownValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.update(CRC32.checksum(Array("1234".utf8)), Array("56789".utf8)) == 0xCBF4_3926)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([]) == 1)
        // Long input crosses the 5552-byte block boundary of the deferred modulo.
        let long = [UInt8](repeating: 0xFF, count: 100_000)
        #expect(Adler32.update(Adler32.checksum(Array(long[0..<33_333])), Array(long[33_333...])) == Adler32.checksum(long))
        #expect(Adler32.checksum(long) == Self.naiveAdler(long))
    }

    static func naiveAdler(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}

/// The encoder output pinned by `deterministicAndPinned`.
enum PinnedEncoding {
    static let rgbaCount = 1_246
    static let rgbaFNV: UInt64 = 0xce77_bd39_2330_786b
    static let greyFNV: UInt64 = 0xb20b_c8ed_d71c_d043
}
