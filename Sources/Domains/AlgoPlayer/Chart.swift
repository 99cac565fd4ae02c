import LockstepCore

/// The complexity chart as its point table: n = 1, 4, ..., 64 (stride 3), four curves each
/// (log2 n, n, n·log2(max(n, 2)), n²), and whether the point is above the chart's 0...600 y
/// domain (clipped: the O(n²) curve "shoots off the top" from n = 25). The article's per-point
/// `UUID()` ids are left out: they identify points for SwiftUI and never reach the screen.
enum ComplexityChart {
    static let yDomainTop = 600.0

    static func points() -> [(n: Int, label: String, ops: Double)] {
        stride(from: 1, through: 64, by: 3).flatMap { n -> [(n: Int, label: String, ops: Double)] in
            let x = Double(n)
            return [(n, "O(log n)", DetMath.log2(x)), (n, "O(n)", x), (n, "O(n log n)", x * DetMath.log2(max(x, 2))), (n, "O(n²)", x * x)]
        }
    }

    static func emit(_ world: inout World<AlgoPlayer>) {
        let ps = points()
        world.emit(Record("chart").int("points", ps.count).string("yDomain", "0...600"))
        for p in ps {
            world.emit(Record("chart.point").int("n", p.n).string("label", p.label).fixed("ops", p.ops, 4).bool("clipped", p.ops > yDomainTop))
        }
    }
}
