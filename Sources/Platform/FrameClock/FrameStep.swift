import LockstepCore

/// What one display-link frame did to a `FrameClock`, for the app's `update` to act on.
///
/// The cases follow the order of the checks in `FrameClock.frame(at:scenePaused:)`: a paused view
/// delivers nothing; a timestamp earlier than the last is refused; the first frame only primes; a
/// paused scene tracks the time but does not advance; otherwise the clock advances by the clamped
/// delta.
public enum FrameStep: Hashable, Sendable {
    /// The view is paused (`SKView.isPaused`, a paused `TimelineView`): the display link is stopped,
    /// so `update` is not called and the last frame time is not touched.
    case suppressed
    /// A timestamp earlier than the last frame's. Refused whole (the last time is kept), unless the
    /// clock's `backwards` policy is `.acceptUnclamped` (the bug: `min(negative, clamp)` adds time).
    case backwards(raw: Duration)
    /// The first frame (or the first after `unprime()`): it only records the time, nothing advances.
    case primed
    /// The scene is paused: `update` runs, its guard returns, and the last time keeps tracking, so
    /// the first frame after unpausing is one normal frame. `wouldAdvance` is the clamped delta the
    /// frame would have added (what a missing pause guard subtracts).
    case paused(wouldAdvance: Duration)
    /// The clock advanced by `dt`: the delta from the last frame, clamped to `[0, clamp]`; `raw` is
    /// the unclamped delta (they differ after a hitch or a view pause).
    case advanced(dt: Duration, raw: Duration)

    /// The game time this frame adds (zero unless `.advanced`; negative only for an accepted
    /// backwards frame).
    public var dt: Duration {
        if case .advanced(let dt, _) = self { return dt }
        return .zero
    }

    /// Whether the delta was cut by the clamp.
    public var wasClamped: Bool {
        if case .advanced(let dt, let raw) = self { return dt != raw }
        return false
    }
}
