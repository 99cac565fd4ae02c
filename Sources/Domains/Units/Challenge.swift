import LockstepCore

/// The estimation score: 100 for a perfect guess, falling linearly in |log2(guess/truth)| to 0 at
/// a factor of two either way, so being 10 % off scores the same at every scale.
enum EstimationScore {
    static func score(truth: Double, guess: Double) -> (error: Double, score: Int) {
        guard guess > 0, truth > 0, guess.isFinite, truth.isFinite else { return (.infinity, 0) }
        let error = abs(DetMath.log2(guess / truth))
        let s = Int((max(0, 1 - error) * 100).rounded())
        return (error, s)
    }
}
