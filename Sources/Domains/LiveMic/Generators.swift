import LockstepCore
import Platform

/// Microphone generators: a long steady tone in capture-sized buffers, the shape of a live session
/// (a 2-hour gig at 100 ms buffers is one line instead of 72,000).
public enum LiveMicGenerators {
    /// The most samples one `gen tone` line makes (all buffers and channels together).
    public static let maxSamples = 1_000_000_000

    public static let all: [Generator<LiveMicEvent>] = [
        Generator("tone", "a continuous sine in mic buffers: buffer seconds each, for seconds in all (phase carries across buffers)",
                  parameters: { f throws(ScenarioError) in
            let hz = try f("hz", .number, in: 0...192_000, "the tone's frequency")
            let seconds = try f("seconds", .duration, in: .milliseconds(1) ... .hours(24), "how long the tone lasts")
            let buffer = try f("buffer", .duration, default: .milliseconds(100), in: .milliseconds(1) ... .seconds(1), "one capture buffer")
            let amplitude = try f("amplitude", .number, default: 0.5, in: -1...1, "peak")
            let rate = try f.optional("sampleRate", .number, in: 1...384_000, "the capture's rate (default 48000, checked against the graph)")
            let channels = try f.optional("channels", .int, in: 1...AudioFormat.maxChannels, "the capture's channels (default 1)")
            let rateHz = rate ?? AudioGrant.defaultRateHz
            let ch = channels ?? 1
            // Frames per buffer at the capture rate; the buffer's real length follows from them.
            let frames = Int((Double(buffer.nanoseconds) / 1e9 * rateHz).rounded())
            guard frames >= 1, frames * ch <= LiveMic.maxSamplesPerBatch else {
                throw f.error("buffer=\(buffer) at \(rateHz) Hz × \(ch) channels is \(frames * ch) samples; one mic batch holds 1...\(LiveMic.maxSamplesPerBatch)", at: "buffer")
            }
            let buffers = Int(seconds.nanoseconds / buffer.nanoseconds)
            // A bound on the work one line may ask for: 10^9 samples is 5.8 hours of 48 kHz mono.
            guard max(buffers, 1) * frames * ch <= maxSamples else {
                throw f.error("seconds=\(Double(seconds.nanoseconds) / 1e9) is \(max(buffers, 1) * frames * ch) samples; one tone line makes at most \(maxSamples)", at: "seconds")
            }
            return (hz: hz, amplitude: amplitude, rate: rate, rateHz: rateHz, channels: channels, ch: ch, frames: frames,
                    buffers: max(buffers, 1), bufferNanoseconds: Int64((Double(frames) / rateHz * 1e9).rounded()))
        }, stream: { p, context, emit throws(ScenarioError) in
            guard p.buffers <= context.maxEvents else {
                throw context.error("\(p.buffers) buffers is more than the \(context.maxEvents) events the scenario's event limit allows", at: "seconds")
            }
            let tone = SineOscillator(frequencyHz: p.hz, sampleRateHz: p.rateHz, amplitude: p.amplitude)
            // Streamed: one buffer in memory at a time.
            for i in 0..<p.buffers {
                let first = Int64(i) * Int64(p.frames)
                let samples = tone.floats(first: first, count: p.frames, channels: p.ch)
                let sine = MicSine(hz: p.hz, amplitude: p.amplitude, frames: p.frames, firstFrame: first)
                try emit(Generated(.nanoseconds(Int64(i) * p.bufferNanoseconds),
                                   .mic(MicFrames(samples: samples, sampleRateHz: p.rate, channels: p.channels, sine: sine))))
            }
        }),
    ]
}
