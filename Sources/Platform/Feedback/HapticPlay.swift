/// The article's `play(pattern)`: a new player per play, `try engine.start()` ("cheap if already
/// running; needed after auto-shutdown"), then `player.start(atTime: CHHapticTimeImmediate)`.
/// Errors become "Play failed: …". `startEngine: false` reproduces the regression that skips it.

/// One step of a play, engine or player side, in order.
public enum HapticPlayStep: Hashable, Sendable {
    case engine(HapticEngineOutcome)
    case player(HapticPlayerOutcome)
}

extension HapticEngine {
    /// Plays `pattern` once at `t`. The player is fire-and-forget: released immediately, so the
    /// engine forgets it once it falls silent. No engine → `[.engine(.notCreated(.play))]`
    /// (the article's `guard let engine else { return }`).
    public mutating func play(_ pattern: HapticPattern, at t: Int64, startEngine: Bool = true) -> [HapticPlayStep] {
        guard supportsHaptics else { return [.engine(.noHardware(.play))] }
        guard exists else { return [.engine(.notCreated(.play))] }
        var steps: [HapticPlayStep] = []
        let made = makePlayer(pattern)
        steps.append(.player(made))
        guard case .created(let id, _, _, _, _) = made else { return steps }
        if startEngine {
            let started = start(at: t, failureLog: HapticLogLine.playFailed)
            steps.append(.engine(started))
            if case .startFailed = started {
                _ = releasePlayer(id, at: t)
                return steps
            }
        }
        steps.append(.player(startPlayer(id, at: t)))
        _ = releasePlayer(id, at: t)
        return steps
    }

    /// The id of the player a play created, for tests and renderers.
    public static func playerID(in steps: [HapticPlayStep]) -> HapticPlayerID? {
        for step in steps {
            if case .player(.created(let id, _, _, _, _)) = step { return id }
        }
        return nil
    }
}
