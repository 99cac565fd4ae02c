import LockstepCore

/// Random, valid `repCounter` walks (the mix is documented with the invariants in `Invariants.swift`).
extension RepCounter {
    public static let explorer: Explorer? = Explorer(header: { rng in
        let zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"]
        let exercises = Exercise.allCases.map(\.rawValue)
        var lines = ["start 2026-03-\(rng.int(in: 10...28))T\(RepExplore.two(rng.int(in: 0...23))):\(RepExplore.two(rng.int(below: 60))):00Z",
                     "zone \(zones[rng.int(below: zones.count)])",
                     "set exercise \(exercises[rng.int(below: exercises.count)])"]
        if rng.chance(0.5) { lines.append("set frameTrace changes") }
        lines.append("set os \(["17.0", "17.4", "26.5"][rng.int(below: 3)])")
        if rng.chance(0.2) { lines.append("set notifications false") }
        return lines
    }, next: { rng, step in
        if step == 0 {
            // Screen Time in play from the start: one to three rules (the wide hourly budget alone takes 16 activities).
            var rules: [String] = []
            for _ in 0..<rng.int(in: 1...3) { rules.append("+\(rng.int(in: 1...5))s " + RepExplore.rule(&rng)) }
            return rules.joined(separator: "\n")
        }
        let roll = rng.int(below: 100)
        if roll >= 96 {
            // A clock jump: the phone sat in a pocket (backstops, hour and day boundaries pass).
            return ["+20m", "+1h", "+3h", "+9h", "+1d"][rng.int(below: 5)] + " streak days=\(rng.int(in: 0...9))"
        }
        if roll < 22 {
            // A pose burst, and the next line after its last frame.
            let burst = RepExplore.poses(&rng)
            return "\(RepExplore.gap(&rng)) \(burst.line)\n+\(burst.millis + rng.int(in: 20...400))ms \(RepExplore.plain(&rng, rng.int(in: 22...95)))"
        }
        return "\(RepExplore.gap(&rng)) \(RepExplore.plain(&rng, roll))"
    })
}

enum RepExplore {
    static let rules = ["work", "social", "games", "news"]
    static let exerciseGens = ["pushups": Exercise.pushUp, "squats": .squat, "situps": .sitUp, "pullups": .pullUp, "jacks": .jumpingJack]
    static let genNames = ["pushups", "squats", "situps", "pullups", "jacks"]

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Mostly human gaps (50 ms to 10 s), sometimes a minute or more.
    static func gap(_ rng: inout SeededRNG) -> String {
        switch rng.int(below: 10) {
        case 0..<4: "+\(rng.int(in: 50...999))ms"
        case 4..<8: "+\(rng.int(in: 1...10))s"
        default: "+\(rng.int(in: 11...90))s"
        }
    }

    static func rule(_ rng: inout SeededRNG) -> String {
        let name = rules[rng.int(below: rules.count)]
        let apps = rng.chance(0.7) ? "\(rng.int(in: 1...4))" : "\(rng.int(in: 1...2)),\(rng.int(in: 3...5))"
        let enabled = rng.chance(0.1) ? " enabled=false" : ""
        switch rng.int(below: 10) {
        case 0..<3:
            let a = rng.int(in: 0...20)
            // Sometimes shorter than 15 minutes (refused).
            let end = rng.chance(0.1) ? "\(a).1" : "\(min(24, a + rng.int(in: 1...8)))"
            return "rule name=\(name) apps=\(apps) mode=schedule window=\(a),\(end)\(enabled)"
        case 3..<6:
            return "rule name=\(name) apps=\(apps) mode=dailyBudget minutes=\(rng.int(in: 1...30))\(enabled)"
        default:
            // Wide windows fill the 20-activity limit; over 16 hours is refused.
            let a = rng.int(in: 0...10)
            let hours = rng.chance(0.5) ? 16 : rng.int(in: 1...17)
            return "rule name=\(name) apps=\(apps) mode=hourlyBudget minutes=\(rng.int(in: 1...10)) window=\(a),\(min(24, a + hours))\(enabled)"
        }
    }

