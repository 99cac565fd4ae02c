/// Renamed ids, resolved at read time: `old → new`, followed until an id has no alias.
///
/// The log that refers to old ids is never rewritten; readers resolve through this table. A chain is
/// followed at most `maxHops` steps, and a cycle (`a → b → a`) is detected and reported, never looped.
public struct LedgerAliasTable: Sendable, Equatable {
    public enum Resolution: Equatable, Sendable {
        /// The id after `hops` renames (0: not renamed).
        case resolved(String, hops: Int)
        /// The chain returns to an id it has visited: `path` is the ids in the order followed.
        case cycle(path: [String])
        /// The chain is longer than `maxHops`.
        case tooLong(maxHops: Int)
    }

    public enum AddOutcome: Equatable, Sendable {
        case added
        /// The same mapping is already in the table.
        case unchanged
        /// The old id had another target; the new one replaces it (upstream renamed again).
        case replaced(previous: String)
        /// `old == new`.
        case selfAlias
        case limitReached(maxAliases: Int)
    }

    public private(set) var targets: [String: String] = [:]
    public let maxAliases: Int
    public let maxHops: Int

    public init(maxAliases: Int, maxHops: Int = 16) {
        precondition(maxAliases > 0 && maxHops > 0)
        self.maxAliases = maxAliases
        self.maxHops = maxHops
    }

    public mutating func add(old: String, new: String) -> AddOutcome {
        guard old != new else { return .selfAlias }
        if let previous = targets[old] {
            if previous == new { return .unchanged }
            targets[old] = new
            return .replaced(previous: previous)
        }
        guard targets.count < maxAliases else { return .limitReached(maxAliases: maxAliases) }
        targets[old] = new
        return .added
    }

    public func resolve(_ id: String) -> Resolution {
        var path = [id]
        var current = id
        while let next = targets[current] {
            if path.contains(next) { return .cycle(path: path + [next]) }
            guard path.count <= maxHops else { return .tooLong(maxHops: maxHops) }
            path.append(next)
            current = next
        }
        return .resolved(current, hops: path.count - 1)
    }

    /// The mappings sorted by old id as bytes.
    public var sortedPairs: [(old: String, new: String)] {
        targets.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ($0, targets[$0]!) }
    }
}
