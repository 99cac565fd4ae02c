import LockstepCore
import Platform

/// Daily Pills' invariants (checked by the engine after every step) and its explorer.
///
/// Invariants, each the article's (or the note's) rule as the user or the stored data sees it:
/// - `noReminderSilentlyDropped`: no step makes the centre discard a pending request (the
///   system keeps the soonest 64; "the 65th reminder just never fires"). Fault `noBudget`.
/// - `dosesWithinBudget`: the dose and supply requests pending never exceed the budget of
///   64 − 4 = 60 (the margin is room for snoozes). Fault `noBudget`.
/// - `remindersBelongToMedications`: while the list is loaded, every pending dose reminder is for
///   a medication in the list and one of its times, and every supply warning for a medication in
///   the list ("cancelling one med cannot touch another's", edits replace). Snoozes are left out:
///   a snooze the user asked for is kept until it fires, even after an edit or a reset.
/// - `oneReminderPerDoseTime`: at most one pending dose reminder per medication and time
///   (deterministic identifiers: "rescheduling replaces instead of duplicating"). Fault
///   `randomIdentifiers`.
/// - `oneSnoozePerMedication`: at most one pending snooze per medication ("one snooze per med":
///   a repeat snooze replaces the earlier one). Fault `freshSnoozeId`.
/// - `dosesAtWallClock`: every pending dose reminder next fires at its wall-clock time in the
///   device's zone ("08:00 stays 08:00 local" across DST and travel; a time that does not exist
///   that day fires at the end of the gap). Fault `storedAsDate`.
/// - `lockScreenSavesSucceed`: a save never fails because the phone is locked (the file is
///   readable and writable after the first unlock, so Taken on the Lock Screen saves). Fault
///   `completeProtection`.
/// - `unreadableNeverLoadsEmpty`: a load never turns an unreadable file into an empty list (the
///   next save would overwrite the real data). Fault `corruptAsEmpty`.
/// - `takenNeverMissed`: a dose time is never both taken and judged missed: no `missed` entry of a
///   medication's log has a `taken` entry of the same time within the 2-hour grace window; the
///   outstanding missed count and the pills are never negative.
///
/// `dosesAtWallClock` needs the device's zone, which no invariant is handed: `PillState.deviceZone`
/// keeps it (set at start and on every zone change) and `write(state, to:)` does not write it.
///
/// Explorer: a header with a zone among London, New York, Kolkata, Los Angeles and UTC, a start
/// in 2026 (some near the DST changes) and sometimes `permission=denied`. Steps, 1 s to 6 h apart
/// (a tenth of them a jump of 1-30 hours): adds of medications `m0`…`m5` with 1-12 random
/// times (16 %), responses TAKEN / SNOOZE_10 / default / dismiss to the dose, snooze and supply
/// identifiers of those medications (26 %), edits, refills, deletes, corrections (18 %), lifecycle
/// moves (background, suspend, foreground, active, terminate, launch) and device reboot / lock /
/// unlock (22 %), zone changes (5 %), and the rest: audits, settings changes, storage corruption,
/// resets and bad input (hour 25, negative pills, unknown medications, a 13-time list).
extension PillReminders {
    public static let invariants: [Invariant<PillReminders>] = [
        Invariant("noReminderSilentlyDropped",
                  "the system keeps the soonest 64 pending requests and silently discards the rest: a discarded reminder never fires") { s, outputs in
            for r in outputs where r.name == "notification.dropped" {
                return "request \(PillInvariants.text(r, "id")) discarded by the 64 limit (\(s.centre.pending.count) pending)"
            }
            return nil
        },
        Invariant("dosesWithinBudget",
                  "dose and supply requests stay within 64 − 4 = 60, the margin being room for snoozes") { s, _ in
            var n = 0
            for id in s.centre.pendingIdentifiers where id.hasPrefix("dose.") || id.hasPrefix("supply.") { n += 1 }
            return n > PillConstants.budget ? "\(n) dose and supply requests pending, budget \(PillConstants.budget)" : nil
        },
        Invariant("remindersBelongToMedications",
                  "identifiers are per medication and time: rescheduling replaces, deleting one medication removes only its own reminders") { s, _ in
            guard let meds = s.meds else { return nil }
            for id in s.centre.pendingIdentifiers {
                guard let p = s.centre.pending[id], p.request.content.categoryIdentifier == PillConstants.doseCategory || id.hasPrefix("supply.")
                else { continue }
                if id.hasPrefix("snooze.") { continue }
                guard let med = p.request.content.userInfo["medID"] else { continue }
                guard let m = meds.first(where: { $0.id == med }) else { return "\(id) pending for medication \(med), which is not in the list" }
                if let time = p.request.content.userInfo["time"], !m.times.contains(where: { $0.digits == time }) {
                    return "\(id) pending for \(med) at \(time), not one of its times \(m.times.map(\.digits).joined(separator: ","))"
                }
            }
            return nil
        },
        Invariant("oneReminderPerDoseTime",
                  "deterministic identifiers: rescheduling a medication replaces its reminders instead of duplicating them") { s, _ in
            var seen = Set<String>()
            for id in s.centre.pendingIdentifiers {
                guard let p = s.centre.pending[id], p.request.content.categoryIdentifier == PillConstants.doseCategory,
                      !id.hasPrefix("snooze."), let med = p.request.content.userInfo["medID"], let time = p.request.content.userInfo["time"]
                else { continue }
                if !seen.insert(med + "@" + time).inserted { return "two dose reminders pending for \(med) at \(time) (one is \(id))" }
            }
            return nil
        },
        Invariant("oneSnoozePerMedication",
                  "one snooze per medication: a repeat snooze replaces the earlier one and does not grow the budget") { s, _ in
            var seen = Set<String>()
            for id in s.centre.pendingIdentifiers where id.hasPrefix("snooze.") {
                guard let med = s.centre.pending[id]?.request.content.userInfo["medID"] else { continue }
                if !seen.insert(med).inserted { return "two snoozes pending for \(med) (one is \(id))" }
            }
            return nil
        },
        Invariant("dosesAtWallClock",
                  "times are wall-clock hour and minute, never a Date: 08:00 stays 08:00 local across DST and travel") { s, _ in
            guard let zone = s.deviceZone else { return nil }
            for id in s.centre.pendingIdentifiers where id.hasPrefix("dose.") {
                guard let p = s.centre.pending[id], let digits = p.request.content.userInfo["time"], digits.utf8.count == 4,
                      let v = Int(digits), let t = try? TimeOfDay(hhmmValue: v) else { continue }
                // An occurrence of `t` in the device zone (the end of a DST gap counts).
                if t.nextOccurrence(after: p.nextFire - .seconds(1), in: zone) != p.nextFire {
                    return "\(id) next fires \(zone.formatLocal(p.nextFire)) \(zone.name), not at \(t.hhmm) local"
                }
            }
            return nil
        },
        Invariant("lockScreenSavesSucceed",
                  "the file is protected until the first unlock only, so Taken on the locked Lock Screen can save") { _, outputs in
            for r in outputs where r.name == "save.failed" && PillInvariants.text(r, "reason") == StoreDenial.locked.rawValue {
                return "a save failed because the phone is locked"
            }
            return nil
        },
        Invariant("unreadableNeverLoadsEmpty",
                  "an unreadable file is reported and kept, never loaded as an empty list that the next save writes over") { s, outputs in
            guard s.files.peek(PillConstants.file)?.corruptReason != nil else { return nil }
            for r in outputs where r.name == "load" && PillInvariants.text(r, "result") == "empty" {
                return "the unreadable medication file loaded as an empty list"
            }
            return nil
        },
        Invariant("takenNeverMissed",
                  "a slot with a Taken within the 2-hour grace window is not missed; missed counts and pills never go below zero") { s, _ in
            guard let meds = s.meds else { return nil }
            let grace = PillConstants.graceWindow.nanoseconds
            for m in meds {
                if m.outstandingMissed < 0 { return "\(m.id) has \(m.outstandingMissed) outstanding missed doses" }
                if m.pillsRemaining < 0 { return "\(m.id) has \(m.pillsRemaining) pills" }
                for e in m.log where e.kind == .missed {
                    if let taken = m.log.first(where: { $0.kind == .taken && $0.slot == e.slot && abs(($0.at - e.at).nanoseconds) <= grace }) {
                        return "\(m.id) \(e.slot) slot \(e.at) is missed but was taken at \(taken.at)"
                    }
                }
            }
            return nil
        },
    ]
}

