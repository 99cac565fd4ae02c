/// Every bound the scenario parser and runner enforce. Hitting one is a clear error that names the
/// limit, never a hang or a silent truncation. Tests shrink them to exercise the errors cheaply.
public struct ScenarioLimits: Sendable, Hashable {
    /// Longest accepted line, in bytes (a 19-joint camera frame is about 600).
    public var maxLineBytes = 65_536
    /// Largest accepted scenario or included file, in bytes.
    public var maxFileBytes = 1 << 30
    /// Most events one scenario may produce, counting included and generated ones.
    public var maxEvents = 20_000_000
    /// Deepest `include` nesting.
    public var maxIncludeDepth = 8
    /// Most arguments on one event line.
    public var maxArgsPerLine = 256
    /// Most elements in one tuple.
    public var maxTupleElements = 64
    /// Most timer firings at one instant: a timer that keeps re-arming itself for "now" is a bug.
    public var maxTimerFiringsPerInstant = 10_000
    /// Most timer firings in one run.
    public var maxTimerFirings = 20_000_000
    /// Most timers pending at once.
    public var maxPendingTimers = 1_000_000
    /// Largest file a scenario may hand to its domain (`file` fields), in bytes.
    public var maxAttachedFileBytes = 64 << 20
    /// Most lines (comments and blank lines included) in one scenario or included file.
    public var maxLinesPerFile = 100_000_000

    /// The instants a run may reach, 1900-01-01T00:00:00Z ... 2200-01-01T00:00:00Z, both included
    /// (`Instant.supportedRange`). Fixed, not tunable: it keeps every sum of a time and a duration
    /// far from Int64's edges (1677 and 2262). A scenario time, `until` or generated event outside it
    /// is a located error (`time '+100000d' lands after 2200-01-01T00:00:00Z …`); a timer a domain
    /// asks for past it is dropped with a `lockstep.limit name=timeRange` record.
    public static let timeRange: ClosedRange<Instant> = Instant.earliestSupported...Instant.latestSupported

    public init() {}

    public static let standard = ScenarioLimits()
}
