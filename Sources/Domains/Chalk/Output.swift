import LockstepCore

/// Every record the chalk domain writes, in the order of its fields. Floats are Float32 values
/// printed with a fixed number of decimals: canvas lengths with 6 (deep zoom works in thousandths),
/// factors with 4, screen values with 3. Refused inputs are not here: they are `world.reject`
/// records (`rejected input=... reason=...`), written where the reducer refuses them.
public enum ChalkOutput: RecordConvertible {
    case strokeBegan(ordinal: Int, touch: Int, brush: BrushKind, type: TouchType, size: Float, layer: Int, erasing: Bool, seed: UInt32)
    case segment(ordinal: Int, index: Int, stats: SegmentStats, pressure: Float, tilt: Float)
    case strokeEnded(ordinal: Int, points: Int, segments: Int, stamps: Int, live: UInt64, replay: UInt64, strokes: Int)
    case strokeCancelled(ordinal: Int, points: Int, stamps: Int)
    case view(ViewTransform)
    case setting(name: String, value: Value)
    case undo(result: Page.UndoResult, page: Page)
    case redo(done: Bool, page: Page)
    case clear(cleared: Int, page: Page)
    case pageChanged(index: Int, strokes: Int)
    case replay(reason: String, strokes: Int, stamps: Int, offset: Int?, aliasing: Bool)
    case span(order: Int, ordinal: Int, layer: Int, offset: Int, count: Int, digest: UInt64, live: String)
    case replayFailed(reason: String)
    case frame(reason: String, stats: CommitStats, inked: Int)
    case saved(strokes: Int, points: Int, bytes: Int)
    case loaded(strokes: Int, points: Int)
    case limit(name: String, value: Int)

    public var record: Record {
        switch self {
        case .strokeBegan(let o, let t, let b, let ty, let size, let layer, let erasing, let seed):
            Record("stroke-began").int("stroke", o).int("touch", t).word("brush", b.rawValue).word("type", ty.rawValue)
                .fixed("size", size, 6).int("layer", layer).bool("eraser", erasing).int64("seed", Int64(seed))
        case .segment(let o, let i, let s, let pr, let tilt):
            Record("segment").int("stroke", o).int("seg", i).fixed("dist", s.dist, 6).fixed("speed", s.speed, 4)
                .fixed("step", s.step, 6).int("n", s.n).int("draws", s.draws).int("emitted", s.emitted).int("skipped", s.skipped)
                .fixed("pr", pr, 4).fixed("tilt", tilt, 4)
        case .strokeEnded(let o, let points, let segments, let stamps, let live, let replay, let strokes):
            Record("stroke-end").int("stroke", o).int("points", points).int("segments", segments).int("stamps", stamps)
                .digest("live", live).digest("replay", replay).bool("match", live == replay).int("strokes", strokes)
        case .strokeCancelled(let o, let points, let stamps):
            Record("stroke-cancelled").int("stroke", o).int("points", points).int("stamps", stamps)
        case .view(let v):
            Record("view").fixed("scale", v.scale, 4).with("offset", .tuple([.fixed(Double(v.offsetX), places: 3), .fixed(Double(v.offsetY), places: 3)]))
        case .setting(let name, let value):
            Record(name).with("value", value)
        case .undo(let result, let page):
            ChalkOutput.history(Record("undo").word("result", result.rawValue), page)
        case .redo(let done, let page):
            ChalkOutput.history(Record("redo").word("result", done ? "restored" : "nothing"), page)
        case .clear(let cleared, let page):
            ChalkOutput.history(Record("clear").int("cleared", cleared), page)
        case .pageChanged(let index, let strokes):
            Record("page").int("index", index).int("strokes", strokes)
        case .replay(let reason, let strokes, let stamps, let offset, let aliasing):
            Record("replay").word("reason", reason).int("strokes", strokes).int("stamps", stamps)
                .int("bytes", stamps * StampInstance.strideBytes)
                .with("upload", offset.map { .int($0) } ?? .word(aliasing ? "per-stroke-at-0" : "failed"))
        case .span(let order, let o, let layer, let offset, let count, let digest, let live):
            Record("span").int("order", order).int("stroke", o).int("layer", layer).int("offset", offset).int("count", count)
                .digest("digest", digest).word("live", live)
        case .replayFailed(let reason):
            Record("replay-failed").string("reason", reason)
        case .frame(let reason, let s, let inked):
            Record("frame").word("reason", reason).int("clears", s.clearPasses).int("draws", s.draws).int("stamps", s.stamps)
                .int("pixels", s.pixels).int("inked", inked)
        case .saved(let strokes, let points, let bytes):
            Record("saved").int("strokes", strokes).int("points", points).int("bytes", bytes)
        case .loaded(let strokes, let points):
            Record("loaded").int("strokes", strokes).int("points", points)
        case .limit(let name, let value):
            Record("limit").word("name", name).int("value", value)
        }
    }

    static func history(_ r: Record, _ page: Page) -> Record {
        r.int("strokes", page.strokes.count).int("redo", page.redoStack.count)
            .with("backup", page.clearedBackup.map { .int($0.count) } ?? .word("none"))
    }
}
