import LockstepCore
import Platform

/// What can happen to an `AnimatedSvgPicture`: a document is loaded (compiled into frames at
/// once), the ticker delivers display frames, the controller plays, pauses and seeks, the view
/// goes off screen, and a test looks at one frame.
public enum AnimatedSvgEvent: Sendable {
    /// `load svg=FILE | text="…" [fps=] [source=] [currentColor=] [colorMap=]`.
    case load(LoadRequest)
    /// The widget is disposed: frames and loader go; the image cache stays (it is global).
    case unload
    case play
    case pause
    /// `seek t=SECONDS` (may be negative or past the end: I3 wraps or clamps).
    case seek(nanoseconds: Int64)
    /// A display-link frame (Platform `FrameClock` vocabulary): the ticker's tick.
    case frame(FrameLine)
    /// `view pause=true`: the widget is off screen or the app is in the background; no ticks.
    case view(paused: Bool)
    /// `inspect frame=N [svg=true] [png=false]`: pin one compiled frame (and its values).
    case inspect(frame: Int, svg: Bool, png: Bool)
    /// `stats`: the image cache and playback counters now.
    case stats
}

/// Where the SVG came from (`SvgPicture.asset`/`.network`/`.file`/`.memory`/`.string`): in the
/// simulation every source is bytes in memory; the source is recorded.
public enum SvgSource: String, CaseIterable, Sendable { case asset, network, file, memory, string }

public struct LoadRequest: Sendable {
    public var bytes: [UInt8]
    /// The bytes came from `text=` (so the event can be written back as a line).
    public var inline: Bool
    public var source: SvgSource
    public var fps: Int
    /// `SvgTheme.currentColor` as `#rrggbb`.
    public var currentColor: String
    /// `ColorMapper`: `"#ff0000>#00ff00 #000000>#222222"`, exact written colours replaced.
    public var colorMap: String
}
