import Testing
@testable import LockstepCore

/// Adam7 geometry and the data-stream rules of interlaced and low-depth images.
@Suite struct PNGInterlaceTests {
    typealias L = PNGLayoutTestSupport
    typealias S = PNGTestSupport

    @Test func passSizesWorkedByHand() throws {
        // 33x7: pass 1 takes columns 0, 8, 16, 24, 32 of row 0; pass 2 columns 4, 12, 20, 28 of row 0;
        // pass 3 columns 0, 4, ..., 32 of row 4; pass 4 columns 2, 6, ..., 30 of rows 0, 4; pass 5
        // columns 0, 2, ..., 32 of rows 2, 6; pass 6 the 16 odd columns of rows 0, 2, 4, 6; pass 7
        // every column of rows 1, 3, 5.
        let passes = PNGPass.passes(width: 33, height: 7, interlaced: true)
        #expect(passes.map(\.width) == [5, 4, 9, 8, 17, 16, 33])
        #expect(passes.map(\.height) == [1, 1, 1, 2, 2, 4, 3])
        // At 1 bit a row of w pixels takes ceil(w / 8) bytes plus the filter byte:
        // 1*2 + 1*2 + 1*3 + 2*2 + 2*4 + 4*3 + 3*6 = 49 bytes (7 * 6 = 42 without interlacing).
        #expect(PNGPass.dataBytes(passes, bitsPerPixel: 1) == 49)
        #expect(PNGPass.dataBytes(PNGPass.passes(width: 33, height: 7, interlaced: false), bitsPerPixel: 1) == 42)
        // At 64 bits (RGBA16): 41 + 33 + 73 + 2*65 + 2*137 + 4*129 + 3*265 = 1862.
        #expect(PNGPass.dataBytes(passes, bitsPerPixel: 64) == 1_862)
        // 1x1: only pass 1 has a pixel. 3x5: pass 2 (from column 4) is empty, the rest are not.
        #expect(PNGPass.passes(width: 1, height: 1, interlaced: true).map(\.isEmpty) == [false, true, true, true, true, true, true])
        let tiny = PNGPass.passes(width: 3, height: 5, interlaced: true)
        #expect(tiny.map(\.width) == [1, 0, 1, 1, 2, 1, 3])
        #expect(tiny.map(\.height) == [1, 1, 1, 2, 1, 3, 2])
    }

    @Test func passesCoverEveryPixelExactlyOnce() throws {
        for width in 1...19 {
            for height in 1...19 {
                var hits = [Int](repeating: 0, count: width * height)
                for pass in PNGPass.passes(width: width, height: height, interlaced: true) where !pass.isEmpty {
                    for row in 0..<pass.height {
                        for index in 0..<pass.width { hits[pass.imageRow(row) * width + pass.imageColumn(index)] += 1 }
                    }
                }
                #expect(hits.allSatisfy { $0 == 1 }, "\(width)x\(height)")
            }
        }
    }

    /// 4x4 grey8 Adam7: non-empty passes 1 (1x1), 4 (1x1), 5 (2x1), 6 (2x2), 7 (4x2), so
    /// 2 + 2 + 3 + 2*3 + 2*5 = 23 bytes of scanlines. Pixel value = 16 * y + x.
    static func adam7Grey4x4(filterOfRow: (Int) -> UInt8 = { _ in 0 }) -> [UInt8] {
        let passes = PNGPass.passes(width: 4, height: 4, interlaced: true)
        var data: [UInt8] = []
        var scanline = 0
        for pass in passes where !pass.isEmpty {
            for row in 0..<pass.height {
                data.append(filterOfRow(scanline))
                scanline += 1
                for i in 0..<pass.width { data.append(UInt8(16 * pass.imageRow(row) + pass.imageColumn(i))) }
            }
        }
        return data
    }

    @Test func adam7GreyByHand() throws {
        let data = Self.adam7Grey4x4()
        #expect(data.count == 23)
        let png = L.png(L.ihdr(width: 4, height: 4, depth: 8, colorType: 0, interlace: 1), scanlines: data)
        let grey = try PNG.decode(png).rgba.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        let expected: [UInt8] = (0..<16).map { (i: Int) -> UInt8 in UInt8(16 * (i / 4) + i % 4) }
        #expect(grey == expected)
    }

