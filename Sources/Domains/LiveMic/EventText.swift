import LockstepCore
import Platform

extension LiveMic {
    /// The scenario line of an event (`Domain.text(of:)`), which `events` reads back as the same
    /// event: `tap`, `control NAME VALUE`, the switches, `openSettings`, `mic`, and the shared
    /// `audio` and `lifecycle` lines.
    ///
    /// A `mic` batch made as a sine (`mic sine=`, `gen tone`) is written as the sine that made it,
    /// `mic sine=HZ frames=N amplitude=A first=K`, which the decoder computes again bit for bit:
    /// a tone's buffer holds thousands of samples and a tuple at most 64. Other batches are written
    /// `samples=a,b,...`; one of more than 64 samples then has no line (nil), like an empty one.
    /// LiveMic schedules no timers, so every other event has a line.
    public static func text(of event: LiveMicEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .tap, .openSettings: return line.line
        case .control(let name, let value): return line.choice(name).number(value).line
        case .voiceProcessing(let on), .speaker(let on), .bluetoothMic(let on): return line.bool("on", on).line
        case .mic(let frames):
            var out = line
            if let sine = frames.sine {
                out = out.number("sine", sine.hz).int("frames", sine.frames).number("amplitude", sine.amplitude, default: 0.5)
                    .int("first", sine.firstFrame, default: 0)
            } else {
                out = out.floats("samples", frames.samples)
            }
            return out.optional(frames.sampleRateHz) { $0.number("sampleRate", $1) }.optional(frames.channels) { $0.int("channels", $1) }.line
        case .audio(let e): return AudioVocabulary.text(of: e)
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        }
    }
}
