import LockstepCore

/// A scene action, as SpriteKit composes them: waits, instant runs, timed animations, sequences
/// and groups. `Payload` is the app's own description of what happens (burst, scale, remove).
///
/// An action is only a schedule: `ActionTimeline.run(_:on:)` flattens it into payloads at scene-time
/// offsets. `.run(p)` fires at its start; `.animate(p, over: d)` fires `p` when the animation ends
/// (a harness records end states, not the tween); a sequence runs its parts one after another; a
/// group runs them together and lasts as long as its longest part.
public indirect enum Action<Payload: Sendable>: Sendable {
    case wait(Duration)
    case run(Payload)
    case animate(Payload, over: Duration)
    case sequence([Action])
    case group([Action])

    /// How long the action takes from its start.
    public var duration: Duration {
        switch self {
        case .wait(let d), .animate(_, let d): d
        case .run: .zero
        case .sequence(let parts): parts.reduce(.zero) { $0 + $1.duration }
        case .group(let parts): parts.reduce(.zero) { max($0, $1.duration) }
        }
    }

    /// Calls `body(offset, payload)` for every payload, in firing order for a sequence and in
    /// declaration order within a group's instant.
    public func forEachFiring(from start: Duration = .zero, _ body: (Duration, Payload) -> Void) {
        switch self {
        case .wait: break
        case .run(let p): body(start, p)
        case .animate(let p, let d): body(start + d, p)
        case .sequence(let parts):
            var t = start
            for part in parts {
                part.forEachFiring(from: t, body)
                t = t + part.duration
            }
        case .group(let parts):
            for part in parts { part.forEachFiring(from: start, body) }
        }
    }
}
