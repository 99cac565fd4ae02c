import LockstepCore

/// Which run of a restartable task a result belongs to: the value `TaskGeneration.restart()`
/// returns and the task's result carries back. Generation 0 is "never started"; runs are 1, 2, ...
public struct GenerationToken: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: GenerationToken, b: GenerationToken) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}
