import Foundation
import LockstepCore
import LockstepRunner
import LockstepTools
import Testing

/// Import, run, and compare with a hand-written scenario of the same events: the traces' steps and
/// footers agree byte for byte. Times come through exactly; other numbers are copied as written.
@Suite struct ImportRoundTripTests {
    /// Runs both scenarios (written under Scenarios/DOMAIN/) and returns their steps.
    func traces(_ project: TempProject, imported: String, handWritten: String, _ text: String) throws -> (String, String) {
        try project.dir.write(handWritten, text)
        let a = project.run(["run", project.root + "/" + imported])
        let b = project.run(["run", project.root + "/" + handWritten])
        #expect(a.code == ExitCode.ok, "\(a.err)")
        #expect(b.code == ExitCode.ok, "\(b.err)")
        return (ImportFixture.steps(a.out), ImportFixture.steps(b.out))
    }

    @Test func touchRecordingReplaysLikeHandWrittenLines() throws {
        let project = try TempProject()
        let lines = [
            ImportFixture.touchHeader,
            ImportFixture.touch("0.5", "began", x: "10.25", y: "20"),
            ImportFixture.touch("0.504166666", "moved", x: "14.5", y: "22.125", extra: #","coalesced":true"#),
            ImportFixture.touch("0.508333333", "moved", x: "19", y: "24", extra: #","predicted":true"#),
            ImportFixture.touch("0.508333332", "moved", x: "18.75", y: "24", extra: #","coalesced":true"#),
            ImportFixture.touch("0.52", "stationary", x: "18.75", y: "24"),
            #"{"tNs":530000000,"type":"touch","id":1,"phase":"ended","touchType":"pencil","x":18.75,"y":24,"altitude":0.9,"azimuth":0.5}"#,
            #"{"t":0.6,"type":"touch","id":2,"phase":"began","touchType":"direct","x":100,"y":100,"altitude":1.5707963267948966}"#,
            #"{"t":0.65,"type":"touch","id":2,"phase":"ended","touchType":"direct","x":100,"y":100}"#,
        ]
        let result = try project.importing("cli-import-touch.jsonl", ImportFixture.text(lines), domain: "chalk",
                                           extra: ["--out", "Scenarios/chalk/cli-import-touch.scenario"])
        #expect(result.code == ExitCode.ok, "\(result.err)")
        #expect(result.out.contains("  converted 6 records into 6 event lines (0.500000000 ... 0.650000000 s)\n"))
        #expect(result.out.contains("  2 coalesced samples, converted as touch samples (the app draws from them) (lines 3, 5)\n"))
        #expect(result.out.contains("    1 predicted touches: UIKit's estimate of samples still to come; chalk draws recorded samples only (line 4)\n"))
        #expect(result.out.contains("    1 stationary samples: no movement and no new position (line 6)\n"))
        #expect(result.out.contains("  clamped 0\n"))
        let imported = try project.dir.read("Scenarios/chalk/cli-import-touch.scenario")
        #expect(imported.contains("\nstart 2026-03-14T09:00:00Z\nzone Europe/Berlin\n"))
        let (a, b) = try traces(project, imported: "Scenarios/chalk/cli-import-touch.scenario", handWritten: "Scenarios/chalk/cli-import-touch-hand.scenario", """
            lockstep 1
            domain chalk
            start 2026-03-14T09:00:00Z
            zone Europe/Berlin
            0.5          touch phase=began id=1 x=10.25 y=20 force=1.5 maxForce=4 type=pencil
            0.504166666  touch phase=moved id=1 x=14.5 y=22.125 force=1.5 maxForce=4 type=pencil
            0.508333332  touch phase=moved id=1 x=18.75 y=24 force=1.5 maxForce=4 type=pencil
            0.53         touch phase=ended id=1 x=18.75 y=24 altitude=0.9 azimuth=0.5 type=pencil
            0.6          touch phase=began id=2 x=100 y=100 altitude=1.5707963267948966 type=finger
            0.65         touch phase=ended id=2 x=100 y=100 type=finger

            """)
        #expect(a == b)
        #expect(a.contains("\n3 0.508333332 touch"))
    }

    /// The same frames as JSON Lines (tNs) and as CSV (t) give one trace, equal to hand-written frames.
    @Test func poseRecordingAndCSVReplayLikeHandWrittenFrames() throws {
        let project = try TempProject()
        let jsonl = [
            ImportFixture.poseHeader,
            #"{"tNs":0,"type":"pose","joints":{"leftWrist":[0.706,0.273,0.9],"leftShoulder":[0.586,0.583,0.9],"leftElbow":[0.656,0.431,0.9]}}"#,
            #"{"tNs":33333333,"type":"pose","joints":{}}"#,
            #"{"tNs":66666666,"type":"pose","joints":{"leftShoulder":[0.586,0.583,0.9],"leftElbow":[0.656,0.431,0.9],"leftWrist":[0.5,0.45,0.25]}}"#,
        ]
        let csv = [
            "# " + ImportFixture.poseHeader, "# a comment",
            "t,leftShoulder.x,leftShoulder.y,leftShoulder.c,leftElbow.x,leftElbow.y,leftElbow.c,leftWrist.x,leftWrist.y,leftWrist.c",
            "0,0.586,0.583,0.9,0.656,0.431,0.9,0.706,0.273,0.9",
            "0.033333333,,,,,,,,,",
            "0.066666666,0.586,0.583,0.9,0.656,0.431,0.9,0.5,0.45,0.25",
        ]
        let r1 = try project.importing("cli-import-pose.jsonl", ImportFixture.text(jsonl), domain: "repCounter",
                                       extra: ["--out", "Scenarios/repCounter/cli-import-pose.scenario"])
        let r2 = try project.importing("cli-import-pose.csv", ImportFixture.text(csv), domain: "repCounter",
                                       extra: ["--out", "Scenarios/repCounter/cli-import-pose-csv.scenario"])
        #expect(r1.code == ExitCode.ok, "\(r1.err)")
        #expect(r2.code == ExitCode.ok, "\(r2.err)")
        #expect(r1.out.contains("  1 frames without a person, written as a bare frame (line 3)\n"))
        let hand = """
            lockstep 1
            domain repCounter
            start 2026-05-02T12:00:00Z
            zone UTC
            0            frame leftShoulder=0.586,0.583,0.9 leftElbow=0.656,0.431,0.9 leftWrist=0.706,0.273,0.9
            0.033333333  frame
            0.066666666  frame leftShoulder=0.586,0.583,0.9 leftElbow=0.656,0.431,0.9 leftWrist=0.5,0.45,0.25

            """
        let (a, b) = try traces(project, imported: "Scenarios/repCounter/cli-import-pose.scenario", handWritten: "Scenarios/repCounter/cli-import-pose-hand.scenario", hand)
        #expect(a == b)
        let (c, _) = try traces(project, imported: "Scenarios/repCounter/cli-import-pose-csv.scenario", handWritten: "Scenarios/repCounter/cli-import-pose-hand.scenario", hand)
        #expect(c == b)
    }

    /// A session recording: deliveries dropped, a 3 ms reorder clamped, audio dropped for pillReminders;
    /// the events file is include-ready and replays like the hand-written lines.
    @Test func sessionRecordingIncludedReplaysLikeHandWrittenLines() throws {
        let project = try TempProject()
        let lines = [
            ImportFixture.sessionHeader,
            #"{"t":0,"type":"lifecycle","event":"background"}"#,
            #"{"t":5,"type":"device","event":"lock"}"#,
            #"{"t":600,"type":"notification","event":"willPresent","id":"dose.ins.0800"}"#,
            #"{"t":780.25,"type":"notification","event":"response","id":"dose.ins.0800","action":"com.apple.UNNotificationDefaultActionIdentifier"}"#,
            #"{"t":780.247,"type":"device","event":"unlock"}"#,
            #"{"t":790,"type":"audio","event":"routeChange","raw":1,"output":"Headphones"}"#,
            #"{"t":800,"type":"notification","event":"authorization","status":"denied"}"#,
        ]
        let result = try project.importing("cli-import-session.jsonl", ImportFixture.text(lines), domain: "pillReminders",
                                           extra: ["--out", "Scenarios/pillReminders/cli-import-session.events"])
        #expect(result.code == ExitCode.ok, "\(result.err)")
        #expect(result.out.contains("  dropped 2:\n    1 notification deliveries: the simulated notification centre makes them, and the trace shows them (line 4)\n    1 audio records: pillReminders has no event for them (line 7)\n"))
        #expect(result.out.contains("  clamped 1:\n    1 records up to 0.010000000 s earlier than the event before, written at its time (line 6)\n"))
        let events = try project.dir.read("Scenarios/pillReminders/cli-import-session.events")
        #expect(events.hasSuffix("""
            0.000000000 lifecycle background
            5.000000000 device lock
            780.250000000 respond id=dose.ins.0800 action=default
            780.250000000 device unlock
            800.000000000 settings notifications=denied

            """))
        let setup = "lockstep 1\ndomain pillReminders\nstart 2026-04-20T06:50:00Z\nzone Europe/London\n0 addMed id=ins name=\"M\" times=0800 pills=5\n"
        try project.dir.write("Scenarios/pillReminders/cli-import-session.scenario", setup + "0 include cli-import-session.events\n")
        let (a, b) = try traces(project, imported: "Scenarios/pillReminders/cli-import-session.scenario",
                                handWritten: "Scenarios/pillReminders/cli-import-session-hand.scenario", setup + """
            0      lifecycle background
            5      device lock
            780.25 respond id=dose.ins.0800 action=default
            780.25 device unlock
            800    settings notifications=denied

            """)
        #expect(a == b)
    }

    /// Audio records keep their raw values; ports with no word are written without output= (clamped).
    @Test func audioRecordsKeepRawValues() throws {
        let project = try TempProject()
        let lines = [
            ImportFixture.sessionHeader,
            #"{"t":2,"type":"audio","event":"interruption","raw":1}"#,
            #"{"t":3,"type":"audio","event":"interruption","raw":0,"options":1}"#,
            #"{"t":4,"type":"audio","event":"routeChange","raw":2,"output":"Speaker"}"#,
            #"{"t":5,"type":"audio","event":"routeChange","raw":1,"output":"HDMIOutput"}"#,
            #"{"t":6,"type":"audio","event":"mediaServicesLost"}"#,
            #"{"t":6.001,"type":"audio","event":"mediaServicesReset"}"#,
        ]
        let result = try project.importing("cli-import-audio.jsonl", ImportFixture.text(lines), domain: "liveMic",
                                           extra: ["--out", "Scenarios/liveMic/cli-import-audio.events"])
        #expect(result.code == ExitCode.ok, "\(result.err)")
        let events = try project.dir.read("Scenarios/liveMic/cli-import-audio.events")
        #expect(events.hasSuffix("""
            2.000000000 audio interruption raw=1
            3.000000000 audio interruption raw=0 options=1
            4.000000000 audio route raw=2 output=builtInSpeaker
            5.000000000 audio route raw=1
            6.001000000 audio mediaServicesReset

            """))
        #expect(result.out.contains("    1 route outputs with no word in the audio vocabulary, written without output= (line 5)\n"))
    }

    /// Times are exact: decimal text and integer nanoseconds in, the same value as S.nnnnnnnnn out,
    /// never through a Double (0.1 + 0.2 is 0.300000000, not 0.30000000000000004); other numbers verbatim.
    @Test func timesAndNumbersAreExact() throws {
        let project = try TempProject()
        let lines = [
            ImportFixture.touchHeader,
            ImportFixture.touch("0.1", "began", x: "0.30000000000000004", y: "1e-3"),
            ImportFixture.touch("0.300000000000", "moved", x: "-0.0", y: "2.5E+2"),
            #"{"tNs":300000001,"type":"touch","id":1,"phase":"moved","touchType":"pencil","x":1,"y":1}"#,
            ImportFixture.touch("12.345678901", "moved"),
            #"{"tNs":31622400000000000,"type":"touch","id":1,"phase":"ended","touchType":"pencil","x":1,"y":1}"#,
        ]
        let result = try project.importing("cli-import-exact.jsonl", ImportFixture.text(lines), domain: "chalk",
                                           extra: ["--out", "Scenarios/chalk/cli-import-exact.events"])
        #expect(result.code == ExitCode.ok, "\(result.err)")
        let events = try project.dir.read("Scenarios/chalk/cli-import-exact.events").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(events.map { String($0.split(separator: " ")[0]) } == ["0.100000000", "0.300000000", "0.300000001", "12.345678901", "31622400.000000000"])
        #expect(events[0].contains(" x=0.30000000000000004 y=1e-3 "))
        #expect(events[1].contains(" x=-0.0 y=2.5E+2 "))
    }

    /// --split (or a long recording) keeps the events apart: the scenario includes recordings/NAME.events.
    @Test func splitWritesAnIncludedEventsFile() throws {
        let project = try TempProject()
        let lines = [ImportFixture.touchHeader, ImportFixture.touch("0", "began"), ImportFixture.touch("0.5", "ended")]
        let result = try project.importing("cli-import-split.jsonl", ImportFixture.text(lines), domain: "chalk",
                                           extra: ["--out", "Scenarios/chalk/cli-import-split.scenario", "--split"])
        #expect(result.code == ExitCode.ok, "\(result.err)")
        #expect(result.out.hasSuffix("wrote Scenarios/chalk/recordings/cli-import-split.events and Scenarios/chalk/cli-import-split.scenario (2 event lines)\n"))
        let scenario = try project.dir.read("Scenarios/chalk/cli-import-split.scenario")
        #expect(scenario.hasSuffix("\n0 include recordings/cli-import-split.events\n"))
        let events = try project.dir.read("Scenarios/chalk/recordings/cli-import-split.events")
        #expect(!events.contains("lockstep 1"))
        let run = project.run(["run", project.root + "/Scenarios/chalk/cli-import-split.scenario"])
        #expect(run.code == ExitCode.ok, "\(run.err)")
        #expect(run.out.contains("\n2 0.500000000 touch"))
    }

    /// Without --out the scenario goes to stdout, the summary to stderr; an unknown zone is named.
    @Test func stdoutAndUnknownZone() throws {
        let project = try TempProject()
        let header = ImportFixture.touchHeader.replacingOccurrences(of: "Europe/Berlin", with: "Mars/Olympus")
        let result = try project.importing("cli-import-zone.jsonl", ImportFixture.text([header, ImportFixture.touch("0", "began")]), domain: "chalk")
        #expect(result.code == ExitCode.ok)
        #expect(result.out.contains("\nlockstep 1\ndomain chalk\n"))
        #expect(!result.out.contains("zone "))
        #expect(result.err.contains("  note: zone 'Mars/Olympus' is not built in (docs/scenario-format.md, Zones): the scenario uses UTC\n"))
    }
}
