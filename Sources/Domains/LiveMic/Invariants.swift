import LockstepCore
import Platform

/// Virtual Mic's invariants and explorer (issue #14).
///
/// Invariants, checked after every step (each one's reason is its summary):
/// - `finiteOutput`: no rendered buffer holds a NaN and every control the mixer uses is finite
///   (derived failure 21: NaN slips through `min(max())` and the output turns to NaN).
/// - `noMicWithoutPermission`: without a granted record permission every rendered buffer is
///   silence (failure 6 and the permission model: the microphone never reaches the speaker
///   without the user's yes).
/// - `liveMeansAudio`: while the app shows "live", its engine runs and renders on the current
///   media services (failures 3, 11, 12 and derived 18: after a reset or a configuration change
///   the app recovers, it never shows live over a stale or stopped engine).
/// - `speakerNotEarpiece`: live audio never comes out of the receiver (failure 1: without
///   `.defaultToSpeaker` "why is it so quiet?").
/// - `unplugStops`: a step in which the old device went away leaves the app stopped (failure 9:
///   the audio must not jump to the loudspeaker and howl).
/// - `sessionReleasedWhenStopped`: a user stop or a failed start ends with the session inactive
///   (failures 13 and derived 20: a session held with the engine stopped drains the battery and
///   blocks other apps' audio).
///
/// No history is kept: each one reads the state after the step and the step's records.
///
/// Explorer: one episode per step (an explorer has no memory between steps), weights out of 100:
/// taps 16 (half followed by the permission prompt's answer, granted or denied), microphone audio 18
/// (short sine batches, a `gen tone` burst of up to 0.5 s, literal samples, and refused batches: a
/// NaN sample, a mismatched rate or channel count), controls 12 (in range, out of range, and one in
/// ten NaN or ±inf), interruptions 10 (with and without `shouldResume`, nested, unknown raw
/// values), route changes 10 (new devices of every kind, unplugging, category change, override,
/// unknown reasons), media services resets 4, engine configuration changes 5 (new rates, no input),
/// voice processing 5, the speaker button 4, the Bluetooth-mic preference 3, Open Settings 3,
/// background and foreground (sometimes with audio arriving in the background) 4, permission
/// changes in Settings 2, the input format, echo-cancelled input, grants, the Silent switch and the
/// activation policy 2 together, zone changes and clock jumps (1 to 36 h) 2.
/// Gaps: 20 ms to 2 s between episodes, 10 to 500 ms inside one. The header draws the OS (16.6,
/// 17.0, 18.2), the decided permission, background audio, the Bluetooth-mic and echo preferences,
/// and once in fifty walks a missing purpose string.
extension LiveMic {
    public static let invariants: [Invariant<LiveMic>] = [
        Invariant("finiteOutput", "no rendered buffer holds a NaN and every mixer control is finite (NaN slips through min(max()) and the output turns to NaN)") { s, outputs in
            let e = s.engine
            let controls: [(String, Float)] = [("volume", e.volume), ("boostDB", e.boostDB), ("bassDB", e.bassDB),
                                               ("trebleDB", e.trebleDB), ("reverbMix", e.reverbMix)]
            for (name, v) in controls where !v.isFinite { return "control \(name) is \(v)" }
            for r in outputs where r.name == "audio.render" {
                if let n = int(r, "nan") { return "a rendered buffer holds \(n) NaN samples" }
            }
            return nil
        },
        Invariant("noMicWithoutPermission", "without a granted record permission every rendered buffer is silence: the microphone never reaches the speaker without the user's yes") { s, outputs in
            guard s.session.permission.state != .granted else { return nil }
            for r in outputs where r.name == "audio.render" && word(r, "input") != "silence" {
                return "the microphone was rendered with permission \(s.session.permission.state.rawValue)"
            }
            return nil
        },
        Invariant("liveMeansAudio", "while the app shows live its engine runs on the current media services (after a call, a reset or a configuration change it recovers or shows stopped, never a stale or stopped engine)") { s, _ in
            guard s.isLive else { return nil }
            if !s.engine.isRunning { return "shown live with the engine stopped" }
            if !s.session.isCurrent(s.engine.handle) {
                return "shown live on engine \(s.engine.handle.serial) of media services generation \(s.engine.handle.generation), now \(s.session.generation)"
            }
            if !s.engine.realRunning { return "shown live while the system's engine is not rendering" }
            return nil
        },
        Invariant("speakerNotEarpiece", "live audio never comes out of the receiver (without .defaultToSpeaker it does: \"why is it so quiet?\")") { s, _ in
            s.isLive && s.session.route.output == .receiver ? "live audio comes out of the receiver" : nil
        },
        Invariant("unplugStops", "when the old device goes away the app stops at once (the audio must not jump to the loudspeaker and howl)") { s, outputs in
            guard outputs.contains(where: { $0.name == "audio.route" && word($0, "reason") == "oldDeviceUnavailable" }) else { return nil }
            if s.isLive || s.engine.isRunning { return "still live on \(s.session.route.output.rawValue) after the old device went away" }
            return nil
        },
        Invariant("sessionReleasedWhenStopped", "a user stop or a failed start ends with the session inactive (a session held with the engine stopped drains the battery and blocks other apps)") { s, outputs in
            guard s.session.isActive, !s.engine.isRunning else { return nil }
            for r in outputs {
                if r.name == "engine.stop" && word(r, "reason") == "user" { return "the session stays active after the user stopped" }
                if r.name == "view", case .string(let m)? = field(r, "error"), m.hasPrefix(startFailurePrefix) {
                    return "the session stays active after a failed start"
                }
            }
            return nil
        },
    ]

    private static func field(_ r: Record, _ key: String) -> Value? { r.fields.first { $0.key == key }?.value }
    private static func int(_ r: Record, _ key: String) -> Int? {
        if case .int(let v)? = field(r, key) { return Int(v) }
        return nil
    }
    private static func word(_ r: Record, _ key: String) -> String? {
        if case .word(let w)? = field(r, key) { return w }
        return nil
    }
}
