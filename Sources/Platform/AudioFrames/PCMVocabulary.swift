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
        if f.isDeclaring { return Common(seconds: seconds, bufferFrames: buffer, format: format, totalFrames: 1) }
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
    static func stream<Event>(_ c: Common, source: String, origin: PCMOrigin, context: inout GeneratorContext,
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
                               wrap(PCMBuffer(format: c.format, samples: mono, firstFrame: first, source: source, origin: origin))))
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
                try stream(p.common, source: "tone", origin: .tone(p.spec), context: &context, { synth.samples(first: $0, count: $1) }, wrap, emit)
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
                try stream(p.common, source: "pluck", origin: .tone(p.spec), context: &context, { synth.samples(first: $0, count: $1) }, wrap, emit)
            }),
            Generator("noise", "seeded uniform noise at an RMS level (the line's own random substream)",
                      parameters: { f throws(ScenarioError) in
                let rms = try f("rms", .number, in: 0 ... 1, "the noise's RMS")
                return (rms: rms, common: try common(&f))
            }, stream: { p, context, emit throws(ScenarioError) in
                let synth = NoiseSynth(rms: p.rms, seed: context.rng.next())
                try stream(p.common, source: "noise", origin: .noise(rms: p.rms, seed: synth.seed), context: &context,
                           { synth.samples(first: $0, count: $1) }, wrap, emit)
            }),
            Generator("silence", "digital silence (zeros) in tap buffers",
                      parameters: { f throws(ScenarioError) in try common(&f) },
                      stream: { c, context, emit throws(ScenarioError) in
                try stream(c, source: "silence", origin: .silence, context: &context, { _, n in [Float](repeating: 0, count: n) }, wrap, emit)
            }),
            Generator("wav", "a WAV file (16-bit PCM or 32-bit float) cut into tap buffers",
                      parameters: { f throws(ScenarioError) in
                let (wav, path) = try readWAV(&f)
                let buffer = try f("buffer", .int, in: 1 ... PCMBuffer.maxFrames, "frames per tap buffer")
                return (wav: wav, path: path, buffer: buffer)
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
                                       wrap(PCMBuffer(format: p.wav.format, samples: slice, firstFrame: first, source: "wav",
                                                      origin: .wav(path: p.path)))))
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

    /// The file's bytes parsed as a WAV, and its path as written (for the single-buffer line form).
    static func readWAV(_ f: inout Fields) throws(ScenarioError) -> (WAVFile, String) {
        let kind = FieldKind<[UInt8]>.file.map("a WAV file", placeholder: { ([UInt8](), "") }, text: { $0.1 }) { bytes, raw in (bytes, raw) }
        let (bytes, path) = try f("file", kind, "the WAV file (16-bit PCM or 32-bit float)")
        if f.isDeclaring { return (WAVFile(format: PCMFormat(sampleRateHz: 1, channels: 1), samples: []), path) }
        switch WAVFile.parse(bytes) {
        case .success(let wav):
            guard !wav.samples.isEmpty else { throw f.error("the WAV file holds no frames", at: "file") }
            return (wav, path)
        case .failure(let problem): throw f.error(problem.description, at: "file")
        }
    }

    /// The trace name of a buffer's event: `pcm` for a literal one, else its single-buffer kind.
    public static func kindName(of buffer: PCMBuffer) -> String {
        switch buffer.origin {
        case nil: pcmKindName
        case .tone: "toneBuffer"
        case .noise: "noiseBuffer"
        case .silence: "silenceBuffer"
        case .wav: "wavBuffer"
        }
    }

    static func frames(_ f: inout Fields) throws(ScenarioError) -> (first: Int64, count: Int, format: PCMFormat) {
        let first = try f("first", .integer, in: 0 ... (1 << 52), "the buffer's first frame in the stream")
        let count = try f("frames", .int, in: 1 ... PCMBuffer.maxFrames, "frames in the buffer")
        let rate = try f("rate", .int, default: defaultRateHz, in: PCMFormat.sampleRateRange, "sample rate in Hz")
        let channels = try f("channels", .int, default: 1, in: PCMFormat.channelRange, "channels")
        return (first, count, PCMFormat(sampleRateHz: rate, channels: channels))
    }

    static func widen(_ mono: [Float], _ channels: Int) -> [Float] {
        guard channels > 1 else { return mono }
        var wide: [Float] = []
        wide.reserveCapacity(mono.count * channels)
        for v in mono { for _ in 0 ..< channels { wide.append(v) } }
        return wide
    }

    /// One generated buffer written out (what `lockstep expand` writes for a `gen` line's events):
    /// `toneBuffer`, `noiseBuffer`, `silenceBuffer`, `wavBuffer`, each making the same samples.
    public static func bufferKinds<Event>(_ wrap: @escaping @Sendable (PCMBuffer) -> Event) -> [EventKind<Event>] {
        [
            EventKind("toneBuffer", "One buffer of a tone or pluck (gen tone/pluck written out)") { f throws(ScenarioError) in
                let hz = try f("f", .number, in: 0 ... 192_000, "the fundamental in Hz")
                let amp = try f("amp", .number, in: -1 ... 1, "the amplitude")
                let h = try harmonics(&f)
                let phase = try f("phase", .number, default: 0, in: -1000 ... 1000, "phase in radians")
                let decay = try f.optional("decayNs", .integer, in: 1_000_000 ... 600_000_000_000, "a pluck's τ in ns")
                let (first, count, format) = try frames(&f)
                if f.isDeclaring { return wrap(PCMBuffer(format: format, samples: [], firstFrame: 0, source: "tone", origin: .tone(ToneSynth.Spec(frequencyHz: 0, amplitude: 0)))) }
                let spec = ToneSynth.Spec(frequencyHz: hz, amplitude: amp, harmonics: h, phaseRadians: phase,
                                          decaySeconds: decay.map { Double($0) / 1e9 })
                var synth = ToneSynth(spec, sampleRateHz: format.sampleRateHz)
                return wrap(PCMBuffer(format: format, samples: widen(synth.samples(first: first, count: count), format.channels),
                                      firstFrame: first, source: decay == nil ? "tone" : "pluck", origin: .tone(spec)))
            },
            EventKind("noiseBuffer", "One buffer of seeded noise (gen noise written out)") { f throws(ScenarioError) in
                let rms = try f("rms", .number, in: 0 ... 1, "the noise's RMS")
                let seed = try f("seed", .text, "the line's noise seed (hex)")
                let (first, count, format) = try frames(&f)
                if f.isDeclaring { return wrap(PCMBuffer(format: format, samples: [], firstFrame: 0, source: "noise", origin: .noise(rms: 0, seed: 0))) }
                guard let s = UInt64(seed, radix: 16) else { throw f.error("seed must be hexadecimal", at: "seed") }
                let synth = NoiseSynth(rms: rms, seed: s)
                return wrap(PCMBuffer(format: format, samples: widen(synth.samples(first: first, count: count), format.channels),
                                      firstFrame: first, source: "noise", origin: .noise(rms: rms, seed: s)))
            },
            EventKind("silenceBuffer", "One buffer of silence (gen silence written out)") { f throws(ScenarioError) in
                let (first, count, format) = try frames(&f)
                if f.isDeclaring { return wrap(PCMBuffer(format: format, samples: [], firstFrame: 0, source: "silence", origin: .silence)) }
                return wrap(PCMBuffer(format: format, samples: [Float](repeating: 0, count: count * format.channels),
                                      firstFrame: first, source: "silence", origin: .silence))
            },
            EventKind("wavBuffer", "One buffer of a WAV file (gen wav written out)") { f throws(ScenarioError) in
                let (wav, path) = try readWAV(&f)
                let first = try f("first", .integer, in: 0 ... (1 << 52), "the buffer's first frame in the file")
                let count = try f("frames", .int, in: 1 ... PCMBuffer.maxFrames, "frames in the buffer")
                if f.isDeclaring { return wrap(PCMBuffer(format: wav.format, samples: [], firstFrame: 0, source: "wav", origin: .wav(path: path))) }
                let n = wav.format.channels
                let total = Int64(wav.samples.count / n)
                guard first + Int64(count) <= total else {
                    throw f.error("frames \(first)..<\(first + Int64(count)) run past the file's \(total) frames", at: "frames")
                }
                let slice = Array(wav.samples[Int(first) * n ..< (Int(first) + count) * n])
                return wrap(PCMBuffer(format: wav.format, samples: slice, firstFrame: first, source: "wav", origin: .wav(path: path)))
            },
        ]
    }

    /// The line for a buffer: its single-buffer form if generated, `pcm samples=` if literal and
    /// small enough (`nil` past the tuple limit).
    public static func text(of buffer: PCMBuffer) -> String? {
        let f = buffer.format
        func framesPart(_ l: LineText) -> LineText {
            l.int("first", buffer.firstFrame).int("frames", buffer.frameCount).int("rate", f.sampleRateHz).int("channels", f.channels)
        }
        switch buffer.origin {
        case .tone(let spec):
            var line = LineText("toneBuffer").number("f", spec.frequencyHz).number("amp", spec.amplitude)
                .tuple("harmonics", spec.harmonics).number("phase", spec.phaseRadians)
            if let d = spec.decaySeconds { line = line.int("decayNs", Int64((d * 1e9).rounded())) }
            return framesPart(line).line
        case .noise(let rms, let seed):
            return framesPart(LineText("noiseBuffer").number("rms", rms).text("seed", String(seed, radix: 16))).line
        case .silence:
            return framesPart(LineText("silenceBuffer")).line
        case .wav(let path):
            return LineText("wavBuffer").text("file", path).int("first", buffer.firstFrame).int("frames", buffer.frameCount).line
        case nil:
            guard buffer.samples.count <= 64 else { return nil }
            return LineText(pcmKindName).tuple("samples", buffer.samples.map { Double($0) }).int("rate", f.sampleRateHz)
                .int("channels", f.channels).line
        }
    }
}
