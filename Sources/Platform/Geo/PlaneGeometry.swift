import LockstepCore

/// Flat-plane primitives: point–segment distance, segment crossing, point in polygon, convex hull
/// (Andrew's monotone chain) and its diameter. Pure arithmetic and DetMath's square root.
public enum PlaneGeometry {
    /// Distance from P to segment AB (a degenerate segment is a point).
    public static func distanceToSegment(_ p: PlanePoint, _ a: PlanePoint, _ b: PlanePoint) -> Double {
        let de = b.east - a.east, dn = b.north - a.north
        let len2 = de * de + dn * dn
        if len2 == 0 { return p.distance(to: a) }
        var t = ((p.east - a.east) * de + (p.north - a.north) * dn) / len2
        t = min(1, max(0, t))
        return p.distance(to: PlanePoint(east: a.east + t * de, north: a.north + t * dn))
    }

    /// Twice the signed area of triangle ABC: > 0 when C is left of AB.
    public static func cross(_ a: PlanePoint, _ b: PlanePoint, _ c: PlanePoint) -> Double {
        (b.east - a.east) * (c.north - a.north) - (b.north - a.north) * (c.east - a.east)
    }

    /// Whether segments AB and CD share a point (touching counts).
    public static func segmentsIntersect(_ a: PlanePoint, _ b: PlanePoint, _ c: PlanePoint, _ d: PlanePoint) -> Bool {
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        func onSegment(_ p: PlanePoint, _ q: PlanePoint, _ r: PlanePoint) -> Bool {
            min(p.east, q.east) <= r.east && r.east <= max(p.east, q.east) && min(p.north, q.north) <= r.north && r.north <= max(p.north, q.north)
        }
        if d1 == 0 && onSegment(c, d, a) { return true }
        if d2 == 0 && onSegment(c, d, b) { return true }
        if d3 == 0 && onSegment(a, b, c) { return true }
        if d4 == 0 && onSegment(a, b, d) { return true }
        return false
    }

    /// Even–odd point in polygon; a point on an edge counts as inside (ST_DWithin would say 0 m).
    public static func contains(_ ring: [PlanePoint], _ p: PlanePoint) -> Bool {
        guard ring.count >= 3 else { return false }
        var inside = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if cross(a, b, p) == 0 && min(a.east, b.east) <= p.east && p.east <= max(a.east, b.east)
                && min(a.north, b.north) <= p.north && p.north <= max(a.north, b.north) { return true }
            if (a.north > p.north) != (b.north > p.north) {
                let x = a.east + (p.north - a.north) * (b.east - a.east) / (b.north - a.north)
                if p.east < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// The convex hull by Andrew's monotone chain, counter-clockwise from the lowest (east, north);
    /// collinear points dropped. One or two distinct points come back as they are.
    public static func convexHull(_ points: [PlanePoint]) -> [PlanePoint] {
        let sorted = points.sorted { ($0.east, $0.north) < ($1.east, $1.north) }
        var unique: [PlanePoint] = []
        for p in sorted where unique.last != p { unique.append(p) }
        if unique.count <= 2 { return unique }
        var lower: [PlanePoint] = []
        for p in unique {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        var upper: [PlanePoint] = []
        for p in unique.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// Indices into `hull` of its farthest pair: the first maximum in hull order wins.
    public static func diameterPair(_ hull: [PlanePoint]) -> (Int, Int)? {
        guard !hull.isEmpty else { return nil }
        var best = (0, 0)
        var bestLength = -1.0
        for i in 0..<hull.count {
            for j in (i + 1)..<max(i + 1, hull.count) {
                let d = hull[i].distance(to: hull[j])
                if d > bestLength { bestLength = d; best = (i, j) }
            }
        }
        return best
    }
}
