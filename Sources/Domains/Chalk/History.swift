/// A stroke committed to a page, with what live drawing observed about it (not part of the document).
public struct CommittedStroke: Sendable, Equatable {
    public var stroke: Stroke
    /// Ordinal among all strokes begun in this run (for readable traces; loaded strokes get one too).
    public var ordinal: Int
    /// Digest of the instances live drawing produced, and the zoom they were baked at; nil for loaded strokes.
    public var liveDigest: UInt64?
    public var liveScale: Float?
    /// `stroke.digest`, computed once.
    public var strokeDigest: UInt64

    public init(_ stroke: Stroke, ordinal: Int, liveDigest: UInt64? = nil, liveScale: Float? = nil) {
        self.stroke = stroke
        self.ordinal = ordinal
        self.liveDigest = liveDigest
        self.liveScale = liveScale
        self.strokeDigest = stroke.digest
    }
}

/// One page: its strokes and its undo history, with the article's semantics.
///
/// - `undo`: if the board is empty and a clear can be undone, restore it; otherwise move the last
///   stroke to the redo stack and forget the clear backup.
/// - `clear` (GAP): back up the strokes when there are any, empty the board, drop the redo stack.
/// - `redo` (GAP): put the last undone stroke back.
/// - a new stroke (GAP): drops the redo stack and keeps the clear backup. Derived consequence of the
///   article's undo, pinned in a golden: clear, draw C, undo → C goes to redo and the backup is
///   forgotten, so the cleared drawing cannot come back.
public struct Page: Sendable, Equatable {
    public var strokes: [CommittedStroke] = []
    public var redoStack: [CommittedStroke] = []
    public var clearedBackup: [CommittedStroke]? = nil

    public init() {}

    public enum UndoResult: String, Sendable { case restoredClear, removed, nothing }

    public mutating func undo() -> UndoResult {
        if let backup = clearedBackup, strokes.isEmpty {
            strokes = backup
            clearedBackup = nil
            return .restoredClear
        }
        guard !strokes.isEmpty else { return .nothing }
        clearedBackup = nil
        redoStack.append(strokes.removeLast())
        return .removed
    }

    /// Returns false when there is nothing to redo.
    public mutating func redo() -> Bool {
        guard let s = redoStack.popLast() else { return false }
        strokes.append(s)
        return true
    }

    /// Returns the number of strokes cleared.
    public mutating func clear() -> Int {
        let n = strokes.count
        if !strokes.isEmpty { clearedBackup = strokes }
        strokes = []
        redoStack = []
        return n
    }

    public mutating func commit(_ s: CommittedStroke) {
        strokes.append(s)
        redoStack = []
    }

    /// Digest of the strokes in order (one line in the state summary instead of every point).
    public static func digest(_ list: [CommittedStroke]) -> UInt64 {
        var h = FNVFloat()
        h.add(UInt64(list.count))
        for s in list { h.add(s.strokeDigest) }
        return h.value
    }
}

/// Replay order.
public enum LayerOrder {
    /// Indices of `layers` sorted by (layer, original index): stable, so strokes within a layer keep
    /// their drawing order on every replay.
    public static func stable(_ layers: [Int]) -> [Int] {
        layers.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }.map(\.offset)
    }

    /// The `unstableLayerSort` fault: heapsort on the layer alone. Deterministic (so goldens can pin
    /// it) but, like any unstable sort, free to reorder strokes that share a layer.
    public static func unstable(_ layers: [Int]) -> [Int] {
        var a = Array(layers.indices)
        let n = a.count
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            var guardCount = 0
            while 2 * root + 1 < end && guardCount < 64 {
                guardCount += 1
                var child = 2 * root + 1
                if child + 1 < end && layers[a[child]] < layers[a[child + 1]] { child += 1 }
                guard layers[a[root]] < layers[a[child]] else { return }
                a.swapAt(root, child)
                root = child
            }
        }
        var start = n / 2 - 1
        while start >= 0 { siftDown(start, n); start -= 1 }
        var end = n - 1
        while end > 0 { a.swapAt(0, end); siftDown(0, end); end -= 1 }
        return a
    }
}
