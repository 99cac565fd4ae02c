import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import PillReminders

/// `PillReminders.text(of:)`: every recorded event kind is written so that the scenario reader, the
/// validator and the decoder give back the same event (compared field by field).
@Suite struct PillEventTextTests {
    static let project = Project(root: Project.findRoot(from: String(#filePath)) ?? ".", domains: [PillReminders.entry])

    static func expectSame(_ events: [PillEvent], files: ScenarioFiles? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try EventDecoding.roundTripDifferences(PillReminders.self, events, files: files) == [], sourceLocation: sourceLocation)
    }

    @Test func everyKindReadsBackTheSame() throws {
        try Self.expectSame([
            .addMedication(MedicationInput(id: "aspirin")),
            .addMedication(MedicationInput(id: "med-2", name: "Vitamin \"D\" 1000 IU\n(with food) \\ ü", times: [800, 2100, 0, -5, 99_999],
                                           pillsPerDose: 2, pills: -1_000_000, warnDays: 0)),
            .editMedication(MedicationInput(id: "aspirin", name: "", times: nil, pillsPerDose: nil, pills: 30, warnDays: nil)),
            .deleteMedication(id: "aspirin"), .refill(id: "med-2", pills: 60), .refill(id: "med-2", pills: -3),
            .respond(id: "med-2.0800.2026-03-01", action: "TAKEN"), .respond(id: "x", action: "SNOOZE_10"), .respond(id: "x", action: "dismiss"),
            .correct(med: "aspirin", time: 800), .device(.reboot), .device(.unlock), .device(.lock),
            .settings(.granted), .settings(.denied), .settings(.provisional), .audit, .resetData,
            .storeCorrupt(reason: "bad block"), .storeCorrupt(reason: ""),
        ])
        try Self.expectSame(try EventDecoding.events(PillReminders.self, lines: ["0 lifecycle launch reason=notificationAction", "0 lifecycle suspend"]))
    }

    /// `storeSeed` is written with the path the scenario wrote; read again it reads the same file.
    @Test func storeSeedReadsTheSameFileAgain() throws {
        let files = Self.project.files
        let seeded = try EventDecoding.events(PillReminders.self, lines: ["0 storeSeed file=files/truncated.json"], files: files,
                                              display: "Scenarios/pillReminders/decode.scenario")
        #expect(PillReminders.text(of: seeded[0]) == "storeSeed file=files/truncated.json")
        let back = try EventDecoding.events(PillReminders.self, lines: ["0 " + PillReminders.text(of: seeded[0])!], files: files,
                                            display: "Scenarios/pillReminders/decode.scenario")
        guard case .storeSeed(let bytes, _) = seeded[0] else { Issue.record("not a storeSeed"); return }
        #expect(!bytes.isEmpty)
        #expect(EventDecoding.structure(back[0]) == EventDecoding.structure(seeded[0]))
    }

    /// A week of TAKEN answers for two medications, as the scenario's generator makes them.
    @Test func generatedResponsesReadBackTheSame() throws {
        let events = try EventDecoding.generated(PillReminders.self, "gen takenDaily meds=2 times=0800,2000 days=7 after=5")
        #expect(events.count == 28)
        try Self.expectSame(events)
    }

    @Test func knownLines() {
        #expect(PillReminders.text(of: .addMedication(MedicationInput(id: "a", times: [800, 2100]))) == "addMed id=a times=800.0,2100.0")
        #expect(PillReminders.text(of: .device(.reboot)) == "device reboot")
    }

    /// What has no line: the centre's timer, permission back to notDetermined (Settings cannot),
    /// an empty times list (a tuple has at least one number), an id that is not a word.
    @Test func noLineForTimersOrWhatTheDecoderCannotGive() {
        #expect(PillReminders.text(of: .notificationDue) == nil)
        #expect(PillReminders.text(of: .settings(.notDetermined)) == nil)
        #expect(PillReminders.text(of: .addMedication(MedicationInput(id: "a", times: []))) == nil)
        #expect(PillReminders.text(of: .deleteMedication(id: "two words")) == nil)
    }
}
