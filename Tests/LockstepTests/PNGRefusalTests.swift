import Testing
@testable import LockstepCore

/// Every refusal of an invalid layout, each on a file built here to break exactly one rule.
@Suite struct PNGRefusalTests {
    typealias L = PNGLayoutTestSupport
    typealias S = PNGTestSupport

    /// A 1x1 image of `colorType` at `depth` with all-zero samples and a 2-entry palette where one is
    /// allowed, so that only the header can be wrong.
    static func onePixel(colorType: Int, depth: Int) -> [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1
        let rowBytes = max(1, (channels * depth + 7) / 8)
        let palette: [(String, [UInt8])] = colorType == 3 ? [("PLTE", [1, 2, 3, 4, 5, 6])] : []
        return L.png(L.ihdr(width: 1, height: 1, depth: depth, colorType: colorType), palette,
                     scanlines: [0] + [UInt8](repeating: 0, count: rowBytes))
    }

    @Test func bitDepthsTheColourTypeDoesNotAllow() throws {
        let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        for colorType in [0, 2, 3, 4, 6] {
            for depth in [0, 1, 2, 3, 4, 5, 7, 8, 12, 16, 32] {
                let error = S.decodeError(Self.onePixel(colorType: colorType, depth: depth))
                if allowed[colorType]?.contains(depth) == true {
                    #expect(error == nil, "colour type \(colorType) at \(depth) bits: \(String(describing: error))")
                } else {
                    #expect(error == .invalidBitDepth(depth: depth, colorType: colorType))
                }
            }
        }
        #expect(PNGError.invalidBitDepth(depth: 4, colorType: 2).description
            == "PNG: bad IHDR: bit depth 4 is not allowed for colour type 2 (RGB: 8, 16)")
        #expect(PNGError.invalidBitDepth(depth: 16, colorType: 3).description
            == "PNG: bad IHDR: bit depth 16 is not allowed for colour type 3 (palette: 1, 2, 4, 8)")
    }

    @Test func transparencyOnAColourTypeWithAlpha() throws {
        for (colorType, channels) in [(4, 2), (6, 4)] {
            for depth in [8, 16] {
                let png = L.png(L.ihdr(width: 1, height: 1, depth: depth, colorType: colorType), [("tRNS", [0, 0])],
                                scanlines: [0] + [UInt8](repeating: 0, count: channels * depth / 8))
                let error = S.decodeError(png)
                #expect(error == .transparencyNotAllowed(colorType: colorType))
                #expect(error?.description.contains("alpha channel already") == true)
            }
        }
    }

    @Test func missingPaletteForEveryPaletteDepth() throws {
        for depth in [1, 2, 4, 8] {
            let png = L.png(L.ihdr(width: 1, height: 1, depth: depth, colorType: 3), scanlines: [0, 0])
            let error = S.decodeError(png)
            #expect(error == .missingChunk("PLTE"))
            #expect(error?.description == "PNG: missing PLTE chunk, which a colour type 3 (palette) image requires")
        }
    }

    @Test func paletteIndexPastThePaletteAtLowDepth() throws {
        // 4x1 at 2 bits, 3 entries: the row byte 0b00_01_10_11 holds indices 0, 1, 2, 3; 3 is too far.
        let palette: [UInt8] = [10, 20, 30, 40, 50, 60, 70, 80, 90]
        let png = L.png(L.ihdr(width: 4, height: 1, depth: 2, colorType: 3), [("PLTE", palette)], scanlines: [0, 0b0001_1011])
        #expect(S.decodeError(png) == .paletteIndexOutOfRange(index: 3, paletteEntries: 3, x: 3, y: 0))
        let fine = L.png(L.ihdr(width: 4, height: 1, depth: 2, colorType: 3), [("PLTE", palette)], scanlines: [0, 0b0001_1000])
        #expect(try PNG.decode(fine).rgba == [10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255, 10, 20, 30, 255])
    }

    @Test func paletteIndexPastThePaletteInAnAdam7PassNamesImageCoordinates() throws {
        // 3x5 at 8 bits, Adam7. Passes (width x height): 1x1, empty, 1x1, 1x2, 2x1, 1x3, 3x2; each row is
        // a filter byte 0 and its indices. Pass 7 covers rows 1 and 3; its second row's middle pixel is
        // image (1, 3). Every index is 0 except that one, 5, with a 2-entry palette.
        var scanlines: [UInt8] = []
        let passRows: [(width: Int, height: Int)] = [(1, 1), (1, 1), (1, 2), (2, 1), (1, 3), (3, 2)]
        for (pass, size) in passRows.enumerated() {
            for row in 0..<size.height {
                scanlines.append(0)
                for x in 0..<size.width { scanlines.append(pass == 5 && row == 1 && x == 1 ? 5 : 0) }
            }
        }
        #expect(scanlines.count == 2 + 2 + 4 + 3 + 6 + 8)
        let png = L.png(L.ihdr(width: 3, height: 5, depth: 8, colorType: 3, interlace: 1),
                        [("PLTE", [1, 1, 1, 2, 2, 2])], scanlines: scanlines)
        let error = S.decodeError(png)
        #expect(error == .paletteIndexOutOfRange(index: 5, paletteEntries: 2, x: 1, y: 3))
        #expect(error?.description == "PNG: pixel (1, 3) uses palette index 5, PLTE has 2 entries")
    }

    @Test func paletteLongerThanTheBitDepthAddresses() throws {
        // 3 entries at 1 bit (2 addressable); 17 at 4 bits (16); 256 at 8 bits is fine.
        for (depth, entries) in [(1, 3), (2, 5), (4, 17)] {
            let png = L.png(L.ihdr(width: 1, height: 1, depth: depth, colorType: 3),
                            [("PLTE", [UInt8](repeating: 7, count: 3 * entries))], scanlines: [0, 0])
            #expect(S.decodeError(png) == .paletteTooLong(entries: entries, bitDepth: depth))
        }
        let full = L.png(L.ihdr(width: 1, height: 1, depth: 8, colorType: 3),
                         [("PLTE", [UInt8](repeating: 7, count: 768))], scanlines: [0, 255])
        #expect(try PNG.decode(full).rgba == [7, 7, 7, 255])
        #expect(PNGError.paletteTooLong(entries: 17, bitDepth: 4).description
            == "PNG: PLTE has 17 entries, more than the 16 a 4-bit palette index can address")
    }

    @Test func paletteAlphaLongerThanThePalette() throws {
        let png = L.png(L.ihdr(width: 1, height: 1, depth: 8, colorType: 3),
                        [("PLTE", [1, 2, 3, 4, 5, 6, 7, 8, 9]), ("tRNS", [0, 0, 0, 0])], scanlines: [0, 0])
        #expect(S.decodeError(png) == .transparencyLongerThanPalette(alphaEntries: 4, paletteEntries: 3))
        // As long as the palette is fine; shorter leaves the rest opaque (index 2 here).
        let short = L.png(L.ihdr(width: 3, height: 1, depth: 8, colorType: 3),
                          [("PLTE", [1, 2, 3, 4, 5, 6, 7, 8, 9]), ("tRNS", [0, 100])], scanlines: [0, 0, 1, 2])
        #expect(try PNG.decode(short).rgba == [1, 2, 3, 0, 4, 5, 6, 100, 7, 8, 9, 255])
        #expect(try PNG.decode16(short).rgba == [257, 514, 771, 0, 1028, 1285, 1542, 25_700, 1799, 2056, 2313, 65_535])
    }

    @Test func colourKeyOfTheWrongLength() throws {
        for (colorType, length, expected) in [(0, 1, 2), (0, 6, 2), (2, 2, 6), (2, 8, 6)] {
            let channels = colorType == 0 ? 1 : 3
            let png = L.png(L.ihdr(width: 1, height: 1, depth: 8, colorType: colorType),
                            [("tRNS", [UInt8](repeating: 0, count: length))],
                            scanlines: [0] + [UInt8](repeating: 0, count: channels))
            #expect(S.decodeError(png) == .badTransparencyLength(colorType: colorType, length: length, expected: expected))
        }
    }

    @Test func paletteInAGreyImage() throws {
        for (colorType, channels) in [(0, 1), (4, 2)] {
            let png = L.png(L.ihdr(width: 1, height: 1, depth: 8, colorType: colorType), [("PLTE", [1, 2, 3])],
                            scanlines: [0] + [UInt8](repeating: 0, count: channels))
            #expect(S.decodeError(png) == .paletteNotAllowed(colorType: colorType))
        }
        // A suggested palette in an RGB image is allowed and ignored.
        let rgb = L.png(L.ihdr(width: 1, height: 1, depth: 8, colorType: 2), [("PLTE", [1, 2, 3])], scanlines: [0, 9, 8, 7])
        #expect(try PNG.decode(rgb).rgba == [9, 8, 7, 255])
    }

    @Test func secondTransparencyChunk() throws {
        let png = L.png(L.ihdr(width: 1, height: 1, depth: 8, colorType: 0), [("tRNS", [0, 1]), ("tRNS", [0, 2])],
                        scanlines: [0, 1])
        #expect(S.decodeError(png) == .badChunkOrder("second tRNS"))
    }

    @Test func decompressedSizeLimitRefusesBeforeInflating() throws {
        // 16384 x 4096 RGBA16: 4096 rows of 1 + 16384 * 8 = 131073 bytes = 536875008 bytes, over the
        // 257 MiB = 269484032 limit. The IDAT is not even zlib: refused before anything is inflated.
        let header = L.ihdr(width: 16_384, height: 4_096, depth: 16, colorType: 6)
        let png = L.png([("IHDR", header), ("IDAT", [1, 2, 3]), ("IEND", [])])
        let error = S.decodeError(png)
        #expect(error == .imageDataTooLarge(bytes: 536_875_008, limit: 269_484_032))
        #expect(PNGLimits.maxDecompressedBytes == 269_484_032)
        #expect(error?.description.contains("limit of 269484032 bytes (PNGLimits.maxDecompressedBytes)") == true)
        #expect(L.decode16Error(png) == error)
        // The same size at 8 bits, 4096 * (1 + 16384 * 4) = 268439552 bytes, is within the limit, so
        // that file gets as far as inflating (and fails there).
        let eightBit = L.png([("IHDR", L.ihdr(width: 16_384, height: 4_096, depth: 8, colorType: 6)), ("IDAT", [1, 2, 3]), ("IEND", [])])
        guard case .zlibBadHeader? = S.decodeError(eightBit) else {
            Issue.record("8-bit RGBA at the pixel limit did not reach inflate: \(String(describing: S.decodeError(eightBit)))")
            return
        }
    }

    @Test func interlacedSizeLimitCountsEveryPass() throws {
        // 8192 x 4096 RGB16 Adam7: the passes are 1024x512, 1024x512, 2048x512, 2048x1024, 4096x1024,
        // 4096x2048, 8192x2048 pixels at 6 bytes each plus one filter byte per row:
        //   512 * 6145 + 512 * 6145 + 512 * 12289 + 1024 * 12289 + 1024 * 24577 + 2048 * 24577 + 2048 * 49153
        //   = 3146240 + 3146240 + 6291968 + 12583936 + 25166848 + 50333696 + 100665344 = 201334272,
        // under the limit; plain it is 4096 * 49153 = 201330688, 3584 bytes less (the extra filter bytes).
        let passes = PNGPass.passes(width: 8_192, height: 4_096, interlaced: true)
        #expect(PNGPass.dataBytes(passes, bitsPerPixel: 48) == 201_334_272)
        #expect(PNGPass.dataBytes(PNGPass.passes(width: 8_192, height: 4_096, interlaced: false), bitsPerPixel: 48) == 201_330_688)
        // 16384 x 4096 RGBA16 Adam7 is over it, by its own exact size.
        let big = PNGPass.dataBytes(PNGPass.passes(width: 16_384, height: 4_096, interlaced: true), bitsPerPixel: 64)
        #expect(big == 536_875_008 + 3_584)
        let png = L.png([("IHDR", L.ihdr(width: 16_384, height: 4_096, depth: 16, colorType: 6, interlace: 1)),
                         ("IDAT", [1, 2, 3]), ("IEND", [])])
        #expect(S.decodeError(png) == .imageDataTooLarge(bytes: big, limit: PNGLimits.maxDecompressedBytes))
    }
}
