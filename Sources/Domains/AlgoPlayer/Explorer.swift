import LockstepCore

/// Walks of a learner: loads of small inputs (sometimes too large, negative or unsorted), the
/// transport buttons, seeks and scrubs (sometimes out of range), speed changes (sometimes 0, NaN
/// or 100), VoiceOver and Reduce Motion toggles, the chart, and playground runs with replies by
/// id (in flight, duplicate, late, unknown) or `latest`, some never answered. Gaps 50 ms to 3 s.
extension AlgoPlayer {
    public static let explorer: Explorer? = Explorer(header: { rng in
        rng.int(below: 4) == 0 ? ["set runnerTimeout \(rng.int(in: 1...5))s"] : []
    }, next: { rng, _ in
        let gap = "+\(rng.int(in: 1...60) * 50)ms"
        let algorithms = Algorithm.allCases
        switch rng.int(below: 100) {
        case 0..<12:
            let a = algorithms[rng.int(below: algorithms.count)]
            if a.isGraph {
                let graphs = ["0:1,2;1:0,3,4;2:0,4;3:1,5;4:1,2,5;5:3,4", "0:0,1,1", "", "0:1;1:2;2:0", "3:4"]
                return "\(gap) load algorithm=\(a.rawValue) adjacency=\"\(graphs[rng.int(below: graphs.count)])\" start=\(rng.int(in: 0...5))"
            }
            let n = rng.int(below: 12) == 0 ? 41 : rng.int(in: 0...12)
            var values = (0..<n).map { _ in rng.int(in: 0...20) }
            if rng.int(below: 15) == 0 && n > 0 { values[0] = -1 }
            if a == .binarySearch && rng.int(below: 5) > 0 { values.sort() }
            let v = values.isEmpty ? "" : " values=" + values.map(String.init).joined(separator: ",")
            return "\(gap) load algorithm=\(a.rawValue)\(v)" + (a == .binarySearch ? " target=\(rng.int(in: 0...20))" : "")
        case 12..<30: return "\(gap) play"
        case 30..<38: return "\(gap) pause"
        case 38..<46: return "\(gap) step delta=\([-1, 1, 1, -3, 5][rng.int(below: 5)])"
        case 46..<52: return "\(gap) seek index=\(rng.int(in: -2...40))"
        case 52..<56: return "\(gap) scrub x=\(rng.int(in: -20...320))"
        case 56..<64:
            let speeds = ["0.5", "1", "2", "2", "0.5", "0", "nan", "100", "3"]
            return "\(gap) speed value=\(speeds[rng.int(below: speeds.count)])"
        case 64..<72:
            return "\(gap) a11y " + (rng.int(below: 2) == 0 ? "voiceOver=\(rng.chance(0.5))" : "reduceMotion=\(rng.chance(0.5))")
        case 72..<74: return "\(gap) chart"
        case 74..<84:
            let langs = Language.allCases
            return "\(gap) run language=\(langs[rng.int(below: langs.count)].rawValue) source=\"\(rng.int(below: 10) == 0 ? "" : "print(1)")\""
        default:
            let id = rng.int(below: 3) == 0 ? "latest" : String(rng.int(in: 0...6))
            return "\(gap) reply id=\(id) " + (rng.chance(0.7) ? "result=ok body=\"1\\n\" elapsed=\(rng.int(in: 1...900))ms" : "error=network")
        }
    })
}
