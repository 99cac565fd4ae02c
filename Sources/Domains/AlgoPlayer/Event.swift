import LockstepCore
import Platform

/// The algorithms DSA Master visualises here (the article's code and prose).
public enum Algorithm: String, CaseIterable, Sendable {
    case insertionSort, bubbleSort, mergeSort, quickSort, binarySearch, bfs, dfs

    /// Whether the algorithm records `ArrayStep`s (and takes `values=`).
    public var isSort: Bool { [.insertionSort, .bubbleSort, .mergeSort, .quickSort].contains(self) }
    public var isGraph: Bool { self == .bfs || self == .dfs }
}

/// The playground's languages (the App Store listing's seven).
public enum Language: String, CaseIterable, Sendable {
    case python, javascript, java, cpp, kotlin, dart, go
}

/// A `load` line: which algorithm on which input. The shape is checked when the line is read
/// (`values=` for sorts and search, `target=` only for search, `adjacency=`/`start=` only for
/// graphs); the limits the app enforces (40 elements, no negatives, sorted search input) are
/// checked by the reducer, which refuses with a record.
public struct LoadRequest: Hashable, Sendable {
    public var algorithm: Algorithm
    /// The array (sorts, binary search); empty when the line has no `values=` (not named `values`:
    /// lint reads `.values` as a Dictionary's).
    public var array: [Int]
    public var target: Int?
    public var adjacency: Adjacency?
    public var start: Int?

    public init(_ algorithm: Algorithm, values: [Int] = [], target: Int? = nil, adjacency: Adjacency? = nil, start: Int? = nil) {
        self.algorithm = algorithm
        self.array = values
        self.target = target
        self.adjacency = adjacency
        self.start = start
    }
}

/// Every input DSA Master reacts to.
public enum AlgoPlayerEvent: Sendable {
    /// Runs the algorithm's recorder once (pure) and replaces the player.
    case load(LoadRequest)
    case play
    case pause
    /// The step buttons: pause, then move by `delta` (clamped).
    case step(Int)
    /// The scrubber's value: pause, then go to the index (clamped).
    case seek(Int)
    /// A touch on the scrubber at `x` points: `seek(round(x / width × (count − 1)))`.
    case scrub(Double)
    /// The speed picker (0.5×, 1×, 2×; other finite positive speeds up to 16× are accepted).
    case speed(Double)
    /// Shows the complexity chart's point table.
    case chart
    /// The playground's Run button.
    case run(Language, String)
    /// The runner's scripted reply (shared `reply` vocabulary).
    case reply(ReplyLine)
    /// VoiceOver, Reduce Motion, text size (shared `a11y` vocabulary).
    case a11y(AccessibilityChange)
    /// The player's sleep ended (a World timer).
    case tick(GenerationToken)
    /// A run's client-side timeout (a World timer from `PendingRequests`).
    case runTimeout(RequestID)
}
