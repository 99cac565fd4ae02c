import LockstepCore

/// One bar of an array visualisation: `id` is the element's offset in the input, never its value,
/// so two 5s stay two different bars and a swap animates as a move.
public struct Bar: Hashable, Sendable {
    public let id: Int
    public let value: Int
}

/// What an array step did, which picks the highlight colour.
public enum ArrayAction: String, Hashable, Sendable, CaseIterable {
    case compare, swap, overwrite, markSorted, done
}

/// A full snapshot of an array algorithm at one moment (not a diff: seeking is O(1)).
public struct ArrayStep: Hashable, Sendable {
    public var bars: [Bar]
    public var action: ArrayAction
    /// Indices being looked at.
    public var active: Set<Int>
    /// Indices known to be final.
    public var sorted: Set<Int>
    public var caption: String
}

/// A binary-search window.
public struct SearchStep: Hashable, Sendable {
    public var low: Int
    public var high: Int
    public var mid: Int?
    public var found: Int?
    public var caption: String
}

/// A graph traversal moment: nodes keep fixed positions, a step only changes colours and the
/// frontier chips (a queue for BFS, a stack for DFS).
public struct GraphStep: Hashable, Sendable {
    public var visited: Set<Int>
    public var frontier: [Int]
    public var current: Int?
    public var caption: String
}

/// The recorded steps of one `load`, of whichever step type the algorithm records.
public enum StepList: Hashable, Sendable {
    case array([ArrayStep])
    case search([SearchStep])
    case graph([GraphStep])

    public var count: Int {
        switch self {
        case .array(let s): s.count
        case .search(let s): s.count
        case .graph(let s): s.count
        }
    }

    public func caption(at i: Int) -> String {
        switch self {
        case .array(let s): s[i].caption
        case .search(let s): s[i].caption
        case .graph(let s): s[i].caption
        }
    }

    /// The `recorded n=… …` line of step `i`, as the load pins it.
    public func record(at i: Int) -> Record {
        let r = Record("recorded").int("n", i)
        switch self {
        case .array(let s):
            let st = s[i]
            return r.word("action", st.action.rawValue).word("active", Fmt.set(st.active)).word("sorted", Fmt.set(st.sorted))
                .word("bars", Fmt.bars(st.bars)).string("caption", st.caption)
        case .search(let s):
            let st = s[i]
            return r.int("low", st.low).int("high", st.high).word("mid", Fmt.optional(st.mid))
                .word("found", Fmt.optional(st.found)).string("caption", st.caption)
        case .graph(let s):
            let st = s[i]
            return r.word("visited", Fmt.set(st.visited)).word("frontier", Fmt.list(st.frontier))
                .word("current", Fmt.optional(st.current)).string("caption", st.caption)
        }
    }
}

/// The bracketed list words of records and state (`[0,1]`, `[1:2,0:5]`, `none`): sets sorted.
enum Fmt {
    static func list(_ xs: [Int]) -> String { "[" + xs.map(String.init).joined(separator: ",") + "]" }
    static func set(_ xs: Set<Int>) -> String { list(xs.sorted()) }
    static func bars(_ bars: [Bar]) -> String { "[" + bars.map { "\($0.id):\($0.value)" }.joined(separator: ",") + "]" }
    static func optional(_ x: Int?) -> String { x.map(String.init) ?? "none" }
    static func words(_ xs: [String]) -> String { "[" + xs.joined(separator: ",") + "]" }
}
