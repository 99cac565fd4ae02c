import LockstepCore
import Platform

/// A tap buffer through the pipeline: the rolling window (any buffer size), the detector on each
/// 4096-sample window, the note, the smoother, the string match. The contract every golden reads:
/// each analysed window writes `window`, then `reading` (the raw detection, `hz=none` when there
/// is no pitch), then `display` (smoothed) and, with a pitch, `match`.
extension Tuner {
    static func buffer(_ s: inout TunerState, _ b: PCMBuffer, _ world: inout World<Tuner>) {
        guard s.tapInstalled, let format = s.tapFormat else {
            s.buffersWithoutTap += 1
            return
        }
        if let refusal = PCMInput(expected: format).refusal(b) {
            s.buffersRefused += 1
            world.emit(refusal)
            return
        }
        // The tap's buffer is reused after the block returns: copy channel 0 now.
        let samples = b.channel(0)
        guard let frame = s.window.append(samples) else { return }
        analyse(&s, frame, sampleRateHz: Double(format.sampleRateHz), &world)
    }

    static func analyse(_ s: inout TunerState, _ frame: RollingWindow.Frame, sampleRateHz: Double, _ world: inout World<Tuner>) {
        s.windows += 1
        let result = s.detector.detect(frame.samples, sampleRateHz: sampleRateHz)
        var w = Record("window").int("index", s.windows).int64("start", frame.startSample).int64("end", frame.endSample)
        switch result {
        case .pitch(_, let lag, let shift, let rms): w = w.fixed("rms", rms, 5).int("lag", lag).fixed("shift", shift, 4)
        case .none(_, let rms): w = w.fixed("rms", rms, 5)
        }
        world.emit(w)
        guard case .pitch(let hz, _, _, _) = result, let reading = NoteMath.reading(frequencyHz: hz, a4Hz: s.a4Hz) else {
            if case .none(let reason, _) = result { world.emit(Record("reading").word("hz", "none").word("reason", "\(reason)")) }
            s.gated += 1
            let before = s.lastDisplayedHz
            _ = s.smoother.push(nil)
            s.lastDisplayedHz = nil
            if before != nil { world.emit(Record("display").word("hz", "none").word("reason", "silence")) }
            return
        }
        s.readings += 1
        world.emit(Record("reading").fixed("hz", hz, 3).word("note", reading.name).int("octave", reading.octave)
            .int("midi", reading.midi).fixed("cents", reading.cents, 2))
        guard let shown = s.smoother.push(hz), let note = NoteMath.reading(frequencyHz: shown, a4Hz: s.a4Hz) else { return }
        s.lastDisplayedHz = shown
        let state = TuneState(cents: note.cents)
        var d = Record("display").fixed("hz", shown, 3).word("note", note.name).int("octave", note.octave).fixed("cents", note.cents, 2)
            .word("state", "\(state)")
        if let a11y = TuneState.accessibilityValue(name: note.name, octave: note.octave, cents: note.cents) { d = d.string("a11y", a11y) }
        world.emit(d)
        match(&s, shown, &world)
    }

    /// Auto Mode picks the nearest string in cents; manual mode measures to the chosen string.
    static func match(_ s: inout TunerState, _ hz: Double, _ world: inout World<Tuner>) {
        let preset = s.preset
        guard let targets = preset.frequenciesHz(a4Hz: s.presetsIgnoreReference ? NoteMath.defaultA4Hz : s.a4Hz), !targets.isEmpty else { return }
        let found: StringMatch?
        if s.autoMode {
            found = s.matchByHz ? AutoMatch.nearestByHz(frequencyHz: hz, targetsHz: targets) : AutoMatch.nearest(frequencyHz: hz, targetsHz: targets)
        } else {
            let i = min(max(s.manualString, 0), targets.count - 1)
            found = NoteMath.cents(from: hz, to: targets[i]).map { StringMatch(index: i, targetHz: targets[i], cents: $0) }
        }
        guard let m = found else { return }
        world.emit(Record("match").word("mode", s.autoMode ? "auto" : "manual").int("string", m.index).fixed("target", m.targetHz, 3)
            .fixed("cents", m.cents, 2).word("state", "\(TuneState(cents: m.cents))"))
    }
}
