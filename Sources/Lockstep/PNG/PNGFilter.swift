/// PNG scanline filters (PNG specification section 9): each row is stored as a filter-type byte
/// followed by the row's bytes minus a prediction from the pixel to the left (`a`), above (`b`)
/// and above-left (`c`). Bytes left of the first pixel and above the first row count as zero.
enum PNGFilter {
    static let none: UInt8 = 0
    static let sub: UInt8 = 1
    static let up: UInt8 = 2
    static let average: UInt8 = 3
    static let paeth: UInt8 = 4

    /// The Paeth predictor: whichever of a, b, c is closest to a + b - c, ties in that order.
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        if pb <= pc { return b }
        return c
    }

    /// Filters `height` rows of `rowBytes` bytes each from `raw`, choosing per row the filter whose
    /// output has the smallest sum of absolute values (bytes read as signed), the heuristic the PNG
    /// specification recommends for true-colour and grey images. Ties go to the lowest filter type
    /// so the choice is deterministic. Returns `height * (1 + rowBytes)` bytes.
    static func filter(_ raw: [UInt8], rowBytes: Int, height: Int, bytesPerPixel bpp: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(height * (rowBytes + 1))
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 5)
        for y in 0..<height {
            let row = y * rowBytes
            let above = y * rowBytes - rowBytes
            var bestType = 0
            var bestSum = Int.max
            for type in 0..<5 {
                var sum = 0
                candidates[type].withUnsafeMutableBufferPointer { line in
                    for i in 0..<rowBytes {
                        let x = raw[row + i]
                        let a: UInt8 = i >= bpp ? raw[row + i - bpp] : 0
                        let b: UInt8 = y > 0 ? raw[above + i] : 0
                        let c: UInt8 = (i >= bpp && y > 0) ? raw[above + i - bpp] : 0
                        let predicted: UInt8
                        switch type {
                        case 0: predicted = 0
                        case 1: predicted = a
                        case 2: predicted = b
                        case 3: predicted = UInt8((Int(a) + Int(b)) / 2)
                        default: predicted = paethPredictor(a, b, c)
                        }
                        let value = x &- predicted
                        line[i] = value
                        sum += abs(Int(Int8(bitPattern: value)))
                    }
                }
                if sum < bestSum {
                    bestSum = sum
                    bestType = type
                }
            }
            out.append(UInt8(bestType))
            out.append(contentsOf: candidates[bestType])
        }
        return out
    }

    /// Reverses the filters in place on `data` (`height` rows of `1 + rowBytes` bytes, filter type
    /// first). Afterwards each row's bytes hold the raw samples; the type bytes are left as is.
    ///
    /// - Throws: `PNGError.badFilterType` for a type byte above 4.
    static func unfilter(_ data: inout [UInt8], rowBytes: Int, height: Int, bytesPerPixel bpp: Int) throws(PNGError) {
        let stride = rowBytes + 1
        guard data.count >= stride * height else {
            throw .dataSizeMismatch(expected: stride * height, actual: data.count)
        }
        for y in 0..<height {
            let start = y * stride + 1
            let above = start - stride
            let type = data[start - 1]
            switch type {
            case none:
                break
            case sub:
                for i in bpp..<max(bpp, rowBytes) { data[start + i] &+= data[start + i - bpp] }
            case up:
                if y > 0 { for i in 0..<rowBytes { data[start + i] &+= data[above + i] } }
            case average:
                for i in 0..<rowBytes {
                    let a = i >= bpp ? Int(data[start + i - bpp]) : 0
                    let b = y > 0 ? Int(data[above + i]) : 0
                    data[start + i] &+= UInt8((a + b) / 2)
                }
            case paeth:
                for i in 0..<rowBytes {
                    let a: UInt8 = i >= bpp ? data[start + i - bpp] : 0
                    let b: UInt8 = y > 0 ? data[above + i] : 0
                    let c: UInt8 = (i >= bpp && y > 0) ? data[above + i - bpp] : 0
                    data[start + i] &+= paethPredictor(a, b, c)
                }
            default:
                throw .badFilterType(row: y, filterType: Int(type))
            }
        }
    }
}
