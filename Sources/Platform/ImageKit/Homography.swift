/// A plane projective transform: `(x, y) ↦ ((m0·x + m1·y + m2) / d, (m3·x + m4·y + m5) / d)` with
/// `d = m6·x + m7·y + 1`. Four point correspondences in general position fix it.
///
/// Built by solving the standard 8×8 system (two equations per correspondence, `m8 = 1`) with
/// `LinearSolver`. Both point sets are first scaled by their largest |coordinate| so the system's
/// entries are near 1 (pixel coordinates in the thousands would otherwise square into the
/// millions next to ones), and the solution is scaled back; this changes no answer, only accuracy.
public struct Homography: Hashable, Sendable {
    /// Row-major 3×3 matrix, `m[8] == 1`.
    public let m: [Double]

    /// The homography taking `from[i]` to `to[i]` for i in 0..<4.
    ///
    /// - Throws: `quadNotFinite` for a NaN or infinite point; `singularHomography` when three
    ///   points of either set are collinear (no projective map exists).
    public init(mapping from: [ImagePoint], to: [ImagePoint]) throws(ImageKitError) {
        precondition(from.count == 4 && to.count == 4, "Homography needs four correspondences")
        guard from.allSatisfy(\.isFinite), to.allSatisfy(\.isFinite) else { throw .quadNotFinite }
        func scale(_ p: [ImagePoint]) -> Double {
            var s = 1.0
            for q in p { s = max(s, q.x.magnitude, q.y.magnitude) }
            return s
        }
        let sFrom = scale(from), sTo = scale(to)
        var a = [Double](repeating: 0, count: 64)
        var b = [Double](repeating: 0, count: 8)
        for i in 0..<4 {
            let x = from[i].x / sFrom, y = from[i].y / sFrom
            let u = to[i].x / sTo, v = to[i].y / sTo
            let r0 = (2 * i) * 8, r1 = (2 * i + 1) * 8
            a[r0 + 0] = x; a[r0 + 1] = y; a[r0 + 2] = 1
            a[r0 + 6] = -x * u; a[r0 + 7] = -y * u
            b[2 * i] = u
            a[r1 + 3] = x; a[r1 + 4] = y; a[r1 + 5] = 1
            a[r1 + 6] = -x * v; a[r1 + 7] = -y * v
            b[2 * i + 1] = v
        }
        guard let h = LinearSolver.solve(a, b) else { throw .singularHomography }
        // Undo the scaling: M = diag(sTo, sTo, 1) · Ĥ · diag(1/sFrom, 1/sFrom, 1).
        m = [h[0] * sTo / sFrom, h[1] * sTo / sFrom, h[2] * sTo,
             h[3] * sTo / sFrom, h[4] * sTo / sFrom, h[5] * sTo,
             h[6] / sFrom, h[7] / sFrom, 1]
    }

    /// The image of `p`. A point on the transform's horizon (d = 0) maps to a non-finite point.
    @inline(__always)
    public func apply(_ p: ImagePoint) -> ImagePoint {
        let d = m[6] * p.x + m[7] * p.y + m[8]
        return ImagePoint(x: (m[0] * p.x + m[1] * p.y + m[2]) / d, y: (m[3] * p.x + m[4] * p.y + m[5]) / d)
    }
}
