import Testing
@testable import Lockstep

/// Decoding PNGs written by Python's zlib + struct (see Resources/png/make_fixtures.py).
@Suite struct PNGDecoderTests {
    typealias S = PNGTestSupport

    @Test(arguments: [
        ("rgba_level9.png", 6, false),
        ("rgba_ancillary.png", 6, false),
        ("rgb_split_idat.png", 2, false),
        ("grey_stored.png", 0, false),
        ("grey_alpha.png", 4, false),
        ("palette.png", 3, false),
        ("palette_trns.png", 3, true),
    ])
    func decodesFixture(name: String, colorType: Int, transparent: Bool) throws {
        let image = try PNG.decode(try S.fixture(name))
        #expect(image.width == S.width)
        #expect(image.height == S.height)
        let expected = S.expectedRGBA(colorType: colorType, transparentPalette: transparent)
        #expect(image.rgba.count == expected.count)
        let firstDifference = zip(image.rgba, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "first differing byte \(firstDifference ?? -1) in \(name)")
    }

    @Test func splitIDATReallyHasSeveralChunks() throws {
        let types = S.chunkTypes(try S.fixture("rgb_split_idat.png"))
        #expect(types.filter { $0 == "IDAT" }.count > 10)
        #expect(S.chunkTypes(try S.fixture("rgba_ancillary.png")).contains("tEXt"))
    }

    @Test func badCRCNamesTheChunk() throws {
        let error = S.decodeError(try S.fixture("bad_crc.png"))
        guard case let .crcMismatch(type, stored, computed)? = error else {
            Issue.record("expected crcMismatch, got \(String(describing: error))")
            return
        }
        #expect(type == "IDAT")
        #expect(stored != computed)
        #expect(error?.description.contains("CRC mismatch in IDAT") == true)
    }

    @Test func truncatedFile() throws {
        let error = S.decodeError(try S.fixture("truncated.png"))
        #expect(error == .truncatedChunk(chunkType: "IDAT", offset: 33))
        #expect(error?.description == "PNG: truncated IDAT chunk at byte offset 33")
    }

    @Test func badSignature() throws {
        #expect(S.decodeError(try S.fixture("bad_signature.png")) == .badSignature)
        #expect(S.decodeError([]) == .badSignature)
        #expect(S.decodeError(Array(PNG.signature.prefix(5))) == .badSignature)
    }

    @Test func interlacedRejectedWithReason() throws {
        let error = S.decodeError(try S.fixture("interlaced.png"))
        #expect(error == .unsupportedInterlace(method: 1))
        #expect(error?.description.contains("interlac") == true)
    }

    @Test func sixteenBitRejectedWithReason() throws {
        let error = S.decodeError(try S.fixture("rgb16.png"))
        #expect(error == .unsupportedBitDepth(depth: 16, colorType: 2))
        #expect(error?.description.contains("bit depth 16") == true)
    }

    @Test func decompressionBombStopsOneBytePastExpectedSize() throws {
        // 4x4 grey: 4 rows of (1 filter byte + 4 samples) = 20 bytes; the IDAT inflates to 1 MB.
        let error = S.decodeError(try S.fixture("bomb.png"))
        #expect(error == .dataSizeMismatch(expected: 20, actual: 21))
    }

    @Test func unknownCriticalChunkRejected() throws {
        #expect(S.decodeError(try S.fixture("unknown_critical.png")) == .unknownCriticalChunk("AbCd"))
    }

    @Test func dimensionLimitInError() throws {
        let error = S.decodeError(try S.fixture("too_wide.png"))
        guard case let .imageTooLarge(width, height, reason)? = error else {
            Issue.record("expected imageTooLarge, got \(String(describing: error))")
            return
        }
        #expect(width == 20_000 && height == 1)
        #expect(reason.contains("16384"))
    }

    @Test func missingIENDAndMissingIDAT() throws {
        let png = try S.fixture("palette.png")
        #expect(S.decodeError(Array(png.dropLast(12))) == .missingIEND)
        // Signature + IHDR + IEND only.
        let noIDAT = Array(png.prefix(33)) + Array(png.suffix(12))
        #expect(S.decodeError(noIDAT) == .missingChunk("IDAT"))
        // Signature + IHDR + IDAT + IEND with the PLTE chunk (12 + 48 bytes) removed.
        let noPLTE = Array(png.prefix(33)) + Array(png.dropFirst(33 + 60))
        #expect(S.decodeError(noPLTE) == .missingChunk("PLTE"))
    }

    @Test func chunkLengthLimit() throws {
        var png = try S.fixture("rgba_level9.png")
        // Declare the IDAT (at offset 33) to be 2^30 bytes long.
        png[33] = 0x40; png[34] = 0; png[35] = 0; png[36] = 0
        #expect(S.decodeError(png) == .chunkTooLong(chunkType: "IDAT", length: 1 << 30, limit: PNGLimits.maxChunkLength))
    }

    @Test func corruptedFilesNeverTrap() throws {
        // Deterministic mutations of every good fixture: each must decode or throw, never crash.
        var state: UInt32 = 7
        func next() -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8)
        }
        var thrown = 0
        for name in ["rgba_level9.png", "grey_stored.png", "palette_trns.png", "grey_alpha.png"] {
            let original = try S.fixture(name)
            for _ in 0..<150 {
                var png = original
                for _ in 0..<(1 + next() % 4) {
                    png[33 + next() % (png.count - 33)] = UInt8(next() & 0xFF)
                }
                if next() % 4 == 0 { png = Array(png.prefix(next() % png.count)) }
                if S.decodeError(png) != nil { thrown += 1 }
            }
        }
        // Almost every mutation breaks a CRC; the count just proves the loop ran.
        #expect(thrown > 500)
    }
}
