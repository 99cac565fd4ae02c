import LockstepCore

/// A display link's rate, and where its frames fall in integer nanoseconds.
///
/// Frame `k` of a run lands at `⌊k · 10⁹ / fps⌋` ns after the run's first frame, computed from `k`
/// every time and never by adding a frame interval to the previous frame: at 120 fps the interval is
/// 8,333,333.3… ns, and 72,000 added `Double` intervals drift, while this rule puts frame 72,000 at
/// exactly 600 s. Consecutive deltas therefore differ by at most 1 ns (8,333,333 or 8,333,334 at
/// 120 fps) and sum exactly to the elapsed time.
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    /// The rates a scenario may ask for: a display link runs between 1 and 240 Hz (ProMotion tops
    /// out at 120, some external displays at 240).
    public static let range: ClosedRange<Int> = 1 ... 240

    public let framesPerSecond: Int

    /// `nil` outside `FrameRate.range`.
    public init?(framesPerSecond: Int) {
        guard FrameRate.range.contains(framesPerSecond) else { return nil }
        self.framesPerSecond = framesPerSecond
    }

    /// When frame `k` (0-based) is shown, from the first frame. `k` may be at most
    /// `Int64.max / 10⁹` (292 years of frames), far past any scenario's event limit.
    @inlinable
    public func offset(ofFrame k: Int64) -> Duration {
        precondition(k >= 0 && k <= Int64.max / Duration.nanosecondsPerSecond, "frame index out of range")
        return .nanoseconds(k * Duration.nanosecondsPerSecond / Int64(framesPerSecond))
    }

    /// How many frames fall in `[0, span)`: the least `k` with `offset(ofFrame: k) >= span`.
    @inlinable
    public func frameCount(in span: Duration) -> Int64 {
        guard span.nanoseconds > 0 else { return 0 }
        // ⌊k·10⁹/fps⌋ ≥ span  ⇔  k·10⁹ ≥ span·fps  ⇔  k ≥ ⌈span·fps / 10⁹⌉ (span·fps fits: span ≤ 292 y).
        let product = span.nanoseconds.multipliedReportingOverflow(by: Int64(framesPerSecond))
        precondition(!product.overflow, "frame span too long")
        return (product.partialValue + Duration.nanosecondsPerSecond - 1) / Duration.nanosecondsPerSecond
    }

    /// `60fps`.
    public var description: String { "\(framesPerSecond)fps" }
}
