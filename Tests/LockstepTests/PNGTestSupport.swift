import Foundation
@testable import LockstepCore

/// Shared helpers for the PNG, inflate and deflate tests: fixture loading, the fixture pixel
/// formulas (the same ones `Resources/png/make_fixtures.py` documents), a deterministic byte
/// generator and FNV-1a 64.
enum PNGTestSupport {
    /// Bytes of `Resources/png/<name>`, located from this source file so no bundle is needed.
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/png").appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }

    static let width = 37
    static let height = 29

    static func red(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * 37 + y * 11) % 256) }
    static func green(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * y * 5 + 7) % 256) }
    static func blue(_ x: Int, _ y: Int) -> UInt8 { UInt8(((x ^ y) * 13) % 256) }
    static func alpha(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * 9 + y * 17 + 60) % 256) }
    static func grey(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * 19 + y * 7) % 256) }
    static func paletteIndex(_ x: Int, _ y: Int) -> Int { (x + 2 * y) % 16 }

    /// The RGBA the fixture of PNG colour type `colorType` must decode to.
    static func expectedRGBA(colorType: Int, transparentPalette: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                switch colorType {
                case 6: out += [red(x, y), green(x, y), blue(x, y), alpha(x, y)]
                case 2: out += [red(x, y), green(x, y), blue(x, y), 255]
                case 0: out += [grey(x, y), grey(x, y), grey(x, y), 255]
                case 4: out += [grey(x, y), grey(x, y), grey(x, y), alpha(x, y)]
                default:
                    let i = paletteIndex(x, y)
                    let a: UInt8 = transparentPalette && i < 12 ? UInt8(i * 17) : 255
                    out += [UInt8(i * 16), UInt8(255 - i * 16), UInt8((i * i * 3) % 256), a]
                }
            }
        }
        return out
    }

    /// Deterministic pseudo-random bytes (32-bit LCG, high byte), the same generator the fixture
    /// script uses for its noise.
    static func noise(count: Int, seed: UInt32 = 12_345) -> [UInt8] {
        var state = seed
        var out = [UInt8]()
        out.reserveCapacity(count)
        for _ in 0..<count {
            state = state &* 1_664_525 &+ 1_013_904_223
            out.append(UInt8(state >> 24))
        }
        return out
    }

    /// FNV-1a 64-bit hash, to pin encoder output in a test.
    static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The error `PNG.decode` throws, or nil if it succeeds.
    static func decodeError(_ bytes: [UInt8]) -> PNGError? {
        do {
            _ = try PNG.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// The chunk types of a PNG file, in order (assumes a well-formed container).
    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 8
        while offset + 12 <= png.count && types.count < 10_000 {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }
}
