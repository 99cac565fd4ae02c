import Testing
@testable import LockstepCore
@testable import LockstepRunner

/// Deflate round trips through Inflate, block-type choices, compression and determinism.
@Suite struct DeflateTests {
    typealias S = PNGTestSupport

    static func roundTrip(_ data: [UInt8]) throws -> [UInt8] {
        let compressed = Zlib.compress(data)
        let output = try Zlib.decompress(compressed, maxOutput: data.count)
        #expect(output == data)
        return compressed
    }

    @Test func smallInputs() throws {
        for data: [UInt8] in [[], [0], [1, 2], [7, 7, 7], Array("abcabcabcabcabc".utf8), [UInt8](repeating: 9, count: 259)] {
            _ = try Self.roundTrip(data)
        }
    }

    @Test(arguments: ["words_dynamic", "text_fixed", "zeros_long_matches", "noise", "mixed"])
    func pythonCorpora(name: String) throws {
        let raw = try S.fixture("inflate/\(name).raw")
        let ours = try Self.roundTrip(raw)
        let python = try S.fixture("inflate/\(name).zz") // zlib level 9, 9, 9, 6, 1 respectively
        // Our deflate should be in the same league as zlib: at most 10% larger, plus a few bytes.
        #expect(ours.count <= python.count + python.count / 10 + 16, "\(name): ours \(ours.count), zlib \(python.count)")
    }

    @Test func incompressibleDataFallsBackToStoredBlocks() throws {
        // More than one stored block's worth (65535) of noise: output may grow only by headers.
        let noise = S.noise(count: 150_000, seed: 4)
        let compressed = try Self.roundTrip(noise)
        // Each block of up to `tokensPerBlock` literals costs one 5-byte stored header (or two).
        #expect(compressed.count <= noise.count + 6 + 10 * (noise.count / Deflate.tokensPerBlock + 1))
        #expect((compressed[2] >> 1) & 3 == 0)
    }

    @Test func longRunsUseMaximalMatches() throws {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let compressed = try Self.roundTrip(zeros)
        // 1 MiB of zeros is ~4064 matches of 258; with short codes that is well under 2 KiB.
        #expect(compressed.count < 2_048)
    }

    @Test func manyBlocksAndFarMatches() throws {
        // A 40 KB noise block repeated: the second copy is 40000 bytes back, beyond the window,
        // so only intra-copy structure is available; the third copy of a 20 KB block is in reach.
        let block = S.noise(count: 20_000, seed: 11)
        let data = block + S.noise(count: 40_000, seed: 12) + block + block
        let compressed = try Self.roundTrip(data)
        #expect(compressed.count < 60_000 + 20_000 + 1_000)
    }

    @Test func deterministic() throws {
        let data = try S.fixture("inflate/mixed.raw")
        let first = Zlib.compress(data)
        let second = Zlib.compress(data)
        #expect(first == second)
    }

    @Test func huffmanLengthsAreLimitedAndComplete() {
        // Fibonacci frequencies force an unrestricted Huffman tree deeper than 15.
        var frequencies = [Int](repeating: 0, count: 30)
        var a = 1, b = 1
        for i in 0..<30 {
            frequencies[i] = a
            (a, b) = (b, a + b)
        }
        let lengths = HuffmanCodeLengths.build(frequencies: frequencies, maxLength: 15)
        #expect(lengths.allSatisfy { $0 >= 1 && $0 <= 15 })
        // Kraft sum exactly 1: sum of 2^(15 - length) == 2^15.
        #expect(lengths.reduce(0) { $0 + (1 << (15 - Int($1))) } == 1 << 15)
        let single = HuffmanCodeLengths.build(frequencies: [0, 0, 5], maxLength: 7)
        #expect(single == [1, 0, 1])
    }
}
