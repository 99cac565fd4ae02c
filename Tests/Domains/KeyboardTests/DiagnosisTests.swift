import Testing
import LockstepCore
@testable import Keyboard

/// The memory diagnosis, the typed-prefix limit and the two invariants that watch the language and
/// the click bus, through scenario text. Numbers from the ledger's stated sizes: runtime 24 MiB,
/// one view 50 × 62,915 B, so 10 MiB live + a 22 MiB transient on top of a 4 MiB cache leave a
/// 36 MiB high-water: 24 + 3.0 + 36 = 63.0 MB whatever the warning drops.
@Suite struct DiagnosisTests {
    @Test func aTransientAllocationKeepsTheFootprintAfterAMemoryWarning() throws {
        let records = try keyboardRecords("""
            set ceilingMB 70
            0 viewDidLoad
            1 allocate mb=10
            2 allocate mb=4 purgeable=true
            3 transientAllocation mb=22
            4 memoryWarning

            """)
        #expect(records.contains("heap liveMB=14.0 highWaterMB=36.0 purgeableMB=4.0"))
        let warning = try #require(records.first { $0.hasPrefix("memory at=memoryWarning") })
        #expect(warning.contains("footprintMB=63.0 liveMB=10.0"))
    }

    @Test func freeingMoreThanLiveIsRefusedAndTheProbeSurvivesTheKill() throws {
        let records = try keyboardRecords("""
            set ceilingMB 40
            0 viewDidLoad
            1 free mb=1
            2 transientAllocation mb=20
            3 keystroke key=a
            4 probeDump

            """)
        #expect(records.contains("rejected input=free reason=free-exceeds-live"))
        // 24 + 3.0 + 20 = 47.0 MB > 40 MB: killed; the keystroke is refused, the dump is not.
        #expect(records.contains { $0.hasPrefix("killed ") && $0.contains("footprintMB=47.0") })
        #expect(records.contains("rejected input=keystroke reason=killed"))
        #expect(records.contains("probe marks=3 peakMB=47.0 lastMB=47.0"))
        #expect(records.last == "mark n=3 at=transientAllocation footprintMB=47.0")
    }

    @Test func thePrefixStopsAtTheLongestIndexWordAndDeleteTakesTheOverflowBackFirst() throws {
        var body = "0 viewDidLoad\n"
        for _ in 0..<(Keyboard.maxTypedBytes + 2) { body += "+0.1 keystroke key=a\n" }
        body += "+0.1 deleteKey\n+0.1 deleteKey\n+0.1 deleteKey\n+0.1 keystroke key=space\n"
        let records = try keyboardRecords(body)
        let tooLong = records.filter { $0.hasPrefix("suggest prefix=none reason=tooLong") }
        #expect(tooLong == ["suggest prefix=none reason=tooLong limit=255 overflow=1",
                            "suggest prefix=none reason=tooLong limit=255 overflow=2",
                            "suggest prefix=none reason=tooLong limit=255 overflow=1"])
        // Two overflow letters deleted, then one tracked letter: 254 remain, committed whole.
        let commit = try #require(records.first { $0.hasPrefix("commit ") })
        #expect(commit == "commit word=\"\(String(repeating: "a", count: 254))\" by=space")
    }

    @Test func theArticlesGetterMakesTheChosenLanguageRevert() throws {
        let body = "0 languageSwitch id=ja\n"
        #expect(!(try keyboardRecords(body)).contains { $0.hasPrefix("lockstep.invariant") })
        let faulty = try keyboardRecords("set fault languageReverts\n" + body)
        #expect(faulty.contains("lockstep.invariant name=chosenLanguageSticks broken=\"chose ja, active is en\""))
    }

    @Test func aMediaBusClickUnderTheSilentSwitchBreaksTheBusInvariant() throws {
        let body = "0 viewDidLoad\n1 silentSwitch on=true\n2 keystroke key=a\n"
        #expect(!(try keyboardRecords(body)).contains { $0.hasPrefix("lockstep.invariant") })
        let faulty = try keyboardRecords("set fault mediaBusPlayer\n" + body)
        #expect(faulty.contains { $0.hasPrefix("lockstep.invariant name=clicksRideTheRingerBus") })
    }
}
