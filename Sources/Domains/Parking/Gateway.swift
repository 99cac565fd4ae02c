import LockstepCore
import Platform

/// The Flask gateway's two endpoints over the published table: kerbs in a box, nearest first with
/// a limit (so truncation eats the ring, not the screen's centre), as a slim GeoJSON payload; and
/// kerb counts on an 8 × 8 grid over the viewport for the zoomed-out map.
enum Gateway {
    static let defaultLimit = 1_500
    static let gridSize = 8
    static let circleMinPoints = 6.0
    static let circleMaxPoints = 24.0

    /// Rows whose box meets `box`, ordered by ground distance from `centre` to the line (ties by
    /// id), at most `limit`. `unordered` is the version that truncated by id.
    static func query(_ rows: [KerbRow], box: BBox, centre: GeoPoint, limit: Int, unordered: Bool) -> (rows: [KerbRow], matched: Int) {
        var hits: [(Double, KerbRow)] = []
        for r in rows where box.intersects(BBox.around(r.points)) {
            let d = unordered ? 0 : GeoDistance.metres(line: [centre], line: r.points)
            hits.append((d, r))
        }
        hits.sort { ($0.0, $0.1.sourceID) < ($1.0, $1.1.sourceID) }
        return (hits.prefix(limit).map(\.1), hits.count)
    }

    /// A coordinate as the payload writes it: x·10⁶ rounded half away from zero, six decimals.
    static func coordinate(_ x: Double) -> String {
        let micro = Int64((x * 1_000_000).rounded(.toNearestOrAwayFromZero))
        let sign = micro < 0 ? "-" : ""
        let m = micro.magnitude
        return sign + String(m / 1_000_000) + "." + ZeroPad.decimal(Int(m % 1_000_000), width: 6)
    }

    static func rounded(_ x: Double) -> Double { (x * 1_000_000).rounded(.toNearestOrAwayFromZero) / 1_000_000 }

    /// One Feature: exactly four properties, coordinates to 6 decimals. `fat` is the first
    /// payload: name, zone, capacity and source too, and coordinates at full precision.
    static func featureJSON(_ r: KerbRow, fat: Bool) -> String {
        func num(_ x: Double) -> String { fat ? "\(x)" : coordinate(x) }
        let pair = { (p: GeoPoint) in "[\(num(p.longitude)),\(num(p.latitude))]" }
        let geometry = r.points.count == 1
            ? "{\"type\":\"Point\",\"coordinates\":\(pair(r.points[0]))}"
            : "{\"type\":\"LineString\",\"coordinates\":[\(r.points.map(pair).joined(separator: ","))]}"
        var props = "\"source_id\":\(json(r.sourceID)),\"fee_state\":\(json(r.feeState)),\"fee_source\":\(json(r.feeSource)),\"opening_hours\":\(r.hours.map(json) ?? "null")"
        if fat { props += ",\"name\":null,\"zone\":null,\"capacity\":null,\"source\":\(json(r.feeSource))" }
        return "{\"type\":\"Feature\",\"geometry\":\(geometry),\"properties\":{\(props)}}"
    }

    static func payload(_ rows: [KerbRow], fat: Bool) -> String {
        "{\"type\":\"FeatureCollection\",\"features\":[" + rows.map { featureJSON($0, fat: fat) }.joined(separator: ",") + "]}"
    }

    /// A JSON string literal (quotes, backslashes and control characters escaped).
    static func json(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if u.value < 0x20 { out += "\\u00" + (u.value < 0x10 ? "0" : "") + String(u.value, radix: 16) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    /// What the phone keeps of a row: the four properties and the rounded coordinates.
    static func feature(_ r: KerbRow, fat: Bool) -> Feature {
        let pts = fat ? r.points : r.points.map { GeoPoint(latitude: rounded($0.latitude), longitude: rounded($0.longitude)) }
        return Feature(id: r.sourceID, feeState: r.feeState, feeSource: r.feeSource, hours: r.hours, points: pts, bbox: BBox.around(pts))
    }

    /// Counts per cell of an 8 × 8 grid over `viewport` (row 0 is the southern edge), by each kerb's
    /// mean vertex; circles sized by log10(count)/log10(max), or linearly under the fault.
    static func grid(_ rows: [KerbRow], viewport v: BBox, linear: Bool) -> [GridCell] {
        var counts = Array(repeating: 0, count: gridSize * gridSize)
        let dLat = (v.north - v.south) / Double(gridSize), dLon = (v.east - v.west) / Double(gridSize)
        for r in rows {
            let lat = r.points.map(\.latitude).reduce(0, +) / Double(r.points.count)
            let lon = r.points.map(\.longitude).reduce(0, +) / Double(r.points.count)
            guard v.contains(GeoPoint(latitude: lat, longitude: lon)) else { continue }
            let row = min(gridSize - 1, Int(((lat - v.south) / dLat).rounded(.down)))
            let col = min(gridSize - 1, Int(((lon - v.west) / dLon).rounded(.down)))
            counts[row * gridSize + col] += 1
        }
        let maxCount = counts.max() ?? 0
        var cells: [GridCell] = []
        for (i, c) in counts.enumerated() where c > 0 {
            cells.append(GridCell(row: i / gridSize, col: i % gridSize, count: c, radiusPoints: radius(c, max: maxCount, linear: linear)))
        }
        return cells
    }

    /// rMin + (rMax − rMin) × log10(count)/log10(maxCount); every circle is rMax when the largest
    /// count is 1 (the ratio is 0/0).
    static func radius(_ count: Int, max maxCount: Int, linear: Bool) -> Double {
        precondition(count >= 1 && count <= maxCount, "a circle's count is 1...max")
        if linear { return circleMinPoints + (circleMaxPoints - circleMinPoints) * Double(count) / Double(maxCount) }
        if maxCount == 1 { return circleMaxPoints }
        return circleMinPoints + (circleMaxPoints - circleMinPoints) * DetMath.log10(Double(count)) / DetMath.log10(Double(maxCount))
    }
}
