import LockstepCore

/// The standard scenario spelling of a frame-driven app's clock, shared by every game domain:
///
/// ```
/// 0      gen frames fps=120 until=10s    display-link frames, frame k at ⌊k·10⁹/120⌋ ns
/// 10     scene pause=true                SKScene.isPaused: frames arrive, update's guard returns
/// 12     view pause=true                 SKView.isPaused: the display link stops, no frames at all
/// +1     frame                           one frame, timestamped with the scenario clock
/// +0     frame time=3.5                  one frame with an explicit display-link timestamp (s)
/// ```
///
/// A frame's timestamp is the scenario's elapsed time (the app's uptime clock starts with the
/// scenario) unless the line gives `time=`: a recorded display link, or a clock going backwards.
/// A domain adds `FrameVocabulary.frameKind { .frame($0) }`, `sceneKind`, `viewKind` and
/// `framesGenerator { .frame($0) }`, and hands the timestamp to `FrameClock.frame(at:scenePaused:)`.
public enum FrameVocabulary {
    /// At most this many frames from one `gen frames` line: 24 hours at 120 fps. The scenario's own
    /// event limit (20,000,000) still applies across lines.
    public static let maxFramesPerLine: Int64 = 10_368_000

    /// The kind names, as they appear in traces.
    public static let frameKindName = "frame"
    public static let sceneKindName = "scene"
    public static let viewKindName = "view"
    public static let framesGeneratorName = "frames"

    /// `frame [time=SECONDS]`.
    public static func frameKind<Event>(_ wrap: @escaping @Sendable (FrameLine) -> Event) -> EventKind<Event> {
        EventKind(frameKindName, "One display-link frame (Platform FrameClock); time= gives its own timestamp in seconds") { f throws(ScenarioError) in
            wrap(FrameLine(time: try f.optional("time", .duration, "the display link's timestamp (default: the scenario's elapsed time)")))
        }
    }

    /// `scene pause=BOOL`: the scene's own pause (`SKScene.isPaused`).
    public static func sceneKind<Event>(_ wrap: @escaping @Sendable (Bool) -> Event) -> EventKind<Event> {
        EventKind(sceneKindName, "Pause or unpause the scene (Platform FrameClock): frames still arrive, the update guard returns, actions freeze") { f throws(ScenarioError) in
            wrap(try f("pause", .bool, "true pauses, false resumes"))
        }
    }

    /// `view pause=BOOL`: the view's pause (`SKView.isPaused`, a paused `TimelineView`).
    public static func viewKind<Event>(_ wrap: @escaping @Sendable (Bool) -> Event) -> EventKind<Event> {
        EventKind(viewKindName, "Pause or resume the view (Platform FrameClock): the display link stops, no frames reach the app") { f throws(ScenarioError) in
            wrap(try f("pause", .bool, "true stops the display link, false restarts it"))
        }
    }

    /// `gen frames fps=N until=SPAN`: frames at `⌊k·10⁹/fps⌋` ns after the line for every such time
    /// before `until` (so `until=10s` at 60 fps is 600 frames and the next line at +10 s continues
    /// without a duplicate).
    public static func framesGenerator<Event>(_ wrap: @escaping @Sendable (FrameLine) -> Event) -> Generator<Event> {
        Generator(framesGeneratorName, "display-link frames at fps per second for the span until (exclusive), in integer nanoseconds", parameters: { f throws(ScenarioError) in
            let fps = try f("fps", .int, default: 60, in: FrameRate.range, "frames per second")
            let until = try f("until", .duration, in: .nanoseconds(1) ... .days(1), "how long the frames run, from the line")
            return (rate: FrameRate(framesPerSecond: fps)!, until: until)
        }, stream: { p, context, emit throws(ScenarioError) in
            let count = p.rate.frameCount(in: p.until)
            guard count <= maxFramesPerLine else {
                throw context.error("\(count) frames from one line is over the limit of \(maxFramesPerLine) (24 hours at 120 fps); split the span", at: "until")
            }
            let frame = wrap(FrameLine(time: nil))
            for k in 0 ..< count { try emit(Generated(p.rate.offset(ofFrame: k), frame)) }
        })
    }

    /// The line `frameKind` reads back as `line`.
    public static func text(of line: FrameLine) -> String? {
        let text = LineText(frameKindName)
        return (line.time.map { text.duration("time", $0) } ?? text).line
    }

    /// `scene pause=BOOL` / `view pause=BOOL`.
    public static func text(scenePaused paused: Bool) -> String? { LineText(sceneKindName).bool("pause", paused).line }
    public static func text(viewPaused paused: Bool) -> String? { LineText(viewKindName).bool("pause", paused).line }
}

/// One `frame` line: the display link's timestamp when the line gives one.
public struct FrameLine: Hashable, Sendable {
    /// `nil`: the frame is stamped with the scenario's elapsed time when it is delivered.
    public var time: Duration?

    public init(time: Duration? = nil) { self.time = time }

    /// The app's `currentTime` for this frame: the explicit timestamp, or the time since the run began.
    public func timestamp<D: Domain>(_ world: World<D>) -> Duration { time ?? world.elapsed }
}
