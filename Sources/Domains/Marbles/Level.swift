/// One level's difficulty: the article's table, as data (`forLevel`), never spread through the logic.
public struct LevelConfig: Hashable, Sendable {
    public let marbleCount: Int
    public let colorCount: Int
    /// Whole seconds on the countdown at a restart or level-up (level 1's first attempt gets 60, D1).
    public let seconds: Int
    /// The chance that a filled marble is a power-up, kept as the article's `Double` (level 2's is
    /// 0.07200000000000001, the table's own rounding).
    public let powerUpChance: Double

    /// `marbleCount = min(30 + 4L, 80)`, `colorCount = min(3 + L/3, 5)` (integer division),
    /// `seconds = max(60 − 2L, 30)`, `powerUpChance = max(0.08 − 0.004L, 0.03)`. Levels start at 1:
    /// below it a negative colour count would empty the palette, so `L < 1` is a programming error.
    public static func forLevel(_ level: Int) -> LevelConfig {
        precondition(level >= 1, "levels start at 1")
        return LevelConfig(marbleCount: min(30 + level * 4, 80), colorCount: min(3 + level / 3, 5),
                           seconds: max(60 - level * 2, 30), powerUpChance: max(0.08 - Double(level) * 0.004, 0.03))
    }
}
