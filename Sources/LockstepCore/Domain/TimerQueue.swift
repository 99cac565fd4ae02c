/// Identifies a scheduled timer so it can be cancelled.
public struct TimerID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (a: TimerID, b: TimerID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "t\(rawValue)" }
}

/// Pending timers in firing order: time, then scheduling order (a min-heap on `(at, id)`).
///
/// Cancelled timers are dropped lazily when they reach the top; `live` says which ids still count.
/// `live` is a Set but is never iterated, so hash order cannot reach any output.
@usableFromInline
struct TimerQueue<Event> {
    @usableFromInline
    struct Entry {
        @usableFromInline var at: Instant
        @usableFromInline var id: TimerID
        @usableFromInline var kind: String
        @usableFromInline var event: Event

        @inlinable init(at: Instant, id: TimerID, kind: String, event: Event) {
            self.at = at
            self.id = id
            self.kind = kind
            self.event = event
        }
    }

    @inlinable init() {}

    @usableFromInline var heap: [Entry] = []
    @usableFromInline var live: Set<UInt64> = []

    @inlinable var pendingCount: Int { live.count }

    @inlinable mutating func insert(_ entry: Entry) {
        // Cancelled timers stay in the heap until they surface. A domain that schedules and cancels
        // forever would grow it without bound, so once dead entries outnumber live ones (and there are
        // enough to matter) the heap is rebuilt from the live ones: memory stays O(pending timers).
        if heap.count >= 1_024 && heap.count > 2 * live.count { compact() }
        live.insert(entry.id.rawValue)
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if TimerQueue.before(heap[child], heap[parent]) {
                heap.swapAt(child, parent)
                child = parent
            } else { break }
        }
    }

    /// Returns true if the timer was pending.
    @inlinable mutating func cancel(_ id: TimerID) -> Bool {
        live.remove(id.rawValue) != nil
    }

    @inlinable func isPending(_ id: TimerID) -> Bool { live.contains(id.rawValue) }

    /// The earliest live timer's time.
    @inlinable mutating func nextTime() -> Instant? {
        dropDead()
        return heap.first?.at
    }

    /// Removes and returns the earliest live timer.
    @inlinable mutating func pop() -> Entry? {
        dropDead()
        guard !heap.isEmpty else { return nil }
        let top = removeTop()
        live.remove(top.id.rawValue)
        return top
    }

    /// Live timers in firing order (for audits; O(n log n), not for the hot path).
    @inlinable func pendingInOrder() -> [Entry] {
        heap.filter { live.contains($0.id.rawValue) }.sorted { TimerQueue.before($0, $1) }
    }

    /// Pops cancelled timers off the top. Each round removes one entry, so it ends within
    /// `heap.count` rounds.
    @inlinable mutating func dropDead() {
        let maxRounds = heap.count
        var rounds = 0
        while rounds < maxRounds, let top = heap.first, !live.contains(top.id.rawValue) {
            rounds += 1
            _ = removeTop()
        }
    }

    /// Rebuilds the heap from the live entries only (same order: `before` is a total order).
    @inlinable mutating func compact() {
        let kept = heap.filter { live.contains($0.id.rawValue) }.sorted { TimerQueue.before($0, $1) }
        heap = kept  // a sorted array is a valid binary min-heap
    }

    @inlinable mutating func removeTop() -> Entry {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            let n = heap.count
            while true {
                let left = 2 * parent + 1
                if left >= n { break }
                let right = left + 1
                let smaller = (right < n && TimerQueue.before(heap[right], heap[left])) ? right : left
                if TimerQueue.before(heap[smaller], heap[parent]) {
                    heap.swapAt(smaller, parent)
                    parent = smaller
                } else { break }
            }
        }
        return top
    }

    @inlinable static func before(_ a: Entry, _ b: Entry) -> Bool {
        a.at != b.at ? a.at < b.at : a.id < b.id
    }
}
