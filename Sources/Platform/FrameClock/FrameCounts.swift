/// How a `FrameClock`'s frames went, for end-of-run summaries and invariants (every delivered frame
/// is counted in exactly one of the outcome counters).
public struct FrameCounts: Hashable, Sendable {
    /// Frames the display link delivered, including suppressed ones.
    public var delivered = 0
    /// Dropped because the view was paused.
    public var suppressed = 0
    /// Refused (or, under `.acceptUnclamped`, applied) because the time went backwards.
    public var backwards = 0
    /// First frames that only primed the clock.
    public var primed = 0
    /// Frames while the scene was paused.
    public var paused = 0
    /// Frames that advanced the clock.
    public var advanced = 0
    /// Advancing frames whose delta the clamp cut.
    public var clamped = 0

    public init() {}

    /// `delivered` equals the sum of the outcome counters.
    public var isConsistent: Bool { delivered == suppressed + backwards + primed + paused + advanced && clamped <= advanced }
}
