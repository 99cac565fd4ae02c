/// How much of each redraw `RenderRecorder.present` writes to the trace.
///
/// Presents of an identical list are never recorded by any policy (only counted), because a
/// game loop that presents 60 times a second mostly re-presents the same frame. A 72,000-frame
/// run can pin every changed frame with `.summary`, or only every 600th with `.sampled`, and keep
/// `.full` for the short scenarios where the drawing itself is what is under test.
public enum RenderPolicy: Hashable, Sendable {
    /// Nothing; the counts are still kept (see `RenderRecorder.statusRecord`).
    case none
    /// One `render frame= redraws= commands= digest=` line per redraw.
    case summary
    /// The `render` line, then one `draw.*` line per command, per redraw.
    case full
    /// The `render` line for every `everyRedraws`-th redraw only (the 1st, the n+1-th, …);
    /// values below 1 mean 1.
    case sampled(everyRedraws: Int)
}
