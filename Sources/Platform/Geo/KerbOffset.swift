import LockstepCore

/// Which side of a way, following its node order (OSM's `parking:left/right` convention).
public enum WaySide: String, CaseIterable, Sendable {
    case left, right
}

/// Shifts a line sideways by a ground distance: each segment moves along its own left (or right)
/// normal, using the WGS84 metres per degree at the segment's mean latitude, and consecutive moved
/// segments are joined by a straight connector (a bevel join). Left is +90° from the direction of
/// travel along the node order, as PostGIS `ST_OffsetCurve` with a positive distance.
public enum KerbOffset {
    public static func offset(_ line: [GeoPoint], side: WaySide, metres: Double) -> [GeoPoint] {
        precondition(line.count >= 2, "an offset needs a line of at least two points")
        precondition(metres.isFinite && metres >= 0, "offset distance must be finite and non-negative")
        var out: [GeoPoint] = []
        for i in 1..<line.count {
            let a = line[i - 1], b = line[i]
            let m = WGS84.metresPerDegree(atLatitude: (a.latitude + b.latitude) / 2)
            let dx = (b.longitude - a.longitude) * m.longitude
            let dy = (b.latitude - a.latitude) * m.latitude
            let length = DetMath.sqrt(dx * dx + dy * dy)
            guard length > 0 else { continue }  // a repeated node has no direction
            let sign: Double = side == .left ? 1 : -1
            let nx = -dy / length * sign, ny = dx / length * sign
            let dLon = metres * nx / m.longitude, dLat = metres * ny / m.latitude
            let a2 = GeoPoint(latitude: a.latitude + dLat, longitude: a.longitude + dLon)
            let b2 = GeoPoint(latitude: b.latitude + dLat, longitude: b.longitude + dLon)
            if out.last != a2 { out.append(a2) }
            out.append(b2)
        }
        return out.isEmpty ? line : out
    }
}
