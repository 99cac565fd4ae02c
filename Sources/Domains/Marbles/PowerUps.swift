import LockstepCore
import Platform

/// Lightning, Heart and Bomb.
extension Marbles {
    /// The bomb's reach: marbles strictly closer than this pop.
    public static let blastRadius = 110.0
    /// The shove's size: survivors get the unit vector away from the blast times this.
    public static let shoveImpulse = 30.0

    static func trigger(_ s: inout MarblesState, _ power: PowerUp, at point: ViewPoint, _ world: inout World<Marbles>) {
        switch power {
        case .lightning: lightning(&s, &world)
        case .heart:
            // No cap on lives (the article has none).
            s.lives += 1
            world.emit(Record("heart").int("livesAfter", s.lives))
        case .bomb: bomb(&s, at: point, &world)
        }
    }

    /// Pops every marble of the most common colour and scores 5n², with no `>= 2` guard. A tie goes to
    /// the earliest colour in `MarbleColor` order (D2: the article's `Dictionary(grouping:)` followed by
    /// `max(by:)` picks whichever colour the process's hash seed puts first).
    static func lightning(_ s: inout MarblesState, _ world: inout World<Marbles>) {
        let candidates = s.marbles.indices.filter { findable(s.marbles[$0], world) }
        var order = MarbleColor.allCases
        if world.isOn(.hashOrderTieBreak) {
            // A per-process hash seed: the same order for one run, another for another seed.
            order.sort { FNV1a64.hash(Array("\(world.seed):\($0.rawValue)".utf8)) < FNV1a64.hash(Array("\(world.seed):\($1.rawValue)".utf8)) }
        }
        var best: (color: MarbleColor, members: [Int])?
        for color in order {
            let members = candidates.filter { s.marbles[$0].color == color }
            if !members.isEmpty, members.count > (best?.members.count ?? 0) { best = (color, members) }
        }
        guard let best else {
            world.emit(Record("lightning").word("color", "none").int("count", 0).int("scoreDelta", 0))
            return
        }
        let delta = score(forClusterOf: best.members.count)
        s.score += delta
        world.emit(Record("lightning").word("color", best.color.rawValue).int("count", best.members.count).int("scoreDelta", delta).int("score", s.score))
        pop(&s, best.members, &world)
    }

    /// Pops marbles strictly within 110 pt (+10 each, linear), then shoves every survivor that still
    /// has a body by 30 along the unit vector from the blast (`len` floored at 1 pt).
    static func bomb(_ s: inout MarblesState, at point: ViewPoint, _ world: inout World<Marbles>) {
        let candidates = s.marbles.indices.filter { findable(s.marbles[$0], world) }
        let hit = candidates.filter { point.distance(to: s.marbles[$0].point) < blastRadius }
        let delta = hit.count * 10
        s.score += delta
        world.emit(Record("bomb").fixed("x", point.x, 3).fixed("y", point.y, 3)
            .word("hit", hit.isEmpty ? "none" : hit.map { String(s.marbles[$0].id) }.joined(separator: ","))
            .int("scoreDelta", delta).int("score", s.score))
        pop(&s, hit, &world)
        for i in candidates where !hit.contains(i) && s.marbles[i].hasBody {
            let m = s.marbles[i]
            let dx = m.x - point.x, dy = m.y - point.y
            let length = max(DetMath.hypot(dx, dy), 1)
            world.emit(Record("impulse").int("id", m.id).fixed("dx", dx / length * shoveImpulse, 6).fixed("dy", dy / length * shoveImpulse, 6))
        }
    }
}
