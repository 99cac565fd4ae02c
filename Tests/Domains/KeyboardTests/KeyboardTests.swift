import Testing
import LockstepCore
import LockstepRunner
@testable import Keyboard

private func field(_ line: String, _ key: String) -> String? {
    line.split(separator: " ").first(where: { $0.hasPrefix(key + "=") }).map { String($0.dropFirst(key.count + 1)) }
}

@Suite struct KeyboardDomainTests {
    @Test func declarationsMeetTheContract() {
        #expect(Keyboard.entry.problems.isEmpty, "\(Keyboard.entry.problems)")
    }

    /// The note's merge rows, enabled [en, ja, ko]: missing → en; {ja,100} vs {ko,100} → ja (tie,
    /// shared first); {ja,100} vs {ko,150} → ko; {fr,200} (disabled) vs {ko,150} → ko.
    @Test func mergeKnownRows() throws {
        let lines = try keyboardRecords("""
            start 1970-01-01T00:00:00Z
            100 languageSwitch id=ko
            100 containerAppSetLanguage id=ja
            150 languageSwitch id=ko
            200 containerAppSetLanguage id=fr

            """).filter { $0.hasPrefix("activeLanguage") }
        #expect(lines.compactMap { field($0, "id") } == ["en", "ko", "ja", "ko", "ko"])
        #expect(field(lines[2], "source") == "shared" && field(lines[4], "source") == "local")
    }

    /// Setter at 1,700,000,000 s: both stores get the stamp with Full Access; the shared write drops without.
    @Test func setterStampsFromTheScenarioClock() throws {
        let on = try keyboardRecords("start 2023-11-14T22:13:20Z\nset fullAccess true\n0 languageSwitch id=ja\n")
        #expect(on.contains("languageWrite by=extension id=ja stamp=1700000000.000 sharedDropped=false"))
        let off = try keyboardRecords("start 2023-11-14T22:13:20Z\n0 languageSwitch id=ja\n")
        #expect(off.contains("languageWrite by=extension id=ja stamp=1700000000.000 sharedDropped=true"))
    }

    @Test func clipboardToastText() throws {
        let lines = try keyboardRecords("0 copy\n+1 fullAccess on=true\n+1 paste\n")
        #expect(lines.contains("toast text=\"Turn on Full Access for copy & paste\" op=copy"))
        #expect(lines.contains("pasteboard op=paste accesses=1"))
    }

    /// Volume 0.74 → bucket 3, gain 0.75 (the proposed mapping).
    @Test func volumeBucketKnownValue() throws {
        let lines = try keyboardRecords("0 setVolume v=0.74\n")
        #expect(lines.contains("volume v=0.74 bucket=3 gain=0.75 muted=false"))
        #expect(lines.contains("sound style=classic sample=classic-key bucket=3 gain=0.75 file=tmp/kibo-classic-key.wav fallback=false"))
    }

    /// 62,914,560 B is 60.0 MB, the default ceiling; a footprint of 27.0 MB dies under a 20 MB ceiling.
    @Test func ceilingAndKill() throws {
        #expect(MemoryLedger.megabytesText(62_914_560) == "60.0")
        let lines = try keyboardRecords("0 viewDidLoad\n+1 systemMemoryPressure ceilingMB=20\n+1 keystroke key=a\n")
        #expect(lines.contains { $0.hasPrefix("killed bytes=28311574 ceilingBytes=20971520") })
        #expect(lines.last == "rejected input=keystroke reason=killed")
    }

    @Test func badSettingsAreRefused() {
        #expect(keyboardError("set languages \"\"\n0 copy\n")?.contains("non-empty") == true)
        #expect(keyboardError("set languages \"en,en\"\n0 copy\n")?.contains("twice") == true)
        #expect(keyboardError("0 setVolume\n")?.contains("missing field 'v'") == true)
    }

    /// Typing `s` in a 2,000-word range: 4.094 ms with loadUnaligned, 24.094 ms with copyBytes (over the frame).
    @Test func copyBytesGoesOverTheFrame() throws {
        let bytes = try WordIndexBuilder.build(KeyboardFixtures.largeWords)
        var good = try Simulation<Keyboard>()
        good.send(.loadWordList(bytes: bytes), at: .zero)
        good.send(.keystroke(key: "s"), at: .seconds(1))
        #expect(good.state.latency.p95Nanoseconds == 4_094_000 && good.state.latency.passes)
        var slow = try Simulation<Keyboard>(settings: ["fault copyBytesReads"])
        slow.send(.loadWordList(bytes: bytes), at: .zero)
        slow.send(.keystroke(key: "s"), at: .seconds(1))
        #expect(slow.state.latency.p95Nanoseconds == 24_094_000 && !slow.state.latency.passes)
    }

    /// Chips and keys give the same feedback triple; the fault strips it from chips.
    @Test func chipsShareTheFeedbackPath() throws {
        let bytes = try WordIndexBuilder.build(KeyboardFixtures.smallWords)
        var sim = try Simulation<Keyboard>()
        sim.send(.loadWordList(bytes: bytes), at: .zero)
        sim.send(.keystroke(key: "t"), at: .seconds(1))
        sim.send(.suggestionTap(index: 0), at: .seconds(2))
        let feedback = sim.outputs.filter { $0.name == "feedback" }.map(\.description)
        #expect(feedback.count == 2 && feedback.allSatisfy { $0.contains("sound=true haptic=true visual=true") })
        #expect(sim.state.incompleteActivations == 0)
    }
}
