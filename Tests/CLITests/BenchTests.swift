import Testing
@testable import LockstepCore
@testable import LockstepRunner
@testable import LockstepTools
import Fixtures

/// `lockstep bench` is a measurement: these tests check that it runs and reports every figure, with
/// tiny sizes, and never assert anything about timing.
@Suite("lockstep bench")
struct BenchTests {
    static let figureNames = [
        "peak memory", "runner + parsing (text '+0.001 tick')", "runner overhead (gen ticks, no parse)",
        "time compression (ticks, 1 ms apart)", "trace writing (step + 1 record)",
        "parsing (frames, every value decoded)", "JSONDecoder (same frames, JSON Lines)",
        "parsing vs JSONDecoder (frames/s)", "frames replay (noop, from file)", "time compression (frames, 30 fps)",
    ]

    func bench(_ p: TemporaryProject, _ args: [String]) -> (code: Int32, out: String, err: String) {
        let context = CommandContext(project: p.project, environment: [:])
        let code = LockstepCommand.main(["bench"] + args, context)
        return (code, context.outText, context.errText)
    }

    @Test("--quick runs and prints every figure's name, with targets")
    func quick() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        let run = bench(p, ["--quick"])
        #expect(run.code == 0, "\(run.err)")
        for name in Self.figureNames { #expect(run.out.contains(name), "missing figure \(name)") }
        #expect(run.out.contains("≤ 100"))
        #expect(run.out.contains("≥ 1,000,000"))
        #expect(run.out.contains("≥ 200"))
        #expect(run.out.contains("≤ 200"))  // memory, MB
        // No JSONDecoder is installed in the test process: said, not silently skipped.
        #expect(run.out.contains("no baseline installed") || BenchCommand.jsonBaseline != nil)
    }

