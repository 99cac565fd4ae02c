/// Reads a deflate stream's bits, least significant bit of each byte first (RFC 1951 3.1.1).
///
/// Keeps up to 64 bits in a buffer so a Huffman lookup can peek without touching the array. Every
/// read checks that the bits exist; running out is `PNGError.zlibTruncated`, never a trap.
struct InflateBitReader {
    let bytes: [UInt8]
    /// Index of the next byte to load into `buffer`.
    private(set) var position: Int
    /// Unconsumed bits, the next one in bit 0.
    private(set) var buffer: UInt64 = 0
    /// How many bits of `buffer` are valid.
    private(set) var count = 0

    init(_ bytes: [UInt8], position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Loads whole bytes until the buffer holds more than 56 bits or the input ends (at most 8).
    @inline(__always)
    mutating func refill() {
        while count <= 56 && position < bytes.count {
            buffer |= UInt64(bytes[position]) << UInt64(count)
            position += 1
            count += 8
        }
    }

    /// Consumes and returns the next `n` bits (`0...32`) as an integer, first bit least significant.
    @inline(__always)
    mutating func bits(_ n: Int) throws(PNGError) -> Int {
        if count < n {
            refill()
            if count < n { throw .zlibTruncated }
        }
        let value = Int(buffer & ((1 << UInt64(n)) &- 1))
        buffer >>= UInt64(n)
        count -= n
        return value
    }

    /// The next `n` bits without consuming them; missing bits past the end read as zero.
    @inline(__always)
    mutating func peek(_ n: Int) -> Int {
        if count < n { refill() }
        return Int(buffer & ((1 << UInt64(n)) &- 1))
    }

    /// Consumes `n` bits already seen by `peek`. Throws if fewer than `n` were really there.
    @inline(__always)
    mutating func consume(_ n: Int) throws(PNGError) {
        guard n <= count else { throw .zlibTruncated }
        buffer >>= UInt64(n)
        count -= n
    }

    /// Drops the bits left in the current byte, as before a stored block or the zlib trailer.
    mutating func alignToByte() {
        let drop = count % 8
        buffer >>= UInt64(drop)
        count -= drop
    }

    /// Appends the next `n` bytes to `output`. Must be byte-aligned (`alignToByte()` first).
    mutating func copyBytes(_ n: Int, to output: inout [UInt8]) throws(PNGError) {
        var remaining = n
        // First the whole bytes already in the buffer (at most 8).
        while remaining > 0 && count >= 8 {
            output.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
            remaining -= 1
        }
        guard remaining <= bytes.count - position else { throw .zlibTruncated }
        output.append(contentsOf: bytes[position..<(position + remaining)])
        position += remaining
    }

    /// Bits that have not been consumed, buffered or not: an upper bound on symbols left to read.
    var remainingBits: Int { count + (bytes.count - position) * 8 }
}
