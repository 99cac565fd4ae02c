import LockstepCore
import Platform

extension CloudNotes {
    public static let invariants: [Invariant<CloudNotes>] = [
        Invariant("oneRowPerNote", "no unique constraint in the cloud, so every device dedupes: each note is shown once") { s, _ in
            for (d, rows) in s.shown.enumerated() {
                let keys = rows.map(\.key)
                if Set(keys).count != keys.count { return "\(devices[d]) shows \(keys.count) rows for \(Set(keys).count) notes" }
            }
            return nil
        },
        Invariant("newestShown", "a device shows the newest row of each note it holds (ties to the larger record id)") { s, _ in
            for (d, rows) in s.shown.enumerated() {
                let winners = CloudMerge.newestPerKey(s.replicas[d].rows)
                for row in rows where !winners.contains(where: { $0.id == row.id }) {
                    let w = winners.first { $0.key == row.key }
                    return "\(devices[d]) shows \(row.id) for \(row.key); the newest is \(w?.id ?? "none")"
                }
            }
            return nil
        },
        Invariant("convergedWhenQuiescent", "once every record has reached every device, all devices show the same notes") { s, _ in
            guard s.cloud.isQuiescent else { return nil }
            let first = s.shown[0].map { "\($0.key)=\($0.id)" }
            for d in 1..<s.shown.count where s.shown[d].map({ "\($0.key)=\($0.id)" }) != first {
                return "\(devices[0]) shows \(first.joined(separator: ",")) but \(devices[d]) shows \(s.shown[d].map { "\($0.key)=\($0.id)" }.joined(separator: ","))"
            }
            return nil
        },
        Invariant("exactlyOnce", "every record from another device is queued, lost (until a fetch) or delivered: exactly one of them") { s, _ in
            for device in devices { if let problem = s.cloud.accountingProblem(device) { return problem } }
            return nil
        },
        Invariant("noPinLost", "a pin that committed stays in the App Group until it is unpinned (per-key records)") { s, _ in
            let stored = s.group.store.pinnedNotes
            for note in s.pinsCommitted where !stored.contains(note) { return "the pin of \(note) committed but is not in the container" }
            return nil
        },
    ]

    /// Edits on any device with few notes (so keys collide), deliveries of every shape, devices
    /// going offline, fetches, pins and unpins from both processes and the scheduler's steps.
    public static let explorer: Explorer? = Explorer(header: { rng in
        rng.chance(0.2) ? ["set autoPush false"] : []
    }, next: { rng, _ in
        let gap = "+\(rng.int(in: 0...3))s"
        let device = devices[rng.int(below: devices.count)]
        let note = "n\(rng.int(below: 3))"
        let process = processes[rng.int(below: processes.count)]
        switch rng.int(below: 20) {
        case 0..<6: return "\(gap) edit device=\(device) note=\(note) text=\"t\(rng.int(below: 100))\""
        case 6..<9:
            let partial = rng.int(in: 0...3)
            var line = "\(gap) cloud deliver to=\(device)"
            if partial > 0 { line += " partial=\(partial)" }
            if rng.chance(0.3) { line += " dup=1" }
            if rng.chance(0.2) { line += " drop=1" }
            return line
        case 9: return "\(gap) cloud \(rng.chance(0.5) ? "offline" : "online") device=\(device)"
        case 10: return "\(gap) cloud fetch device=\(device)"
        case 11: return "\(gap) cloud push device=\(device)"
        case 12, 13: return "\(gap) \(rng.chance(0.7) ? "pin" : "unpin") process=\(process) note=\(note)"
        case 14, 15: return "\(gap) appgroup step process=\(process)"
        case 16: return "\(gap) appgroup run\(rng.chance(0.3) ? " order=serial" : "")"
        case 17: return "\(gap) refresh"
        default: return "\(gap) open device=\(device)"
        }
    })
}
