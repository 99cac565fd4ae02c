import LockstepCore
import Platform

/// A medication's line in the canonical state, remembered with the medication and supply it was
/// made from.
///
/// The state is written after every step for the digest, but a step changes at most one or two
/// medications (a Taken changes one), so `PillReminders.write` copies the remembered line of
/// every medication whose value is still the same and formats only the others. A remembered line
/// is used only when its medication and supply compare equal to the current ones, so a stale
/// entry costs time, never a wrong digest.
struct MedStateLine: Sendable {
    var med: Medication
    var supply: SupplyStatus?
    var line: String

    /// `med id=… name=… perDose=… times=… pills=… warnDays=… taken=… missed=… corrected=… log=…
    /// logDigest=… [daysLeft=… runOut=… warning=…]`: the definition of the line.
    static func record(_ m: Medication, _ sup: SupplyStatus?) -> Record {
        var logBytes: [UInt8] = []
        for e in m.log {
            logBytes.append(contentsOf: e.kind.rawValue.utf8)
            appendDecimal(e.at.nanosecondsSinceEpoch, to: &logBytes)
            logBytes.append(contentsOf: e.slot.utf8)
            logBytes.append(10)
        }
        var r = Record("med").word("id", m.id).string("name", m.name).int("perDose", m.pillsPerDose)
            .with("times", m.times.isEmpty ? .word("paused") : .tuple(m.times.map { .word($0.digits) }))
            .int("pills", m.pillsRemaining).int("warnDays", m.lowSupplyWarningDays)
            .int("taken", m.takenCount).int("missed", m.missedCount).int("corrected", m.correctedCount)
            .int("log", m.log.count).digest("logDigest", FNV1a64.hash(logBytes))
        if let sup {
            r = r.with("daysLeft", sup.daysLeft.map { .int(Int64($0)) } ?? .word("none"))
                .with("runOut", sup.runOut.map { .instant($0) } ?? .word("none"))
                .with("warning", sup.warningAt.map { .instant($0) } ?? .word("none"))
        }
        return r
    }

    /// `record(m, sup).description`, written directly: a Taken changes the line of its
    /// medication (pills, counts, log), so this runs at every dose.
    static func line(_ m: Medication, _ sup: SupplyStatus?) -> String {
        var logBytes: [UInt8] = []
        logBytes.reserveCapacity(40 * m.log.count)
        for e in m.log {
            logBytes.append(contentsOf: e.kind.rawValue.utf8)
            appendDecimal(e.at.nanosecondsSinceEpoch, to: &logBytes)
            logBytes.append(contentsOf: e.slot.utf8)
            logBytes.append(10)
        }
        var b: [UInt8] = []
        b.reserveCapacity(256)
        b.append(contentsOf: "med id=".utf8)
        b.append(contentsOf: m.id.utf8)
        b.append(contentsOf: " name=".utf8)
        Value.appendQuoted(m.name, to: &b)
        b.append(contentsOf: " perDose=".utf8)
        appendDecimal(Int64(m.pillsPerDose), to: &b)
        b.append(contentsOf: " times=".utf8)
        if m.times.isEmpty {
            b.append(contentsOf: "paused".utf8)
        } else {
            for (i, t) in m.times.enumerated() {
                if i > 0 { b.append(44) }
                t.appendDigits(to: &b)
            }
        }
        for (k, v) in [(" pills=", m.pillsRemaining), (" warnDays=", m.lowSupplyWarningDays), (" taken=", m.takenCount),
                       (" missed=", m.missedCount), (" corrected=", m.correctedCount), (" log=", m.log.count)] {
            b.append(contentsOf: k.utf8)
            appendDecimal(Int64(v), to: &b)
        }
        b.append(contentsOf: " logDigest=".utf8)
        Value.digest(FNV1a64.hash(logBytes)).write(to: &b)
        if let sup {
            b.append(contentsOf: " daysLeft=".utf8)
            (sup.daysLeft.map { Value.int(Int64($0)) } ?? .word("none")).write(to: &b)
            b.append(contentsOf: " runOut=".utf8)
            (sup.runOut.map { Value.instant($0) } ?? .word("none")).write(to: &b)
            b.append(contentsOf: " warning=".utf8)
            (sup.warningAt.map { Value.instant($0) } ?? .word("none")).write(to: &b)
        }
        return String(decoding: b, as: UTF8.self)
    }

    /// The remembered line for medication `index` of `s`, if it still describes it.
    static func remembered(_ s: PillState, _ index: Int, _ m: Medication, _ sup: SupplyStatus?) -> String? {
        guard index < s.medLines.count else { return nil }
        let c = s.medLines[index]
        return c.med == m && c.supply == sup ? c.line : nil
    }

    /// Brings the remembered lines up to date after a change (end of each step): keeps the lines
    /// still valid, formats the rest.
    static func refresh(_ s: inout PillState) {
        guard let meds = s.meds else { return }
        if s.medLines.count > meds.count { s.medLines.removeLast(s.medLines.count - meds.count) }
        for i in meds.indices {
            let sup = s.supply[meds[i].id]
            if i == s.medLines.count {
                s.medLines.append(MedStateLine(med: meds[i], supply: sup, line: line(meds[i], sup)))
            } else if !(s.medLines[i].med == meds[i] && s.medLines[i].supply == sup) {
                s.medLines[i] = MedStateLine(med: meds[i], supply: sup, line: line(meds[i], sup))
            }
        }
    }
}
