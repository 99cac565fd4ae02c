import LockstepCore

/// Scheduled scene actions, keyed to scene time, that freeze when the scene does.
///
/// The app's frame loop advances the timeline by the frame clock's `dt` (zero while the scene or
/// the view is paused), so a pop's burst, a wiggle or an emitter's expiry waits out a pause instead
/// of firing during it. An item due at scene time `T` fires on the first frame whose scene time
/// reaches `T` (`T ≤ now`), so times are quantised to frames: a 0.03 s wait at 60 fps fires on the
/// second frame. Items fire in order of due time, then of scheduling (`run` order, and within one
/// `run` the action's own order), never by a hash or node order.
///
/// SpriteKit evaluates actions after `update(_:)` in each frame; an app calls `advance(by:)` and
/// drains `nextDue()` after its update logic to keep that order. Removing a node removes its
/// actions (`removeActions(ofNode:)`).
public struct ActionTimeline<Payload: Sendable>: Sendable {
    /// One scheduled payload.
    public struct Item: Sendable {
        /// Scene time at which it fires.
        public var fireAt: Duration
        /// The node it belongs to (removing the node cancels it).
        public var node: Int
        public var payload: Payload
        @usableFromInline var order: UInt64
    }

    /// The most items pending at once: a scene with this many actions is a leak (failure: "nodes pile
    /// up invisibly"), and `run` refuses more.
    public let limit: Int
    /// The current scene time.
    public private(set) var now = Duration.zero
    /// Pending items, latest first, so the next one due is `last` (pop without shifting).
    @usableFromInline var items: [Item] = []
    @usableFromInline var nextOrder: UInt64 = 0

    public init(limit: Int = 4_096) {
        precondition(limit > 0)
        self.limit = limit
    }

    public var pendingCount: Int { items.count }

    /// Schedules `action` on `node`, starting now. Returns `false`, scheduling nothing, when it would
    /// take the timeline past `limit` (the caller records the refusal).
    @discardableResult
    public mutating func run(_ action: Action<Payload>, on node: Int) -> Bool {
        var count = 0
        action.forEachFiring { _, _ in count += 1 }
        guard items.count + count <= limit else { return false }
        let start = now
        action.forEachFiring(from: start) { offset, payload in
            insert(Item(fireAt: offset, node: node, payload: payload, order: nextOrder))
            nextOrder += 1
        }
        return true
    }

    private mutating func insert(_ item: Item) {
        // Latest first: find the first index whose item fires before `item` (or ties earlier).
        var low = 0, high = items.count
        while low < high {
            let mid = (low + high) / 2
            let other = items[mid]
            if (other.fireAt, other.order) > (item.fireAt, item.order) { low = mid + 1 } else { high = mid }
        }
        items.insert(item, at: low)
    }

    /// Moves scene time forward by `dt` (never backwards: a negative `dt` is ignored).
    public mutating func advance(by dt: Duration) {
        if dt > .zero { now = now + dt }
    }

    /// The earliest item due by now, removed from the timeline; `nil` when none is due.
    public mutating func nextDue() -> Item? {
        guard let last = items.last, last.fireAt <= now else { return nil }
        return items.removeLast()
    }

    /// Cancels every pending item of `node`; returns how many.
    @discardableResult
    public mutating func removeActions(ofNode node: Int) -> Int {
        let before = items.count
        items.removeAll { $0.node == node }
        return before - items.count
    }

    /// Whether `node` has anything pending.
    public func hasActions(ofNode node: Int) -> Bool { items.contains { $0.node == node } }

    /// The pending items in firing order (earliest first), for state digests and tests.
    public var pending: [Item] { items.reversed() }
}
