import LockstepCore

/// A game's frame clock: display-link timestamps in, clamped game-time deltas out.
///
/// The rules every frame-driven app here shares (`update(_ currentTime:)` in SpriteKit, a
/// `TimelineView` tick in SwiftUI), checked in this order for each frame:
///
/// 1. **View pause** (`setViewPaused`): the display link is stopped, so the frame is `.suppressed`
///    and the last time is left alone. The first frame after resuming therefore sees the whole pause
///    as its raw delta, and the clamp turns it into at most one `clamp`.
/// 2. **Backwards time**: a timestamp before the last one is refused whole (`.backwards`); the last
///    time is kept. `min(negative, clamp)` would *add* time, which is what `.acceptUnclamped` models.
/// 3. **Priming**: with no last time, the frame only records its time (`.primed`). `unprime()`
///    forgets it (a game that pauses by clearing `lastTick`); `zeroIsUnset` is the
///    `guard lastUpdate > 0` variant, where a frame at timestamp 0 primes and so does the next.
/// 4. **Scene pause**: the frame tracks the time and returns (`.paused`), so unpausing costs one
///    normal frame, not the pause.
/// 5. Otherwise `.advanced(dt)`, `dt = min(time − last, clamp)`, and `sceneTime` grows by `dt`.
///
/// Every path except 1 and a refused 2 ends with `last = time` (the apps' `defer`). Times are
/// integer nanoseconds, so deltas sum exactly; `sceneTime` is the clock the action timeline runs on
/// (it stands still whenever the game clock does).
public struct FrameClock: Hashable, Sendable {
    /// SpriteKit's usual cap on one frame's delta: `1.0 / 20.0` s. Below 20 fps the game runs slow.
    public static let standardClamp = Duration.milliseconds(50)

    /// What a timestamp earlier than the last frame's does.
    public enum BackwardsPolicy: Hashable, Sendable {
        /// Refuse the frame (the harness's rule; the domain records it).
        case refuse
        /// The unguarded code: `dt = min(time − last, clamp)` is negative and is applied.
        case acceptUnclamped
    }

    /// The largest delta one frame may add; `nil` is the bug with no clamp.
    public var clamp: Duration?
    public var backwards: BackwardsPolicy
    /// `guard lastUpdate > 0`: a last time of exactly 0 counts as "never".
    public var zeroIsUnset: Bool
    /// The timestamp of the last frame `update` saw, or `nil` before the first.
    public private(set) var lastTime: Duration?
    public private(set) var isViewPaused = false
    /// The sum of the advancing deltas: the time actions and emitters run on.
    public private(set) var sceneTime = Duration.zero
    public private(set) var counts = FrameCounts()

    public init(clamp: Duration? = FrameClock.standardClamp, backwards: BackwardsPolicy = .refuse, zeroIsUnset: Bool = false) {
        precondition(clamp.map { $0.nanoseconds > 0 } ?? true, "a clamp must be positive")
        self.clamp = clamp
        self.backwards = backwards
        self.zeroIsUnset = zeroIsUnset
    }

    /// One display-link frame with timestamp `time` (the app's `currentTime`, from its uptime clock).
    public mutating func frame(at time: Duration, scenePaused: Bool) -> FrameStep {
        counts.delivered += 1
        if isViewPaused {
            counts.suppressed += 1
            return .suppressed
        }
        let last = lastTime.flatMap { zeroIsUnset && $0 == .zero ? nil : $0 }
        guard let last else {
            lastTime = time
            counts.primed += 1
            return .primed
        }
        let raw = time - last
        if raw < .zero {
            counts.backwards += 1
            guard backwards == .acceptUnclamped, !scenePaused else { return .backwards(raw: raw) }
            lastTime = time
            sceneTime = sceneTime + raw
            return .backwards(raw: raw)
        }
        lastTime = time
        let dt = clamp.map { min(raw, $0) } ?? raw
        if scenePaused {
            counts.paused += 1
            return .paused(wouldAdvance: dt)
        }
        counts.advanced += 1
        if dt != raw { counts.clamped += 1 }
        sceneTime = sceneTime + dt
        return .advanced(dt: dt, raw: raw)
    }

    /// Pauses or resumes the display link; returns whether anything changed.
    @discardableResult
    public mutating func setViewPaused(_ paused: Bool) -> Bool {
        defer { isViewPaused = paused }
        return isViewPaused != paused
    }

    /// Forgets the last time, so the next frame primes (`lastTick = nil`).
    public mutating func unprime() { lastTime = nil }

    /// Writes the clock's state canonically (for a domain's state digest).
    public func write(to out: inout CanonicalWriter) {
        out.record(Record("frameClock")
            .with("last", lastTime.map { .duration($0) } ?? .word("none"))
            .duration("sceneTime", sceneTime)
            .bool("viewPaused", isViewPaused)
            .int("delivered", counts.delivered).int("advanced", counts.advanced).int("clamped", counts.clamped))
    }
}
