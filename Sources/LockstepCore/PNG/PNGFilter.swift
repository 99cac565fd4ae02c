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
    ///
    /// - Precondition: `raw.count == rowBytes * height` (the encoder's own, validated data; this
    ///   is never called on decoder input, which is why raw pointers are acceptable here).
    static func filter(_ raw: [UInt8], rowBytes: Int, height: Int, bytesPerPixel bpp: Int) -> [UInt8] {
        precondition(raw.count == rowBytes * height && rowBytes > 0 && bpp > 0 && bpp <= rowBytes)
        let stride = rowBytes + 1
        var out = [UInt8](repeating: 0, count: height * stride)
        var trial = [UInt8](repeating: 0, count: rowBytes)
        let zeroRow = [UInt8](repeating: 0, count: rowBytes)
        raw.withUnsafeBufferPointer { source in
            zeroRow.withUnsafeBufferPointer { zero in
                out.withUnsafeMutableBufferPointer { output in
                    trial.withUnsafeMutableBufferPointer { trialBuffer in
                        guard let src = source.baseAddress, let zeros = zero.baseAddress,
                              let dst = output.baseAddress, let candidate = trialBuffer.baseAddress else { return }
                        for y in 0..<height {
                            let line = src + y * rowBytes
                            let prior = y > 0 ? src + (y - 1) * rowBytes : zeros
                            let target = dst + y * stride
                            var bestSum = Int.max
                            for type in 0..<5 {
                                let sum = filterRow(type: type, line: line, prior: prior, into: candidate,
                                                    count: rowBytes, bpp: bpp, giveUpAt: bestSum)
                                // Strictly smaller: a tie keeps the lower filter type.
                                if sum < bestSum {
                                    bestSum = sum
                                    target[0] = UInt8(type)
                                    (target + 1).update(from: candidate, count: rowBytes)
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Writes `line` filtered with `type` into `candidate` and returns the sum of absolute signed
    /// values, or any value `>= giveUpAt` as soon as the sum reaches it (that filter cannot win).
    @inline(__always)
    private static func filterRow(type: Int, line: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>,
                                  into candidate: UnsafeMutablePointer<UInt8>, count: Int, bpp: Int,
                                  giveUpAt limit: Int) -> Int {
        var sum = 0
        @inline(__always) func put(_ i: Int, _ value: UInt8) {
            candidate[i] = value
            sum &+= abs(Int(Int8(bitPattern: value)))
        }
        switch type {
        case 0:
            for i in 0..<count { put(i, line[i]) }
        case 1:
            for i in 0..<bpp { put(i, line[i]) }
            for i in bpp..<count {
                put(i, line[i] &- line[i - bpp])
                if sum >= limit { return sum }
            }
        case 2:
            for i in 0..<count {
                put(i, line[i] &- prior[i])
                if sum >= limit { return sum }
            }
        case 3:
            for i in 0..<bpp { put(i, line[i] &- prior[i] / 2) }
            for i in bpp..<count {
                put(i, line[i] &- UInt8((Int(line[i - bpp]) + Int(prior[i])) / 2))
                if sum >= limit { return sum }
            }
        default:
            for i in 0..<bpp { put(i, line[i] &- prior[i]) } // Paeth with a = c = 0 predicts b
            for i in bpp..<count {
                put(i, line[i] &- paethPredictor(line[i - bpp], prior[i], prior[i - bpp]))
                if sum >= limit { return sum }
            }
        }
        return sum
    }

    /// Reverses the filters in place on `height` scanlines of `1 + rowBytes` bytes each (filter
    /// type first) starting at `data[start]`: one Adam7 pass, or a whole non-interlaced image. The
    /// first of them has no row above (the bytes "above" count as zero). Afterwards each row holds
    /// the raw samples; the type bytes are left as they are.
    ///
    /// Bytes without a left neighbour (the first `bpp`) and the first row are handled apart, so
    /// the loops over the rest of a row have no per-byte conditions.
    ///
    /// - Parameter firstRow: the number of the first scanline in `PNGError.badFilterType`.
    /// - Throws: `PNGError.badFilterType` for a type byte above 4.
    static func unfilter(_ data: inout [UInt8], start: Int = 0, rowBytes: Int, height: Int,
                         bytesPerPixel bpp: Int, firstRow: Int = 0) throws(PNGError) {
        let stride = rowBytes + 1
        guard start >= 0, data.count - start >= stride * height else {
            throw .dataSizeMismatch(expected: start + stride * height, actual: data.count)
        }
        let lead = min(bpp, rowBytes) // bytes whose left neighbour is outside the row
        for y in 0..<height {
            let line = start + y * stride + 1
            let above = line - stride // the previous row of the pass; only read when y > 0
            let type = data[line - 1]
            switch type {
            case none:
                break
            case sub:
                for i in lead..<rowBytes { data[line + i] &+= data[line + i - bpp] }
            case up:
                if y > 0 { for i in 0..<rowBytes { data[line + i] &+= data[above + i] } }
            case average:
                if y == 0 {
                    for i in lead..<rowBytes { data[line + i] &+= data[line + i - bpp] >> 1 }
                } else {
                    for i in 0..<lead { data[line + i] &+= data[above + i] >> 1 }
                    for i in lead..<rowBytes {
                        data[line + i] &+= UInt8((UInt16(data[line + i - bpp]) + UInt16(data[above + i])) >> 1)
                    }
                }
            case paeth:
                if y == 0 {
                    // b = c = 0, so Paeth predicts a: the same as Sub.
                    for i in lead..<rowBytes { data[line + i] &+= data[line + i - bpp] }
                } else {
                    // a = c = 0 predicts b.
                    for i in 0..<lead { data[line + i] &+= data[above + i] }
                    for i in lead..<rowBytes {
                        data[line + i] &+= paethPredictor(data[line + i - bpp], data[above + i], data[above + i - bpp])
                    }
                }
            default:
                throw .badFilterType(row: firstRow + y, filterType: Int(type))
            }
        }
    }
}
