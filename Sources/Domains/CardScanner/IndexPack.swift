/// One game's artwork index: int8 rows with one scale (A7 text form), searched brute force.
public struct IndexPack: Equatable, Sendable {
    public var game: String
    public var visionRevision: Int
    public var scale: Float
    public var scaleText: String
    public var cardIDs: [String]
    /// Row-major, `cardIDs.count × 768` int8 levels.
    public var levels: [Int8]

    /// The runtime's feature-print revision: a pack of another revision is refused.
    public static let runtimeRevision = 2
    /// `vDSP` works 512 rows at a time in the app; here the chunk only bounds the work per loop.
    public static let chunkRows = 512
    public static let maxRows = 30_000

    /// A pack line's rows: `"cardId AXIS:LEVEL …; cardId …"`.
    public enum ParseError: Error, Equatable {
        case row(index: Int, why: String)
    }

    public static func parseRows(_ text: String) -> Result<(ids: [String], levels: [Int8]), ParseError> {
        var ids: [String] = []
        var levels: [Int8] = []
        var seen: Set<String> = []
        let rows = text.split(separator: ";", omittingEmptySubsequences: false)
        for (r, row) in rows.enumerated() {
            let tokens = row.split(separator: " ")
            guard let id = tokens.first else { return .failure(.row(index: r + 1, why: "empty row")) }
            guard !id.contains(":"), seen.insert(String(id)).inserted else {
                return .failure(.row(index: r + 1, why: id.contains(":") ? "a row starts with its card id" : "card '\(id)' is listed twice"))
            }
            guard ids.count < maxRows else { return .failure(.row(index: r + 1, why: "more than \(maxRows) rows")) }
            var row8 = [Int8](repeating: 0, count: Embedding.dimension)
            for (t, token) in tokens.dropFirst().enumerated() {
                let parts = token.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 2, let axis = Int(parts[0]), let level = Int(parts[1]) else {
                    return .failure(.row(index: r + 1, why: "token \(t + 1) '\(token)' is not AXIS:LEVEL"))
                }
                guard axis >= 0, axis < Embedding.dimension else {
                    return .failure(.row(index: r + 1, why: "axis \(axis) is outside 0...\(Embedding.dimension - 1) (a truncated row)"))
                }
                guard level >= -127, level <= 127 else {
                    return .failure(.row(index: r + 1, why: "level \(level) is outside -127...127"))
                }
                row8[axis] = Int8(level)
            }
            ids.append(String(id))
            levels += row8
        }
        return .success((ids, levels))
    }

    /// `1/256`, `0.00390625`: a positive finite scale, or nil.
    public static func parseScale(_ text: String) -> Float? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let value: Float?
        if parts.count == 2, let n = Float(parts[0]), let d = Float(parts[1]), d != 0 { value = n / d } else if parts.count == 1 { value = Float(text) } else { value = nil }
        guard let v = value, v.isFinite, v > 0 else { return nil }
        return v
    }

    /// Euclidean distance of `query` to every row (A2): dequantise `Float(q) × scale`, accumulate the
    /// squared differences in index order in `Float` (no fused multiply-add), `Float` square root,
    /// widened to `Double` once.
    public func distances(to query: [Float]) -> [Double] {
        precondition(query.count == Embedding.dimension)
        var out = [Double](repeating: 0, count: cardIDs.count)
        var chunkStart = 0
        while chunkStart < cardIDs.count {
            let chunkEnd = min(chunkStart + IndexPack.chunkRows, cardIDs.count)
            for row in chunkStart..<chunkEnd {
                let base = row * Embedding.dimension
                var sum: Float = 0
                for i in 0..<Embedding.dimension {
                    let x = Float(levels[base + i]) * scale
                    let d = query[i] - x
                    let sq = d * d
                    sum = sum + sq
                }
                out[row] = Double(sum.squareRoot())
            }
            chunkStart = chunkEnd
        }
        return out
    }

    /// How many full chunks and the rows of the last partial chunk, for `rows` rows.
    public static func chunks(rows: Int) -> (full: Int, rest: Int) { (rows / chunkRows, rows % chunkRows) }
}

/// A2: six decimals, rounded half away from zero, without Foundation formatting.
public enum DistanceText {
    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return d.isNaN ? "nan" : "inf" }
        let micro = Int64((d * 1e6).rounded(.toNearestOrAwayFromZero))
        let sign = micro < 0 ? "-" : ""
        let m = micro.magnitude
        let frac = String(m % 1_000_000)
        return sign + String(m / 1_000_000) + "." + String(repeating: "0", count: 6 - frac.count) + frac
    }
}
