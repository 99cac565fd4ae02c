import LockstepCore
import Platform

extension Aquarium {
    /// Walks of daily use on two tanks: forms with blanks, commas, bad numbers and foreign units,
    /// edits and deletes, syncs against timeouts, offline spells and refusals, "Try again", other
    /// devices' rows (some late, some for locally edited readings), watches, launches and resumes.
    /// Memory: 0 before the tank exists, then 1 + the number of sessions written.
    public static let explorer: Explorer? = Explorer(memory: 0, header: { _, _ in [] }, next: { rng, memory, _ in
        if memory == 0 {
            memory = 1
            return "+0 tank id=t1 type=\(["reef", "freshwater", "planted"][rng.int(below: 3)])"
        }
        var sessions = memory - 1
        defer { memory = sessions + 1 }
        func pick(_ a: [String]) -> String { a[rng.int(below: a.count)] }
        func value(_ lo: Int, _ hi: Int, _ scale: Double) -> String {
            rng.chance(0.3) ? "" : pick(["", "\(Double(rng.int(in: lo...hi)) / scale)", "\(rng.int(in: lo / Int(scale) ... hi / Int(scale)))"])
        }
        let gap = pick(["+10m", "+3h", "+12h", "+1d"])
        switch rng.int(below: 100) {
        case 0 ..< 30:
            sessions += 1
            var f = "test tank=t1 session=s\(sessions)"
            for (key, lo, hi, scale) in [("ammonia", 0, 100, 100.0), ("nitrite", 0, 50, 100.0), ("nitrate", 0, 400, 10.0),
                                         ("ph", 60, 90, 10.0), ("kh", 50, 120, 10.0), ("temp", 200, 300, 10.0)] {
                let v = value(lo, hi, scale)
                if !v.isEmpty { f += " \(key)=\"\(rng.chance(0.1) ? v.replacingComma() : v)\"" }
            }
            if rng.chance(0.05) { f += " kh=\"\(pick(["7.x", "NaN", "1e400", "-1", "abc"]))\"" }
            if rng.chance(0.1) { f += " khUnit=\(pick(["dKH", "meqL", "ppmCaCO3", "mgL"]))" }
            if rng.chance(0.1) { f += " nitriteUnit=ppmN" }
            return "\(gap) \(f.replacingDuplicateKH())"
        case 30 ..< 36:
            guard sessions > 0 else { return "\(gap) sync" }
            return "\(gap) edit session=s\(rng.int(in: 1...sessions)) param=\(pick(["kh", "ammonia", "ph"])) text=\"\(rng.int(in: 1...9)).\(rng.int(in: 0...9))\""
        case 36 ..< 38:
            guard sessions > 0 else { return "\(gap) sync" }
            return "\(gap) delete session=s\(rng.int(in: 1...sessions))"
        case 38 ..< 55: return "\(gap) sync"
        case 55 ..< 65:
            let r = pick(["ok", "timeout", "offline", "refused reason=rls", "refused reason=constraint"])
            return "\(gap) remote next count=\(rng.int(in: 1...6)) result=\(r)"
        case 65 ..< 70: return "\(gap) retry seq=\(rng.int(in: 1...12))"
        case 70 ..< 78:
            if sessions > 0, rng.chance(0.5) {
                return "\(gap) server write entity=readings id=local:s\(rng.int(in: 1...sessions))/kh tank=t1 param=kh value=\(rng.int(in: 6...10)) unit=dKH lateMs=\(rng.int(in: 0...1_900))"
            }
            return "\(gap) server write entity=readings tank=t1 param=ammonia value=0.\(rng.int(in: 0...9)) lateMs=\(rng.int(in: 0...1_900))"
        case 78 ..< 84: return "\(gap) \(pick(["lifecycle background", "lifecycle foreground", "lifecycle active", "lifecycle inactive"]))"
        case 84 ..< 87: return "\(gap) lifecycle terminate reason=\(pick(["user", "jetsam"]))"
        case 87 ..< 90: return "\(gap) lifecycle launch"
        case 90 ..< 93: return "\(gap) watch tank=t1 on=\(rng.chance(0.7))"
        case 93 ..< 95: return "\(gap) screen name=\(pick(["home", "tank", "account"]))"
        case 95 ..< 97: return "\(gap) chart tank=t1"
        default: return "\(gap) displayUnit param=kh unit=\(pick(["dKH", "meqL", "ppmCaCO3"]))"
        }
    })
}

extension String {
    /// A decimal written with a comma, as European keyboards type it.
    func replacingComma() -> String { String(map { $0 == "." ? "," : $0 }) }

    /// Keeps only the last `kh=` of a line (a bad value appended after a good one replaces it).
    func replacingDuplicateKH() -> String {
        let parts = split(separator: " ").map(String.init)
        guard parts.filter({ $0.hasPrefix("kh=") }).count > 1, let first = parts.firstIndex(where: { $0.hasPrefix("kh=") }) else { return self }
        var p = parts
        p.remove(at: first)
        return p.joined(separator: " ")
    }
}
