import LockstepCore

/// Scripted answers of the remote, set by scenario lines before the requests they answer:
/// `remote respond id=N ...` answers request N, `remote next count=K ...` the next K requests
/// without an answer of their own. A request with no scripted answer gets the fake server's own
/// verdict. Limit `maxScripted` answers waiting.
public struct SyncScript: Hashable, Sendable {
    public static let maxScripted = 100_000

    /// By request id, ascending.
    public private(set) var byID: [(id: RequestID, answer: SyncAnswer)] = []
    public private(set) var queue: [SyncAnswer] = []

    public init() {}

    public var waiting: Int { byID.count + queue.count }

    /// Adds an answer for request `id`, replacing an earlier one for it.
    public mutating func respond(_ id: RequestID, _ answer: SyncAnswer) -> Bool {
        guard waiting < SyncScript.maxScripted else { return false }
        byID.removeAll { $0.id == id }
        byID.append((id, answer))
        byID.sort { $0.id < $1.id }
        return true
    }

    public mutating func next(_ count: Int, _ answer: SyncAnswer) -> Bool {
        guard count >= 0, waiting + count <= SyncScript.maxScripted else { return false }
        queue.append(contentsOf: repeatElement(answer, count: count))
        return true
    }

    /// The scripted answer for request `id`, consumed; nil when the server decides.
    mutating func take(_ id: RequestID) -> SyncAnswer? {
        if let i = byID.firstIndex(where: { $0.id == id }) { return byID.remove(at: i).answer }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    public static func == (a: SyncScript, b: SyncScript) -> Bool {
        a.byID.map(\.id) == b.byID.map(\.id) && a.byID.map(\.answer) == b.byID.map(\.answer) && a.queue == b.queue
    }

    public func hash(into h: inout Hasher) {
        h.combine(byID.count)
        h.combine(queue)
    }

    public func write(to out: inout CanonicalWriter) {
        out.section("script waiting=\(waiting)") { w in
            for x in byID { w.record(x.answer.append(to: Record("respond").int("id", x.id.rawValue))) }
            var i = 0
            while i < queue.count {  // runs of equal answers, in order
                var j = i + 1
                while j < queue.count, queue[j] == queue[i] { j += 1 }
                w.record(queue[i].append(to: Record("next").int("count", j - i)))
                i = j
            }
        }
    }
}
