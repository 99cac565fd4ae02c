import LockstepCore

/// The id a watch gets when registered: 1, 2, 3, ... never reused.
public struct ObjectWatchID: Hashable, Comparable, Sendable {
    public var rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: ObjectWatchID, b: ObjectWatchID) -> Bool { a.rawValue < b.rawValue }
}

/// Reactive queries over an `ObjectStore` (Drift's `watch` with `readsFrom`, Core Data's fetched
/// results): each watch declares the tables it reads, and after a commit only the watches whose
/// declared tables changed re-emit. A watch that under-declares (reads a table it did not name)
/// keeps showing stale data after a write to that table: the store cannot know better, which is
/// exactly the historical bug. The query itself belongs to the domain; this only decides who
/// re-runs. Limit `maxWatches`, said when hit.
public struct ObjectWatches: Hashable, Sendable {
    public static let maxWatches = 64

    public struct Watch: Hashable, Sendable {
        public var id: ObjectWatchID
        /// The domain's name for the query (`tankOverview:<tank>`).
        public var query: String
        /// The tables it declared, ascending.
        public var reads: [String]
        public var emissions: Int
    }

    public private(set) var watches: [Watch] = []
    private var nextID = 1

    public init() {}

    /// Registers a watch; it emits once now (the caller runs the query). Returns nil at the limit.
    public mutating func add(query: String, reads: [String]) -> Result<ObjectWatchID, ObjectStoreError> {
        guard watches.count < ObjectWatches.maxWatches else { return .failure(.limit(what: "watches", limit: ObjectWatches.maxWatches)) }
        let id = ObjectWatchID(nextID)
        nextID += 1
        var declared: [String] = []
        for t in reads.sorted(by: CodePoint.precedes) where declared.last != t { declared.append(t) }
        watches.append(Watch(id: id, query: query, reads: declared, emissions: 1))
        return .success(id)
    }

    /// Removes the watch on `query`; false when there is none.
    @discardableResult
    public mutating func remove(query: String) -> Bool {
        guard let i = watches.firstIndex(where: { $0.query == query }) else { return false }
        watches.remove(at: i)
        return true
    }

    public func watch(query: String) -> Watch? { watches.first { $0.query == query } }

    /// The watches to re-run after `changed` tables were written, in registration order; each
    /// one's emission count goes up.
    public mutating func due(after changed: [String]) -> [Watch] {
        var out: [Watch] = []
        for i in watches.indices where watches[i].reads.contains(where: { changed.contains($0) }) {
            watches[i].emissions += 1
            out.append(watches[i])
        }
        return out
    }

    public func write(to out: inout CanonicalWriter) {
        out.section("watches count=\(watches.count)") { w in
            for x in watches {
                w.record(Record("watch").int("id", x.id.rawValue).string("query", x.query)
                    .string("reads", x.reads.joined(separator: ",")).int("emissions", x.emissions))
            }
        }
    }
}
