import LockstepCore
import Platform
import Testing

/// Known values computed apart from the code (Python, WGS84 formulas of the parking note's B2).
@Suite struct GeoTests {
    func close(_ a: Double, _ b: Double, _ tol: Double) -> Bool { abs(a - b) <= tol }

    /// Metres per degree at the five cities' reference latitudes (B2's table, to 1 mm).
    @Test func metresPerDegreeTable() {
        let table: [(Double, Double, Double)] = [
            (41.39, 111_061.454, 83_637.302), (40.4168, 111_042.653, 84_872.396), (39.4699, 111_024.463, 86_050.507),
            (52.52, 111_277.211, 67_879.413), (50.0614, 111_230.247, 71_604.402),
        ]
        for (lat, mLat, mLon) in table {
            let m = WGS84.metresPerDegree(atLatitude: lat)
            #expect(close(m.latitude, mLat, 0.0006), "\(lat): \(m.latitude)")
            #expect(close(m.longitude, mLon, 0.0006), "\(lat): \(m.longitude)")
        }
    }

    /// The degree-buffer regression: 0.00025° at 41.39° is 27.765 m N–S and 20.909 m E–W.
    @Test func degreeBufferIsAnisotropic() {
        let m = WGS84.metresPerDegree(atLatitude: 41.39)
        #expect(close(0.00025 * m.latitude, 27.765, 0.0005))
        #expect(close(0.00025 * m.longitude, 20.909, 0.0005))
        // A paid kerb 23 m due east is 0.0002750° away: outside the degree buffer, inside 25 m.
        let p = GeoPoint(latitude: 41.39, longitude: 2.17)
        let q = GeoPoint(latitude: 41.39, longitude: 2.17 + 0.000275)
        #expect(close(GeoDistance.metres(p, q), 23.000, 0.001))
    }

    /// B1's worked example: way 1001 west→east at 41.39°; the left kerb is 3 m north
    /// (latitude 41.390027012), the right 3 m south (41.389972988).
    @Test func kerbOffsetSides() {
        let way = [GeoPoint(latitude: 41.39, longitude: 2.17), GeoPoint(latitude: 41.39, longitude: 2.172)]
        let left = KerbOffset.offset(way, side: .left, metres: 3)
        let right = KerbOffset.offset(way, side: .right, metres: 3)
        #expect(left.count == 2 && right.count == 2)
        #expect(close(left[0].latitude, 41.390027012, 5e-10) && close(left[1].latitude, 41.390027012, 5e-10))
        #expect(close(right[0].latitude, 41.389972988, 5e-10))
        #expect(left[0].longitude == 2.17 && left[1].longitude == 2.172)
        // A south→north way has its left kerb to the west, 0.000035869° of longitude.
        let north = [GeoPoint(latitude: 41.39, longitude: 2.17), GeoPoint(latitude: 41.391, longitude: 2.17)]
        let westKerb = KerbOffset.offset(north, side: .left, metres: 3)
        let m = WGS84.metresPerDegree(atLatitude: 41.3905)
        #expect(close(westKerb[0].longitude, 2.17 - 3 / m.longitude, 1e-12))
        #expect(close(3 / WGS84.metresPerDegree(atLatitude: 41.39).longitude, 0.000035869, 5e-10))
    }

    /// B3's worked example: a paid segment 27.9 m north of the centreline is 24.900 m from the
    /// left kerb and 30.900 m from the right; at 28.1 m north the left kerb is 25.100 m away.
    @Test func clearanceWorkedExample() {
        let way = [GeoPoint(latitude: 41.39, longitude: 2.17), GeoPoint(latitude: 41.39, longitude: 2.172)]
        let paid = [GeoPoint(latitude: 41.390251212, longitude: 2.1705), GeoPoint(latitude: 41.390251212, longitude: 2.1715)]
        let left = KerbOffset.offset(way, side: .left, metres: 3)
        let right = KerbOffset.offset(way, side: .right, metres: 3)
        #expect(close(GeoDistance.metres(line: left, line: paid), 24.900, 0.0005))
        #expect(close(GeoDistance.metres(line: right, line: paid), 30.900, 0.0005))
        #expect(close(GeoDistance.metres(line: way, line: paid), 27.900, 0.0005))
        let paid2 = paid.map { GeoPoint(latitude: 41.390253013, longitude: $0.longitude) }
        #expect(close(GeoDistance.metres(line: left, line: paid2), 25.100, 0.0005))
    }

    @Test func crossingSegmentsAreZeroAndPolygonsContain() {
        let a = GeoPoint(latitude: 41.39, longitude: 2.17), b = GeoPoint(latitude: 41.391, longitude: 2.171)
        let c = GeoPoint(latitude: 41.391, longitude: 2.17), d = GeoPoint(latitude: 41.39, longitude: 2.171)
        #expect(GeoDistance.metres(segment: a, b, segment: c, d) == 0)
        let ring = [GeoPoint(latitude: 41.38, longitude: 2.16), GeoPoint(latitude: 41.38, longitude: 2.18),
                    GeoPoint(latitude: 41.40, longitude: 2.18), GeoPoint(latitude: 41.40, longitude: 2.16)]
        #expect(GeoDistance.metres(line: [a, b], polygon: ring) == 0)
        // 0.001° of latitude north of the ring's top edge: 111.061 m (per-degree at the point).
        let outside = [GeoPoint(latitude: 41.401, longitude: 2.17)]
        let expected = 0.001 * WGS84.metresPerDegree(atLatitude: 41.401).latitude
        #expect(close(GeoDistance.metres(line: outside, polygon: ring), expected, 1e-6))
    }

    /// Hull of a 10 × 2.6 m run plus a second row 4.5 m away: diameter √(23.4² + 4.5²)… and the
    /// pair is found in hull order.
    @Test func hullDiameter() {
        var pts = (0..<5).map { PlanePoint(east: Double($0) * 2.6, north: 0) }
        pts += (0..<5).map { PlanePoint(east: Double($0) * 2.6, north: 4.5) }
        let hull = PlaneGeometry.convexHull(pts)
        #expect(hull.count == 4)
        let (i, j) = PlaneGeometry.diameterPair(hull)!
        #expect(close(hull[i].distance(to: hull[j]), 11.332, 0.0005))
    }

    @Test func localPlaneRoundTrips() {
        let plane = LocalPlane(origin: GeoPoint(latitude: 39.4699, longitude: -0.3763))
        let p = plane.unproject(PlanePoint(east: 300, north: -120))
        let q = plane.project(p)
        #expect(close(q.east, 300, 1e-9) && close(q.north, -120, 1e-9))
        #expect(GeoPoint(latitude: 91, longitude: 0).isValid == false)
        #expect(GeoPoint(latitude: .nan, longitude: 0).isValid == false)
    }
}
