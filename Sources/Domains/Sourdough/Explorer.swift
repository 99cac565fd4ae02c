import LockstepCore

extension Sourdough {
    /// Random setups, plan requests 20 h to 3 days ahead, the in-app and notification buttons,
    /// zone and clock changes, foreground/background/relaunch, the Live Activity switch, intents and
    /// dismissals, widget timeline calls and bad input.
    public static let explorer: Explorer? = Explorer(header: { _ in [] }, next: { rng, _ in
        let temps = ["16", "18", "20", "23", "24", "27", "30", "34", "12"]
        let zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"]
        let gap = "+\(rng.int(in: 1...240))m"
        switch rng.int(below: 17) {
        case 0: return "\(gap) configure temp=\(temps[rng.int(below: temps.count)]) ripe=\(rng.chance(0.2))"
        case 1: return "\(gap) plan readyIn=\(rng.int(in: 22...60))h\(rng.int(below: 4) * 15)m"
        case 2, 3: return "\(gap) done"
        case 4: return "\(gap) plus15"
        case 5: return "\(gap) needMore minutes=\(rng.int(in: 5...90))"
        case 6: return "\(gap) zone \(zones[rng.int(below: zones.count)])"
        case 7: return "\(gap) lifecycle background"
        case 8: return "\(gap) lifecycle foreground"
        case 9: return "\(gap) activity intent name=\(rng.chance(0.5) ? "done" : "plus15")"
        case 10: return "\(gap) logPeak actual=\(rng.int(in: 200...900))"
        case 11: return "\(gap) activities enabled=\(rng.chance(0.7))"
        case 12: return "\(gap) timeChange"
        case 13: return "\(gap) activity dismiss"
        case 14: return "\(gap) widget timeline kind=NextActions"
        case 15: return "\(gap) lifecycle \(["active", "terminate reason=jetsam", "launch"][rng.int(below: 3)])"
        default: return "\(gap) configure temp=23 quiet=\"\(rng.chance(0.5) ? "22:00-06:30" : "23:00-07:00")\""
        }
    })
}