    /// A `gen` line for one exercise and how long its frames last.
    static func poses(_ rng: inout SeededRNG) -> (line: String, millis: Int) {
        let name = genNames[rng.int(below: genNames.count)]
        let reps = rng.int(in: 1...3)
        let periods = [300, 500, 800, 1_200, 2_000, 2_500]
        let period = periods[rng.int(below: periods.count)]
        let fps = rng.chance(0.5) ? 15 : 30
        var line = "gen \(name) reps=\(reps) period=\(Double(period) / 1000) fps=\(fps)"
        if rng.chance(0.3) { line += " jitter=\(rng.int(in: 1...8))" }
        if rng.chance(0.15) { line += " dropout=0.\(rng.int(in: 1...4))" }
        if rng.chance(0.15) { line += " shake=\(rng.int(in: 1...20))" }
        if rng.chance(0.1) { line += rng.chance(0.5) ? " hideLeft=0.5" : " hideRight=0.3" }
        if rng.chance(0.1) { line += " occlude=\(rng.int(in: 0...10)),\(rng.int(in: 5...12))" }
        if rng.chance(0.15), let e = exerciseGens[name] {
            // Shallow reps: the top of the range down to just past the half line.
            let (top, bottom) = PoseGenerators.defaultRange(e)
            let shallow = top - 0.55 * (top - bottom)
            line += " bottom=\(e.isAngle ? "\(Int(shallow))" : "\((shallow * 100).rounded() / 100)")"
        }
        let frames = Int((Double(reps) * Double(period) / 1000 * Double(fps)).rounded())
        return (line, frames * 1000 / fps + 1)
    }

    /// One event line without its time; `roll` in 22...95 picks the kind.
    static func plain(_ rng: inout SeededRNG, _ roll: Int) -> String {
        let rule = rules[rng.int(below: rules.count)]
        switch roll {
        case 22..<28:
            switch rng.int(below: 5) {
            case 0: return "frame"
            case 1: return "frame nose=0.5,0.5,0.2 neck=0.5,0.45,0.29"
            case 2: return "frame leftShoulder=1.5,0.583,0.9 leftElbow=0.656,0.431,1e999 leftWrist=0.706,-0.1,0.9"
            default: return "frame leftShoulder=0.586,0.583,0.9 leftElbow=0.656,0.431,0.9 leftWrist=0.706,0.273,0.9"
            }
        case 28..<40:
            let exercise = Exercise.allCases[rng.int(below: Exercise.allCases.count)].rawValue
            let target = rng.chance(0.5) ? " rule=\(rule)" : ""
            return rng.chance(0.6) ? "setStart exercise=\(exercise)\(target)" : "setStart\(target)"
        case 40..<48: return "setEnd"
        case 48..<57:
            let n = rng.int(in: 1...3)
            var counts: [String] = [], entered: [String] = []
            for _ in 0..<n {
                counts.append(rng.chance(0.05) ? "-5" : "\(rng.int(in: 0...9) * 1_000 + rng.int(below: 1_000))")
                entered.append(["-1", "-1", "0", "1"][rng.int(below: 4)])
            }
            return "health counts=\(counts.joined(separator: ",")) entered=\(entered.joined(separator: ","))"
        case 57..<60: return "streak days=\(rng.chance(0.1) ? -1 : rng.int(in: 0...12))"
        case 60..<62: return "stepsMode on=\(rng.chance(0.5))"
        case 62..<70: return RepExplore.rule(&rng)
        case 70..<72: return "enable rule=\(rule) on=\(rng.chance(0.5))"
        case 72..<74: return "deleteRule rule=\(rule)"
        case 74..<84:
            if rng.chance(0.05) { return "usage app=1 seconds=-3" }
            return "usage app=\(rng.int(in: 1...5)) seconds=\(rng.int(in: 1...20) * 30)"
        case 84..<87: return "shieldButton rule=\(rule)"
        case 87..<90: return "spend rule=\(rule) seconds=\(rng.int(in: 1...10) * 30)"
        case 90..<92:
            let names = ["grant|X", "a|b|c|d", "schedule|3F2504E0-4F89-11D3-9A0C-0305E82C3301|0", "budget|not-a-uuid|0"]
            let kinds = CallbackKind.allCases
            return "monitor kind=\(kinds[rng.int(below: kinds.count)].rawValue) activity=\"\(names[rng.int(below: names.count)])\""
        case 92..<93: return "notifications granted=\(rng.chance(0.5))"
        case 93..<94: return "os version=\(["17.0", "17.4", "26.5"][rng.int(below: 3)])"
        default:
            let zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"]
            return "zone \(zones[rng.int(below: zones.count)])"
        }
    }
}
