import Testing
@testable import LockstepCore

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

    @Test func interlacedHeaderOverPlainDataIsASizeMismatch() throws {
        // interlaced.png says Adam7 but holds rgba_level9's non-interlaced rows: 29 * (1 + 37 * 4)
        // = 4321 bytes. Adam7 needs a filter byte per pass row: passes of 37x29 are 5x4, 5x4, 10x4,
        // 9x8, 19x7, 18x15 and 37x14 pixels, so 4*21 + 4*21 + 4*41 + 8*37 + 7*77 + 15*73 + 14*149
        // = 4348 bytes.
        let error = S.decodeError(try S.fixture("interlaced.png"))
        #expect(error == .dataSizeMismatch(expected: 4_348, actual: 4_321))
    }

    @Test func sixteenBitRGBDecodes() throws {
        // rgb16.png stores each 8-bit pattern value v as the 16-bit sample v * 257 (both bytes v),
        // which narrows back to exactly v and which decode16 keeps as it is.
        let png = try S.fixture("rgb16.png")
        #expect(try PNG.decode(png).rgba == S.expectedRGBA(colorType: 2))
        #expect(try PNG.decode16(png).rgba == S.expectedRGBA(colorType: 2).map { UInt16($0) * 257 })
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

/// Container rules checked on files assembled in the test from a fixture's own chunks.
@Suite struct PNGContainerTests {
    typealias S = PNGTestSupport

    /// The chunks of a PNG as (type, data).
    static func chunks(_ png: [UInt8]) -> [(String, [UInt8])] {
        var result: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= png.count && result.count < 10_000 {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            result.append((String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self),
                           Array(png[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return result
    }

    static func assemble(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var writer = PNGChunkWriter(signature: PNG.signature)
        for (type, data) in chunks { writer.append(type: type, data: data[...]) }
        return writer.bytes
    }

    @Test func reassemblyIsFaithful() throws {
        let png = try S.fixture("palette_trns.png")
        #expect(Self.assemble(Self.chunks(png)) == png)
    }

    @Test func idatMustBeConsecutive() throws {
        var chunks = Self.chunks(try S.fixture("rgb_split_idat.png"))
        chunks.insert(("tEXt", Array("a\u{0}b".utf8)), at: 3)
        #expect(S.decodeError(Self.assemble(chunks)) == .badChunkOrder("IDAT chunks are not consecutive"))
    }

    @Test func paletteAfterIDATAndFirstChunkNotIHDR() throws {
        let chunks = Self.chunks(try S.fixture("palette.png"))
        // chunks: IHDR, PLTE, IDAT, IEND
        #expect(S.decodeError(Self.assemble([chunks[0], chunks[2], chunks[1], chunks[3]])) == .badChunkOrder("PLTE after IDAT"))
        #expect(S.decodeError(Self.assemble([chunks[1], chunks[0], chunks[2], chunks[3]]))
            == .badChunkOrder("first chunk is PLTE, must be IHDR"))
    }

    @Test func paletteIndexOutOfRange() throws {
        var chunks = Self.chunks(try S.fixture("palette.png"))
        chunks[1].1 = Array(chunks[1].1.prefix(3 * 10)) // 10 entries; the image uses indices up to 15
        // Row 0 holds indices (x + 2 * y) % 16 = x, so (10, 0) is the first pixel past the palette.
        let error = S.decodeError(Self.assemble(chunks))
        #expect(error == .paletteIndexOutOfRange(index: 10, paletteEntries: 10, x: 10, y: 0))
        #expect(error?.description.contains("PLTE has 10 entries") == true)
    }

    @Test func chunkCountLimit() throws {
        let chunks = Self.chunks(try S.fixture("grey_stored.png"))
        var many = [chunks[0]]
        for _ in 0..<PNGLimits.maxChunkCount { many.append(("tIME", [7, 234, 1, 1, 0, 0, 0])) }
        many += chunks.dropFirst()
        #expect(S.decodeError(Self.assemble(many)) == .tooManyChunks(limit: PNGLimits.maxChunkCount))
    }

    @Test func wrongFilterType() throws {
        // 2x2 grey with filter byte 5 on row 1.
        let scanlines: [UInt8] = [0, 10, 20, 5, 30, 40]
        let ihdr: [UInt8] = [0, 0, 0, 2, 0, 0, 0, 2, 8, 0, 0, 0, 0]
        let png = Self.assemble([("IHDR", ihdr), ("IDAT", Zlib.compress(scanlines)), ("IEND", [])])
        #expect(S.decodeError(png) == .badFilterType(row: 1, filterType: 5))
        let ok = Self.assemble([("IHDR", ihdr), ("IDAT", Zlib.compress([0, 10, 20, 1, 30, 40])), ("IEND", [])])
        #expect(try PNG.decode(ok).rgba == [10, 10, 10, 255, 20, 20, 20, 255, 30, 30, 30, 255, 70, 70, 70, 255])
    }

    @Test func shortDataIsASizeMismatch() throws {
        let ihdr: [UInt8] = [0, 0, 0, 2, 0, 0, 0, 2, 8, 0, 0, 0, 0]
        let png = Self.assemble([("IHDR", ihdr), ("IDAT", Zlib.compress([0, 10, 20, 0])), ("IEND", [])])
        #expect(S.decodeError(png) == .dataSizeMismatch(expected: 6, actual: 4))
    }

    @Test func badIHDRValues() throws {
        func headerError(_ ihdr: [UInt8]) -> PNGError? {
            S.decodeError(Self.assemble([("IHDR", ihdr), ("IDAT", Zlib.compress([0, 0])), ("IEND", [])]))
        }
        guard case .badHeader? = headerError([0, 0, 0, 1, 0, 0, 0, 1, 8, 5, 0, 0, 0]) else {
            Issue.record("colour type 5 accepted"); return
        }
        #expect(headerError([0, 0, 0, 1, 0, 0, 0, 1, 3, 0, 0, 0, 0]) == .invalidBitDepth(depth: 3, colorType: 0))
        guard case .badHeader? = headerError([0, 0, 0, 0, 0, 0, 0, 1, 8, 0, 0, 0, 0]) else {
            Issue.record("zero width accepted"); return
        }
        guard case .badHeader? = headerError([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0]) else {
            Issue.record("short IHDR accepted"); return
        }
        // A 4-bit palette image is valid now; without its PLTE it is refused for that.
        #expect(headerError([0, 0, 0, 1, 0, 0, 0, 1, 4, 3, 0, 0, 0]) == .missingChunk("PLTE"))
        #expect(try PNG.decode(Self.assemble([("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]),
                                              ("IDAT", Zlib.compress([0, 99])), ("IEND", [])])).rgba == [99, 99, 99, 255])
    }

    @Test func colourKeyTransparency() throws {
        let grey = Self.assemble([("IHDR", [0, 0, 0, 2, 0, 0, 0, 1, 8, 0, 0, 0, 0]), ("tRNS", [0, 10]),
                                  ("IDAT", Zlib.compress([0, 10, 11])), ("IEND", [])])
        #expect(try PNG.decode(grey).rgba == [10, 10, 10, 0, 11, 11, 11, 255])
        let rgb = Self.assemble([("IHDR", [0, 0, 0, 2, 0, 0, 0, 1, 8, 2, 0, 0, 0]), ("tRNS", [0, 1, 0, 2, 0, 3]),
                                 ("IDAT", Zlib.compress([0, 1, 2, 3, 1, 2, 4])), ("IEND", [])])
        #expect(try PNG.decode(rgb).rgba == [1, 2, 3, 0, 1, 2, 4, 255])
    }

    @Test func garbageBehindValidContainersNeverTraps() throws {
        // Unlike byte flips in the file (which mostly hit CRCs), these keep the container valid
        // and corrupt the zlib stream or the scanlines, so inflate, unfiltering and palette
        // lookup see the garbage.
        var state: UInt32 = 3
        func next() -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8)
        }
        var errors = 0
        for name in ["rgba_level9.png", "palette_trns.png", "grey_alpha.png", "rgb_split_idat.png"] {
            var chunks = Self.chunks(try S.fixture(name))
            let idatIndices = chunks.indices.filter { chunks[$0].0 == "IDAT" }
            let idat = idatIndices.flatMap { chunks[$0].1 }
            let header = try PNGHeader(chunks[0].1[...])
            let scanlines = try Zlib.decompress(idat, maxOutput: header.height * (header.rowBytes + 1))
            chunks.removeAll { $0.0 == "IDAT" }
            for trial in 0..<60 {
                var data: [UInt8]
                if trial % 2 == 0 {
                    data = idat
                    for _ in 0..<(1 + next() % 3) { data[2 + next() % (data.count - 2)] = UInt8(next() & 0xFF) }
                } else {
                    var lines = scanlines
                    for _ in 0..<(1 + next() % 3) { lines[next() % lines.count] = UInt8(next() & 0xFF) }
                    if next() % 3 == 0 { lines.removeLast(next() % 10) }
                    data = Zlib.compress(lines)
                }
                var mutated = chunks
                mutated.insert(("IDAT", data), at: mutated.count - 1)
                if S.decodeError(Self.assemble(mutated)) != nil { errors += 1 }
            }
        }
        #expect(errors > 60)
    }
}
