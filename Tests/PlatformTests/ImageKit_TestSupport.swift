import Platform

/// An image from pixels listed row by row.
func ikImage(_ width: Int, _ height: Int, _ pixels: [RGBA8]) throws -> RGBA8Image {
    precondition(pixels.count == width * height)
    return try RGBA8Image(width: width, height: height, rgba: pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] })
}

/// An opaque grey image from levels listed row by row.
func ikGreys(_ width: Int, _ height: Int, _ levels: [UInt8]) throws -> RGBA8Image {
    try ikImage(width, height, levels.map { RGBA8.grey($0) })
}

/// The pixels of an image, row by row.
func ikPixels(_ img: RGBA8Image) -> [RGBA8] {
    (0..<img.height).flatMap { y in (0..<img.width).map { x in img.pixel(x: x, y: y) } }
}

/// Random-looking pixels from `PatternHash` (no RNG state): every channel, alpha included, varies;
/// with `opaque`, alpha is 255. A quarter of the pixels get alpha 0 when not opaque, so the
/// alpha-weighting paths are exercised.
func ikScrambled(_ width: Int, _ height: Int, seed: UInt64, opaque: Bool = false) throws -> RGBA8Image {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let h = PatternHash.hash(seed, x, y)
            var a = UInt8(truncatingIfNeeded: h >> 24)
            if opaque { a = 255 } else if h >> 62 == 0 { a = 0 }
            bytes += [UInt8(truncatingIfNeeded: h), UInt8(truncatingIfNeeded: h >> 8), UInt8(truncatingIfNeeded: h >> 16), a]
        }
    }
    return try RGBA8Image(width: width, height: height, rgba: bytes)
}
