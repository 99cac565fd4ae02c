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

/// Known values from the note, worked out by hand (calendar days, EU/US DST rules), not read back.
@Suite struct PillKnownValueTests {
    @Test func reminderIdsAndBodies() {
        #expect(hm(8, 0).digits == "0800")
        #expect(hm(21, 5).digits == "2105")
        #expect((try? TimeOfDay(hhmmValue: 800)) == hm(8, 0))
        #expect((try? TimeOfDay(hhmmValue: 2460)) == nil && (try? TimeOfDay(hhmmValue: 2500)) == nil)
        let m1 = Medication(id: "a", name: "A", pillsPerDose: 1, times: [], pillsRemaining: 0, lowSupplyWarningDays: 5, since: .epoch)
        var m2 = m1
        m2.pillsPerDose = 2
        #expect(Scheduler.content(m1, hm(8, 0)).body == "Take 1 pill.")
        #expect(Scheduler.content(m2, hm(8, 0)).body == "Take 2 pills.")
    }

    /// 30 pills, 2 per dose, 2 times: 4 a day, 7 days (30/4 floored). Now 2026-03-02 10:00 London
    /// (GMT): run-out 2026-03-09 00:00, warning 2026-03-04 09:00 = 09:00Z.
    @Test func supplyAndWarning() throws {
        let london = try Zone.named("Europe/London")
        let m = Medication(id: "p", name: "P", pillsPerDose: 2, times: [hm(8, 0), hm(20, 0)],
                           pillsRemaining: 30, lowSupplyWarningDays: 5, since: .epoch)
        let s = Supply.status(m, now: t("2026-03-02T10:00:00Z"), zone: london)
        #expect(s.pillsPerDay == 4 && s.daysLeft == 7)
        #expect(s.runOut == t("2026-03-09T00:00:00Z"))
        #expect(s.warningAt == t("2026-03-04T09:00:00Z"))
        #expect(s.warningDaysLeft == 5)
    }

    /// Across DST: start of 2026-03-25 in London + 7 calendar days = 2026-04-01 00:00 BST =
    /// 2026-03-31T23:00Z (not 7 × 86 400 s, which would give 2026-04-01T00:00Z).
    @Test func runOutCountsCalendarDays() throws {
        let london = try Zone.named("Europe/London")
        let m = Medication(id: "p", name: "P", pillsPerDose: 1, times: [hm(8, 0)],
                           pillsRemaining: 7, lowSupplyWarningDays: 5, since: .epoch)
        let s = Supply.status(m, now: t("2026-03-25T12:00:00Z"), zone: london)
        #expect(s.runOut == t("2026-03-31T23:00:00Z"))
    }

    /// Inside the window: 20 pills at 4 a day = 5 days, so the warning day is today; at 10:00 its
    /// 09:00 has passed and the warning moves to tomorrow 09:00 (the article would skip it).
    @Test func insideWindowWarnsNextMorning() throws {
        let london = try Zone.named("Europe/London")
        let m = Medication(id: "p", name: "P", pillsPerDose: 2, times: [hm(8, 0), hm(20, 0)],
                           pillsRemaining: 20, lowSupplyWarningDays: 5, since: .epoch)
        let s = Supply.status(m, now: t("2026-03-02T10:00:00Z"), zone: london)
        #expect(s.daysLeft == 5 && s.warningAt == t("2026-03-03T09:00:00Z") && s.warningDaysLeft == 4)
        var paused = m
        paused.times = []
        #expect(Supply.status(paused, now: t("2026-03-02T10:00:00Z"), zone: london).warningAt == nil)
    }

