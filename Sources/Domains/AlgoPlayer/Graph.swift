/// A graph as the scenario gives it: nodes in the order written, each with its neighbours in
/// adjacency-list order (which is the discovery order; no dictionary order ever matters).
public struct Adjacency: Hashable, Sendable {
    public var lists: [(node: Int, neighbours: [Int])]

    /// Node ids have fixed layout positions 0...`maxNode` (a 4 × 3 grid; GAP: the article lays the
    /// graph out once but gives no size).
    public static let maxNode = 11

    public init(_ lists: [(node: Int, neighbours: [Int])]) { self.lists = lists }

    public func neighbours(of node: Int) -> [Int] { lists.first { $0.node == node }?.neighbours ?? [] }

    /// `0:1,2;1:0,3,4;2:` → the lists; nil and a reason for text that is not that shape, a node
    /// listed twice, or an id outside the layout.
    public static func parse(_ text: String) -> (Adjacency?, String?) {
        var lists: [(node: Int, neighbours: [Int])] = []
        if text.isEmpty { return (Adjacency([]), nil) }
        for piece in text.split(separator: ";", omittingEmptySubsequences: false) {
            let parts = piece.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let node = Int(parts[0]) else {
                return (nil, "'\(piece)' is not NODE:NEIGHBOUR,NEIGHBOUR (nodes separated by ';')")
            }
            guard (0...maxNode).contains(node) else { return (nil, "node \(node) has no layout position (0...\(maxNode))") }
            guard !lists.contains(where: { $0.node == node }) else { return (nil, "node \(node) is listed twice") }
            var ns: [Int] = []
            if !parts[1].isEmpty {
                for w in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
                    guard let n = Int(w) else { return (nil, "'\(w)' in '\(piece)' is not a node id") }
                    guard (0...maxNode).contains(n) else { return (nil, "unknownNode: neighbour \(n) of \(node) has no layout position (0...\(maxNode))") }
                    ns.append(n)
                }
            }
            lists.append((node, ns))
        }
        return (Adjacency(lists), nil)
    }

    /// The scenario text of the lists (`parse` reads it back).
    public var text: String {
        lists.map { "\($0.node):" + $0.neighbours.map(String.init).joined(separator: ",") }.joined(separator: ";")
    }

    public static func == (a: Adjacency, b: Adjacency) -> Bool { a.text == b.text }
    public func hash(into h: inout Hasher) { h.combine(text) }
}

/// BFS (the article's, exactly) and DFS ("the same with a stack": `removeLast` on the same
/// frontier, discovering a node when it is pushed). 2 × reachable + 1 steps for both.
enum Traversal {
    static func bfs(_ g: Adjacency, start: Int) -> [GraphStep] { walk(g, start: start, stack: false) }
    static func dfs(_ g: Adjacency, start: Int) -> [GraphStep] { walk(g, start: start, stack: true) }

    private static func walk(_ g: Adjacency, start: Int, stack: Bool) -> [GraphStep] {
        var steps: [GraphStep] = []
        var visited: Set<Int> = [start]
        var frontier = [start]
        steps.append(GraphStep(visited: visited, frontier: frontier, current: nil, caption: "Start at \(start)."))
        while !frontier.isEmpty {  // bounded: each node enters the frontier once
            let node = stack ? frontier.removeLast() : frontier.removeFirst()
            steps.append(GraphStep(visited: visited, frontier: frontier, current: node, caption: "Visit \(node)."))
            for next in g.neighbours(of: node) where !visited.contains(next) {
                visited.insert(next)
                frontier.append(next)
                let caption = stack ? "Discover \(next); push it on the stack." : "Discover \(next); add it to the queue."
                steps.append(GraphStep(visited: visited, frontier: frontier, current: node, caption: caption))
            }
        }
        steps.append(GraphStep(visited: visited, frontier: [], current: nil, caption: "Done."))
        return steps
    }
}
