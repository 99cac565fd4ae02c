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
        guard f.samples.allSatisfy(\.isFinite) else {
            return refuse("non-finite", "non-finite samples: the batch is refused whole")
        }
        let silent = s.session.permission.state != .granted
        let e = s.engine
        let boost = Controls.linearGain(dB: Double(e.boostDB))
        let dry = 1 - Double(e.reverbMix) / 100
        let low = Shelf(.low, frequencyHz: LiveEngine.lowShelfHz, gainDB: Double(e.bassDB), sampleRateHz: format.sampleRateHz)
        let high = Shelf(.high, frequencyHz: LiveEngine.highShelfHz, gainDB: Double(e.trebleDB), sampleRateHz: format.sampleRateHz)
        var inPeak: Float = 0, outPeak: Float = 0
        var nans = 0
        // FNV-1a 64 over the output's little-endian Float32 bytes, folded in place (same value as
        // `FNV1a64.hash` of the byte array, without building it).
        var digest = FNV1a64.offsetBasis
        for i in 0..<frames {
            let x: Float = silent ? 0 : f.samples[i]
            inPeak = max(inPeak, abs(x))
            let ch = i % format.channels
            var y = Double(x) * boost
            if !low.isIdentity { y = low.process(y, &s.engine.lowMemory[ch]) }
            if !high.isIdentity { y = high.process(y, &s.engine.highMemory[ch]) }
            if dry != 1 { y *= dry }
            let o = Float(y) * e.volume
            if o.isNaN { nans += 1 } else { outPeak = max(outPeak, abs(o)) }
            var bits = o.bitPattern
            for _ in 0..<4 { digest = (digest ^ UInt64(bits & 0xFF)) &* FNV1a64.prime; bits >>= 8 }
        }
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
