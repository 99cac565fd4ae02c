import LockstepCore
import Platform

/// Tap-to-match: the hit test, the LIFO cluster search, popping with its ripple, the wiggle.
extension Marbles {
    /// `touchesBegan`: only the first touch counts. Taps are ignored while paused or after game over
    /// (D9). A power-up marble fires its power; a cluster of two or more pops and scores 5n²; a lone
    /// marble wiggles.
    static func tap(_ s: inout MarblesState, _ point: ViewPoint, _ world: inout World<Marbles>) {
        guard point.isFinite else {
            world.reject("tap", "invalidPoint") { $0.word("x", "\(point.x)").word("y", "\(point.y)") }
            return
        }
        if !world.isOn(.tapsWhilePaused), s.isGameOver || s.isPaused {
            world.emit(Record("tap").word("kind", "ignored").word("reason", s.isGameOver ? "gameOver" : "paused"))
            return
        }
        guard let index = hitTest(s, point, world) else {
            world.emit(Record("tap").word("kind", "miss").fixed("x", point.x, 3).fixed("y", point.y, 3))
            return
        }
        let tapped = s.marbles[index]
        if let power = tapped.powerUp {
            world.emit(Record("tap").word("kind", "powerUp").int("id", tapped.id).word("power", power.rawValue))
            // The power-up marble pops itself, with no score, before its power looks for marbles.
            pop(&s, [index], &world)
            trigger(&s, power, at: tapped.point, &world)
            return
        }
        let cluster = cluster(s, from: index, world)
        guard cluster.count >= 2 else {
            world.emit(Record("tap").word("kind", "wiggle").int("id", tapped.id))
            if !world.isOn(.noWiggle) { wiggle(&s, tapped.id, &world) }
            return
        }
        let delta = score(forClusterOf: cluster.count)
        s.score += delta
        world.emit(Record("tap").word("kind", "match").int("id", tapped.id).word("color", tapped.color.rawValue)
            .word("cluster", cluster.map { String(s.marbles[$0].id) }.joined(separator: ","))
            .int("scoreDelta", delta).int("score", s.score))
        pop(&s, cluster, &world)
    }

    /// Quadratic reward: 2 → 20, 5 → 125, 10 → 500.
    public static func score(forClusterOf n: Int) -> Int { n * n * 5 }

    /// Whether a marble can still be found by taps, clusters and power-ups: popping ones cannot (D3).
    static func findable(_ m: Marble, _ world: World<Marbles>) -> Bool {
        m.poppingSince == nil || world.isOn(.popAgainWhilePopping)
    }

    /// `nodes(at:)` tests the 44×44 sprite frame, not the circle, so a corner tap up to 22·√2 pt from
    /// the centre hits. A frame holds `[minX, maxX) × [minY, maxY)` (CGRect.contains). Overlapping
    /// frames: the topmost, the last in child order.
    static func hitTest(_ s: MarblesState, _ p: ViewPoint, _ world: World<Marbles>) -> Int? {
        let r = Marble.radius
        return s.marbles.indices.last { i in
            let m = s.marbles[i]
            return findable(m, world) && p.x >= m.x - r && p.x < m.x + r && p.y >= m.y - r && p.y < m.y + r
        }
    }

    /// The same-colour marbles touching `start`, directly or through a chain, in the order the
    /// article's search produces them. It says "breadth-first" but takes `popLast()` from its queue,
    /// a stack: the order is depth-first-like, and it sets the pop ripple (D4).
    static func cluster(_ s: MarblesState, from start: Int, _ world: World<Marbles>) -> [Int] {
        let color = s.marbles[start].color
        let all = s.marbles.indices.filter { s.marbles[$0].color == color && findable(s.marbles[$0], world) }
        let touch = world.isOn(.noContactTolerance) ? Marble.radius * 2 : Marble.touchDistance
        var visited = [start]
        var queue = [start], result: [Int] = []
        while !queue.isEmpty {
            let current = world.isOn(.fifoCluster) ? queue.removeFirst() : queue.removeLast()
            result.append(current)
            let c = s.marbles[current]
            for other in all where !visited.contains(other) {
                let o = s.marbles[other]
                if DetMath.hypot(o.x - c.x, o.y - c.y) <= touch {
                    visited.append(other)
                    queue.append(other)
                }
            }
        }
        return result
    }

    /// `pop(_:)`: each marble loses its body at once, then after `0.03·i` s bursts, scales and fades
    /// for 0.12 s and is removed. The sound plays once per call, even when nothing pops (a bomb that
    /// hits nothing).
    static func pop(_ s: inout MarblesState, _ indices: [Int], _ world: inout World<Marbles>) {
        let now = s.actions.now
        var ids: [String] = []
        for (i, index) in indices.enumerated() {
            if s.marbles[index].poppingSince != nil { s.doublePops += 1 }
            s.marbles[index].hasBody = false
            s.marbles[index].poppingSince = now
            let id = s.marbles[index].id
            ids.append(String(id))
            let ripple: Action<SceneAction> = .sequence([
                .wait(.milliseconds(30 * Int64(i))), .run(.burst(marble: id)),
                .group([.animate(.vanished(marble: id), over: .milliseconds(120))]), .run(.removeMarble(id)),
            ])
            if !s.actions.run(ripple, on: id) { limitHit(&s, "pop", id, &world) }
        }
        s.pops += 1
        world.emit(Record("pop").word("ids", ids.isEmpty ? "none" : ids.joined(separator: ",")).duration("sceneTime", now)
            .duration("lastRemovalIn", indices.isEmpty ? .zero : .milliseconds(30 * Int64(indices.count - 1) + 120)))
        playSound(&s, "pop.caf", &world)
    }

    /// `playSoundFileNamed`: the sound log, with the mute option and the silent switch.
    static func playSound(_ s: inout MarblesState, _ file: String, _ world: inout World<Marbles>) {
        var record = Record("sound").word("file", file)
        if s.muted {
            record = record.bool("played", false).word("reason", "muted")
        } else if s.silentSwitch, !world.isOn(.ignoresSilentSwitch) {
            record = record.bool("played", false).word("reason", "silentSwitch")
        } else {
            record = record.bool("played", true)
            s.sounds += 1
        }
        world.emit(record)
    }

    /// The "no match" wiggle: +6 pt over 0.04 s, −12 over 0.08, +6 over 0.04 (net 0, 0.16 s).
    static func wiggle(_ s: inout MarblesState, _ id: Int, _ world: inout World<Marbles>) {
        let wiggle: Action<SceneAction> = .sequence([
            .animate(.wiggle(marble: id, dx: 6), over: .milliseconds(40)),
            .animate(.wiggle(marble: id, dx: -12), over: .milliseconds(80)),
            .animate(.wiggle(marble: id, dx: 6), over: .milliseconds(40)),
        ])
        if !s.actions.run(wiggle, on: id) { limitHit(&s, "wiggle", id, &world) }
    }

    /// The action timeline is full: the action is dropped, and said so.
    static func limitHit(_ s: inout MarblesState, _ what: String, _ node: Int, _ world: inout World<Marbles>) {
        world.emit(Record("lockstep.limit").word("name", "actions").int("value", s.actions.limit).word("dropped", what).int("node", node))
    }
}
