import Testing
@testable import LockstepCore

/// Helpers for the layout tests: the fixture manifest written by
/// `Resources/png/make_layout_fixtures.py`, hand-built files, and pixel comparisons that name the
/// first differing pixel.
enum PNGLayoutTestSupport {
    /// One line of `Resources/png/layouts/manifest.txt`.
    struct Fixture: Sendable, CustomTestStringConvertible {
        let name: String
        let width: Int
        let height: Int
        let colorType: Int
        let bitDepth: Int
        let interlace: Int
        /// "pillow" or "hand": which encoder wrote the PNG.
        let origin: String
        /// Fixtures of one group come from the same source samples.
        let group: String
        /// Whether `NAME.rgba16` exists (16-bit layouts).
        let hasRGBA16: Bool

        var testDescription: String { name }

        func png() throws -> [UInt8] { try PNGTestSupport.fixture("layouts/\(name).png") }
        func expectedRGBA8() throws -> [UInt8] { try PNGTestSupport.fixture("layouts/\(name).rgba8") }

        /// The RGBA16 `decode16` must give: the file for 16-bit layouts; otherwise the 8-bit
        /// expectation ×257, since every depth below 16 widens to 16 bits as its 8-bit value ×257
        /// (65535 / (2^d - 1) = 257 × 255 / (2^d - 1)).
        func expectedRGBA16() throws -> [UInt16] {
            guard hasRGBA16 else { return try expectedRGBA8().map { UInt16($0) * 257 } }
            let bytes = try PNGTestSupport.fixture("layouts/\(name).rgba16")
            return stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        }
    }

    /// The manifest's fixtures in file order; empty if it cannot be read (a test checks the count).
    static let fixtures: [Fixture] = (try? loadManifest()) ?? []

    static func loadManifest() throws -> [Fixture] {
        let text = String(decoding: try PNGTestSupport.fixture("layouts/manifest.txt"), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> Fixture? in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: " ").map(String.init)
            guard f.count == 9, let w = Int(f[1]), let h = Int(f[2]), let ct = Int(f[3]), let d = Int(f[4]),
                  let i = Int(f[5]) else { return nil }
            return Fixture(name: f[0], width: w, height: h, colorType: ct, bitDepth: d, interlace: i,
                           origin: f[6], group: f[7], hasRGBA16: f[8] == "yes")
        }
    }

    /// nil if `got == expected`, else which pixel differs first (or that the sizes differ).
    static func firstDifference<T: Equatable>(_ got: [T], _ expected: [T], width: Int) -> String? {
        guard got.count == expected.count else { return "\(got.count) samples, expected \(expected.count)" }
        guard let i = got.indices.first(where: { got[$0] != expected[$0] }) else { return nil }
        let p = i / 4
        return "first differing pixel (\(p % width), \(p / width)): got \(Array(got[(4 * p)..<(4 * p + 4)])), "
            + "expected \(Array(expected[(4 * p)..<(4 * p + 4)]))"
    }

    /// The 13 bytes of an `IHDR`.
    static func ihdr(width: Int, height: Int, depth: Int, colorType: Int, interlace: Int = 0) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return be32(width) + be32(height) + [UInt8(depth), UInt8(colorType), 0, 0, UInt8(interlace)]
    }

    /// A PNG file of these chunks, in order, each with a correct CRC.
    static func png(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var writer = PNGChunkWriter(signature: PNG.signature)
        for (type, data) in chunks { writer.append(type: type, data: data[...]) }
        return writer.bytes
    }

    /// IHDR, the extra chunks, one IDAT holding `scanlines` compressed, IEND.
    static func png(_ header: [UInt8], _ extra: [(String, [UInt8])] = [], scanlines: [UInt8]) -> [UInt8] {
        png([("IHDR", header)] + extra + [("IDAT", Zlib.compress(scanlines)), ("IEND", [])])
    }

    /// The error `PNG.decode16` throws, or nil if it succeeds.
    static func decode16Error(_ bytes: [UInt8]) -> PNGError? {
        do {
            _ = try PNG.decode16(bytes)
            return nil
        } catch {
            return error
        }
    }
}
