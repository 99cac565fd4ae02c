import LockstepCore

/// Ground distances in metres between points, segments, lines and polygons given in degrees.
///
/// The rule (point P to segment AB): project A and B into an east/north plane centred on P with
/// the WGS84 metres per degree at P's latitude, clamp the perpendicular foot to the segment and
/// take the Euclidean length. Against Vincenty this is within 0.2 mm for segments up to ~700 m and
/// separations up to ~100 m; edges are straight in (lon, lat), which differs from a great circle by
/// under 1 mm for a 200 m edge. Declared tolerance against PostGIS geography: 1 cm.
public enum GeoDistance {
    /// Point to point, on the plane centred at `a`.
    public static func metres(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        LocalPlane(origin: a).project(b).distance(to: PlanePoint(east: 0, north: 0))
    }

    /// Point P to segment AB.
    public static func metres(from p: GeoPoint, toSegment a: GeoPoint, _ b: GeoPoint) -> Double {
        let plane = LocalPlane(origin: p)
        return PlaneGeometry.distanceToSegment(PlanePoint(east: 0, north: 0), plane.project(a), plane.project(b))
    }

    /// Segment to segment: 0 when they cross (tested in lon/lat), else the least of the four
    /// endpoint-to-segment distances.
    public static func metres(segment a: GeoPoint, _ b: GeoPoint, segment c: GeoPoint, _ d: GeoPoint) -> Double {
        if PlaneGeometry.segmentsIntersect(flat(a), flat(b), flat(c), flat(d)) { return 0 }
        return min(min(metres(from: a, toSegment: c, d), metres(from: b, toSegment: c, d)),
                   min(metres(from: c, toSegment: a, b), metres(from: d, toSegment: a, b)))
    }

    /// Line (or a single point) to line (or a single point): the least over their segments.
    public static func metres(line: [GeoPoint], line other: [GeoPoint]) -> Double {
        precondition(!line.isEmpty && !other.isEmpty, "a line needs at least one point")
        var best = Double.infinity
        for (a, b) in segments(line) {
            for (c, d) in segments(other) {
                best = min(best, metres(segment: a, b, segment: c, d))
                if best == 0 { return 0 }
            }
        }
        return best
    }

    /// Line to polygon (a closed ring, last point equal to the first or not): 0 when a vertex of
    /// the line is inside or an edge crosses the ring, else the least distance to its edges.
    public static func metres(line: [GeoPoint], polygon ring: [GeoPoint]) -> Double {
        precondition(ring.count >= 3, "a polygon ring needs at least three points")
        let flatRing = ring.map(flat)
        for p in line where PlaneGeometry.contains(flatRing, flat(p)) { return 0 }
        var closed = ring
        if closed.first != closed.last { closed.append(ring[0]) }
        return metres(line: line, line: closed)
    }

    /// (lon, lat) as a plane point, for the crossing and containment tests (straight edges in degrees).
    static func flat(_ p: GeoPoint) -> PlanePoint { PlanePoint(east: p.longitude, north: p.latitude) }

    /// Consecutive pairs; a single point is a degenerate segment with itself.
    static func segments(_ line: [GeoPoint]) -> [(GeoPoint, GeoPoint)] {
        if line.count == 1 { return [(line[0], line[0])] }
        return (1..<line.count).map { (line[$0 - 1], line[$0]) }
    }
}
