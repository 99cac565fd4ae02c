/// Adler-32, the checksum that ends every zlib stream (RFC 1950): two 16-bit sums modulo 65521.
/// `Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E60398`.
public enum Adler32 {
    /// The largest prime below 2^16.
    static let modulus: UInt32 = 65_521

    /// The most bytes that can be summed before `b` could overflow a `UInt32` (zlib's NMAX), so the
    /// expensive modulo runs once per block rather than once per byte.
    static let blockLength = 5_552

    /// The Adler-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        update(1, bytes)
    }

    /// Continues a checksum over more data. Start from `1` (the checksum of no bytes), not `0`.
    public static func update(_ adler: UInt32, _ bytes: [UInt8]) -> UInt32 {
        var a = adler & 0xFFFF
        var b = adler >> 16
        var start = 0
        // Bounded: each pass consumes at least one byte until `start` reaches `bytes.count`.
        while start < bytes.count {
            let end = min(start + blockLength, bytes.count)
            for i in start..<end {
                a &+= UInt32(bytes[i])
                b &+= a
            }
            a %= modulus
            b %= modulus
            start = end
        }
        return (b << 16) | a
    }
}
