import LockstepCore

/// Scenario vocabulary for PCM input: generators that synthesise tap buffers, a WAV file cut into
/// buffers, and a literal buffer. A contract other tools rely on, so every parameter is declared
/// here once:
///
/// ```
/// 0  gen tone f=440 amp=0.5 seconds=2 buffer=1024 [rate=48000] [channels=1] [harmonics=0.3,1,0.6] [phase=0]
/// 2  gen pluck f=82.41 amp=0.8 decay=0.6 seconds=3 buffer=1024 [harmonics=…] [phase=0] [rate=] [channels=]
/// 5  gen noise rms=0.02 seconds=1 buffer=512 [rate=] [channels=]
/// 6  gen silence seconds=0.5 buffer=1024 [rate=] [channels=]
/// 7  gen wav file=take.wav buffer=4800
/// 9  pcm samples=0.1,-0.2,0.3 [rate=48000] [channels=1]
/// ```
///
/// A buffer of N frames is delivered when its last frame has been captured: buffer i (from 0) of
/// a line arrives ⌊(i+1)·N·10⁹/rate⌋ ns after the line, and a last partial buffer carries the
/// remainder. `firstFrame` counts frames from the line's start. Tones are `ToneSynth` (sample n a
/// pure function of n), noise `NoiseSynth` on the line's own random substream.
public enum PCMVocabulary {
    public static let defaultRateHz = 48_000
    /// The most samples (frames × channels) one line may make: 10⁹ is 5.8 hours of 48 kHz mono.
    public static let maxSamplesPerLine: Int64 = 1_000_000_000
    public static let pcmKindName = "pcm"

    struct Common {
        var seconds: Duration
        var bufferFrames: Int
        var format: PCMFormat
        var totalFrames: Int64
    }

    static func common(_ f: inout Fields, fixedFormat: PCMFormat? = nil) throws(ScenarioError) -> Common {
        let seconds = try f("seconds", .duration, in: .nanoseconds(1) ... .hours(24), "how long the signal lasts")
        let buffer = try f("buffer", .int, in: 1 ... PCMBuffer.maxFrames, "frames per tap buffer (any size: taps vary)")
        let rate = try f("rate", .int, default: defaultRateHz, in: PCMFormat.sampleRateRange, "sample rate in Hz")
        let channels = try f("channels", .int, default: 1, in: PCMFormat.channelRange, "channels (the same samples in each)")
        let format = PCMFormat(sampleRateHz: rate, channels: channels)
        // Whole frames only: the last frame starts before `seconds` ends.
        let total = (Int64(rate).multipliedFullWidth(by: seconds.nanoseconds))
        let frames = Int64(1_000_000_000).dividingFullWidth(total).quotient
        guard frames >= 1 else { throw f.error("seconds=\(seconds) at \(rate) Hz is less than one frame", at: "seconds") }
        guard frames * Int64(channels) <= maxSamplesPerLine else {
            throw f.error("\(frames * Int64(channels)) samples in one line; the limit is \(maxSamplesPerLine) (split the span)", at: "seconds")
        }
        return Common(seconds: seconds, bufferFrames: buffer, format: format, totalFrames: frames)
    }

    /// Cuts `totalFrames` into buffers and hands each to `emit` as it is made (one in memory).
    static func stream<Event>(_ c: Common, source: String, context: inout GeneratorContext,
                              _ make: (Int64, Int) -> [Float], _ wrap: (PCMBuffer) -> Event,
                              _ emit: Generator<Event>.Emit) throws(ScenarioError) {
        let buffers = (c.totalFrames + Int64(c.bufferFrames) - 1) / Int64(c.bufferFrames)
        guard buffers <= Int64(context.maxEvents) else {
            throw context.error("\(buffers) buffers is more than the \(context.maxEvents) events the scenario's event limit allows", at: "buffer")
        }
        var first: Int64 = 0
        while first < c.totalFrames {
            let count = Int(min(Int64(c.bufferFrames), c.totalFrames - first))
            var mono = make(first, count)
            if c.format.channels > 1 {
                var wide: [Float] = []
                wide.reserveCapacity(count * c.format.channels)
                for v in mono { for _ in 0 ..< c.format.channels { wide.append(v) } }
                mono = wide
            }
            let end = first + Int64(count)
            try emit(Generated(.nanoseconds(c.format.nanoseconds(ofFrame: end)),
                               wrap(PCMBuffer(format: c.format, samples: mono, firstFrame: first, source: source))))
            first = end
        }
    }

    static func harmonics(_ f: inout Fields) throws(ScenarioError) -> [Double] {
        let h = try f("harmonics", .tuple(), default: [1], "weights a1,a2,… of the harmonics")
        guard h.count <= ToneSynth.maxHarmonics, h.allSatisfy({ $0.isFinite && abs($0) <= 16 }) else {
            throw f.error("harmonics must be 1 to \(ToneSynth.maxHarmonics) finite weights in -16...16", at: "harmonics")
        }
        return h
    }

