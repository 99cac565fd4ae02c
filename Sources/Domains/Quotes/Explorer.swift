import LockstepCore
import Platform

/// Random walks: a synthetic library imported (sometimes killed mid-way and relaunched, sometimes
/// updated), then days of opens, reads, streak checks at any hour, favourites, collections,
/// searches, shares and theme changes, with travel between Delhi, Los Angeles, Havana and Sydney
/// around the 2026 DST days.
extension Quotes {
    static let explorerZones = ["Asia/Kolkata", "America/Los_Angeles", "America/Havana", "Australia/Sydney"]
    /// Walk libraries stay under 4,500 rows: two save points (0, 2,000, 4,000) and kills between
    /// them still happen, while each search and import costs a fraction of 6,000 rows'.
    static let walkBundleMax = 4_500
    static let explorerStarts = ["2026-03-06T20:00:00Z", "2026-10-30T20:00:00Z", "2026-10-20T06:00:00Z"]

    public static let explorer: Explorer? = Explorer(header: { rng in
        ["start \(explorerStarts[rng.int(below: explorerStarts.count)])", "zone \(explorerZones[rng.int(below: explorerZones.count)])"]
    }, next: { rng, step in
        if step == 0 { return "+0 launch synthetic=\(rng.int(in: 1...walkBundleMax)) version=1" }
        let id = "q" + ZeroPad.decimal(rng.int(below: 60), width: 5)
        switch rng.int(below: 20) {
        case 0: return "+\(rng.int(in: 1...30))ms kill"
        case 1: return "+1s launch synthetic=\(rng.int(in: 1...walkBundleMax)) version=\(rng.int(in: 0...3))"
        case 2, 3: return "+\(rng.int(in: 1...20))h open"
        case 4, 5: return "+\(rng.int(in: 1...600))m read"
        case 6: return "+\(rng.int(in: 1...30))m read id=\(id)"
        case 7, 8: return "+\(rng.int(in: 1...1_500))m streak"
        case 9: return "+1s favorite id=\(id)"
        case 10: return "+1s collection name=c\(rng.int(below: 3))"
        case 11: return "+1s collect id=\(id) name=c\(rng.int(below: 3))"
        case 12: return "+1s dropCollection name=c\(rng.int(below: 3))"
        case 13: return "+1s search q=\"\(["seneca", " rumi", "QUOTE 1", "", "lao"][rng.int(below: 5)])\""
        case 14: return "+1s submit q=\"\(["a", "B", "b", " c ", "d"][rng.int(below: 5)])\""
        case 15: return "+1s share id=\(id) as=\(rng.chance(0.5) ? "image" : "text")"
        case 16: return "+1s theme setting=\(["auto", "light", "dark"][rng.int(below: 3)])"
        case 17: return "+1s appearance mode=\(rng.chance(0.5) ? "light" : "dark")"
        case 18: return "+1s zone \(explorerZones[rng.int(below: explorerZones.count)])"
        default: return "+\(rng.int(in: 1...3))d open"
        }
    })
}
