/// A UUID made from seeded draws, never from the system.
///
/// Version 4 layout from two draws; version 7 puts the virtual clock's Unix milliseconds in the top
/// 48 bits so ids sort by creation time, as some apps rely on. Printed uppercase like Apple's `UUID`.
public struct SeededUUID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) { self.high = high; self.low = low }

    /// Version 4 (random) from exactly two draws.
    public static func v4(_ rng: inout SeededRNG) -> SeededUUID {
        let a = rng.next(), b = rng.next()
        return SeededUUID(high: (a & ~0xF000) | 0x4000, low: (b & ~(0b11 << 62)) | (0b10 << 62))
    }

    /// Version 7 (Unix-millisecond time + random) from exactly two draws.
    public static func v7(at instant: Instant, _ rng: inout SeededRNG) -> SeededUUID {
        let ms = UInt64(bitPattern: instant.nanosecondsSinceEpoch / 1_000_000) & 0xFFFF_FFFF_FFFF
        let a = rng.next(), b = rng.next()
        let high = (ms << 16) | 0x7000 | (a & 0x0FFF)
        return SeededUUID(high: high, low: (b & ~(0b11 << 62)) | (0b10 << 62))
    }

    public static func < (x: SeededUUID, y: SeededUUID) -> Bool { (x.high, x.low) < (y.high, y.low) }

    public var description: String {
        let hex = Hex.upper(high, digits: 16) + Hex.upper(low, digits: 16)
        let c = Array(hex)
        return String(c[0..<8]) + "-" + String(c[8..<12]) + "-" + String(c[12..<16]) + "-"
            + String(c[16..<20]) + "-" + String(c[20..<32])
    }
}
