import LockstepCore

/// A stable 64-bit fingerprint of an image, for goldens that pin pixels without storing them.
///
/// FNV-1a 64 (LockstepCore's `FNV1a64`, the project's state digest) over: the width as four
/// little-endian bytes, the height as four little-endian bytes, then the `rgba` bytes. The size is
/// included so a 2×8 and a 4×4 image with the same bytes differ. Not cryptographic: it detects
/// change, it does not resist forgery (use `SHA256` over `pngBytes()` where a note asks for sha256).
extension RGBA8Image {
    public var digest: UInt64 {
        var h = FNV1a64()
        h.update(ImageDigest.littleEndian32(width))
        h.update(ImageDigest.littleEndian32(height))
        rgba.withUnsafeBytes { h.update($0) }
        return h.value
    }

    /// `digest` as 16 lowercase hex digits.
    public var digestHex: String { Hex.lower(digest) }
}

enum ImageDigest {
    static func littleEndian32(_ v: Int) -> [UInt8] {
        let u = UInt32(truncatingIfNeeded: v)
        return [UInt8(u & 0xFF), UInt8((u >> 8) & 0xFF), UInt8((u >> 16) & 0xFF), UInt8(u >> 24)]
    }
}
