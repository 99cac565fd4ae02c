import LockstepCore
import Platform

/// Speck Match's side of Game Center: one submit per run at game over to the difficulty's board,
/// the access point on menus only, the leaderboard branch by OS version.
extension SpeckMatch {
    /// The boards configured in App Store Connect, one per difficulty.
    public static let leaderboards = Difficulty.allCases.map(\.leaderboardID)

    /// "At game over, not per match. One call per run." `force` is the per-match bug's path.
    static func submitScore(_ s: inout SpeckMatchState, _ world: inout World<SpeckMatch>, force: Bool = false) {
        guard force || !s.submitted else { return }
        s.submitted = true
        let id = world.isOn(.oneLeaderboard) ? Difficulty.normal.leaderboardID : s.difficulty.leaderboardID
        s.gameCenter.submitScore(s.score, to: id, &world)
    }

    /// `menu enter|leave`: the access point shows on menus, never in play.
    static func menu(_ s: inout SpeckMatchState, entered: Bool, _ world: inout World<SpeckMatch>) {
        s.inMenu = entered
        world.emit(Record("menu").bool("entered", entered))
        s.gameCenter.setAccessPoint(entered || world.isOn(.accessPointDuringPlay), &world)
    }
}
