import LockstepCore
import Platform

/// València's bays merged into segments (the note's addendum B7): DBSCAN with eps 5 m and
/// minpoints 1 (connected components under "≤ 5 m" between bay centroids), partitioned by
/// (street, fee state, 300 m cell of the city's east/north plane); each cluster is drawn as its
/// convex hull's diameter, not a polyline through the bays (bays on both sides zig-zag).
enum Clustering {
    static let epsMetres = 5.0
    static let cellMetres = 300.0

    struct Cluster: Sendable {
        var street: String
        var paid: Bool
        var cell: (Int, Int)
        var bayIDs: [Int64]
        var points: [GeoPoint]
        var lengthMetres: Double
    }

    static func clusters(_ bays: [Bay], plane: LocalPlane, gridPartition: Bool, hullDiameter: Bool) -> [Cluster] {
        struct Key: Hashable, Comparable {
            var street: String, paid: Bool, e: Int, n: Int
            static func < (a: Key, b: Key) -> Bool { (a.street, a.paid ? 1 : 0, a.e, a.n) < (b.street, b.paid ? 1 : 0, b.e, b.n) }
        }
        var groups: [Key: [(Bay, PlanePoint)]] = [:]
        for bay in bays {
            let ps = bay.points.map(plane.project)
            let c = PlanePoint(east: ps.map(\.east).reduce(0, +) / Double(ps.count), north: ps.map(\.north).reduce(0, +) / Double(ps.count))
            let e = gridPartition ? Int((c.east / cellMetres).rounded(.down)) : 0
            let n = gridPartition ? Int((c.north / cellMetres).rounded(.down)) : 0
            groups[Key(street: bay.street, paid: bay.paid, e: e, n: n), default: []].append((bay, c))
        }
        var out: [Cluster] = []
        for key in groups.keys.sorted() {
            let members = groups[key]!.sorted { $0.0.id < $1.0.id }
            var parent = Array(0..<members.count)
            func find(_ x: Int) -> Int { var x = x; while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }; return x }
            for i in 0..<members.count {
                for j in (i + 1)..<max(i + 1, members.count) where members[i].1.distance(to: members[j].1) <= epsMetres {
                    let a = find(i), b = find(j)
                    if a != b { parent[max(a, b)] = min(a, b) }
                }
            }
            var components: [Int: [Int]] = [:]
            for i in 0..<members.count { components[find(i), default: []].append(i) }
            var local: [Cluster] = []
            for root in components.keys.sorted() {
                let idx = components[root]!
                let ids = idx.map { members[$0].0.id }
                let centroids = idx.map { members[$0].1 }
                let points: [GeoPoint]
                let length: Double
                if idx.count == 1 {
                    points = members[idx[0]].0.points
                    let ps = points.map(plane.project)
                    length = ps.count < 2 ? 0 : (1..<ps.count).reduce(0.0) { $0 + ps[$1 - 1].distance(to: ps[$1]) }
                } else if hullDiameter {
                    let hull = PlaneGeometry.convexHull(centroids)
                    let (i, j) = PlaneGeometry.diameterPair(hull)!
                    let ends = [plane.unproject(hull[i]), plane.unproject(hull[j])].sorted { ($0.longitude, $0.latitude) < ($1.longitude, $1.latitude) }
                    points = ends
                    length = hull[i].distance(to: hull[j])
                } else {
                    // The first build: a polyline threaded through the bays in id order.
                    points = centroids.map(plane.unproject)
                    length = (1..<centroids.count).reduce(0.0) { $0 + centroids[$1 - 1].distance(to: centroids[$1]) }
                }
                local.append(Cluster(street: key.street, paid: key.paid, cell: (key.e, key.n), bayIDs: ids, points: points, lengthMetres: length))
            }
            local.sort { $0.bayIDs.min()! < $1.bayIDs.min()! }
            out += local
        }
        return out
    }
}
