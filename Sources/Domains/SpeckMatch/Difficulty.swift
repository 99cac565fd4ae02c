import LockstepCore

/// The difficulty table. Intervals are integer nanoseconds and the ramp is per mille (nanoseconds
/// of interval lost per second of game time, ×1000), so the spawn interval is exact: normal at 50 s
/// is 1.1 − 50 × 0.006 = 0.8 s to the nanosecond.
public enum Difficulty: String, CaseIterable, Hashable, Sendable {
    case easy, normal, hard

    public var startInterval: Duration {
        switch self {
        case .easy: .milliseconds(1_400)
        case .normal: .milliseconds(1_100)
        case .hard: .milliseconds(900)
        }
    }

    public var minInterval: Duration {
        switch self {
        case .easy: .milliseconds(550)
        case .normal: .milliseconds(400)
        case .hard: .milliseconds(280)
        }
    }

    /// `ramp` × 1000: easy 0.004, normal 0.006, hard 0.008 seconds of interval per second of play.
    public var rampPerMille: Int64 {
        switch self {
        case .easy: 4
        case .normal: 6
        case .hard: 8
        }
    }

    /// The board is overfull (game over) at this many specks.
    public var maxSpecks: Int {
        switch self {
        case .easy: 40
        case .normal: 36
        case .hard: 32
        }
    }

    public var colorCount: Int {
        switch self {
        case .easy: 3
        case .normal: 4
        case .hard: 5
        }
    }

    /// One leaderboard per difficulty, with the ids App Store Connect has: boards never mix.
    public var leaderboardID: String { "speck.highscores.\(rawValue)" }

    /// `max(minInterval, startInterval − elapsed × ramp)`, computed on each spawn from the game time
    /// already advanced. Floors: easy at 212.5 s, normal at 116.67 s, hard at 77.5 s.
    public func spawnInterval(atElapsed elapsed: Duration) -> Duration {
        // Exact for any game shorter than 36 years (elapsed × 8 fits in Int64).
        let lost = Duration.nanoseconds(elapsed.nanoseconds * rampPerMille / 1_000)
        return max(minInterval, startInterval - lost)
    }
}
