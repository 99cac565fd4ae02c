import LockstepCore
import Platform

/// The simulated render and the feedback flag (GAPs: the article gives no DSP maths).
///
/// Per sample: `y = x × 10^(boost/20)` → low shelf (150 Hz) → high shelf (6 kHz) → `× (1 − mix/100)`
/// → `Float(y) × volume`. Shelves are RBJ-cookbook stand-ins (bypassed at 0 dB). The reverb's wet
/// tail is not rendered: the mix only scales the dry path, and the record says so. Without record
/// permission the input is silence (the engine still runs: "denied looks like no sound").
extension LiveMic {
    /// GAP: acoustic coupling from output back into the microphone, per output port. Howling is
    /// flagged when `coupling × boost × volume ≥ 1`; echo cancellation or voice processing divide
    /// the coupling by 10. Not measured numbers: they exist so scenarios can show the risk.
    public static func coupling(_ port: AudioOutputPort) -> Double {
        switch port {
        case .builtInSpeaker: 0.5
        case .receiver: 0.1
        case .bluetoothA2DP, .airPlay: 0.25
        case .headphones, .bluetoothHFP, .usbAudio, .none: 0
        }
    }

    /// The loop gain that decides `howl`.
    static func loopGain(_ s: LiveMicState) -> Double {
        var c = coupling(s.session.route.output)
        if s.engine.voiceProcessing || s.session.isEchoCancelledInputEnabled { c /= 10 }
        let g = c * s.engine.linearGain
        return g.isNaN ? 0 : g
    }

    /// Emits `feedback` when the howl state flips (checked after every step).
    static func updateHowl(_ s: inout LiveMicState, _ world: inout World<LiveMic>) {
        let g = loopGain(s)
        let now = s.engine.realRunning && g >= 1
        guard now != s.howling else { return }
        s.howling = now
        world.emit(Record("feedback").bool("howl", now).fixed("loopGain", g, 4).word("output", s.session.route.output.rawValue))
    }

