import LockstepCore

/// One named platform limit a domain declares: Instagram's 5 tags (30 before December 2025), 64
/// pending notifications, 15 recents. Declared once as a constant, so the number is written in one
/// place, named in every record that hits it, and overridable per scenario (`set limit.recents 3`).
public struct BudgetLimit: Hashable, Sendable {
    /// lowerCamelCase, the `NAME` of `limit.NAME`.
    public var name: String
    /// The limit unless a scenario overrides it.
    public var value: Int
    /// What the limit is and where it comes from (shown by `lockstep list` for the setting).
    public var summary: String

    public init(_ name: String, _ value: Int, _ summary: String = "") {
        self.name = name
        self.value = value
        self.summary = summary
    }
}
