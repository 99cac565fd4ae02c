/// The zlib container (RFC 1950) around deflate data: a two-byte header, the deflate stream and a
/// big-endian Adler-32 of the uncompressed data. PNG's `IDAT` data is exactly one such stream.
enum Zlib {
    /// Decompresses a zlib stream, checking the header and the Adler-32.
    ///
    /// - Parameter maxOutput: the most bytes accepted (see `Inflate.inflate`). Bytes after the
    ///   trailer are ignored, as other decoders do.
    static func decompress(_ data: [UInt8], maxOutput: Int) throws(PNGError) -> [UInt8] {
        guard data.count >= 2 else { throw .zlibTruncated }
        let cmf = Int(data[0])
        let flg = Int(data[1])
        guard cmf & 0x0F == 8 else {
            throw .zlibBadHeader("compression method \(cmf & 0x0F), only 8 (deflate) exists")
        }
        guard cmf >> 4 <= 7 else {
            throw .zlibBadHeader("window size 2^\((cmf >> 4) + 8) exceeds 32 KiB")
        }
        guard (cmf << 8 | flg) % 31 == 0 else {
            throw .zlibBadHeader("header check bits wrong (CMF*256 + FLG is not a multiple of 31)")
        }
        guard flg & 0x20 == 0 else {
            throw .zlibBadHeader("preset dictionary requested, which PNG does not allow")
        }
        var reader = InflateBitReader(data, position: 2)
        let output = try Inflate.inflate(&reader, maxOutput: maxOutput)
        reader.alignToByte()
        var stored: UInt32 = 0
        for _ in 0..<4 {
            stored = stored << 8 | UInt32(try reader.bits(8))
        }
        let computed = Adler32.checksum(output)
        guard stored == computed else { throw .zlibChecksumMismatch(stored: stored, computed: computed) }
        return output
    }

    /// Compresses `data` into a zlib stream with `Deflate`. Deterministic: a function of `data` only.
    static func compress(_ data: [UInt8]) -> [UInt8] {
        // 0x78 0xDA: deflate, 32 KiB window, "maximum compression" level hint; 0x78DA % 31 == 0.
        var out: [UInt8] = [0x78, 0xDA]
        out.append(contentsOf: Deflate.compress(data))
        let adler = Adler32.checksum(data)
        out.append(UInt8(truncatingIfNeeded: adler >> 24))
        out.append(UInt8(truncatingIfNeeded: adler >> 16))
        out.append(UInt8(truncatingIfNeeded: adler >> 8))
        out.append(UInt8(truncatingIfNeeded: adler))
        return out
    }
}
