import LockstepCore

/// The `limit.NAME` values a scenario set, in declaration order (those it did not set are absent).
public struct BudgetOverrides: Hashable, Sendable {
    public var entries: [(name: String, value: Int)]

    public init(_ values: [(name: String, value: Int)] = []) { self.entries = values }

    /// The override for `name`, if the scenario set one.
    public func value(_ name: String) -> Int? { entries.first { $0.name == name }?.value }

    public static func == (a: BudgetOverrides, b: BudgetOverrides) -> Bool {
        a.entries.map(\.name) == b.entries.map(\.name) && a.entries.map(\.value) == b.entries.map(\.value)
    }

    public func hash(into h: inout Hasher) {
        for v in entries { h.combine(v.name); h.combine(v.value) }
    }
}
