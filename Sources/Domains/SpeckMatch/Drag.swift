import LockstepCore
import Platform

/// Drag to connect: the hit test, building and undoing the chain, clearing on release.
extension SpeckMatch {
    /// `DragGesture`'s default minimum distance (the bug): nothing reaches `onChanged` until the
    /// finger has moved this far from where it landed.
    public static let defaultMinimumDistance = 10.0

    /// The first speck in board order (oldest first) within 25.2 pt, inclusive.
    static func hitTest(_ s: SpeckMatchState, _ p: ViewPoint) -> Int? {
        s.specks.firstIndex { DetMath.hypot($0.x - p.x, $0.y - p.y) <= Speck.hitRadius }
    }

    static func touch(_ s: inout SpeckMatchState, _ line: DragLine, _ world: inout World<SpeckMatch>) {
        if let p = line.point, !p.isFinite {
            world.reject("touch", "invalidPoint") { $0.word("phase", line.phase.rawValue).word("x", "\(p.x)").word("y", "\(p.y)") }
            return
        }
        switch line.phase {
        case .down, .move:
            guard let p = line.point else { return }
            if line.phase == .down {
                s.dragOrigin = p
                s.dragStarted = false
            }
            if world.isOn(.defaultDragDistance) {
                // With the default minimum distance, onChanged waits for 10 pt of travel.
                guard let origin = s.dragOrigin, s.dragStarted || p.distance(to: origin) >= defaultMinimumDistance else {
                    world.emit(Record("touch").word("phase", line.phase.rawValue).word("result", "swallowed"))
                    return
                }
                s.dragStarted = true
            }
            dragChanged(&s, to: p, phase: line.phase, &world)
        case .up:
            dragEnded(&s, &world)
        case .cancel:
            // The system ended the gesture: no onEnded, so the app clears the chain itself (GAP).
            s.dragOrigin = nil
            if s.chain.isEmpty || world.isOn(.chainSurvivesPause) {
                world.emit(Record("touch").word("phase", "cancel").word("chain", ids(s.chain)))
            } else {
                world.emit(Record("chain.dropped").word("reason", "cancel").word("chain", ids(s.chain)))
                s.chain = []
            }
        }
    }

    /// `dragChanged(to:)`.
    static func dragChanged(_ s: inout SpeckMatchState, to p: ViewPoint, phase: DragPhase, _ world: inout World<SpeckMatch>) {
        func record(_ result: String, hit: Int? = nil) {
            world.emit(Record("touch").word("phase", phase.rawValue).fixed("x", p.x, 3).fixed("y", p.y, 3)
                .with("hit", hit.map { .int(Int64($0)) } ?? .word("none")).word("result", result).word("chain", ids(s.chain)))
        }
        if s.isPaused {
            record("paused")
            return
        }
        guard let index = hitTest(s, p) else { return record("miss") }
        let hit = s.specks[index]
        if s.chain.isEmpty {
            s.chain = [hit.id]
            return record("start", hit: hit.id)
        }
        if let first = s.speck(s.chain[0]), hit.color == first.color, !s.chain.contains(hit.id) {
            if let limit = s.maxLinkDistance, let last = s.speck(s.chain[s.chain.count - 1]), last.point.distance(to: hit.point) > limit {
                return record("tooFar", hit: hit.id)
            }
            s.chain.append(hit.id)
            return record("link", hit: hit.id)
        }
        if s.chain.count >= 2, hit.id == s.chain[s.chain.count - 2] {
            s.chain.removeLast()
            return record("undo", hit: hit.id)
        }
        record(hit.id == s.chain.last ? "same" : (s.chain.contains(hit.id) ? "inChain" : "otherColor"), hit: hit.id)
    }

    /// `dragEnded()`: two or more dots clear, in board order, and score in game time.
    static func dragEnded(_ s: inout SpeckMatchState, _ world: inout World<SpeckMatch>) {
        defer {
            s.chain = []
            s.dragOrigin = nil
        }
        guard s.chain.count >= 2 else {
            world.emit(Record("release").word("chain", ids(s.chain)).word("result", "tooShort"))
            return
        }
        let cleared = s.specks.filter { s.chain.contains($0.id) }
        s.specks.removeAll { s.chain.contains($0.id) }
        let now = world.isOn(.wallClockScoring) ? world.elapsed : s.elapsed
        let ages = cleared.map { (now - $0.bornAt).secondsDouble }
        let points = Scoring.points(agesSeconds: ages, halfEven: world.isOn(.halfEvenRounding))
        s.score += points
        if s.isGameOver { s.scoredAfterGameOver += points }
        world.emit(Record("release").word("cleared", ids(cleared.map(\.id)))
            .word("ages", ages.map { FixedDecimal.format($0, places: 3) }.joined(separator: ","))
            .fixed("bonus", Scoring.chainBonus(count: cleared.count), 2).fixed("raw", Scoring.raw(agesSeconds: ages), 6)
            .int("points", points).int("score", s.score))
        if world.isOn(.submitPerMatch) { submitScore(&s, &world, force: true) }
    }
}