    /// `tone`, `pluck`, `noise`, `silence` and `wav`, wrapped into the domain's event.
    public static func generators<Event>(_ wrap: @escaping @Sendable (PCMBuffer) -> Event) -> [Generator<Event>] {
        [
            Generator("tone", "a steady tone in tap buffers: amp·Σ a_k·sin(2π·k·f·n/rate + phase), rounded to Float32",
                      parameters: { f throws(ScenarioError) in
                let hz = try f("f", .number, in: 0 ... 192_000, "the fundamental in Hz")
                let amp = try f("amp", .number, default: 0.5, in: -1 ... 1, "the amplitude")
                let h = try harmonics(&f)
                let phase = try f("phase", .number, default: 0, in: -1000 ... 1000, "phase in radians")
                return (spec: ToneSynth.Spec(frequencyHz: hz, amplitude: amp, harmonics: h, phaseRadians: phase), common: try common(&f))
            }, stream: { p, context, emit throws(ScenarioError) in
                var synth = ToneSynth(p.spec, sampleRateHz: p.common.format.sampleRateHz)
                try stream(p.common, source: "tone", context: &context, { synth.samples(first: $0, count: $1) }, wrap, emit)
            }),
            Generator("pluck", "a plucked string: a tone whose amplitude decays as e^(−t/decay)",
                      parameters: { f throws(ScenarioError) in
                let hz = try f("f", .number, in: 0 ... 192_000, "the fundamental in Hz")
                let amp = try f("amp", .number, default: 0.8, in: -1 ... 1, "the starting amplitude")
                let decay = try f("decay", .duration, in: .milliseconds(1) ... .seconds(600), "τ of the exponential decay")
                let h = try harmonics(&f)
                let phase = try f("phase", .number, default: 0, in: -1000 ... 1000, "phase in radians")
                let spec = ToneSynth.Spec(frequencyHz: hz, amplitude: amp, harmonics: h, phaseRadians: phase,
                                          decaySeconds: Double(decay.nanoseconds) / 1e9)
                return (spec: spec, common: try common(&f))
            }, stream: { p, context, emit throws(ScenarioError) in
                var synth = ToneSynth(p.spec, sampleRateHz: p.common.format.sampleRateHz)
                try stream(p.common, source: "pluck", context: &context, { synth.samples(first: $0, count: $1) }, wrap, emit)
            }),
            Generator("noise", "seeded uniform noise at an RMS level (the line's own random substream)",
                      parameters: { f throws(ScenarioError) in
                let rms = try f("rms", .number, in: 0 ... 1, "the noise's RMS")
                return (rms: rms, common: try common(&f))
            }, stream: { p, context, emit throws(ScenarioError) in
                var synth = NoiseSynth(rms: p.rms, rng: context.rng)
                try stream(p.common, source: "noise", context: &context, { _, n in synth.samples(count: n) }, wrap, emit)
            }),
            Generator("silence", "digital silence (zeros) in tap buffers",
                      parameters: { f throws(ScenarioError) in try common(&f) },
                      stream: { c, context, emit throws(ScenarioError) in
                try stream(c, source: "silence", context: &context, { _, n in [Float](repeating: 0, count: n) }, wrap, emit)
            }),
            Generator("wav", "a WAV file (16-bit PCM or 32-bit float) cut into tap buffers",
                      parameters: { f throws(ScenarioError) in
                let bytes = try f("file", .file, "the WAV file")
                let buffer = try f("buffer", .int, in: 1 ... PCMBuffer.maxFrames, "frames per tap buffer")
                if f.isDeclaring { return (wav: WAVFile(format: PCMFormat(sampleRateHz: 1, channels: 1), samples: []), buffer: buffer) }
                switch WAVFile.parse(bytes) {
                case .success(let wav):
                    guard !wav.samples.isEmpty else { throw f.error("the WAV file holds no frames", at: "file") }
                    return (wav: wav, buffer: buffer)
                case .failure(let problem): throw f.error(problem.description, at: "file")
                }
            }, stream: { p, context, emit throws(ScenarioError) in
                let n = p.wav.format.channels
                let frames = Int64(p.wav.samples.count / n)
                // The file's own channels are kept: cut interleaved frames, not mono samples.
                let buffers = (frames + Int64(p.buffer) - 1) / Int64(p.buffer)
                guard buffers <= Int64(context.maxEvents) else {
                    throw context.error("\(buffers) buffers is more than the \(context.maxEvents) events the scenario's event limit allows", at: "buffer")
                }
                var first: Int64 = 0
                while first < frames {
                    let count = Int(min(Int64(p.buffer), frames - first))
                    let slice = Array(p.wav.samples[Int(first) * n ..< (Int(first) + count) * n])
                    let end = first + Int64(count)
                    try emit(Generated(.nanoseconds(p.wav.format.nanoseconds(ofFrame: end)),
                                       wrap(PCMBuffer(format: p.wav.format, samples: slice, firstFrame: first, source: "wav"))))
                    first = end
                }
            }),
        ]
    }

    /// `pcm samples=… [rate=] [channels=]`: one literal buffer (a few samples written out).
    public static func pcmKind<Event>(_ wrap: @escaping @Sendable (PCMBuffer) -> Event) -> EventKind<Event> {
        EventKind(pcmKindName, "One tap buffer written out: interleaved Float32 samples") { f throws(ScenarioError) in
            let samples = try f("samples", .tuple(), "interleaved samples")
            let rate = try f("rate", .int, default: defaultRateHz, in: PCMFormat.sampleRateRange, "sample rate in Hz")
            let channels = try f("channels", .int, default: 1, in: PCMFormat.channelRange, "channels")
            if !f.isDeclaring, samples.count % channels != 0 {
                throw f.error("\(samples.count) samples are not whole frames of \(channels) channels", at: "samples")
            }
            let floats = f.isDeclaring ? [] : samples.map { Float($0) }
            return wrap(PCMBuffer(format: PCMFormat(sampleRateHz: rate, channels: channels), samples: floats, firstFrame: 0, source: "pcm"))
        }
    }

    /// The `pcm` line for a buffer small enough to write out (`nil` past the tuple limit).
    public static func text(of buffer: PCMBuffer) -> String? {
        guard buffer.samples.count <= 1000 else { return nil }
        return LineText(pcmKindName).tuple("samples", buffer.samples.map { Double($0) }).int("rate", buffer.format.sampleRateHz)
            .int("channels", buffer.format.channels).line
    }
}