    static func render(_ s: inout LiveMicState, _ f: MicFrames, _ world: inout World<LiveMic>) {
        let frames = f.samples.count
        func drop(_ reason: String, _ why: String? = nil) {
            s.droppedFrames += frames
            var r = Record("audio.dropped").int("samples", frames).word("reason", reason)
            if let why { r = r.string("why", why) }
            world.emit(r)
        }
        guard s.isLive || s.engine.isRunning else { return drop("notLive") }
        guard s.engine.realRunning else {
            return drop(s.session.isCurrent(s.engine.handle) ? "engineStoppedBySystem" : "staleEngine")
        }
        guard let format = s.engine.format else { return drop("notConnected") }
        // A batch that does not fit the connected graph is refused (unlike the drops above, which
        // are audio arriving while nothing renders).
        func refuse(_ reason: String, _ why: String) {
            s.rejectedInputs += 1
            s.droppedFrames += frames
            world.reject("mic", reason) { $0.int("samples", frames).string("why", why) }
        }
        if let rate = f.sampleRateHz, rate != format.sampleRateHz {
            return refuse("format-mismatch", "sampleRate \(rate) does not match the connected \(format)")
        }
        if let ch = f.channels, ch != format.channels {
            return refuse("format-mismatch", "\(ch) channels do not match the connected \(format)")
        }
        guard frames % format.channels == 0 else {
            return refuse("partial-frame", "\(frames) samples are not whole frames of \(format.channels) channels")
        }
        guard allFinite(f.samples) else {
            return refuse("non-finite", "non-finite samples: the batch is refused whole")
        }
        let silent = s.session.permission.state != .granted
        let e = s.engine
        let boost = Controls.linearGain(dB: Double(e.boostDB))
        let dry = 1 - Double(e.reverbMix) / 100
        let low = Shelf(.low, frequencyHz: LiveEngine.lowShelfHz, gainDB: Double(e.bassDB), sampleRateHz: format.sampleRateHz)
        let high = Shelf(.high, frequencyHz: LiveEngine.highShelfHz, gainDB: Double(e.trebleDB), sampleRateHz: format.sampleRateHz)
        let channels = format.channels
        let volume = e.volume
        var inPeak: Float = 0
        let stats: BufferStats
        // The fast path needs a finite volume ≥ 0 (BufferStats(scaling:)'s precondition): without
        // it the `nanThroughClamp` fault's NaN volume trapped here instead of rendering NaN.
        if !silent && low.isIdentity && high.isIdentity && dry == 1 && boost == 1 && volume.isFinite && volume >= 0 {
            // The default controls: Float(Double(x) × 1) is x exactly, so the general path below
            // reduces to x × volume, bit for bit, in one pass with no output buffer.
            stats = f.samples.withUnsafeBufferPointer { BufferStats(scaling: $0, by: volume, inputPeak: &inPeak) }
        } else {
            // The output samples first, then what the record says about them. Frames outside,
            // channels inside (no `%` per sample); the filter memories live in locals for the
            // batch and are stored back once.
            if !silent { inPeak = peak(f.samples) }
            var output = [Float](repeating: 0, count: frames)  // silence unless written below
            var lowMemory = s.engine.lowMemory, highMemory = s.engine.highMemory
            var i = 0
            while i < frames {
                for ch in 0..<channels {
                    var y = silent ? 0 : Double(f.samples[i]) * boost
                    if !low.isIdentity { y = low.process(y, &lowMemory[ch]) }
                    if !high.isIdentity { y = high.process(y, &highMemory[ch]) }
                    if dry != 1 { y *= dry }
                    output[i] = Float(y) * volume
                    i += 1
                }
            }
            s.engine.lowMemory = lowMemory
            s.engine.highMemory = highMemory
            stats = output.withUnsafeBufferPointer { BufferStats($0) }
        }
        let outPeak = stats.outPeak, nans = stats.nans, digest = stats.digest
        s.renderedFrames += frames / format.channels
        var r = Record("audio.render").int("frames", frames / format.channels).int("channels", format.channels)
            .fixed("inPeak", Double(inPeak), 6).fixed("outPeak", Double(outPeak), 6).fixed("gain", boost * Double(e.volume), 6)
            .digest("digest", digest).word("output", s.session.route.output.rawValue)
        if nans > 0 { r = r.int("nan", nans) }
        if silent { r = r.word("input", "silence").string("why", "record permission is \(s.session.permission.state.rawValue)") }
        if e.reverbMix != 0 { r = r.string("reverb", "wet tail not rendered (GAP); dry scaled by \(dry)") }
        if let ms = s.session.outputLatencyNanoseconds { r = r.fixed("latencyMs", Double(ms) / 1e6, 3) }
        world.emit(r)
    }
}

extension LiveMic {
    /// Whether every sample is finite, without an early exit (a branch per sample): a finite
    /// Float32 has an exponent field that is not all ones.
    static func allFinite(_ samples: [Float]) -> Bool {
        // The exponent field plus one reaches bit 31 only when it was all ones (∞ or NaN).
        var special: UInt32 = 0
        samples.withUnsafeBufferPointer { p in
            for x in p { special |= (x.bitPattern & 0x7F80_0000) &+ 0x0080_0000 }
        }
        return special & 0x8000_0000 == 0
    }

    /// The largest |x| of finite samples, over four running maxima (one would be a serial chain).
    static func peak(_ samples: [Float]) -> Float {
        samples.withUnsafeBufferPointer { p in
            var m0: Float = 0, m1: Float = 0, m2: Float = 0, m3: Float = 0
            var i = 0
            while i + 4 <= p.count {
                m0 = max(m0, abs(p[i])); m1 = max(m1, abs(p[i + 1])); m2 = max(m2, abs(p[i + 2])); m3 = max(m3, abs(p[i + 3]))
                i += 4
            }
            while i < p.count { m0 = max(m0, abs(p[i])); i += 1 }
            return max(max(m0, m1), max(m2, m3))
        }
    }
}
