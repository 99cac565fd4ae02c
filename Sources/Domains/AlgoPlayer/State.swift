import LockstepCore
import Platform

/// What one playground run sent: the language and the source's size and digest (the source
/// itself is in the scenario line; the state only needs to name it).
public struct RunPayload: Hashable, Sendable {
    public var language: Language
    public var scalars: Int
    public var digest: UInt64
}

/// The generic player: an index into the steps and the clock-driven loop, nothing about the
/// algorithm. `ticks` holds the pending sleep (more than one only under `restartLoopOnSpeed`).
public struct Player: Sendable {
    public var index = 0
    public var isPlaying = false
    /// The speed the user picked; nil until they pick one (then the default applies: 1×, or
    /// 0.5× with VoiceOver running).
    public var userSpeed: Double?
    public var generation = TaskGeneration("player")
    public var ticks: [(token: GenerationToken, timer: TimerID, at: Instant)] = []
    public var ticksFired = 0
}

/// Everything DSA Master keeps.
public struct AlgoPlayerState: Sendable {
    public var scrubberWidth: Double
    public var runnerTimeout: Duration

    public var algorithm: Algorithm?
    public var input: [Int] = []
    public var steps: StepList?
    /// FNV-1a 64 of the recorded step lines (the steps themselves are pinned by the load's records).
    public var stepsDigest: UInt64 = 0
    public var player = Player()
    /// The bars on screen (the array step's, or under `diffSteps` whatever the last forward
    /// diff left), for the move list of the next render.
    public var shownBars: [Bar] = []

    public var a11y = Accessibility()
    public var runner = PendingRequests<RunPayload>("runner")
    /// The editor's run in flight (at most one per editor).
    public var currentRun: RequestID?

    public var loads = 0
    public var rejectedLoads = 0
    public var shows = 0

    public init(scrubberWidth: Double, runnerTimeout: Duration) {
        self.scrubberWidth = scrubberWidth
        self.runnerTimeout = runnerTimeout
    }
}
