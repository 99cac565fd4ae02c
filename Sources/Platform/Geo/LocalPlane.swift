import LockstepCore

/// A flat east/north plane in metres, tangent at `origin`, scaled by the WGS84 metres per degree at
/// the origin's latitude. Exact enough for the few hundred metres of a street (the distance rules
/// re-centre the plane on the point they measure from); not for kilometres.
public struct LocalPlane: Hashable, Sendable {
    public let origin: GeoPoint
    public let metresPerDegreeLatitude: Double
    public let metresPerDegreeLongitude: Double

    public init(origin: GeoPoint) {
        self.origin = origin
        let m = WGS84.metresPerDegree(atLatitude: origin.latitude)
        metresPerDegreeLatitude = m.latitude
        metresPerDegreeLongitude = m.longitude
    }

    /// East and north of the origin, metres.
    public func project(_ p: GeoPoint) -> PlanePoint {
        PlanePoint(east: (p.longitude - origin.longitude) * metresPerDegreeLongitude,
                   north: (p.latitude - origin.latitude) * metresPerDegreeLatitude)
    }

    /// The position `east`/`north` metres from the origin (the inverse of `project`).
    public func unproject(_ q: PlanePoint) -> GeoPoint {
        GeoPoint(latitude: origin.latitude + q.north / metresPerDegreeLatitude,
                 longitude: origin.longitude + q.east / metresPerDegreeLongitude)
    }
}

/// A point on a `LocalPlane`, metres.
public struct PlanePoint: Hashable, Sendable {
    public var east: Double
    public var north: Double

    public init(east: Double, north: Double) {
        self.east = east
        self.north = north
    }

    public func distance(to o: PlanePoint) -> Double {
        let de = east - o.east, dn = north - o.north
        return DetMath.sqrt(de * de + dn * dn)
    }
}
