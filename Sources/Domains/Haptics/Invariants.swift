import LockstepCore
import Platform

extension Haptics {

    static func startsHaptic(_ r: Record) -> Bool {
        let text = r.description
        switch r.name {
        case "generator": return text.contains("latencyMs=")
        case "feedback": return !text.contains("feedback=none")
        case "player": return text.contains("event=started")
        default: return false
        }
    }

    public static let invariants: [Invariant<Haptics>] = [
        Invariant("hapticHasVisualCue", "never use a haptic as the only signal: every haptic comes with a visual cue") { _, outputs in
            let haptics = outputs.filter(startsHaptic).count
            let cues = outputs.filter { $0.name == "cue" }.count
            return cues >= haptics ? nil : "\(haptics) haptics but \(cues) visual cues in one step"
        },
        Invariant("nothingSoundsWhileEngineStopped", "a player only sounds while its engine runs") { s, _ in
            guard !s.sounding.isEmpty, s.engine.state != .running else { return nil }
            return "\(s.sounding.count) players sounding with the engine \(engineStateName(s.engine.state))"
        },
        Invariant("invalidPlayersNeverPlay", "a player invalidated by a server reset never sounds again") { s, _ in
            for run in s.sounding where s.engine.player(run.player)?.valid == false { return "player \(run.player.rawValue) is invalid but sounding" }
            return nil
        },
        Invariant("rhythmOffsetsMonotonic", "a recorded rhythm starts at 0 and never goes back in time (monotonic clock)") { s, _ in
            var last: Int64 = 0
            for o in s.lastRhythmOffsets {
                if o < last { return "offset \(DecimalText.seconds(fromMicroseconds: o)) after \(DecimalText.seconds(fromMicroseconds: last))" }
                last = o
            }
            return nil
        },
        Invariant("timelineRespectsCut", "nothing is rendered after a stop, backgrounding or reset") { s, _ in
            s.entriesPastCut == 0 ? nil : "\(s.entriesPastCut) actuator entries after a cut"
        },
        Invariant("heldLoopPlayable", "a loop the app holds survives a server reset (rebuilt by the reset handler)") { s, _ in
            guard let held = s.loop, s.engine.player(held.player)?.valid == false else { return nil }
            return "the held \(held.patternID) loop is on invalidated player \(held.player.rawValue)"
        },
        Invariant("everyPlaySounds", "start() before every play: an asked-for pattern is never silent") { s, _ in
            s.silentPlays == 0 ? nil : "\(s.silentPlays) plays refused by a stopped engine"
        },
        Invariant("preparedTapIsOnTime", "touch-down prepares, so the touch-up inside the window has no latency") { s, _ in
            s.lateAfterTouchDown == 0 ? nil : "\(s.lateAfterTouchDown) late impacts after a touch-down"
        },
        Invariant("outcomesOnlyForOutcomes", "never .success as a generic tap") { s, _ in
            s.outcomeAsTap == 0 ? nil : "the impact button fired \(s.outcomeAsTap) notification feedbacks"
        },
        Invariant("feedbackOnChangeOnly", "sensoryFeedback plays only when its trigger changes") { _, outputs in
            for r in outputs where r.name == "feedback" {
                let old = r.fields.first { $0.key == "old" }?.value, new = r.fields.first { $0.key == "new" }?.value
                let fired = r.fields.first { $0.key == "feedback" }?.value != .word("none")
                if fired, old == new { return "feedback played although the trigger stayed \(r)" }
            }
            return nil
        },
        Invariant("noCustomFeaturesWithoutHardware", "hide haptic-only features rather than show buttons that do nothing") { s, _ in
            s.customFeaturesShown && !s.supportsHaptics ? "custom features shown without haptics hardware" : nil
        },
        Invariant("sequenceItemsKeepTheirStrength", "an item in a sequence feels as it does alone: no curve leaks past its item") { s, _ in
            s.sequenceStrengthChanges > 0 ? "\(s.sequenceStrengthChanges) sequence events play at another intensity than in their own pattern" : nil
        },
        Invariant("noDeprecatedInitOn27", "iOS 27: the impact generator uses init(style:view:)") { s, _ in
            s.os >= OSRelease(27, 0) && s.impact.api.isDeprecatedInIOS27 ? "UIImpactFeedbackGenerator(style:) on iOS \(s.os.description)" : nil
        },
    ]

    public static let explorer: Explorer? = Explorer(header: { rng in
        var lines: [String] = []
        if rng.chance(0.2) { lines.append("set supportsHaptics false") }
        if rng.chance(0.3) { lines.append("set os \(["17.0", "17.5", "27.0"][rng.int(below: 3)])") }
        if rng.chance(0.5) { lines.append("set premium true") }
        return lines
    }, next: { rng, _ in
        let gap = "+\(rng.int(in: 1...3000))ms"
        let patterns = ["heartbeat", "explosion", "tick-tock", "level-up", "impact.medium", "notification.error", "rhythm", "nope"]
        let p = patterns[rng.int(below: patterns.count)]
        let rates = ["0.5", "1", "2", "3"]
        switch rng.int(below: 26) {
        case 0: return "\(gap) touch down"
        case 1: return "\(gap) touch up upInside=\(rng.chance(0.8) ? "true" : "false")"
        case 2: return "\(gap) pickerChanged value=\(rng.int(in: 0...9))"
        case 3: return "\(gap) saveFinished success=\(rng.chance(0.5) ? "true" : "false")"
        case 4: return "\(gap) swiftUITrigger control=\(rng.chance(0.5) ? "favorite" : "save")"
        case 5, 6: return "\(gap) playLibrary id=\(p)"
        case 7: return "\(gap) loop start id=\(p) rate=\(rates[rng.int(below: rates.count)])"
        case 8: return "\(gap) loop stop"
        case 9: return "\(gap) longTest id=\(p) rate=\(rates[rng.int(below: 3)])"
        case 10, 11: return "\(gap) recordTap wall=\(rng.chance(0.2) ? "-3600" : "0")"
        case 12: return "\(gap) recordFinish"
        case 13: return "\(gap) exportAHAP id=\(p)"
        case 14: return "\(gap) generateCode id=\(p)"
        case 15: return "\(gap) tellThemApart"
        case 16: return "\(gap) replayLast source=widget"
        case 17: return "\(gap) haptics serverReset"
        case 18: return "\(gap) haptics idle"
        case 19: return "\(gap) lifecycle \(rng.chance(0.5) ? "background" : "foreground")"
        case 20: return "\(gap) audio interruption \(rng.chance(0.5) ? "began" : "ended")"
        case 21:
            let items = (0..<rng.int(in: 1...3)).map { _ in patterns[rng.int(below: patterns.count)] }.joined(separator: ",")
            return "\(gap) sequence name=seq items=\"\(items)\" gap=\(rng.int(in: 1...500))ms"
        case 22:
            let kind = rng.chance(0.5) ? "transient" : "continuous duration=\(rng.int(in: 1...500))ms"
            return "\(gap) creator add kind=\(kind) at=\(rng.int(in: 0...2000))ms intensity=\(rng.chance(0.1) ? "1.5" : "0.\(rng.int(in: 0...9))") sharpness=0.\(rng.int(in: 0...9))"
        case 23: return "\(gap) creator \(rng.chance(0.7) ? "save name=mine" : "remove index=\(rng.int(in: 0...3))")"
        case 24: return "\(gap) playLibrary id=\(rng.chance(0.5) ? "seq" : "mine")"
        default: return "+\(rng.int(in: 5...20))s playLibrary id=heartbeat"
        }
    })
}
