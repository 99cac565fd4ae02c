import LockstepCore
import Platform

/// `gen dualFrames`: both cameras streaming at once, interleaved in delivery order, as the one
/// serial capture queue sees them (two `gen cameraFrames` lines cannot overlap in time). Back
/// frame `k` at `⌊k·10⁹/backFps⌋`; front frame `j` at `⌊j·10⁹/frontFps⌋ + frontLag` (the sensors
/// are not synchronised); optionally one 1/30 s microphone buffer (1,600 samples at 48 kHz) with
/// each back frame. Offsets are from the line's back frame `first`.
extension DualCam {
    /// At most this many back frames from one line: one hour at 240 fps, as `gen cameraFrames`.
    static let maxDualFramesPerLine: Int64 = 864_000

    static let dualFramesGenerator = Generator<DualCamEvent>(
        "dualFrames", "back and front frames interleaved (back frame k at k/backFps, front j at j/frontFps + frontLag), optional audio",
        parameters: { f throws(ScenarioError) in
            let backFps = try f("backFps", .int, default: 30, in: FrameRate.range, "back frames per second")
            let frontFps = try f("frontFps", .int, default: 30, in: FrameRate.range, "front frames per second")
            let seconds = try f("seconds", .duration, in: .nanoseconds(1) ... .hours(24), "how long, from the line (exclusive)")
            let first = try f("first", .integer, default: 0, in: 0 ... CaptureVocabulary.maxFrameIndex, "the first back frame's number")
            let lag = try f("frontLag", .duration, default: .milliseconds(5), in: .zero ... .milliseconds(999), "front sensor offset")
            let audio = try f("audio", .bool, default: false, "a 1,600-sample buffer with every back frame")
            return (back: CameraFrameClock(rate: FrameRate(framesPerSecond: backFps)!), front: CameraFrameClock(rate: FrameRate(framesPerSecond: frontFps)!),
                    seconds: seconds, first: first, lag: lag, audio: audio)
        },
        stream: { p, context, emit throws(ScenarioError) in
            let count = p.back.frameCount(from: p.first, span: p.seconds)
            guard count <= maxDualFramesPerLine else {
                throw context.error("\(count) back frames from one line is over the limit of \(maxDualFramesPerLine); split the span", at: "seconds")
            }
            let origin = p.back.ptsNanoseconds(ofFrame: p.first)
            let end = origin + p.seconds.nanoseconds
            // The first front frame at or after the origin.
            var j = p.front.rate.frameCount(in: Duration(nanoseconds: max(0, origin - p.lag.nanoseconds)))
            var k = p.first
            while true {
                let backPTS = k < p.first + count ? p.back.ptsNanoseconds(ofFrame: k) : Int64.max
                let frontPTS = p.front.ptsNanoseconds(ofFrame: j) + p.lag.nanoseconds
                let frontDue = frontPTS < end && frontPTS < backPTS
                if frontDue {
                    try emit(Generated(.nanoseconds(frontPTS - origin), .capture(.frame(CameraFrame(position: .front, index: j, ptsNanoseconds: frontPTS)))))
                    j += 1
                } else if backPTS != Int64.max {
                    try emit(Generated(.nanoseconds(backPTS - origin), .capture(.frame(CameraFrame(position: .back, index: k, ptsNanoseconds: backPTS)))))
                    if p.audio { try emit(Generated(.nanoseconds(backPTS - origin), .audio(ptsNanoseconds: backPTS, sampleCount: 1_600))) }
                    k += 1
                } else {
                    break
                }
            }
        })
}