enum PillInvariants {
    /// A record field as text (word, string or number), or "?".
    static func text(_ r: Record, _ key: String) -> String {
        guard let v = r.fields.first(where: { $0.key == key })?.value else { return "?" }
        switch v {
        case .word(let w): return w
        case .string(let s): return s
        default: return "\(v)"
        }
    }
}

extension PillReminders {
    /// Random walks of Daily Pills (the mix is in this file's header comment).
    public static let explorer: Explorer? = Explorer(header: { rng in
        let zones = ["Europe/London", "America/New_York", "Asia/Kolkata", "America/Los_Angeles", "UTC"]
        let starts = ["2026-03-28T20:00:00Z", "2026-10-24T20:00:00Z", "2026-03-07T12:00:00Z", "2026-05-04T06:00:00Z",
                      "2026-01-15T10:00:00Z", "2026-10-31T22:00:00Z"]
        var lines = ["start " + starts[rng.int(below: starts.count)], "zone " + zones[rng.int(below: zones.count)]]
        if rng.chance(0.15) { lines.append("set permission denied") }
        return lines
    }, next: { rng, _ in
        PillExplorer.step(&rng)
    })
}

/// The explorer's vocabulary. Medication `mK`'s times are the first n of a fixed palette of 12, so
/// a response can name a dose identifier that exists without the explorer remembering the walk.
enum PillExplorer {
    static let meds = 8

