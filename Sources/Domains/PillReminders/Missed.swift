import LockstepCore
import Platform

/// Missed-dose detection, run when the app becomes active (iOS cannot tell an app that a reminder
/// was ignored).
///
/// Slots are the local wall-clock occurrences of each dose time (DST as `Zone.nextMatch`: a
/// skipped time counts at the end of the gap, a repeated one once) in `(from, now − 2 h]`, where
/// `from` is the later of the last check, the medication's `since`, and `now − 48 h` (older slots
/// are not judged; a `missed.lookback` record says so). A slot is satisfied by a `taken` or
/// `corrected` log entry of the same time within ±2 h, each entry satisfying at most one slot,
/// nearest first; a slot already logged `missed` is not logged again. The check then moves to
/// `now − 2 h` (not `now`: slots inside the grace window are judged next time). It never moves
/// backwards.
enum MissedDetection {
    static let maxSlotsPerCheck = 512

    static func run(_ s: inout PillState, _ world: inout World<PillReminders>) {
        guard var meds = s.meds else { return }
        let horizon = world.now - PillConstants.graceWindow
        let floor = world.now - PillConstants.missedLookback
        var found = 0
        for i in meds.indices {
            var m = meds[i]
            var from = max(s.lastMissedCheck ?? m.since, m.since)
            if from < floor {
                world.emit(Record("missed.lookback").word("med", m.id).instant("notJudgedBefore", floor))
                from = floor
            }
            guard from < horizon else { continue }
            for t in m.times {
                var slots: [Instant] = []
                var cursor = from
                while slots.count < maxSlotsPerCheck,
                      let next = t.nextOccurrence(after: cursor, in: world.zone), next <= horizon {
                    slots.append(next)
                    cursor = next
                }
                var used = Set<Int>()
                for slot in slots {
                    if m.log.contains(where: { $0.kind == .missed && $0.slot == t.digits && $0.at == slot }) { continue }
                    var best: (index: Int, distance: Int64)?
                    for (j, e) in m.log.enumerated() where e.kind != .missed && e.slot == t.digits && !used.contains(j) {
                        let distance = abs((e.at - slot).nanoseconds)
                        if distance <= PillConstants.graceWindow.nanoseconds, best.map({ distance < $0.distance }) ?? true {
                            best = (j, distance)
                        }
                    }
                    if let best { used.insert(best.index); continue }
                    m.append(DoseEvent(kind: .missed, at: slot, slot: t.digits))
                    found += 1
                    world.emit(Record("dose.missed").word("med", m.id).word("time", t.digits).instant("slot", slot)
                        .word("local", world.zone.formatLocal(slot)).int("missedCount", m.outstandingMissed))
                }
            }
            meds[i] = m
        }
        s.meds = meds
        if s.lastMissedCheck.map({ horizon > $0 }) ?? true { s.lastMissedCheck = horizon }
        world.emit(Record("missed.check").int("found", found).instant("judgedThrough", s.lastMissedCheck ?? horizon))
    }
}
