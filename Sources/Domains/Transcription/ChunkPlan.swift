/// How a file is cut for recognition: 50 s windows every 46 s (4 s overlap), until a window
/// reaches within 0.05 s of the end. All positions are integer nanoseconds of audio, so the
/// boundaries are exact (the article's `Double` arithmetic is exact here too: 46 and 50 are
/// representable, but the 0.05 s and 0.15 s tolerances are not, and integers make their edges exact).
public struct ChunkPlan: Sendable, Equatable {
    /// One window `[start, end]` of the file.
    public struct Window: Sendable, Equatable {
        public var index: Int
        public var startNanos: Int64
        public var endNanos: Int64
        /// `min(1, end / total)`: cumulative progress once this window is done.
        public var progress: Double
        /// `end >= total − 0.05 s`: the last window.
        public var isFinal: Bool
    }

    public static let chunkNanos: Int64 = 50_000_000_000
    public static let overlapNanos: Int64 = 4_000_000_000
    /// `max(1 s, chunk − overlap)` = 46 s.
    public static let stepNanos: Int64 = max(1_000_000_000, chunkNanos - overlapNanos)
    /// The end tolerance of the loop condition and of `isFinal`.
    public static let endToleranceNanos: Int64 = 50_000_000
    /// The longest file the model accepts (24 h, 1,878 windows). GAP: the article has no limit;
    /// a limit keeps every loop bounded.
    public static let maxTotalNanos: Int64 = 86_400_000_000_000

    public let totalNanos: Int64
    /// One window for the whole file: the article's first obvious approach (fault `wholeFileUnchunked`).
    public let wholeFile: Bool

    public init(totalNanos: Int64, wholeFile: Bool = false) {
        self.totalNanos = totalNanos
        self.wholeFile = wholeFile
    }

    /// The longest request the recogniser finishes. GAP: the article says there is no documented
    /// ceiling, only that long requests run long, drop audio or never deliver a final result; the
    /// model takes one minute (the server's long-known limit) and lets a longer request never call
    /// back. Only a whole-file request can pass it: windows are 50 s.
    public static let reliableRequestNanos: Int64 = 60_000_000_000

    /// Number of windows: 0 when `total ≤ 0.05 s`, else the first index whose end reaches the tolerance, plus one.
    public var count: Int {
        guard totalNanos > ChunkPlan.endToleranceNanos else { return 0 }
        if wholeFile { return 1 }
        let beyondFirst = totalNanos - ChunkPlan.endToleranceNanos - ChunkPlan.chunkNanos
        guard beyondFirst > 0 else { return 1 }
        // Windows after the first: ceil(beyondFirst / step).
        return 1 + Int((beyondFirst + ChunkPlan.stepNanos - 1) / ChunkPlan.stepNanos)
    }

    /// Window `index` (0 ..< count).
    public func window(_ index: Int) -> Window {
        if wholeFile { return Window(index: 0, startNanos: 0, endNanos: totalNanos, progress: 1, isFinal: true) }
        let start = Int64(index) * ChunkPlan.stepNanos
        let end = min(start + ChunkPlan.chunkNanos, totalNanos)
        return Window(index: index, startNanos: start, endNanos: end,
                      progress: min(1.0, Double(end) / Double(totalNanos)),
                      isFinal: end >= totalNanos - ChunkPlan.endToleranceNanos)
    }

    /// Every window, by running the article's loop literally (`while start < total − 0.05`), bounded
    /// by `maxTotalNanos`. Tests compare it with `count` and `window(_:)`.
    public func loopWindows() -> [Window] {
        var out: [Window] = []
        var start: Int64 = 0
        var guardCount = 0
        while start < totalNanos - ChunkPlan.endToleranceNanos, guardCount <= 2_000 {
            guardCount += 1
            let w = window(out.count)
            out.append(w)
            if w.isFinal { break }
            start += ChunkPlan.stepNanos
        }
        return out
    }

    /// The per-attempt timeout the domain owns.
    public static let attemptTimeoutNanos: Int64 = 60_000_000_000
    /// Worst case for one chunk: the local attempt and the server attempt both stall to the timeout
    /// (120 s) with on-device requested; 60 s without.
    public static func worstCaseNanosPerChunk(onDevice: Bool) -> Int64 {
        onDevice ? 2 * attemptTimeoutNanos : attemptTimeoutNanos
    }
}