    @Test("scenario arguments get events/s, MB/s and time compression")
    func scenarioArguments() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        try FileIO.makeDirectories(p.root + "/Scenarios/counter")
        try p.write("Scenarios/counter/adds.scenario", "lockstep 1\ndomain counter\n0 add n=1\n+1h add n=2\n")
        let run = bench(p, ["--events", "100", "--repeat", "1", "--parse-mb", "1", "Scenarios/counter/adds.scenario"])
        #expect(run.code == 0, "\(run.err)")
        for suffix in ["events/s", "MB/s", "× real time"] {
            #expect(run.out.split(separator: "\n").contains { $0.hasPrefix("adds: ") && $0.contains(suffix) }, "\(suffix)")
        }
    }

    @Test("bad options and missing scenarios are usage errors")
    func usage() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        #expect(bench(p, ["--events", "0"]).code == 2)
        #expect(bench(p, ["--events", "many"]).code == 2)
        #expect(bench(p, ["--fast"]).code == 2)
        #expect(bench(p, ["--quick", "Scenarios/none.scenario"]).code == 2)
    }

    @Test("the frame file is repCounter-shaped and parses back to the values written")
    func frameFile() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        let path = p.root + "/frames.scenario"
        defer { FileIO.remove(path) }
        let file = try BenchInputs.writeFrameFile(path, targetBytes: 4_000, jsonFrames: 2)
        let text = String(decoding: try FileIO.read(path), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2 + file.frames)
        #expect(lines[2].hasPrefix("0 frame nose="))
        #expect(lines[3].hasPrefix("+0.033 frame nose="))
        let fields = lines[3].split(separator: " ").dropFirst(2)
        #expect(fields.map { $0.split(separator: "=")[0] }.map(String.init) == BenchInputs.visionJoints)
        #expect(fields.allSatisfy { $0.split(separator: "=")[1].split(separator: ",").count == 3 })
        #expect(file.bytes == text.utf8.count && file.bytes >= 4_000)
        // The JSON twin of frame 1 carries the same numbers at t = 0.033 s.
        let json = String(decoding: file.json, as: UTF8.self).split(separator: "\n")
        #expect(json.count == 2)
        #expect(json[1].hasPrefix("{\"t\":0.033000000,\"kind\":\"frame\",\"joints\":{\"nose\":["))
        let firstValue = fields.first!.split(separator: "=")[1]
        #expect(json[1].contains("\"nose\":[" + firstValue + "]"))
        // And it is a valid noop scenario.
        let result = try p.project.run(path)
        #expect(result.summary.events == file.frames)
        #expect(result.summary.endElapsed == Duration(nanoseconds: Int64(file.frames - 1) * 33_000_000))
    }

    @Test("figures format with three significant digits and thousands separators")
    func formatting() {
        #expect(BenchFigure.format(38.24) == "38.2")
        #expect(BenchFigure.format(4.066) == "4.07")
        #expect(BenchFigure.format(0.01234) == "0.012")
        #expect(BenchFigure.format(999.6) == "1000")
        #expect(BenchFigure.format(1_234_567.4) == "1,234,567")
        #expect(BenchFigure.formatCount(32) == "32")
        #expect(BenchFigure("x", best: 38.2, unit: "ns/event", target: .atMost(100)).line.contains("2.62× headroom"))
        #expect(BenchFigure("x", best: 100, unit: "MB/s", target: .atLeast(200)).line.contains("2.00× short"))
    }

    @Test("the trace's step-line fast path writes exactly what the reference formatters write")
    func stepLineFastPath() {
        var rng = SeededRNG(seed: 7)
        var cases: [(Int64, Int64, UInt64)] = [(0, 0, 0), (1, 1, 1), (9, 999_999_999, 0xF), (10, 1_000_000_000, 0xCBF2_9CE4_8422_2325),
                                               (Int64.max, Int64.max, UInt64.max), (-1, -1, 0x10), (Int64.min, Int64.min, 1 << 63)]
        for _ in 0..<2_000 {
            let shift = UInt64(rng.int(below: 64))
            cases.append((Int64(bitPattern: rng.next() >> shift), Int64(bitPattern: rng.next() >> shift), rng.next()))
        }
        for (index, elapsed, digest) in cases {
            var reference: [UInt8] = []
            appendDecimal(index, to: &reference)
            reference.append(32)
            Duration.appendSeconds(elapsed, to: &reference)
            reference.append(32)
            var fast: [UInt8] = []
            StepLine.appendIndexAndTime(index: index, elapsedNanoseconds: elapsed, to: &fast)
            #expect(fast == reference, "index \(index) elapsed \(elapsed)")
            var referenceDigest: [UInt8] = [32, 35]
            Hex.appendLower(digest, digits: 16, to: &referenceDigest)
            var fastDigest: [UInt8] = []
            StepLine.appendDigest(digest, to: &fastDigest)
            #expect(fastDigest == referenceDigest)
        }
    }

    @Test("the plain-seconds fast path reads times exactly as TimeSyntax does, and defers everything else")
    func plainSecondsFastPath() throws {
        func both(_ text: String) -> (fast: TimeSpec?, general: TimeSpec?) {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { p in
                (Lexer.plainSeconds(p, 0, p.count), try? TimeSyntax.parse(p, 0, p.count))
            }
        }
        var rng = SeededRNG(seed: 11)
        var accepted = ["0", "+0", "12.5", "+0.033", "999999999.999999999", "+000000001.000000001", "7.0"]
        for _ in 0..<2_000 {
            var text = rng.int(below: 2) == 0 ? "+" : ""
            text += String(rng.int(below: 1_000_000_000))
            if rng.int(below: 3) > 0 {
                text += "."
                for _ in 0..<(1 + rng.int(below: 9)) { text += String(rng.int(below: 10)) }
            }
            accepted.append(text)
        }
        for text in accepted {
            let (fast, general) = both(text)
            #expect(fast != nil && fast == general, "\(text)")
        }
        // Units, long numbers, finer than a nanosecond, malformed: left to TimeSyntax.
        for text in ["1s", "+15m", "2h30m", "250ms", "1000000000", "0.0000000001", "1.", "+", "+.5", "1.5.2", "@2026-01-01T00:00:00Z"] {
            #expect(both(text).fast == nil, "\(text)")
        }
        #expect(both("1000000000").general == .sinceStart(Duration(nanoseconds: 1_000_000_000_000_000_000)))
    }
}
