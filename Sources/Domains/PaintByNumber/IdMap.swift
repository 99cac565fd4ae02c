import LockstepCore

/// The decoded region-id map: one `UInt16` per pixel, row-major, top row first.
///
/// Decoded once when the page opens and kept (2 bytes per pixel) until teardown; hit testing is
/// an array index into it. The id texture itself is never re-scanned after load.
public struct IdMap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let ids: [UInt16]
    /// Pixels with id 0 (outline or background).
    public let backgroundPixels: Int
    /// Outline pixels (`B == 255`), a subset of `backgroundPixels`.
    public let outlinePixels: Int
    /// Pixel count of every id `0...regionCount`.
    public let pixelsPerId: [Int]

    /// Resident bytes of the decoded map.
    public var residentBytes: Int { ids.count * 2 }

    /// FNV-1a 64 over the ids as two bytes each, high byte first (the contract's R, G order), so
    /// the digest is the same on every platform.
    public let digest: UInt64

    static func digest(_ ids: [UInt16]) -> UInt64 {
        var h = FNV1a64.offsetBasis
        for id in ids {
            h = (h ^ UInt64(id >> 8)) &* FNV1a64.prime
            h = (h ^ UInt64(id & 0xFF)) &* FNV1a64.prime
        }
        return h
    }

    @inline(__always)
    public func id(x: Int, y: Int) -> UInt16 { ids[y * width + x] }

    /// Decodes and validates an RGBA_8888 unpremultiplied buffer (as read back from the PNG, no
    /// colour space) in one linear pass, quoting `IdContract`.
    ///
    /// Refuses, with the first offending pixel: a buffer that is not `width·height·4` bytes or a
    /// non-positive side; a B byte other than 0 and 255 (the CPU calls only 255 an outline, the
    /// shader calls 128...255 one: they would disagree); an alpha other than 255; an id above
    /// `regionCount` (no metadata, no LUT texel).
    public static func decode(rgba: [UInt8], width: Int, height: Int, regionCount: Int) throws(IdMapError) -> IdMap {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else { throw .badSize(width: width, height: height) }
        let n = width * height
        guard rgba.count == n * 4 else { throw .wrongBufferSize(expected: n * 4, actual: rgba.count) }
        guard regionCount >= 0, regionCount <= IdContract.maxRegions else { throw .tooManyRegions(regionCount) }
        var ids = [UInt16](repeating: 0, count: n)
        var counts = [Int](repeating: 0, count: regionCount + 1)
        var outline = 0
        var problem: IdMapError? = nil
        rgba.withUnsafeBufferPointer { px in
            ids.withUnsafeMutableBufferPointer { out in
                counts.withUnsafeMutableBufferPointer { cnt in
                    var p = 0
                    for i in 0..<n {
                        let b = px[p + 2], a = px[p + 3]
                        if b != IdContract.outlineB && b != IdContract.regionB {
                            problem = .outlineByte(x: i % width, y: i / width, b: b); return
                        }
                        if a != IdContract.alpha { problem = .alpha(x: i % width, y: i / width, a: a); return }
                        let id = IdContract.decode(r: px[p], g: px[p + 1], b: b)
                        if Int(id) > regionCount { problem = .idWithoutMeta(x: i % width, y: i / width, id: Int(id), regionCount: regionCount); return }
                        if b == IdContract.outlineB { outline += 1 }
                        out[i] = id
                        cnt[Int(id)] += 1
                        p += 4
                    }
                }
            }
        }
        if let problem { throw problem }
        return IdMap(width: width, height: height, ids: ids, backgroundPixels: counts[0], outlinePixels: outline, pixelsPerId: counts)
    }

    init(width: Int, height: Int, ids: [UInt16], backgroundPixels: Int, outlinePixels: Int, pixelsPerId: [Int]) {
        self.width = width
        self.height = height
        self.ids = ids
        self.backgroundPixels = backgroundPixels
        self.outlinePixels = outlinePixels
        self.pixelsPerId = pixelsPerId
        self.digest = IdMap.digest(ids)
    }
}

/// Why an id map was refused.
public enum IdMapError: Error, Sendable, Equatable, CustomStringConvertible {
    case badSize(width: Int, height: Int)
    case wrongBufferSize(expected: Int, actual: Int)
    case outlineByte(x: Int, y: Int, b: UInt8)
    case alpha(x: Int, y: Int, a: UInt8)
    case idWithoutMeta(x: Int, y: Int, id: Int, regionCount: Int)
    case tooManyRegions(Int)

    /// The rejection reason, a kebab-case word.
    public var word: String {
        switch self {
        case .badSize: "bad-size"
        case .wrongBufferSize: "wrong-buffer-size"
        case .outlineByte: "outline-byte"
        case .alpha: "alpha-not-opaque"
        case .idWithoutMeta: "id-without-meta"
        case .tooManyRegions: "too-many-regions"
        }
    }

    public var description: String {
        switch self {
        case .badSize(let w, let h): "id map is \(w)×\(h); each side must be 1...32768"
        case .wrongBufferSize(let e, let a): "pixel buffer has \(a) bytes; width·height·4 = \(e)"
        case .outlineByte(let x, let y, let b): "pixel (\(x),\(y)) has B=\(b); the contract allows only 0 (region) and 255 (outline), and the shader would call B≥128 an outline where the CPU does not"
        case .alpha(let x, let y, let a): "pixel (\(x),\(y)) has A=\(a); the contract requires 255"
        case .idWithoutMeta(let x, let y, let id, let n): "pixel (\(x),\(y)) has id \(id) but the metadata describes regions 1...\(n)"
        case .tooManyRegions(let n): "\(n) regions; at most \(IdContract.maxRegions)"
        }
    }
}