    @Test func adam7DataOneByteShortOrLong() throws {
        let data = Self.adam7Grey4x4()
        let header = L.ihdr(width: 4, height: 4, depth: 8, colorType: 0, interlace: 1)
        #expect(S.decodeError(L.png(header, scanlines: Array(data.dropLast()))) == .dataSizeMismatch(expected: 23, actual: 22))
        #expect(S.decodeError(L.png(header, scanlines: data + [0])) == .dataSizeMismatch(expected: 23, actual: 24))
        // A decompression bomb stops one byte past the 23 bytes, as for non-interlaced images.
        let bomb = L.png([("IHDR", header), ("IDAT", Zlib.compress([UInt8](repeating: 0, count: 1_000_000))), ("IEND", [])])
        #expect(S.decodeError(bomb) == .dataSizeMismatch(expected: 23, actual: 24))
    }

    @Test func badFilterTypeInALaterPassCountsStoredScanlines() throws {
        // Scanlines in storage order: pass 1 (0), pass 4 (1), pass 5 (2), pass 6 (3, 4), pass 7 (5, 6).
        let data = Self.adam7Grey4x4 { $0 == 4 ? 7 : 0 }
        let png = L.png(L.ihdr(width: 4, height: 4, depth: 8, colorType: 0, interlace: 1), scanlines: data)
        #expect(S.decodeError(png) == .badFilterType(row: 4, filterType: 7))
    }

    @Test func subBytePixelsAndPaddingPerRow() throws {
        // 3x2 grey at 2 bits: each row is one byte, three samples then two padding bits (set here,
        // which a decoder must ignore). Row 0: 0b11_10_01_11 = 3, 2, 1; row 1: 0b00_01_10_11 = 0, 1, 2.
        let png = L.png(L.ihdr(width: 3, height: 2, depth: 2, colorType: 0), scanlines: [0, 0b1110_0111, 0, 0b0001_1011])
        let grey = try PNG.decode(png).rgba.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        #expect(grey == [255, 170, 85, 0, 85, 170])
    }

    @Test func subFilterOnSubBytePixelsUsesThePreviousByte() throws {
        // 16x1 grey at 1 bit (2 bytes). Filter bpp is 1 byte, so Sub adds the previous byte:
        // stored 0b1010_1010, 0b0101_0101 -> raw 0b1010_1010, 0b1111_1111.
        let png = L.png(L.ihdr(width: 16, height: 1, depth: 1, colorType: 0), scanlines: [1, 0b1010_1010, 0b0101_0101])
        let bits = try PNG.decode(png).rgba.enumerated().filter { $0.offset % 4 == 0 }.map { $0.element == 255 ? 1 : 0 }
        #expect(bits == [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1])
    }

    @Test func colourKeyIsMaskedToTheBitDepth() throws {
        // Third edition: below 16 bits the decoder masks the key to the bit depth. 0x010A at 8 bits is
        // 0x0A; 0xFFF5 at 4 bits is 5.
        let grey8 = L.png(L.ihdr(width: 2, height: 1, depth: 8, colorType: 0), [("tRNS", [0x01, 0x0A])], scanlines: [0, 10, 11])
        #expect(try PNG.decode(grey8).rgba == [10, 10, 10, 0, 11, 11, 11, 255])
        // 2x1 grey4: the byte 0x56 holds samples 5 and 6 (x17: 85 and 102).
        let grey4 = L.png(L.ihdr(width: 2, height: 1, depth: 4, colorType: 0), [("tRNS", [0xFF, 0xF5])], scanlines: [0, 0x56])
        #expect(try PNG.decode(grey4).rgba == [85, 85, 85, 0, 102, 102, 102, 255])
        // At 16 bits the whole value counts: key 0x1234 matches 0x1234 only, not 0x1235, although
        // both narrow to (4660 * 255 + 32767) / 65535 = 18 and (4661 * 255 + 32767) / 65535 = 18.
        let grey16 = L.png(L.ihdr(width: 2, height: 1, depth: 16, colorType: 0), [("tRNS", [0x12, 0x34])],
                           scanlines: [0, 0x12, 0x34, 0x12, 0x35])
        #expect(try PNG.decode(grey16).rgba == [18, 18, 18, 0, 18, 18, 18, 255])
        // RGB16: every channel must match exactly.
        let rgb16 = L.png(L.ihdr(width: 2, height: 1, depth: 16, colorType: 2), [("tRNS", [0, 1, 0, 2, 0, 3])],
                          scanlines: [0, 0, 1, 0, 2, 0, 3, 0, 1, 0, 2, 1, 3])
        #expect(try PNG.decode16(rgb16).rgba == [1, 2, 3, 0, 1, 2, 259, 65_535])
    }
}
