import LockstepCore

/// A generated artwork: id-map RGBA bytes (written with `IdContract`) and its metadata.
public struct GeneratedArtwork: Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]
    public var meta: RegionMeta
}

/// The seeded asset generator: Voronoi regions of any size with a baked one-pixel outline.
///
/// `regions` sites are drawn uniformly over the image (two `double()` draws each, x then y), then
/// one `int(below: colours)` draw per region for its colour number. Every pixel belongs to the
/// nearest site (squared distance from the pixel centre; a tie goes to the lower site index), found
/// through a uniform grid of buckets so a 2048×2048 map with 10,000 regions takes well under a
/// second. A pixel whose right or lower neighbour belongs to another site becomes an outline
/// (`IdContract.outline`); the rest are encoded with `IdContract.encode` (site k is region k + 1).
/// Palette colour `i` of `k` is a hue wheel at saturation 0.6, value 0.92.
public enum VoronoiArtwork {
    /// Generates the artwork. `swappedByteOrder` reproduces the article's early generator (R = low).
    /// - Precondition: sides 1...16384, `regions` 1...65535, `colours` 1...255 (the reducer checks).
    public static func generate(width: Int, height: Int, regions: Int, colours: Int, rng: inout SeededRNG,
                                swappedByteOrder: Bool = false) -> GeneratedArtwork {
        var sx = [Double](), sy = [Double]()
        sx.reserveCapacity(regions); sy.reserveCapacity(regions)
        for _ in 0..<regions {
            sx.append(rng.double() * Double(width))
            sy.append(rng.double() * Double(height))
        }
        var colourOf = [UInt8]()
        colourOf.reserveCapacity(regions)
        for _ in 0..<regions { colourOf.append(UInt8(rng.int(below: colours))) }

        let owner = nearestSites(width: width, height: height, sx: sx, sy: sy)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            owner.withUnsafeBufferPointer { own in
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * width + x
                        let o = own[i]
                        let edge = (x + 1 < width && own[i + 1] != o) || (y + 1 < height && own[i + width] != o)
                        let px = edge ? IdContract.outline : IdContract.encode(UInt16(o + 1), swapped: swappedByteOrder)
                        out[i * 4] = px.r; out[i * 4 + 1] = px.g; out[i * 4 + 2] = px.b; out[i * 4 + 3] = px.a
                    }
                }
            }
        }
        let palette = (0..<colours).map { hueWheel($0, of: colours) }
        // The limits hold by the precondition, so this cannot throw.
        let meta = (try? RegionMeta(colorIndex: colourOf, palette: palette))!
        return GeneratedArtwork(width: width, height: height, rgba: rgba, meta: meta)
    }

    /// Nearest site index for every pixel (row-major), through a bucket grid with ring search.
    static func nearestSites(width: Int, height: Int, sx: [Double], sy: [Double]) -> [Int32] {
        let n = sx.count
        let cell = max(1, Int((Double(width * height) / Double(n)).squareRoot().rounded(.up)))
        let gx = (width + cell - 1) / cell, gy = (height + cell - 1) / cell
        // Counting sort of sites into cells.
        var start = [Int](repeating: 0, count: gx * gy + 1)
        var cellOf = [Int](repeating: 0, count: n)
        for k in 0..<n {
            let cx = min(gx - 1, Int(sx[k]) / cell), cy = min(gy - 1, Int(sy[k]) / cell)
            cellOf[k] = cy * gx + cx
            start[cellOf[k] + 1] += 1
        }
        for c in 0..<(gx * gy) { start[c + 1] += start[c] }
        var fill = start
        var sites = [Int](repeating: 0, count: n)
        for k in 0..<n { sites[fill[cellOf[k]]] = k; fill[cellOf[k]] += 1 }

        var owner = [Int32](repeating: 0, count: width * height)
        let maxRing = max(gx, gy)
        for y in 0..<height {
            let py = Double(y) + 0.5, cy = y / cell
            for x in 0..<width {
                let px = Double(x) + 0.5, cx = x / cell
                var best = Double.infinity, bestSite = Int.max
                var ring = 0
                while ring <= maxRing {
                    for ry in (cy - ring)...(cy + ring) where ry >= 0 && ry < gy {
                        let onEdgeRow = ry == cy - ring || ry == cy + ring
                        var rx = cx - ring
                        while rx <= cx + ring {
                            if rx >= 0 && rx < gx {
                                let c = ry * gx + rx
                                for j in start[c]..<start[c + 1] {
                                    let k = sites[j]
                                    let dx = sx[k] - px, dy = sy[k] - py
                                    let d = dx * dx + dy * dy
                                    if d < best || (d == best && k < bestSite) { best = d; bestSite = k }
                                }
                            }
                            // Interior rows of a ring only have its two end cells.
                            rx += onEdgeRow || ring == 0 ? 1 : 2 * ring
                        }
                    }
                    // Any site in ring + 1 or beyond is at least ring·cell away.
                    let reach = Double(ring * cell)
                    if best <= reach * reach { break }
                    ring += 1
                }
                owner[y * width + x] = Int32(bestSite)
            }
        }
        return owner
    }

    /// Colour `i` of `k` on a hue wheel (HSV with s = 0.6, v = 0.92), 8 bits per channel.
    static func hueWheel(_ i: Int, of k: Int) -> RGB8 {
        let h = Double(i) * 6 / Double(k)
        let s = 0.6, v = 0.92
        let sector = Int(h.rounded(.down)), f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector % 6 {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        return RGB8(ShaderReference.quantise(r), ShaderReference.quantise(g), ShaderReference.quantise(b))
    }
}
