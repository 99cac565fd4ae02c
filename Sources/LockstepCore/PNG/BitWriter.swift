/// Writes bits least-significant first into bytes, the order deflate defines (RFC 1951 3.1.1).
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    /// Bits not yet written out, the oldest in bit 0; fewer than 8 between calls.
    private var buffer: UInt64 = 0
    private var count = 0

    /// Appends the low `n` bits of `value` (`0...32`), first bit least significant.
    @inline(__always)
    mutating func write(_ value: Int, _ n: Int) {
        buffer |= (UInt64(truncatingIfNeeded: value) & ((1 << UInt64(n)) &- 1)) << UInt64(count)
        count += n
        // At most 5 iterations: count < 8 + 32 here.
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// Pads with zero bits to the next byte boundary, as before a stored block's LEN field.
    mutating func alignToByte() {
        if count > 0 { write(0, 8 - count) }
    }

    /// Appends whole bytes. Must be byte-aligned.
    mutating func writeBytes(_ slice: ArraySlice<UInt8>) {
        bytes.append(contentsOf: slice)
    }
}
