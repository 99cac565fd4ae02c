import Testing
import LockstepCore
import LockstepRunner
@testable import Chalk

@Suite struct HistoryTests {
    func committed(_ seed: UInt32, layer: Int = 0) -> CommittedStroke {
        CommittedStroke(Stroke(size: 4, seed: seed, points: [InkPoint(x: 0, y: 0), InkPoint(x: 1, y: 1)], layer: layer), ordinal: Int(seed))
    }
    func seeds(_ list: [CommittedStroke]) -> [UInt32] { list.map(\.stroke.seed) }

    /// [A,B], clear → [] backup [A,B]; undo → [A,B]; undo → [A], redo [B].
    @Test func clearIsUndoable() {
        var p = Page()
        p.commit(committed(1)); p.commit(committed(2))
        let cleared = p.clear()
        #expect(cleared == 2)
        #expect(p.strokes.isEmpty && seeds(p.clearedBackup ?? []) == [1, 2])
        let r1 = p.undo()
        #expect(r1 == .restoredClear && seeds(p.strokes) == [1, 2] && p.clearedBackup == nil)
        let r2 = p.undo()
        #expect(r2 == .removed && seeds(p.strokes) == [1] && seeds(p.redoStack) == [2])
    }

    /// clear, draw C, undo → [] with redo [C] and no backup; undo again is a no-op.
    @Test func drawingAfterClearLosesTheClearedDrawing() {
        var p = Page()
        p.commit(committed(1)); p.commit(committed(2))
        _ = p.clear()
        p.commit(committed(3))
        let first = p.undo()
        #expect(first == .removed)
        #expect(p.strokes.isEmpty && seeds(p.redoStack) == [3] && p.clearedBackup == nil)
        let second = p.undo()
        #expect(second == .nothing)
        let redone = p.redo()
        #expect(redone && seeds(p.strokes) == [3])
        let again = p.redo()
        #expect(!again)
    }

    /// Layers [1,0,1,0] at indices 0...3 → order 1,3,0,2.
    @Test func stableSort() {
        #expect(LayerOrder.stable([1, 0, 1, 0]) == [1, 3, 0, 2])
        #expect(LayerOrder.stable([]) == [])
        let many = (0..<20).map { [2, 0, 1][$0 % 3] }
        let order = LayerOrder.stable(many)
        for k in 1..<order.count {
            let a = order[k - 1], b = order[k]
            #expect(many[a] < many[b] || (many[a] == many[b] && a < b))
        }
        // The fault's heapsort groups by layer but does not keep drawing order within a layer.
        let bad = LayerOrder.unstable(many)
        #expect(bad.map { many[$0] } == order.map { many[$0] })
        #expect(bad != order)
    }
}

@Suite struct EncoderTests {
    func inst(_ x: Float) -> StampInstance {
        StampInstance(x: x, y: 0, size: 1, elong: 1, rotation: 0, grainRotation: 0, alpha: 1, atlasIndex: 0)
    }

    @Test func emptyUploadIsSuccess() {
        var e = CommandEncoder()
        #expect(e.upload([]) == 0)
        #expect(e.upload([], emptyFails: true) == nil)
        #expect(e.upload([inst(1), inst(2)]) == 0)
        #expect(e.upload([inst(3)]) == 2)
    }

    /// Draws read the buffer at commit: copying each batch to offset 0 makes every span read the last.
    @Test func deferredExecutionAliasing() {
        var e = CommandEncoder()
        e.write([inst(1), inst(1)][...], at: 0)
        e.encodeSeparateDraw(DrawSpan(offset: 0, count: 2, color: .chalkWhite, erasing: false, brushKind: .chalk))
        e.write([inst(2), inst(2)][...], at: 0)
        e.encodeSeparateDraw(DrawSpan(offset: 0, count: 2, color: .chalkWhite, erasing: false, brushKind: .chalk))
        #expect(e.buffer.map(\.x) == [2, 2])  // the first stroke's instances are gone before anything executes
    }
}
