import LockstepCore
import Platform

/// Invariants checked after every step, and an explorer that plays random notes, silence and
/// noise through the screen's lifecycle, interruptions, presets and the entitlement.
extension Tuner {
    public static let invariants: [Invariant<Tuner>] = [
        Invariant("tapOnlyWithEngine", "the tap is installed exactly while the engine runs") { s, _ in
            s.tapInstalled == s.engineRunning ? nil : "tap \(s.tapInstalled), engine \(s.engineRunning)"
        },
        Invariant("micReleasedWhenHidden", "the mic is off while the screen is hidden or the app is in the background (failure 9)") { s, _ in
            s.engineRunning && !s.screenVisible ? "the engine runs with the screen hidden" : nil
        },
        Invariant("engineOnlyWithPermission", "no engine without the record permission") { s, _ in
            s.engineRunning && s.session.permission.state != .granted ? "engine running with permission \(s.session.permission.state.rawValue)" : nil
        },
        Invariant("sessionActiveWhileListening", "the session is active while the engine runs") { s, _ in
            s.engineRunning && !s.session.isActive ? "engine running on an inactive session" : nil
        },
        Invariant("windowBounded", "the rolling window holds fewer than 4096 samples between buffers") { s, _ in
            s.window.heldCount < RollingWindow.frameLength ? nil : "\(s.window.heldCount) samples held"
        },
        Invariant("everyWindowAnswered", "every analysed window is a reading or a no-pitch") { s, _ in
            s.windows == s.readings + s.gated ? nil : "\(s.windows) windows, \(s.readings) readings, \(s.gated) without pitch"
        },
        Invariant("premiumGated", "without Premium only free presets and no Auto Mode") { s, _ in
            if s.premium { return nil }
            if s.autoMode { return "Auto Mode without Premium" }
            return s.preset.isFree ? nil : "preset \(s.presetID) without Premium"
        },
        Invariant("referenceInRange", "A4 stays in 400...480 Hz") { s, _ in
            (400 ... 480).contains(s.a4Hz) ? nil : "a4 \(s.a4Hz)"
        },
    ]

    public static let explorer: Explorer? = Explorer(header: { rng in
        var lines: [String] = []
        if rng.chance(0.5) { lines.append("set premium true") }
        if rng.chance(0.2) { lines.append("set permission \(["undetermined", "denied"][rng.int(below: 2)])") }
        return lines
    }, next: { rng, step in
        if step == 0 { return "0 appear" }
        let gap = "+\(rng.int(in: 0 ... 300))ms"
        let buffer = [256, 512, 1024, 2048, 4800][rng.int(below: 5)]
        switch rng.int(below: 40) {
        case 0 ..< 6:
            let hz = Double(rng.int(in: 300 ... 12_000)) / 10
            let harmonics = rng.chance(0.3) ? " harmonics=0.3,1,0.6" : ""
            return "\(gap) gen tone f=\(hz) amp=0.\(rng.int(in: 1 ... 9)) seconds=\(Double(rng.int(in: 5 ... 12)) / 100) buffer=\(buffer)\(harmonics)"
        case 6 ..< 8: return "\(gap) gen pluck f=\(Double(rng.int(in: 400 ... 4000)) / 10) amp=0.8 decay=0.3 seconds=0.1 buffer=\(buffer)"
        case 8 ..< 19: return "\(gap) gen silence seconds=0.1 buffer=\(buffer)"
        case 19 ..< 21: return "\(gap) gen noise rms=0.0\(rng.int(in: 0 ... 3)) seconds=0.1 buffer=\(buffer)"
        case 21 ..< 23: return "\(gap) \(rng.chance(0.5) ? "appear" : "disappear")"
        case 23 ..< 25: return "\(gap) lifecycle \(rng.chance(0.5) ? "background" : "foreground")"
        case 25: return "\(gap) audio interruption began"
        case 26: return "\(gap) audio interruption ended shouldResume=\(rng.chance(0.7))"
        case 27 ..< 29: return "\(gap) preset id=\(["g-std", "g-dropd", "g-open-g", "b-std", "g-d-std", "nope"][rng.int(below: 6)])"
        case 29 ..< 31: return "\(gap) autoMode on=\(rng.chance(0.6))"
        case 31: return "\(gap) string index=\(rng.int(in: 0 ... 7))"
        case 32: return "\(gap) reference a4=\(rng.int(in: 430 ... 450))"
        case 33: return "\(gap) entitlement premium=\(rng.chance(0.5))"
        case 34: return "\(gap) audio permission settings=\(["granted", "denied"][rng.int(below: 2)])"
        case 35: return "\(gap) gen tone f=220 amp=0.5 seconds=0.05 buffer=1024 rate=44100"
        default: return "\(gap) pcm samples=0.1,0.2,nan"
        }
    })
}
