import Foundation
import LockstepCore
import LockstepRunner
import LockstepTools
import Testing

/// Every kind of malformed record is reported as FILE:LINE:COLUMN with its message, exit 2, and
/// nothing is written. Columns are found from the text of the line (where the bad value starts).
@Suite struct ImportErrorTests {
    struct Case: CustomStringConvertible {
        var name: String
        var domain = "chalk"
        var header = ImportFixture.touchHeader
        var line: String
        /// Where the error points: the first occurrence of this text on the bad line.
        var at: String
        var message: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "syntax", line: #"{"t":1,"type":"touch",}"#, at: "}", message: "expected a quoted key, found '}'"),
        Case(name: "not an object", line: "[1,2]", at: "[", message: "expected one JSON object per line, found a list"),
        Case(name: "trailing text", line: #"{"t":1,"type":"touch"} x"#, at: "x", message: "unexpected 'x' after the JSON value; one object per line"),
        Case(name: "unterminated string", line: #"{"t":1,"type":"tou"#, at: #""tou"#, message: "unterminated string: no closing quote on this line"),
        Case(name: "bad number", line: #"{"t":01,"type":"touch"}"#, at: "01", message: "malformed number at column 7"),
        Case(name: "duplicate key", line: #"{"t":1,"t":2,"type":"touch"}"#, at: #""t":2"#, message: "duplicate key \"t\" (first given at column 2)"),
        Case(name: "no type", line: #"{"t":1}"#, at: "{", message: "record has no \"type\""),
        Case(name: "no time", line: #"{"type":"touch"}"#, at: "{", message: "record has no time: give \"t\" (decimal seconds) or \"tNs\" (integer nanoseconds)"),
        Case(name: "both times", line: #"{"t":1,"tNs":5,"type":"touch"}"#, at: "5", message: "record gives both \"t\" and \"tNs\"; give one"),
        Case(name: "negative time", line: ImportFixture.touch("-1", "began"), at: "-1", message: "time -1 is negative; times count from the recording's start"),
        Case(name: "exponent time", line: ImportFixture.touch("1e3", "began"), at: "1e3",
             message: "time 1e3 has an exponent; write times as plain decimal seconds (12.5) or integer nanoseconds (tNs)"),
        Case(name: "finer than ns", line: ImportFixture.touch("0.0000000001", "began"), at: "0.0000000001", message: "time 0.0000000001 is finer than one nanosecond"),
        Case(name: "too long", line: ImportFixture.touch("31622401", "began"), at: "31622401",
             message: "time 31622401 is past the longest recording, 31622400 s (366 days, the limit maxRecordingSeconds)"),
        Case(name: "tNs fraction", line: #"{"tNs":1.5,"type":"touch"}"#, at: "1.5", message: "tNs 1.5 is not a whole number of nanoseconds"),
        Case(name: "time a string", line: #"{"t":"1","type":"touch"}"#, at: #""1""#, message: "\"t\" must be a number of seconds, found a string"),
        Case(name: "unknown type", line: #"{"t":1,"type":"pose"}"#, at: #""pose""#, message: "unknown record type \"pose\" in a touch recording; known: touch"),
        Case(name: "unknown key", line: ImportFixture.touch("1", "began", extra: #","pressure":1"#), at: #""pressure""#,
             message: "unknown key \"pressure\" for a touch record; known: t, tNs, type, id, phase, touchType, x, y, force, maxForce, altitude, azimuth, coalesced, predicted"),
        Case(name: "bad phase", line: ImportFixture.touch("1", "hover"), at: #""hover""#,
             message: "\"phase\" \"hover\" is not one of began, moved, stationary, ended, cancelled"),
        Case(name: "x a string", line: ImportFixture.touch("1", "began", x: #""ten""#), at: #""ten""#, message: "\"x\" must be a number, found a string"),
        Case(name: "missing y", line: #"{"t":1,"type":"touch","id":1,"phase":"began","touchType":"pencil","x":1}"#, at: "{", message: "touch record has no \"y\""),
        Case(name: "id out of range", line: #"{"t":1,"type":"touch","id":2147483648,"phase":"began","touchType":"pencil","x":1,"y":1}"#,
             at: "2147483648", message: "\"id\" 2147483648 is out of range 0...2147483647"),
        Case(name: "coalesced not bool", line: ImportFixture.touch("1", "moved", extra: #","coalesced":1"#), at: #"1}"#,
             message: "\"coalesced\" must be true or false, found a number"),
        Case(name: "unknown joint", domain: "repCounter", header: ImportFixture.poseHeader,
             line: #"{"tNs":0,"type":"pose","joints":{"chin":[0.5,0.5,0.9]}}"#, at: #""chin""#,
             message: "unknown joint \"chin\"; the 19 joints are nose, leftEye, rightEye, leftEar, rightEar, neck, leftShoulder, rightShoulder, leftElbow, rightElbow, leftWrist, rightWrist, root, leftHip, rightHip, leftKnee, rightKnee, leftAnkle, rightAnkle"),
        Case(name: "joint two numbers", domain: "repCounter", header: ImportFixture.poseHeader,
             line: #"{"tNs":0,"type":"pose","joints":{"nose":[0.5,0.5]}}"#, at: "[0.5", message: "joint \"nose\" must be [x, y, confidence], three numbers"),
        Case(name: "joint not a number", domain: "repCounter", header: ImportFixture.poseHeader,
             line: #"{"tNs":0,"type":"pose","joints":{"nose":[0.5,null,0.9]}}"#, at: "null", message: "joint \"nose\": expected a number, found null"),
        Case(name: "joints not an object", domain: "repCounter", header: ImportFixture.poseHeader,
             line: #"{"tNs":0,"type":"pose","joints":[]}"#, at: "[]", message: "\"joints\" must be an object of name: [x, y, confidence], found a list"),
        Case(name: "response id not a word", domain: "pillReminders", header: ImportFixture.sessionHeader,
             line: #"{"t":1,"type":"notification","event":"response","id":"dose 1","action":"TAKEN"}"#, at: #""dose 1""#,
             message: "\"id\" \"dose 1\" is not a scenario word (a letter or _, then letters, digits, _ . - / :)"),
        Case(name: "bad lifecycle event", domain: "pillReminders", header: ImportFixture.sessionHeader,
             line: #"{"t":1,"type":"lifecycle","event":"sleep"}"#, at: #""sleep""#,
             message: "\"event\" \"sleep\" is not one of launch, active, inactive, background, foreground, terminate, memoryWarning"),
        // A record of a type the domain drops is still checked: damage is never dropped unseen.
        Case(name: "dropped type still checked", domain: "pillReminders", header: ImportFixture.sessionHeader,
             line: #"{"t":1,"type":"audio","event":"interruption","raw":-1}"#, at: "-1", message: "\"raw\" -1 is out of range 0...4294967295"),
        Case(name: "interruption without raw", domain: "liveMic", header: ImportFixture.sessionHeader,
             line: #"{"t":1,"type":"audio","event":"interruption"}"#, at: "{", message: "audio record has no \"raw\""),
    ]

    @Test(arguments: cases) func recordErrorIsLocated(_ c: Case) throws {
        let project = try TempProject()
        let result = try project.importing("cli-import-bad.jsonl", ImportFixture.text([c.header, c.line]), domain: c.domain)
        let column = ImportFixture.column(of: c.at, in: c.line)
        #expect(result.code == ExitCode.badInput)
        #expect(result.err.contains("cli-import-bad.jsonl:2:\(column): \(c.message)\n"), "\(result.err)")
        #expect(result.err.hasSuffix("1 malformed record in cli-import-bad.jsonl; nothing written\n"))
        #expect(result.out.isEmpty)
    }

    static let headerCases: [(line: String, at: String, message: String)] = [
        (#"{"t":0,"type":"touch"}"#, "{", "the first line is not a recording header: it has no \"format\":\"lockstep-recording\""),
        (#"{"format":"lockstep-recording","version":2,"kind":"touch"}"#, "2,", "unknown or missing recording \"version\"; this Lockstep reads version 1"),
        (#"{"format":"lockstep-recording","version":1,"kind":"pen"}"#, #""pen""#, "\"kind\" must be one of touch, pose, session"),
        (#"{"format":"lockstep-recording","version":1,"kind":"pose"}"#, #""pose""#, "a pose recording cannot be imported into chalk; chalk takes touch recordings"),
        (#"{"format":"lockstep-recording","version":1,"kind":"touch","colour":"red"}"#, #""colour""#,
         "unknown header key \"colour\"; known: format, version, kind, device, os, zone, app, start, title"),
        (#"{"format":"lockstep-recording","version":1,"kind":"touch","device":7}"#, "7", "\"device\" must be a string, found a number"),
        // The start's error points into the string, at the offending character (the offset).
        (#"{"format":"lockstep-recording","version":1,"kind":"touch","start":"2026-02-30T00:00:00Z"}"#, "30T", "bad start: day 30 is outside 01...28 for 2026-02"),
    ]

    @Test func headerErrorsAreLocated() throws {
        let project = try TempProject()
        for c in Self.headerCases {
            let result = try project.importing("cli-import-header.jsonl", ImportFixture.text([c.line]), domain: "chalk")
            #expect(result.code == ExitCode.badInput)
            #expect(result.err.contains("cli-import-header.jsonl:1:\(ImportFixture.column(of: c.at, in: c.line)): \(c.message)\n"), "\(result.err)")
        }
    }

    /// All errors of a file, not only the first; reading goes on after each.
    @Test func everyMalformedRecordIsReported() throws {
        let project = try TempProject()
        let lines = [ImportFixture.touchHeader, ImportFixture.touch("0", "began"), "{oops", ImportFixture.touch("1", "began"),
                     ImportFixture.touch("2", "hover"), "", ImportFixture.touch("3", "ended", x: "true")]
        let result = try project.importing("cli-import-many.jsonl", ImportFixture.text(lines), domain: "chalk")
        #expect(result.code == ExitCode.badInput)
        let errors = result.err.split(separator: "\n").filter { $0.hasPrefix("cli-import-many.jsonl:") }
        #expect(errors.map { $0.split(separator: ":")[1] } == ["3", "5", "7"])
        #expect(result.err.hasSuffix("3 malformed records in cli-import-many.jsonl; nothing written\n"))
    }

    /// Past maxImportErrors the rest are counted, not printed.
    @Test func errorLimitIsStated() throws {
        let project = try TempProject()
        let lines = [ImportFixture.touchHeader] + Array(repeating: "[]", count: 130)
        let result = try project.importing("cli-import-limit.jsonl", ImportFixture.text(lines), domain: "chalk")
        #expect(result.code == ExitCode.badInput)
        #expect(result.err.split(separator: "\n").filter { $0.hasPrefix("cli-import-limit.jsonl:") }.count == 100)
        #expect(result.err.contains("... and 30 more errors (only the first 100 are shown, the limit maxImportErrors)\n"))
        #expect(result.err.hasSuffix("130 malformed records in cli-import-limit.jsonl; nothing written\n"))
    }

    /// 20 ms back is more than the 10 ms a clamp covers: an error at the time, naming the earlier line.
    @Test func timeGoingBackIsAnError() throws {
        let project = try TempProject()
        let bad = ImportFixture.touch("0.98", "moved")
        let lines = [ImportFixture.touchHeader, ImportFixture.touch("1", "began"), bad]
        let result = try project.importing("cli-import-back.jsonl", ImportFixture.text(lines), domain: "chalk")
        #expect(result.code == ExitCode.badInput)
        #expect(result.err.contains("cli-import-back.jsonl:3:\(ImportFixture.column(of: "0.98", in: bad)): time goes backwards: 0.980000000 s is 0.020000000 s before the event on line 2, more than 0.010000000 s (the limit maxReorderNanoseconds)\n"), "\(result.err)")
    }

    @Test func longLineIsRefused() throws {
        let project = try TempProject()
        let long = ImportFixture.touch("1", "began", extra: #","x2":""# + String(repeating: "a", count: 70_000) + "\"")
        let result = try project.importing("cli-import-long.jsonl", ImportFixture.text([ImportFixture.touchHeader, long]), domain: "chalk")
        #expect(result.code == ExitCode.badInput)
        #expect(result.err.contains("cli-import-long.jsonl:2:65537: line is longer than 65536 bytes (the limit)\n"))
    }

    static let csvHeader = "tNs,nose.x,nose.y,nose.c"
    /// Columns counted by hand: "0,0.5,0.5" has its last cell at 7; in "0,0.5,,0.9" the empty cell starts at 7.
    static let csvCases: [(rows: [String], line: Int, column: Int, message: String)] = [
        (["t_ms,nose.x,nose.y,nose.c"], 1, 1, "the first column must be t (decimal seconds) or tNs (integer nanoseconds)"),
        (["tNs,nose.x,nose.y,nose.z"], 1, 19, "column 'nose.z' is not JOINT.x, JOINT.y or JOINT.c"),
        (["tNs,chin.x,chin.y,chin.c"], 1, 5, "unknown joint 'chin'; the 19 joints are nose, leftEye, rightEye, leftEar, rightEar, neck, leftShoulder, rightShoulder, leftElbow, rightElbow, leftWrist, rightWrist, root, leftHip, rightHip, leftKnee, rightKnee, leftAnkle, rightAnkle"),
        (["tNs,nose.x,nose.y"], 1, 5, "joint 'nose' needs all three columns; missing nose.c"),
        ([csvHeader, "0,0.5,0.5"], 2, 7, "row has 3 cells; the header row names 4 columns"),
        ([csvHeader, "0,0.5,,0.9"], 2, 7, "joint 'nose' has an empty cell; leave all three empty for an absent joint"),
        ([csvHeader, "0,0.5,abc,0.9"], 2, 7, "joint 'nose': 'abc' is not a number"),
        ([csvHeader, "soon,0.5,0.5,0.9"], 2, 1, "time 'soon' is not a number"),
        ([csvHeader, "0.5,0.5,0.5,0.9"], 2, 1, "tNs 0.5 is not a whole number of nanoseconds"),
    ]

    @Test func csvErrorsAreLocated() throws {
        let project = try TempProject()
        for c in Self.csvCases {
            let result = try project.importing("cli-import-bad.csv", ImportFixture.text(c.rows), domain: "repCounter")
            #expect(result.code == ExitCode.badInput)
            #expect(result.err.contains("cli-import-bad.csv:\(c.line):\(c.column): \(c.message)\n"), "\(result.err)")
        }
    }

    @Test func usageErrors() throws {
        let project = try TempProject()
        try project.dir.write("cli-import-u.jsonl", ImportFixture.text([ImportFixture.touchHeader]))
        let file = project.root + "/cli-import-u.jsonl"
        let cases: [([String], String)] = [
            (["import", file], "lockstep import: --domain NAME is required\n"),
            (["import", file, "--domain", "chalkk"], "lockstep import: unknown domain 'chalkk'; did you mean 'chalk'?\n"),
            (["import", file, "--domain", "counter"], "lockstep import: counter takes no recordings; import reads recordings for chalk, repCounter, pillReminders, liveMic, transcription\n"),
            (["import", file, "--domain", "chalk", "--out", "x.txt"], "lockstep import: --out x.txt: name a .scenario or an .events file\n"),
            (["import", "--domain", "chalk"], "lockstep import: expected one FILE\n"),
            (["import", project.root + "/nothere.jsonl", "--domain", "chalk"], "nothere.jsonl:1:1: cannot read file: "),
        ]
        for (args, message) in cases {
            let result = project.run(args)
            #expect(result.code == ExitCode.badInput, "\(args)")
            #expect(result.err.contains(message), "\(result.err)")
        }
    }
}
