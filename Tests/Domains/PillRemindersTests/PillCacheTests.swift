import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import PillReminders

private func t(_ iso: String) -> Instant {
    switch CivilTime.parseISO8601(Substring(iso), requireUTC: false) {
    case .success(let i): return i
    case .failure: fatalError(iso)
    }
}

/// A wall-clock time known to be valid.
private func hm(_ hour: Int, _ minute: Int) -> TimeOfDay { try! TimeOfDay(hour: hour, minute: minute) }

/// The replay-speed paths (bytes written directly, remembered per medication) against their
/// definitions: the JSONValue tree, the `Record`, and a full encode.
@Suite struct PillCacheTests {
    /// Names with every escape class: quote, backslash, newline, tab (a control byte), accents.
    static func meds() -> [Medication] {
        var a = Medication(id: "a", name: "Warfarin \"5mg\" \\ half\nnight\tx", pillsPerDose: 2,
                           times: [hm(8, 0), hm(21, 5)],
                           pillsRemaining: 28, lowSupplyWarningDays: 3, since: t("2026-01-01T00:00:00Z"))
        for d in 0..<20 {  // more than the 16 kept
            a.append(DoseEvent(kind: d % 5 == 0 ? .missed : .taken, at: t("2026-01-01T08:05:00Z") + .hours(Int64(24 * d)), slot: "0800"))
        }
        a.append(DoseEvent(kind: .corrected, at: t("2026-01-21T08:00:00Z"), slot: "0800"))
        a.bakedUTC = [hm(7, 0)]
        let b = Medication(id: "b", name: "\u{c9}l\u{e8}ve", pillsPerDose: 1, times: [], pillsRemaining: 0,
                           lowSupplyWarningDays: 0, since: t("1969-12-31T23:59:59Z"))
        return [a, b]
    }

    /// Every minute of the day: the bytes written directly are `digits`.
    @Test func appendedDigitsEqualDigits() throws {
        for minutes in 0..<TimeOfDay.minutesPerDay {
            let t = try TimeOfDay(minutesSinceMidnight: minutes)
            var bytes: [UInt8] = []
            t.appendDigits(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == t.digits)
        }
    }

    @Test func directJSONObjectEqualsTheTree() {
        for m in Self.meds() {
            #expect(MedicationFile.objectBytes(m) == JSONDocument.bytes(MedicationFile.object(m), keyOrder: .asBuilt))
        }
    }

    @Test func directStateLineEqualsTheRecord() {
        let sup = SupplyStatus(pillsPerDay: 4, daysLeft: 7, runOut: t("2026-02-01T00:00:00Z"), warningAt: t("2026-01-29T09:00:00Z"),
                               warningDaysLeft: 3)
        let none = SupplyStatus(pillsPerDay: 0)
        for m in Self.meds() {
            for s in [sup, none, nil] as [SupplyStatus?] {
                #expect(MedStateLine.line(m, s) == MedStateLine.record(m, s).description)
            }
        }
    }

    @Test func cachedEncodeEqualsFullEncodeThroughChanges() {
        var meds = Self.meds()
        var cache: [EncodedMedication] = []
        let check = t("2026-01-02T00:00:00Z")
        #expect(MedicationFile.encode(meds, lastCheck: check, cache: &cache) == MedicationFile.encode(meds, lastCheck: check))
        meds[0].pillsRemaining -= 2
        meds[0].append(DoseEvent(kind: .taken, at: t("2026-01-22T08:03:00Z"), slot: "0800"))
        #expect(MedicationFile.encode(meds, lastCheck: nil, cache: &cache) == MedicationFile.encode(meds, lastCheck: nil))
        meds.append(Medication(id: "c", name: "C", pillsPerDose: 1, times: [hm(9, 0)], pillsRemaining: 5,
                               lowSupplyWarningDays: 1, since: check))
        #expect(MedicationFile.encode(meds, lastCheck: check, cache: &cache) == MedicationFile.encode(meds, lastCheck: check))
        meds.remove(at: 0)  // every later object moves up one place
        #expect(MedicationFile.encode(meds, lastCheck: check, cache: &cache) == MedicationFile.encode(meds, lastCheck: check))
        #expect(cache.count == meds.count)
        meds = []
        #expect(MedicationFile.encode(meds, lastCheck: check, cache: &cache) == MedicationFile.encode(meds, lastCheck: check))
        // Known bytes for the empty file (independent of both paths).
        #expect(String(decoding: MedicationFile.encode([], lastCheck: nil, cache: &cache), as: UTF8.self)
                == #"{"version":1,"lastCheck":null,"medications":[]}"#)
    }

    /// Remembered state lines and requests must follow every change: a Taken, an edit that
    /// changes a name (content of every request), a delete, and a zone change; the state written
    /// from the remembered lines must equal the state written from scratch.
    @Test func rememberedStateFollowsChanges() throws {
        var sim = try Simulation<PillReminders>(start: t("2026-03-28T06:00:00Z"), zone: try Zone.named("Europe/London"))
        func fresh() -> String {
            var s = sim.state
            s.medLines = []
            var out = CanonicalWriter()
            PillReminders.write(s, to: &out)
            return out.text
        }
        func cached() -> String {
            var out = CanonicalWriter()
            PillReminders.write(sim.state, to: &out)
            return out.text
        }
        sim.send(.addMedication(MedicationInput(id: "a", name: "A", times: [800, 2000], pills: 40)))
        sim.send(.addMedication(MedicationInput(id: "b", name: "B", times: [900], pills: 3)))
        #expect(cached() == fresh())
        sim.advance(to: t("2026-03-28T08:00:00Z") - sim.world.start)
        sim.send(.respond(id: "dose.a.0800", action: PillConstants.taken))
        #expect(cached() == fresh())
        sim.send(.editMedication(MedicationInput(id: "a", name: "A2", times: nil, pills: nil)))
        #expect(sim.state.centre.pending["dose.a.0800"]?.request.content.title == "Time for A2")
        #expect(sim.state.centre.pending["dose.a.2000"]?.request.content.title == "Time for A2")
        #expect(cached() == fresh())
        sim.send(.deleteMedication(id: "a"))
        #expect(sim.state.centre.pendingIdentifiers == ["dose.b.0900", "supply.b"])
        #expect(cached() == fresh())
        sim.changeZone(try Zone.named("Asia/Kolkata"))
        #expect(cached() == fresh())
    }
}
