import Testing
@testable import LockstepCore
@testable import LockstepRunner

/// Inflate against zlib streams written by Python (Resources/png/inflate/NAME.zz, with NAME.raw the
/// original data), plus hand-built invalid streams for each error.
@Suite struct InflateTests {
    typealias S = PNGTestSupport

    @Test(arguments: ["words_dynamic", "text_fixed", "text_stored", "zeros_long_matches", "noise", "empty", "mixed"])
    func inflatesPythonStream(name: String) throws {
        let compressed = try S.fixture("inflate/\(name).zz")
        let raw = try S.fixture("inflate/\(name).raw")
        let output = try Zlib.decompress(compressed, maxOutput: raw.count)
        #expect(output.count == raw.count)
        #expect(output == raw)
    }

    @Test func fixtureStreamsUseTheBlockTypesTheyAreNamedFor() throws {
        // BTYPE is bits 1-2 of the first byte after the 2-byte zlib header.
        func firstBlockType(_ name: String) throws -> UInt8 { (try S.fixture("inflate/\(name).zz")[2] >> 1) & 3 }
        #expect(try firstBlockType("text_stored") == 0)
        #expect(try firstBlockType("text_fixed") == 1)
        #expect(try firstBlockType("words_dynamic") == 2)
        #expect(try firstBlockType("zeros_long_matches") == 2)
    }

    @Test func outputLimitStopsOneBytePast() throws {
        let compressed = try S.fixture("inflate/zeros_long_matches.zz")
        #expect(throws: PNGError.dataSizeMismatch(expected: 99_999, actual: 100_000)) {
            _ = try Zlib.decompress(compressed, maxOutput: 99_999)
        }
        let stored = try S.fixture("inflate/text_stored.zz")
        #expect(throws: PNGError.dataSizeMismatch(expected: 100, actual: 101)) {
            _ = try Zlib.decompress(stored, maxOutput: 100)
        }
    }

    @Test func badHeaders() {
        #expect(throws: PNGError.zlibTruncated) { _ = try Zlib.decompress([0x78], maxOutput: 10) }
        // Method 7 instead of 8.
        #expect(throws: (any Error).self) { _ = try Zlib.decompress([0x77, 0x9C, 0x03, 0x00], maxOutput: 10) }
        // Check bits wrong.
        let error = Self.error { _ = try Zlib.decompress([0x78, 0x9D, 0x03, 0x00], maxOutput: 10) }
        guard case .zlibBadHeader(let message)? = error else {
            Issue.record("expected zlibBadHeader, got \(String(describing: error))")
            return
        }
        #expect(message.contains("multiple of 31"))
        // Preset dictionary (FDICT) with valid check bits: 0x78 0xBB.
        guard case .zlibBadHeader? = Self.error({ _ = try Zlib.decompress([0x78, 0xBB, 0, 0, 0, 0], maxOutput: 10) }) else {
            Issue.record("FDICT accepted")
            return
        }
    }

    @Test func reservedBlockType() {
        // BFINAL = 1, BTYPE = 3.
        #expect(throws: PNGError.inflateBadBlockType(3)) { _ = try Zlib.decompress([0x78, 0x9C, 0x07, 0, 0], maxOutput: 10) }
    }

    @Test func storedLengthMismatch() {
        // BFINAL = 1, BTYPE = 0, LEN = 5, NLEN = 0 (should be 0xFFFA).
        #expect(throws: PNGError.inflateStoredLengthMismatch(length: 5, complement: 0)) {
            _ = try Zlib.decompress([0x78, 0x9C, 0x01, 0x05, 0x00, 0x00, 0x00], maxOutput: 10)
        }
    }

    @Test func distanceTooFarBack() {
        // Fixed block whose first symbol is a match (length 3, distance 1) with nothing decoded yet.
        var writer = BitWriter()
        writer.write(1, 1)
        writer.write(1, 2)
        writer.write(0b100_0000, 7) // symbol 257: code 0000001, sent most significant bit first
        writer.write(0, 5) // distance symbol 0: distance 1
        writer.write(0, 7) // end of block
        writer.alignToByte()
        #expect(throws: PNGError.inflateDistanceTooFarBack(distance: 1, available: 0)) {
            _ = try Zlib.decompress([0x78, 0x9C] + writer.bytes + [0, 0, 0, 1], maxOutput: 10)
        }
    }

    @Test func invalidLiteralLengthSymbol() {
        // Fixed block containing symbol 286, which has a fixed code (11000110) but no meaning.
        var writer = BitWriter()
        writer.write(1, 1)
        writer.write(1, 2)
        writer.write(0b0110_0011, 8)
        writer.alignToByte()
        let error = Self.error { _ = try Zlib.decompress([0x78, 0x9C] + writer.bytes + [0, 0, 0, 0], maxOutput: 10) }
        guard case .inflateInvalidCode(let message)? = error else {
            Issue.record("expected inflateInvalidCode, got \(String(describing: error))")
            return
        }
        #expect(message.contains("286"))
    }

    @Test func oversubscribedDynamicCode() {
        // Dynamic block: HLIT 257, HDIST 1, HCLEN 4, and the four code-length code lengths (for
        // symbols 16, 17, 18, 0) all 1: four one-bit codes cannot exist.
        var writer = BitWriter()
        writer.write(1, 1)
        writer.write(2, 2)
        writer.write(0, 5)
        writer.write(0, 5)
        writer.write(0, 4)
        for _ in 0..<4 { writer.write(1, 3) }
        writer.alignToByte()
        let error = Self.error { _ = try Zlib.decompress([0x78, 0x9C] + writer.bytes + [0, 0, 0, 0], maxOutput: 10) }
        guard case .inflateInvalidCode(let message)? = error else {
            Issue.record("expected inflateInvalidCode, got \(String(describing: error))")
            return
        }
        #expect(message.contains("over-subscribed"))
    }

    @Test func checksumMismatchAndTruncation() throws {
        var compressed = try S.fixture("inflate/words_dynamic.zz")
        let raw = try S.fixture("inflate/words_dynamic.raw")
        compressed[compressed.count - 1] ^= 0xFF
        guard case .zlibChecksumMismatch? = Self.error({ _ = try Zlib.decompress(compressed, maxOutput: raw.count) }) else {
            Issue.record("Adler-32 not checked")
            return
        }
        let cut = Array(try S.fixture("inflate/words_dynamic.zz").prefix(1_000))
        #expect(throws: PNGError.zlibTruncated) { _ = try Zlib.decompress(cut, maxOutput: raw.count) }
    }

    @Test func mutatedStreamsNeverTrap() throws {
        var state: UInt32 = 99
        func next() -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8)
        }
        var failures = 0
        for name in ["words_dynamic", "text_fixed", "mixed", "zeros_long_matches"] {
            let original = try S.fixture("inflate/\(name).zz")
            for _ in 0..<100 {
                var bytes = original
                for _ in 0..<(1 + next() % 3) { bytes[2 + next() % (bytes.count - 2)] = UInt8(next() & 0xFF) }
                if Self.error({ _ = try Zlib.decompress(bytes, maxOutput: 200_000) }) != nil { failures += 1 }
            }
        }
        // A corrupted stream almost never survives the Adler-32; the count proves the loop ran.
        #expect(failures > 350)
    }

    /// The `PNGError` thrown by `body`, or nil.
    static func error(_ body: () throws -> Void) -> PNGError? {
        do {
            try body()
            return nil
        } catch {
            return error as? PNGError
        }
    }
}
