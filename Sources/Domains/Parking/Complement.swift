import LockstepCore
import Platform

/// "Likely free": every drivable street side inside the city with nothing regulated within 25 m
/// of its kerb line (the article's query; B3 settles the order and inclusivity).
enum Complement {
    static let clearanceMetres = 25.0
    static let kerbOffsetMetres = 3.0
    /// The first version's buffer, in degrees.
    static let degreeBuffer = 0.00025
    static let highways: Set<String> = ["residential", "living_street", "unclassified", "tertiary", "tertiary_link"]
    static let excludedAccess: Set<String> = ["private", "no", "customers"]

    enum Verdict: Hashable, Sendable {
        case emit
        case outsideBoundary
        case highwayExcluded
        case accessExcluded
        case withinClearance(Double)
    }

    struct Faults {
        var degreeBuffer = false
        var centreline = false
        var anyHighway = false
        var accessCaseSensitive = false
    }

    /// A regulated geometry with its box, so far-away pairs are skipped before any distance.
    struct Regulated {
        var geometry: RegulatedGeometry
        var bbox: BBox
    }

    static func regulatedBox(_ g: RegulatedGeometry) -> BBox {
        switch g { case .line(let p), .polygon(let p): BBox.around(p) }
    }

    /// The street-level checks, in B3's order.
    static func streetVerdict(_ way: OSMWay, boundary: [GeoPoint]?, faults: Faults) -> Verdict? {
        guard let boundary, way.points.allSatisfy({ PlaneGeometry.contains(boundary.map(GeoDistance.flatPoint), GeoDistance.flatPoint($0)) }) else {
            return .outsideBoundary
        }
        if !faults.anyHighway && !highways.contains(way.highway ?? "") { return .highwayExcluded }
        let access = faults.accessCaseSensitive ? (way.access ?? "") : (way.access ?? "").trimmingSpaces.lowercased()
        if excludedAccess.contains(access) { return .accessExcluded }
        return nil
    }

    /// The least distance from `line` to the regulated set (metres; or degrees under the
    /// degree-buffer fault), or nil when nothing is near.
    static func nearest(_ line: [GeoPoint], _ regulated: [Regulated], marginDegrees: (lat: Double, lon: Double), degrees: Bool) -> Double? {
        let b = BBox.around(line)
        let near = BBox(south: b.south - marginDegrees.lat, west: b.west - marginDegrees.lon,
                        north: b.north + marginDegrees.lat, east: b.east + marginDegrees.lon)
        var best: Double?
        for r in regulated where near.intersects(r.bbox) {
            let d: Double
            switch (r.geometry, degrees) {
            case (.line(let p), false): d = GeoDistance.metres(line: line, line: p)
            case (.polygon(let p), false): d = GeoDistance.metres(line: line, polygon: p)
            case (.line(let p), true): d = flatDistance(line, p, polygon: false)
            case (.polygon(let p), true): d = flatDistance(line, p, polygon: true)
            }
            best = min(best ?? d, d)
        }
        return best
    }

    /// Distance in raw degrees, the first version's rule (EPSG:4326 geometry, no geography cast).
    static func flatDistance(_ a: [GeoPoint], _ b: [GeoPoint], polygon: Bool) -> Double {
        let fa = a.map(GeoDistance.flatPoint), fb = b.map(GeoDistance.flatPoint)
        if polygon, fa.contains(where: { PlaneGeometry.contains(fb, $0) }) { return 0 }
        var ring = fb
        if polygon, ring.first != ring.last { ring.append(fb[0]) }
        func segs(_ l: [PlanePoint]) -> [(PlanePoint, PlanePoint)] { l.count == 1 ? [(l[0], l[0])] : (1..<l.count).map { (l[$0 - 1], l[$0]) } }
        var best = Double.infinity
        for (p, q) in segs(fa) {
            for (r, s) in segs(ring) {
                if PlaneGeometry.segmentsIntersect(p, q, r, s) { return 0 }
                best = min(best, PlaneGeometry.distanceToSegment(p, r, s), PlaneGeometry.distanceToSegment(q, r, s),
                           PlaneGeometry.distanceToSegment(r, p, q), PlaneGeometry.distanceToSegment(s, p, q))
            }
        }
        return best
    }
}

extension GeoDistance {
    /// (lon, lat) as a plane point: the containment test uses straight edges in degrees.
    static func flatPoint(_ p: GeoPoint) -> PlanePoint { PlanePoint(east: p.longitude, north: p.latitude) }
}
