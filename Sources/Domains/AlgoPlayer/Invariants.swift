import LockstepCore

/// The article's rules as checks after every step.
extension AlgoPlayer {
    public static let invariants: [Invariant<AlgoPlayer>] = [
        Invariant("stableIdentity", "every recorded array step is a permutation of the input ids, and every render names each bar once (two 5s are two bars)") { s, outputs in
            if outputs.contains(where: { $0.name == "loaded" }), case .array(let steps)? = s.steps {
                let ids = Array(0..<s.input.count)
                for (i, st) in steps.enumerated() where st.bars.map(\.id).sorted() != ids {
                    return "step \(i) holds ids \(Fmt.list(st.bars.map(\.id))), not a permutation of 0..<\(s.input.count)"
                }
            }
            for r in outputs where r.name == "show" {
                guard let ids = word(r, "ids") else { continue }
                let list = ids.dropFirst().dropLast().split(separator: ",")
                if Set(list).count != list.count { return "a render shows ids \(ids): one id for two bars" }
            }
            return nil
        },
        Invariant("indexInRange", "the player's index is always a step of the list") { s, _ in
            guard let steps = s.steps else { return nil }
            return (0..<steps.count).contains(s.player.index) ? nil : "index \(s.player.index) of \(steps.count) steps"
        },
        Invariant("oneSleepWhilePlaying", "a playing player waits on exactly one sleep, a paused one on none (two loops skip steps)") { s, _ in
            let n = s.player.ticks.count
            if s.player.isPlaying && n != 1 { return "playing with \(n) pending sleeps" }
            if !s.player.isPlaying && n != 0 { return "paused with \(n) pending sleeps" }
            return nil
        },
        Invariant("sortsEndSorted", "a sort's last step is .done with the values ascending and every index sorted") { s, outputs in
            guard outputs.contains(where: { $0.name == "loaded" }), case .array(let steps)? = s.steps, let last = steps.last else { return nil }
            if last.action != .done { return "the last step is .\(last.action.rawValue), not .done" }
            if last.bars.map(\.value) != s.input.sorted() { return "the last step shows \(Fmt.list(last.bars.map(\.value)))" }
            if last.sorted != Set(last.bars.indices) { return "the last step marks \(Fmt.set(last.sorted)) sorted" }
            return nil
        },
        Invariant("atMostOneRun", "the editor has at most one run waiting for the runner") { s, _ in
            s.runner.inFlight.count <= 1 ? nil : "\(s.runner.inFlight.count) runs in flight"
        },
        Invariant("everyChangeAnnounced", "every step change is announced with its caption (VoiceOver users hear what sighted users see)") { _, outputs in
            for (i, r) in outputs.enumerated() where r.name == "show" {
                guard let cause = word(r, "cause"), ["tick", "replay", "step", "seek", "scrub"].contains(cause) else { continue }
                let next = i + 1 < outputs.count ? outputs[i + 1] : nil
                if next?.name != "a11y.announce" { return "the \(cause) to step \(int(r, "index") ?? -1) was not announced" }
            }
            return nil
        },
        Invariant("voiceOverSlower", "with VoiceOver running and no speed picked, the player runs at the slower default (0.5×)") { s, outputs in
            guard s.a11y.voiceOver, s.player.userSpeed == nil else { return nil }
            for r in outputs where r.name == "player" && word(r, "state") == "playing" {
                if case .fixed(let v, _)? = field(r, "speed"), v != 0.5 { return "playing at \(v)× with VoiceOver running" }
            }
            return nil
        },
        Invariant("motionFollowsSettings", "only step changes animate, and under Reduce Motion they cross-fade") { s, outputs in
            for r in outputs where r.name == "show" {
                let cause = word(r, "cause") ?? ""
                let animation = word(r, "animation") ?? ""
                if cause == "speed" || cause == "a11y" { return "a \(cause) change animated the bars" }
                if s.a11y.reduceMotion && animation == "spring0.35" { return "a spring under Reduce Motion" }
            }
            return nil
        },
        Invariant("inputCapped", "inputs are capped at 40 elements (bigger ones do not teach better)") { s, _ in
            s.input.count <= maxElements ? nil : "an input of \(s.input.count) elements was loaded"
        },
        Invariant("canGoBack", "stepping or seeking backwards reaches the earlier step (the steps are recorded, not slept through)") { _, outputs in
            for r in outputs where r.name == "move" {
                guard let from = int(r, "from"), let requested = int(r, "requested"), let to = int(r, "to") else { continue }
                if requested < from && to != max(requested, 0) { return "a move from \(from) to \(requested) stayed at \(to)" }
            }
            return nil
        },
        Invariant("screenMatchesStep", "the bars on screen are the current step's full snapshot, whichever way the player moved") { s, _ in
            guard case .array(let steps)? = s.steps, s.player.index < steps.count else { return nil }
            let want = steps[s.player.index].bars
            return s.shownBars == want ? nil : "step \(s.player.index) shows \(Fmt.bars(s.shownBars)), recorded \(Fmt.bars(want))"
        },
        Invariant("replayAtEnd", "play at the last step restarts from step 0") { s, outputs in
            guard let n = s.steps?.count, n > 1 else { return nil }
            for r in outputs where r.name == "player" && word(r, "state") == "ended" && field(r, "why") != nil {
                return "play at the last of \(n) steps did nothing"
            }
            return nil
        },
        Invariant("runsTimeOut", "every run waiting for the remote runner has a client deadline") { s, _ in
            for r in s.runner.inFlight where r.deadline == nil { return "run \(r.id.rawValue) waits for ever" }
            return nil
        },
        Invariant("noLateOutput", "a reply the table refuses (late, duplicate, unknown) never reaches the console") { _, outputs in
            guard outputs.contains(where: { $0.name == "rejected" && word($0, "input") == "reply" }) else { return nil }
            return outputs.contains(where: { $0.name == "console" }) ? "a refused reply was printed" : nil
        },
    ]

    static func field(_ r: Record, _ key: String) -> Value? { r.fields.first { $0.key == key }?.value }
    static func word(_ r: Record, _ key: String) -> String? {
        if case .word(let w)? = field(r, key) { return w }
        return nil
    }
    static func int(_ r: Record, _ key: String) -> Int? {
        if case .int(let v)? = field(r, key) { return Int(v) }
        return nil
    }
}
