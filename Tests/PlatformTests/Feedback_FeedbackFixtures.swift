@testable import Platform

/// The article's feedbackHeartbeat: duration 950_000 µs, loopEnd 1_150_000 µs.
let feedbackHeartbeat = HapticPattern(events: [
    HapticEvent(.transient, timeMicroseconds: 0, intensity: 1.0, sharpness: 0.3),
    HapticEvent(.transient, timeMicroseconds: 150_000, intensity: 0.6, sharpness: 0.2),
    HapticEvent(.transient, timeMicroseconds: 800_000, intensity: 1.0, sharpness: 0.3),
    HapticEvent(.transient, timeMicroseconds: 950_000, intensity: 0.6, sharpness: 0.2),
])

/// A running engine as the article's manager leaves it.
func runningEngine(at t: Int64 = 0) -> HapticEngine {
    var engine = HapticEngine(supportsHaptics: true)
    _ = engine.createAndStart(at: t)
    return engine
}

func createdID(_ outcome: HapticPlayerOutcome) -> HapticPlayerID? {
    if case .created(let id, _, _, _, _) = outcome { return id }
    return nil
}
