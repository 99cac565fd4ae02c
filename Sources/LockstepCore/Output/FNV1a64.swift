/// FNV-1a 64: the state digest. Simple, fast, specified in a few lines, and the same everywhere.
/// Not cryptographic; it detects accidental divergence, which is all a golden needs.
public struct FNV1a64: Sendable {
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    public var value: UInt64 = FNV1a64.offsetBasis

    public init() {}

    @inlinable public mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        var h = value
        for byte in bytes { h = (h ^ UInt64(byte)) &* FNV1a64.prime }
        value = h
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var h = value
        for byte in bytes { h = (h ^ UInt64(byte)) &* FNV1a64.prime }
        value = h
    }

    @inlinable public static func hash<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var h = FNV1a64()
        h.update(bytes)
        return h.value
    }
}

/// Hex formatting without Foundation.
public enum Hex {
    static let lowerDigits: [UInt8] = Array("0123456789abcdef".utf8)
    static let upperDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    public static func lower(_ v: UInt64, digits: Int = 16) -> String {
        var out: [UInt8] = []
        appendLower(v, digits: digits, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func upper(_ v: UInt64, digits: Int = 16) -> String {
        var out: [UInt8] = []
        var shift = (digits - 1) * 4
        while shift >= 0 { out.append(upperDigits[Int((v >> UInt64(shift)) & 0xF)]); shift -= 4 }
        return String(decoding: out, as: UTF8.self)
    }

    @inlinable public static func appendLower(_ v: UInt64, digits: Int, to out: inout [UInt8]) {
        var shift = (digits - 1) * 4
        while shift >= 0 {
            let nibble = UInt8((v >> UInt64(shift)) & 0xF)
            out.append(nibble < 10 ? 48 + nibble : 87 + nibble)
            shift -= 4
        }
    }

    public static func lower(bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { appendLower(UInt64(b), digits: 2, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}