    /// Time `i` (0..<12) of medication `k`: every other hour from 06+k, minute 5k (07:35 for m7,
    /// whose 01:35 falls in London's spring-forward gap).
    static func time(_ k: Int, _ i: Int) -> String {
        let h = (6 + 2 * i + k) % 24, m = (5 * k) % 60
        return ZeroPad.two(h) + ZeroPad.two(m)
    }

    static func times(_ k: Int, _ n: Int) -> String { (0..<n).map { time(k, $0) }.joined(separator: ",") }

    static func gap(_ rng: inout SeededRNG) -> String {
        switch rng.int(below: 10) {
        case 0..<4: return "+\(rng.int(in: 1...120))s"
        case 4..<7: return "+\(rng.int(in: 2...90))m"
        case 7..<9: return "+\(rng.int(in: 1...6))h"
        default: return "+\(rng.int(in: 7...30))h"  // a clock jump: a night, a day away
        }
    }

    static func step(_ rng: inout SeededRNG) -> String {
        let g = gap(&rng)
        let k = rng.int(below: meds)
        let med = "m\(k)"
        let roll = rng.int(below: 100)
        switch roll {
        case 0..<16:
            let n = rng.chance(0.3) ? rng.int(in: 8...12) : rng.int(in: 1...4)
            return "\(g) addMed id=\(med) name=\"Med \(k)\" times=\(times(k, n)) perDose=\(rng.int(in: 1...3)) pills=\(rng.int(in: 0...60))"
                + (rng.chance(0.3) ? " warnDays=\(rng.int(in: 0...10))" : "")
        case 16..<42:
            let actions = ["TAKEN", "TAKEN", "TAKEN", "SNOOZE_10", "SNOOZE_10", "default", "dismiss", "LATER"]
            let action = actions[rng.int(below: actions.count)]
            let id: String
            switch rng.int(below: 10) {
            case 0..<7: id = "dose.\(med).\(time(k, rng.int(below: 4)))"
            case 7, 8: id = "snooze.\(med)"
            default: id = "supply.\(med)"
            }
            return "\(g) respond id=\(id) action=\(action)"
        case 42..<48:
            return "\(g) editMed id=\(med) times=\(times(k, rng.int(in: 1...5)))" + (rng.chance(0.3) ? " perDose=\(rng.int(in: 1...2))" : "")
        case 48..<52: return "\(g) refill id=\(med) pills=\(rng.int(in: 1...60))"
        case 52..<55: return "\(g) deleteMed id=\(med)"
        case 55..<60: return "\(g) correct med=\(med) time=\(time(k, rng.int(below: 3)))"
        case 60..<74:
            let moves = ["lifecycle background", "lifecycle suspend", "lifecycle foreground", "lifecycle active", "lifecycle active",
                         "lifecycle inactive", "lifecycle terminate reason=user", "lifecycle terminate reason=jetsam", "lifecycle launch",
                         "lifecycle memoryWarning"]
            return "\(g) " + moves[rng.int(below: moves.count)]
        case 74..<82:
            let device = ["device lock", "device lock", "device unlock", "device unlock", "device reboot"]
            return "\(g) " + device[rng.int(below: device.count)]
        case 82..<87:
            let zones = ["Europe/London", "America/New_York", "Asia/Kolkata", "America/Los_Angeles", "UTC", "Asia/Tokyo"]
            return "\(g) zone " + zones[rng.int(below: zones.count)]
        case 87..<90: return "\(g) audit"
        case 90..<92: return "\(g) settings notifications=" + (rng.chance(0.5) ? "denied" : "granted")
        case 92: return "\(g) storeCorrupt reason=\"sector read error\""
        case 93, 94: return "\(g) resetData"
        default:
            // Bad input the app must refuse with a record.
            let bad = ["addMed id=\(med) name=\"Bad\" times=2500", "addMed id=\(med) name=\"\" times=0800",
                       "addMed id=\(med) name=\"Bad\" times=0800 pills=-3", "addMed id=\(med) name=\"Bad\" times=0800 perDose=0",
                       "addMed id=\(med) name=\"Many\" times=\(times(k, 12)),0001", "refill id=\(med) pills=-5",
                       "correct med=\(med) time=2460", "editMed id=nobody times=0800", "respond id=bogus action=TAKEN",
                       "editMed id=\(med) warnDays=400"]
            return "\(g) " + bad[rng.int(below: bad.count)]
        }
    }
}
