/// CRC-32 as used by PNG, zip and gzip (ISO-HDLC: reflected polynomial 0xEDB88320, initial value
/// and final XOR 0xFFFFFFFF). `CRC32.checksum(Array("123456789".utf8)) == 0xCBF43926`.
///
/// PNG needs it for every chunk; it is public because it is a handy, stable fingerprint elsewhere
/// (goldens, artifact names) and keeping one implementation avoids two that disagree.
public enum CRC32 {
    /// The 256-entry lookup table for byte-at-a-time updates, built once.
    @usableFromInline
    static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 {
                c = (c & 1) != 0 ? (0xEDB8_8320 ^ (c >> 1)) : (c >> 1)
            }
            table[n] = c
        }
        return table
    }()

    /// The CRC-32 of `bytes`.
    public static func checksum<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        update(0, bytes)
    }

    /// Continues a checksum: `update(checksum(a), b) == checksum(a + b)`, so data that arrives in
    /// pieces (a chunk type, then its data) need not be concatenated first. Start from `0`.
    public static func update<S: Sequence>(_ crc: UInt32, _ bytes: S) -> UInt32 where S.Element == UInt8 {
        let table = CRC32.table
        var c = ~crc
        for byte in bytes {
            c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8)
        }
        return ~c
    }
}
