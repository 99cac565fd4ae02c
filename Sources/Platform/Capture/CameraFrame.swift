import LockstepCore

/// A generated test pattern a frame stands for. Frames carry no pixels (a camera domain keys its
/// logic on timestamps and ids, and pixels would make a scenario huge); a domain that needs pixels
/// draws the named pattern itself or loads a fixture.
public enum CameraTestPattern: String, Hashable, Sendable, CaseIterable {
    case colorBars, checkerboard, grayRamp, black, white
}

/// What a frame shows: a generated pattern or an image fixture the domain resolves by name.
public enum FrameContent: Hashable, Sendable {
    case pattern(CameraTestPattern)
    /// A fixture's name (resolved by the domain; never read here).
    case fixture(String)

    /// `pattern=colorBars` or `fixture="name"` in records.
    func append(to r: Record) -> Record {
        switch self {
        case .pattern(let p): r.word("pattern", p.rawValue)
        case .fixture(let name): r.string("fixture", name)
        }
    }
}

/// One camera frame as a capture output delivers it: which camera, its presentation timestamp in
/// integer nanoseconds on the stream's clock, its place in the stream, and what it shows.
public struct CameraFrame: Hashable, Sendable, RecordConvertible {
    public var position: CameraPosition
    /// The frame's number in its stream (`k` of `gen cameraFrames`, counting from `first=`).
    public var index: Int64
    /// `CMSampleBufferGetPresentationTimeStamp`, in nanoseconds since the stream clock's origin.
    public var ptsNanoseconds: Int64
    public var content: FrameContent

    public init(position: CameraPosition, index: Int64, ptsNanoseconds: Int64, content: FrameContent = .pattern(.colorBars)) {
        self.position = position
        self.index = index
        self.ptsNanoseconds = ptsNanoseconds
        self.content = content
    }

    /// `frame camera=back index=3 pts=0.100000000s pattern=colorBars`.
    public var record: Record {
        content.append(to: Record("frame").word("camera", position.rawValue).int64("index", index)
            .duration("pts", Duration(nanoseconds: ptsNanoseconds)))
    }
}

/// Where frames of a fixed-rate stream fall: frame `k` at `⌊k · 10⁹ / fps⌋` ns, computed from `k`
/// every time, never by adding a frame interval: at 30 fps the interval is 33,333,333.3… ns, and
/// adding the whole-nanosecond 33,333,333 108,000 times lands 36 µs short of an hour, while this
/// rule puts frame 108,000 at exactly 3,600 s. Consecutive deltas differ by at most 1 ns. Reuses
/// `FrameRate`, the display-link rule.
public struct CameraFrameClock: Hashable, Sendable {
    public let rate: FrameRate

    public init(rate: FrameRate) { self.rate = rate }

    /// nil outside 1...240 fps.
    public init?(framesPerSecond: Int) {
        guard let rate = FrameRate(framesPerSecond: framesPerSecond) else { return nil }
        self.rate = rate
    }

    /// The PTS of frame `k` (0-based; `k` at most `Int64.max / 10⁹`).
    public func ptsNanoseconds(ofFrame k: Int64) -> Int64 { rate.offset(ofFrame: k).nanoseconds }

    /// How many frames have a PTS in `[ptsNanoseconds(first), ptsNanoseconds(first) + span)`:
    /// the frames a line starting at frame `first` makes over `span`.
    public func frameCount(from first: Int64, span: Duration) -> Int64 {
        let start = ptsNanoseconds(ofFrame: first)
        // The least k with pts(k) >= start + span, minus first. frameCount(in:) solves it from 0.
        let end = rate.frameCount(in: Duration(nanoseconds: start) + span)
        return max(0, end - first)
    }
}
