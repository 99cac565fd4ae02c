/// Solves a small dense linear system `A·x = b` in `Double`: Gaussian elimination with partial
/// pivoting, then back substitution.
///
/// Deterministic: a fixed loop order and only `+ − × ÷`, which IEEE-754 rounds exactly, so the
/// same system gives the same bits everywhere. Partial pivoting (the row with the largest |entry|
/// in the column, the first such row on ties) keeps the 8×8 homography systems well behaved.
enum LinearSolver {
    /// A pivot at most this fraction of the matrix's largest |entry| counts as zero: singular.
    static let relativePivotTolerance = 1e-12

    /// `x` with `A·x = b`, or nil when `A` is singular to working precision.
    /// - Precondition: `A` is n×n (row-major, `n * n` entries) and `b` has n entries.
    static func solve(_ matrix: [Double], _ rhs: [Double]) -> [Double]? {
        let n = rhs.count
        precondition(matrix.count == n * n, "LinearSolver: matrix is not \(n)x\(n)")
        var a = matrix
        var b = rhs
        var scale = 0.0
        for v in a { scale = max(scale, v.magnitude) }
        guard scale > 0, scale.isFinite else { return nil }
        let tolerance = scale * relativePivotTolerance

        for col in 0..<n {
            var pivotRow = col
            for r in (col + 1)..<n where a[r * n + col].magnitude > a[pivotRow * n + col].magnitude {
                pivotRow = r
            }
            guard a[pivotRow * n + col].magnitude > tolerance else { return nil }
            if pivotRow != col {
                for c in 0..<n { a.swapAt(col * n + c, pivotRow * n + c) }
                b.swapAt(col, pivotRow)
            }
            let pivot = a[col * n + col]
            for r in (col + 1)..<n {
                let factor = a[r * n + col] / pivot
                if factor == 0 { continue }
                for c in col..<n { a[r * n + c] -= factor * a[col * n + c] }
                b[r] -= factor * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            for c in (r + 1)..<n { s -= a[r * n + c] * x[c] }
            x[r] = s / a[r * n + r]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
