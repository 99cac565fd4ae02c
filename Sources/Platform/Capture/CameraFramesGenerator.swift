import LockstepCore

extension CaptureVocabulary {
    /// `gen cameraFrames camera=back|front fps=N seconds=SPAN [first=K] [pattern=WORD|fixture=NAME]`:
    /// frames `first`, `first+1`, … of one camera's stream, frame `k` with PTS `⌊k·10⁹/fps⌋` ns
    /// (computed from `k`, never by adding an interval) and delivered that long after the line's
    /// own frame `first` (so a line at +2 s with `first=60` at 30 fps continues a stream begun at 0
    /// without a gap or a duplicate). `seconds` is exclusive. At most `maxFramesPerLine` frames per
    /// line; the error says so.
    public static func framesGenerator<Event>(_ wrap: @escaping @Sendable (CaptureSystemEvent) -> Event) -> Generator<Event> {
        Generator(framesGeneratorName, "camera frames at fps for seconds (exclusive): frame k at ⌊k·10⁹/fps⌋ ns, in integer nanoseconds",
                  parameters: { f throws(ScenarioError) in
            let camera = try f("camera", .choice(CameraPosition.self), "back|front")
            let fps = try f("fps", .int, default: 30, in: FrameRate.range, "frames per second")
            let seconds = try f("seconds", .duration, in: .nanoseconds(1) ... .hours(24), "how long the frames run, from the line")
            let first = try f("first", .integer, default: 0, in: 0 ... maxFrameIndex, "the first frame's number in the stream")
            let pattern = try f.optional("pattern", .choice(CameraTestPattern.self), "a generated test pattern (default colorBars)")
            let fixture = try f.optional("fixture", .text, "an image fixture's name instead of a pattern")
            if pattern != nil, fixture != nil { throw f.error("a frame shows a pattern= or a fixture=, not both", atAnyOf: ["pattern", "fixture"]) }
            if let fixture, fixture.isEmpty { throw f.error("fixture= needs a name", at: "fixture") }
            let content: FrameContent = fixture.map { .fixture($0) } ?? .pattern(pattern ?? .colorBars)
            return (camera: camera, clock: CameraFrameClock(rate: FrameRate(framesPerSecond: fps)!), seconds: seconds, first: first, content: content)
        }, stream: { p, context, emit throws(ScenarioError) in
            let count = p.clock.frameCount(from: p.first, span: p.seconds)
            guard count <= maxFramesPerLine else {
                throw context.error("\(count) frames from one line is over the limit of \(maxFramesPerLine) (one hour at 240 fps); split the span",
                                    at: "seconds")
            }
            let origin = p.clock.ptsNanoseconds(ofFrame: p.first)
            for k in p.first ..< p.first + count {
                let pts = p.clock.ptsNanoseconds(ofFrame: k)
                try emit(Generated(.nanoseconds(pts - origin),
                                   wrap(.frame(CameraFrame(position: p.camera, index: k, ptsNanoseconds: pts, content: p.content)))))
            }
        })
    }
}
