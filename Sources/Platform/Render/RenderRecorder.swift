import LockstepCore

/// The app's view of "the screen": it takes each frame's `DrawList`, tells a redraw from a
/// re-present of the same picture, and writes the trace lines its `RenderPolicy` asks for.
///
/// Two lists are the same picture when their canonical bytes are equal (`DrawList.canonicalBytes`,
/// plus the count of dropped commands): what the trace could show, not the doubles' last bits, so
/// a coordinate that jitters below 0.005 points does not count as a redraw.
///
/// ```
/// render frame=0 redraws=1 commands=3 digest=#…
/// draw.page w=20.00 h=20.00 background=white        (.full only)
/// ```
///
/// `frame` is the present's index from 0 (every present counts, skipped or not), so a golden shows
/// which frames the picture changed on.
public struct RenderRecorder: Hashable, Sendable, CanonicallyWritable {
    public var policy: RenderPolicy
    /// Every `present`, identical or not.
    public private(set) var presentCount = 0
    /// Presents whose list differed from the previous one (the first present is a redraw).
    public private(set) var redrawCount = 0
    /// Presents of the same picture as the previous one.
    public private(set) var skippedIdentical = 0
    /// The last list presented, for `snapshot`; nil before the first present.
    public private(set) var lastList: DrawList?
    private var lastBytes: [UInt8] = []
    private var lastDropped = 0

    public init(policy: RenderPolicy = .summary) {
        self.policy = policy
    }

    /// `digest` of the last list presented (0 before any).
    public var lastDigest: UInt64 { lastList?.digest ?? 0 }

    /// Shows `list`: a redraw if it differs from the last list, recorded per `policy`; otherwise
    /// only counted in `skippedIdentical`. Returns whether it was a redraw.
    @discardableResult
    public mutating func present<D: Domain>(_ list: DrawList, _ world: inout World<D>) -> Bool {
        let frame = presentCount
        presentCount += 1
        // The equal value is the common case (a game loop re-presenting its frame) and needs no
        // formatting; otherwise the canonical bytes decide.
        if let last = lastList, last == list {
            skippedIdentical += 1
            return false
        }
        let bytes = list.canonicalBytes
        if lastList != nil, bytes == lastBytes, list.droppedCount == lastDropped {
            skippedIdentical += 1
            return false
        }
        redrawCount += 1
        lastBytes = bytes
        lastDropped = list.droppedCount
        lastList = list
        let summary: Record = {
            var r = Record("render").int("frame", frame).int("redraws", redrawCount).int("commands", list.count)
                .digest("digest", FNV1a64.hash(bytes))
            if let refusal = list.firstRefusal {
                r = r.int("dropped", list.droppedCount).word("refused", refusal.word).int("limit", refusal.limit)
            }
            return r
        }()
        switch policy {
        case .none:
            break
        case .summary:
            world.emit(summary)
        case .full:
            world.emit(summary)
            for record in list.commandRecords { world.emit(record) }
        case .sampled(let every):
            if (redrawCount - 1) % max(1, every) == 0 { world.emit(summary) }
        }
        return true
    }

    /// `render.status presents= redraws= skipped= digest=`: the counts, for the end of a run or a
    /// `.none` policy's single line.
    public var statusRecord: Record {
        Record("render.status").int("presents", presentCount).int("redraws", redrawCount)
            .int("skipped", skippedIdentical).digest("digest", lastDigest)
    }

    /// Attaches the last presented frame as a PNG artifact named `name` (`world.artifact`, which
    /// records `artifact name= bytes= digest=`), so a person can look at it next to the golden.
    /// - Throws: `RenderError.noPage` before any present or when that list has no page; the
    ///   rasteriser's errors otherwise. Nothing is attached then.
    public func snapshot<D: Domain>(name: String, scale: Int = 1, _ world: inout World<D>) throws(RenderError) {
        guard let list = lastList else { throw .noPage }
        world.artifact(name, try list.png(scale: scale))
    }

    /// `render { presents redraws skipped digest }` for the state digest.
    public func write(to out: inout CanonicalWriter) {
        out.section("render") { w in
            w.int("presents", presentCount)
            w.int("redraws", redrawCount)
            w.int("skipped", skippedIdentical)
            w.write("digest", .digest(lastDigest))
        }
    }
}
