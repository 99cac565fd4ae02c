import LockstepCore

/// The widget's state: the loaded frames (if any), the controller, the ticker and the global
/// image cache with its decode counter.
public struct AnimatedSvgState: Sendable {
    /// One loaded document.
    struct Loaded: Sendable {
        /// J5: the per-load serial number (1, 2, … in load order).
        var framesId: Int
        var result: LoadResult
        var playing: Bool
        /// The position at `since`, in ns.
        var positionNanoseconds: Int64
        var since: Duration
        var tickerActive: Bool
        /// The frame on screen; `nil` before the first tick.
        var displayed: Int?
        var frameSwitches: Int
        var ticks: Int
    }

    var loads = 0
    var current: Loaded?
    var cache = ImageCache()
    var viewPaused = false
    /// The decodes one pass per load may cost: the sum of each load's image count (J5).
    var decodeBudget = 0
    /// Ticks that arrived while nothing was animating or the view was paused.
    var idleTicks = 0

    /// The playback position now (I3's pos), in ns.
    func position(_ loaded: Loaded, now: Duration) -> Int64 {
        loaded.playing ? loaded.positionNanoseconds + (now - loaded.since).nanoseconds : loaded.positionNanoseconds
    }
}
