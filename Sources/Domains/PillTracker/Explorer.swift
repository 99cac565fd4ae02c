import LockstepCore
import Platform

/// Random walks: medications added (some invalid, some ended, some with photos), doses logged
/// around the clock (midnight and DST nights included) as taken, late, missed or skipped, scans
/// with mixed items, widget requests, container loss, daily and stats queries, reports, exports
/// and re-imports, deletes.
extension PillTracker {
    static let explorerStart = Instant(secondsSinceEpoch: 1_774_569_600)  // 2026-03-27T00:00:00Z
    static let explorerMeds = [
        "name=\"Aspirin\" form=tablet strength=\"75 mg\" quantity=30 times=\"00:00,08:00\"",
        "name=\"Warfarin\" form=tablet quantity=28 times=\"01:30\"",
        "name=\"Calpol\" form=syrup quantity=100 dose=5 times=\"18:00\" photoBytes=900000",
        "name=\"Amoxicillin\" form=capsule quantity=21 times=\"08:00,14:00,20:00\" end=@2026-03-28T00:00:00Z",
        "name=\"\" form=tablet quantity=1",
        "name=\"Insulin\" form=injection quantity=10 times=\"07:00,19:00\"",
    ]

    public static let explorer: Explorer? = Explorer(memory: Int64(0), header: { rng, _ in
        var lines = ["start 2026-03-27T00:00:00Z"]
        if rng.chance(0.5) { lines.append("zone Europe/London") }
        return lines
    }, next: { rng, elapsed, _ in
        func pick(_ a: [String]) -> String { a[rng.int(below: a.count)] }
        let gapSeconds = Int64([60, 600, 3_600, 7_200][rng.int(below: 4)])
        elapsed += gapSeconds
        let now = explorerStart + .seconds(elapsed)
        // A scheduled time on a whole half hour near now: before it, or up to two hours after.
        let slot = Instant(secondsSinceEpoch: (now.secondsSinceEpochFloor / 1_800) * 1_800 - Int64(1_800 * rng.int(below: 4)))
        let logged = slot + .seconds(Int64([0, 600, 3_600, 3_601, 7_200][rng.int(below: 5)]))
        let gap = "+\(gapSeconds)s"
        switch rng.int(below: 100) {
        case 0 ..< 14: return "\(gap) confirm \(pick(explorerMeds))"
        case 14 ..< 44:
            let status = pick(["taken", "taken", "missed", "skipped"])
            let at = CivilTime.iso8601UTC(slot)
            return "\(gap) log med=\(rng.int(in: 1...5)) at=@\(at) status=\(status)" + (status == "taken" ? " loggedAt=@\(CivilTime.iso8601UTC(logged))" : "")
        case 44 ..< 54: return "\(gap) widget request=\(pick(["timeline", "snapshot", "placeholder"]))"
        case 54 ..< 60: return "\(gap) daily days=\(rng.int(in: 1...10))"
        case 60 ..< 64:
            return "\(gap) stats from=@\(CivilTime.iso8601UTC(explorerStart)) to=@\(CivilTime.iso8601UTC(now))"
        case 64 ..< 68: return "\(gap) scan\n+1s scanner didAdd items=\"\(pick(["text:Aspirin;ean13;ean13:4006381333931", "qr:https://x.example;code39:ABC", "code128:MED-1", "upce"]))\""
        case 68 ..< 71: return "\(gap) scanner availability supported=\(rng.chance(0.8)) available=\(rng.chance(0.7))"
        case 71 ..< 74: return "\(gap) container available=\(rng.chance(0.7))"
        case 74 ..< 77: return "\(gap) report title=\"Report\" from=@\(CivilTime.iso8601UTC(explorerStart)) to=@\(CivilTime.iso8601UTC(now)) label=\"walk\""
        case 77 ..< 82: return "\(gap) export format=\(pick(["json", "csv"]))"
        case 82 ..< 86: return "\(gap) reimport"
        case 86 ..< 90: return "\(gap) importConfirm replace=\(rng.chance(0.6))"
        case 90 ..< 94: return "\(gap) delete med=\(rng.int(in: 1...5))"
        default:
            // A burst of confirms, so reports run past one page.
            return (0..<22).map { "+1s confirm name=\"Med \($0)\" form=tablet quantity=\($0) times=\"09:00\"" }.joined(separator: "\n")
        }
    })
}