    /// Budget = 64 − 4 = 60 counting dose times plus one supply warning per medication with
    /// times: 10 × 5 + 10 = 60 fits (repeating); 11 × 5 + 11 = 66 does not (window of 60); with no
    /// budget, 13 × 5 + 13 = 78 go in and the centre silently keeps 64, dropping 14.
    @Test func budgetArithmetic() throws {
        func run(_ meds: Int, _ times: Int, faults: [String] = []) throws -> Simulation<PillReminders> {
            var sim = try Simulation<PillReminders>(start: t("2026-01-05T00:00:00Z"), settings: faults.map { "fault \($0)" })
            for i in 0..<meds {
                sim.send(.addMedication(MedicationInput(id: "m\(i)", name: "M", times: (0..<times).map { 600 + $0 * 100 + i }, pills: 0)))
            }
            return sim
        }
        let fits = try run(10, 5)
        #expect(fits.state.scheduleMode == "repeating" && fits.state.centre.pending.count == 60)
        let over = try run(11, 5)
        #expect(over.state.scheduleMode == "window" && over.state.centre.pending.count == 60 && over.state.projected == 66)
        let silent = try run(13, 5, faults: ["noBudget"])
        #expect(silent.state.centre.pending.count == 64 && silent.state.projected == 78 && silent.state.centre.droppedTotal >= 14)
    }

    /// Snooze at T fires at T + 600 s; a second snooze at T2 < T + 600 replaces it: one pending
    /// `snooze.<med>` at T2 + 600.
    @Test func snoozeReplaces() throws {
        var sim = try Simulation<PillReminders>(start: t("2026-05-04T06:00:00Z"))
        sim.send(.addMedication(MedicationInput(id: "a", name: "A", times: [700, 705], pills: 10)))
        sim.advance(to: .minutes(6))
        sim.send(.respond(id: "dose.a.0700", action: "SNOOZE_10"), at: .minutes(62))
        sim.send(.respond(id: "dose.a.0705", action: "SNOOZE_10"), at: .minutes(66))
        #expect(sim.state.centre.pendingIdentifiers.filter { $0.hasPrefix("snooze.") } == ["snooze.a"])
        #expect(sim.state.centre.pending["snooze.a"]?.nextFire == t("2026-05-04T07:16:00Z"))
    }

    /// Travel: 08:00 Asia/Kolkata = 02:30Z; after moving to London in summer, 08:00 BST = 07:00Z.
    @Test func travelMovesTheReminder() throws {
        var sim = try Simulation<PillReminders>(start: t("2026-07-01T00:00:00Z"), zone: try Zone.named("Asia/Kolkata"))
        sim.send(.addMedication(MedicationInput(id: "a", name: "A", times: [800], pills: 10)))
        #expect(sim.state.centre.pending["dose.a.0800"]?.nextFire == t("2026-07-01T02:30:00Z"))
        sim.changeZone(try Zone.named("Europe/London"))
        #expect(sim.state.centre.pending["dose.a.0800"]?.nextFire == t("2026-07-01T07:00:00Z"))
    }

    @Test func medicationFileRoundTripsAndRejectsDamage() throws {
        var m = Medication(id: "w", name: "Warfarin \"5mg\"", pillsPerDose: 1, times: [hm(18, 0)],
                           pillsRemaining: 28, lowSupplyWarningDays: 3, since: t("2026-01-01T00:00:00Z"))
        m.append(DoseEvent(kind: .taken, at: t("2026-01-01T18:05:00Z"), slot: "1800"))
        let bytes = MedicationFile.encode([m], lastCheck: t("2026-01-01T20:00:00Z"))
        let back = try MedicationFile.decode(bytes)
        #expect(back.meds == [m] && back.lastCheck == t("2026-01-01T20:00:00Z"))
        #expect(throws: MedicationFile.DecodeError.self) { try MedicationFile.decode(Array(bytes.dropLast(10))) }
        #expect(throws: MedicationFile.DecodeError.self) { try MedicationFile.decode(Array("PILLS v0".utf8)) }
    }
}

/// The domain's declarations keep the kit's contract (every field read in the declaration pass,
/// `kind(of:)` naming each kind as declared).
@Suite struct PillContractTests {
    @Test func declarationsHaveNoProblems() {
        #expect(PillReminders.entry.problems.isEmpty)
    }
}
