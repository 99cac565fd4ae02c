import LockstepCore
import LockstepRunner

/// `lockstep bench [SCENARIO...]`: rates and ratios of the runner, measured on this machine.
///
/// A bench is a measurement, not a test: it prints figures next to the targets in docs/design.md and
/// never fails on timing. Each figure is timed several times; the best and the median are shown.
public enum BenchCommand {
    public static let help = """
        Measures, with the noop fixture domain (the runner, not a reducer):
          runner overhead       ns per event over N events (default 1,000,000) of '+0.001 tick', trace to
                                nowhere; again with 'gen ticks' (no per-event parsing)
          trace writing         lines/s of the trace writer (step lines with one output record each)
          parsing               MB/s of the scenario reader, line validation and decoding of every value,
                                over a file of 19-joint camera frames (default 64 MB) in a temporary folder;
                                compared with Foundation's JSONDecoder on the same frames as JSON Lines
          time compression      virtual time replayed per second of wall time
          peak memory           resident set after streaming N events from a file
        With SCENARIO arguments: events/s, MB/s and time compression for each.
        With --check: 'lockstep check' of every scenario (no output) on 1 thread and on one per processor,
        scenarios/s for each and the speed-up (the ratio of the two), best of min(--repeat, 3).
        With --images: the image kit's blur, perspective warp, thumbnail and colour controls on fixed
        test-pattern inputs (a 2048×2048 blur and a 3000×4000 warp, each targeted at under 1 s), as
        seconds per run and megapixels/s.
        With --explore: for each domain with an explorer, event lines/s of 'lockstep explore' walks (seeds
        1..20, 200 lines each, no fault, one thread; making the text, parsing and replaying it with every
        invariant checked after every step).
        Options: --events N, --repeat N (default 5), --parse-mb N (default 64), --check, --explore, --images,
                 --quick (tiny sizes, one repeat: checks that bench runs, measures nothing useful).
        Build in release for real figures: swift run -c release lockstep bench
        """

    /// Decodes JSON Lines of frames with Foundation's JSONDecoder and returns the number of lines
    /// decoded and the sum of every joint value (x, y, confidence in order, per joint, per frame).
    /// The Lockstep library does not use Foundation, so the `lockstep` executable installs this
    /// (Sources/LockstepCLI/JSONBaseline.swift); without it the comparison is reported as unavailable.
    nonisolated(unsafe) public static var jsonBaseline: ((_ jsonLines: [UInt8]) -> (lines: Int, checksum: Double))?

    /// The image workloads for `--images`. They live in Platform, which the tools do not import, so
    /// the `lockstep` executable installs them (Sources/LockstepCLI/ImageWorkloads.swift); without
    /// them `--images` reports that they are unavailable.
    nonisolated(unsafe) public static var imageWorkloads: ((_ quick: Bool) -> [BenchWorkload])?

    struct Options {
        var events = 1_000_000
        var repeats = 5
        var parseBytes = 64 << 20
        var jsonFrames = 16_384
        var scenarios: [String] = []
        var check = false
        var explore = false
        var images = false
        var quick = false
    }

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let options: Options
        do { options = try parse(args, ctx) } catch { return LockstepCommand.usage(ctx, error.description, "bench") }
        var bench = Bench(ctx: ctx, options: options)
        do {
            try bench.run()
        } catch let error as ScenarioError {
            ctx.printError("lockstep bench: \(error)")
            bench.cleanUp()
            return ExitCode.badInput
        } catch {
            ctx.printError("lockstep bench: \(error)")
            bench.cleanUp()
            return ExitCode.badInput
        }
        bench.cleanUp()
        return ExitCode.ok
    }

    static func parse(_ args: [String], _ ctx: CommandContext) throws(UsageError) -> Options {
        let parsed = try Arguments(args, valued: ["events", "repeat", "parse-mb"], switches: ["quick", "check", "explore", "images"])
        var options = Options()
        if parsed.has("quick") {
            options.quick = true
            options.events = 2_000
            options.repeats = 1
            options.parseBytes = 64 << 10
            options.jsonFrames = 32
        }
        func count(_ name: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int? {
            guard let text = parsed.value(name) else { return nil }
            guard let n = Int(text), range.contains(n) else {
                throw UsageError("--\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound)")
            }
            return n
        }
        options.check = parsed.has("check")
        options.explore = parsed.has("explore")
        options.images = parsed.has("images")
        if let n = try count("events", 1...ScenarioLimits.standard.maxEvents) { options.events = n }
        if let n = try count("repeat", 1...100) { options.repeats = n }
        if let n = try count("parse-mb", 1...1024) { options.parseBytes = n << 20 }
        for argument in parsed.positional {
            let disk = ctx.project.diskPath(forDisplay: argument)
            guard FileIO.exists(disk), !FileIO.isDirectory(disk) else { throw UsageError("no such scenario file '\(argument)'") }
            options.scenarios.append(ctx.project.displayPath(forDisk: disk))
        }
        return options
    }
}

/// One bench run: temporary files, the figures in order, each printed as soon as it is measured.
struct Bench {
    let ctx: CommandContext
    let options: Options
    typealias Options = BenchCommand.Options
    var directory: String?
    var files: [String] = []

    init(ctx: CommandContext, options: Options) {
        self.ctx = ctx
        self.options = options
    }

    mutating func run() throws {
        ctx.print("lockstep bench: \(count(options.events)) events, best and median of \(options.repeats) run\(options.repeats == 1 ? "" : "s")"
                  + (isDebugBuild ? "  (DEBUG BUILD: figures are meaningless; use swift run -c release lockstep bench)" : ""))
        ctx.print(BenchFigure.headerLine)
        let dir = try BenchInputs.makeTemporaryDirectory()
        directory = dir
        if let noop = ctx.project.domain(named: "noop") {
            // Memory first: the high-water mark is per process, so nothing big may come before it.
            try memory(noop, dir)
            try runnerOverhead(noop)
            traceWriting()
            try parsing(noop, dir)
        } else {
            ctx.print("(the noop fixture domain is not registered: runner, parsing and memory figures skipped)")
            traceWriting()
        }
        for scenario in options.scenarios { try measureScenario(scenario) }
        if options.check { parallelCheck() }
        if options.explore { exploreThroughput() }
        if options.images { try imageKit() }
    }

    // MARK: Images

    /// Each workload: seconds per run against its ceiling, then megapixels/s. Inputs are made
    /// before timing; every run's digest must equal the first, or the kit is not deterministic.
    func imageKit() throws {
        guard let workloads = BenchCommand.imageWorkloads?(options.quick) else {
            ctx.print("(image workloads are not installed in this executable: --images skipped)")
            return
        }
        for workload in workloads {
            let body = try workload.prepare()
            var digests: [UInt64] = []
            let sample = try BenchClock.measure(repeats: min(options.repeats, 3)) { digests.append(try body()) }
            let same = digests.allSatisfy { $0 == digests[0] }
            let note = same ? "digest \(Hex.lower(digests[0]))" : "NOT DETERMINISTIC: the runs gave different outputs"
            show(BenchFigure(workload.name, best: sample.best / 1e9, median: sample.median / 1e9, unit: "s/run",
                             target: workload.targetSeconds.map { .atMost($0) } ?? .none, note: note))
            show(BenchFigure(workload.name + " (rate)", best: workload.megapixels / (sample.best / 1e9),
                             median: workload.megapixels / (sample.median / 1e9), unit: "Mpx/s",
                             note: BenchFigure.format(workload.megapixels) + " Mpx a run"))
        }
    }

    // MARK: Exploration

    func exploreThroughput() {
        for entry in ctx.project.domains {
            guard let explorer = entry.explorer else { continue }
            let seeds: [UInt64] = Array(1...20)
            var lines = 0
            var steps = 0
            var broken = 0
            let project = ctx.project
            let sample = BenchClock.measure(repeats: min(options.repeats, 3)) {
                lines = 0
                steps = 0
                broken = 0
                for seed in seeds {
                    let w = ExploreCommand.walk(project, domain: entry.name, explorer: explorer, seed: seed, steps: 200, faults: [])
                    lines += w.steps
                    steps += w.engineSteps
                    if w.violation != nil || w.error != nil { broken += 1 }
                }
            }
            let l = Double(lines)
            show(BenchFigure("explore \(entry.name)", best: l / (sample.best / 1e9), median: l / (sample.median / 1e9),
                             unit: "lines/s", note: "\(seeds.count) walks × 200 lines, \(entry.invariants.count) invariants"
                                + (broken > 0 ? "; \(broken) walks broke an invariant or did not parse" : "")))
            let s = Double(steps)
            show(BenchFigure("explore \(entry.name) (steps)", best: s / (sample.best / 1e9), median: s / (sample.median / 1e9),
                             unit: "steps/s", note: "\(steps / seeds.count) engine steps per walk: events, generated events, timers"))
        }
    }

    // MARK: Parallel check

    /// `check` of every scenario, results discarded, on 1 thread and on one per processor. The
    /// speed-up is bounded by the longest scenario (the critical path), not only by the core count.
    func parallelCheck() {
        let scenarios = ctx.project.allScenarios()
        let project = ctx.project
        let n = Double(scenarios.count)
        func timed(_ jobs: Int) -> BenchClock.Sample {
            BenchClock.measure(repeats: min(options.repeats, 3)) {
                OrderedParallel.run(count: scenarios.count, jobs: jobs, work: { i in
                    CheckResult.evaluate(project, scenarios[i], ci: true).status
                }, deliver: { _, _ in })
            }
        }
        let serial = timed(1)
        let cores = OrderedParallel.processorCount
        let parallel = timed(cores)
        show(BenchFigure("check, 1 thread", best: n / (serial.best / 1e9), median: n / (serial.median / 1e9),
                         unit: "scenarios/s", note: "\(count(scenarios.count)) scenarios"))
        show(BenchFigure("check, \(cores) threads", best: n / (parallel.best / 1e9), median: n / (parallel.median / 1e9),
                         unit: "scenarios/s", note: "--jobs \(cores), one per processor"))
        show(BenchFigure("check speed-up (\(cores) threads vs 1)", best: serial.best / parallel.best, median: serial.median / parallel.median,
                         unit: "×", note: "the longest scenario bounds it"))
    }

    var isDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    func show(_ figure: BenchFigure) { ctx.print(figure.line) }

    // MARK: 5. Memory

    mutating func memory(_ noop: DomainEntry, _ dir: String) throws {
        let path = dir + "/ticks.scenario"
        files.append(path)
        let before = BenchClock.peakResidentBytes()
        _ = try BenchInputs.writeTickFile(path, count: options.events)
        _ = try ctx.project.stream(path, options: RunOptions(), output: NullOutput())
        guard let peak = BenchClock.peakResidentBytes() else {
            ctx.print("peak memory: not available on this system")
            return
        }
        let megabytes = Double(peak) / 1_048_576
        show(BenchFigure("peak memory (\(count(options.events)) events)", best: megabytes, unit: "MB", target: .atMost(200),
                         note: before.map { "process peak before: \(BenchFigure.format(Double($0) / 1_048_576)) MB" } ?? ""))
    }

    // MARK: 1 and 4. Runner overhead and time compression

    mutating func runnerOverhead(_ noop: DomainEntry) throws {
        let n = Double(options.events)
        let text = BenchInputs.tickScenario(count: options.events)
        var summary: RunSummary?
        let parsed = try BenchClock.measure(repeats: options.repeats) { () throws(ScenarioError) in
            summary = try runInMemory(noop, text)
        }
        // Parsing included: the ≤ 100 ns target is for the runner alone (the 'gen ticks' line below);
        // parsing has its own MB/s target.
        show(BenchFigure("runner + parsing (text '+0.001 tick')", best: parsed.best / n, median: parsed.median / n,
                         unit: "ns/event", note: "12-byte lines; the runner-only figure is the next line"))
        let generated = BenchInputs.generatedTickScenario(count: options.events)
        let noParse = try BenchClock.measure(repeats: options.repeats) { () throws(ScenarioError) in
            _ = try runInMemory(noop, generated)
        }
        show(BenchFigure("runner overhead (gen ticks, no parse)", best: noParse.best / n, median: noParse.median / n,
                         unit: "ns/event", target: .atMost(100)))
        if let summary {
            let virtual = Double(summary.endElapsed.nanoseconds)
            show(BenchFigure("time compression (ticks, 1 ms apart)", best: virtual / parsed.best, median: virtual / parsed.median,
                             unit: "× real time", note: "\(BenchFigure.format(virtual / 1e9)) s of virtual time"))
        }
    }

    func runInMemory(_ entry: DomainEntry, _ bytes: [UInt8]) throws(ScenarioError) -> RunSummary {
        let reader = try ScenarioReader(display: "<bench>", bytes: bytes, files: nil)
        let header = try reader.readHeader()
        var output = AnyTraceOutput(NullOutput())
        return try entry.run(reader: reader, header: header, options: RunOptions(), output: &output)
    }

    // MARK: 2. Trace writing

    func traceWriting() {
        let steps = options.events
        let outputs = [Record("rolled").int("value", 4).int("sides", 6)]
        var lines = 0
        let sample = BenchClock.measure(repeats: options.repeats) {
            var writer = TraceWriter(output: NullOutput())
            for i in 0..<steps {
                writer.step(index: i, elapsedNanoseconds: Int64(i) &* 1_000_000, kind: .event("tick"),
                            digest: 0xCBF2_9CE4_8422_2325 &+ UInt64(i), outputs: outputs)
            }
            writer.flush()
            lines = writer.lineCount
        }
        let l = Double(lines)
        show(BenchFigure("trace writing (step + 1 record)", best: l / (sample.best / 1e9), median: l / (sample.median / 1e9),
                         unit: "lines/s", target: .atLeast(1_000_000)))
    }

    // MARK: 3. Parsing, against JSONDecoder; 4. time compression of frames

    mutating func parsing(_ noop: DomainEntry, _ dir: String) throws {
        let path = dir + "/frames.scenario"
        files.append(path)
        let file = try BenchInputs.writeFrameFile(path, targetBytes: options.parseBytes, jsonFrames: options.jsonFrames)
        var checksum = 0.0
        let sample = try BenchClock.measure(repeats: options.repeats) { () throws(ScenarioError) in
            checksum = try parseAndDecode(path, noop, checksumFrames: file.jsonFrames)
        }
        let megabytes = Double(file.bytes) / 1_048_576
        show(BenchFigure("parsing (frames, every value decoded)", best: megabytes / (sample.best / 1e9),
                         median: megabytes / (sample.median / 1e9), unit: "MB/s", target: .atLeast(200),
                         note: "\(BenchFigure.format(megabytes)) MB, \(count(file.frames)) frames"))
        if let baseline = BenchCommand.jsonBaseline {
            var decoded: (lines: Int, checksum: Double) = (0, 0)
            let json = BenchClock.measure(repeats: min(options.repeats, 3)) { decoded = baseline(file.json) }
            let jsonMegabytes = Double(file.json.count) / 1_048_576
            let agree = decoded.lines == file.jsonFrames && decoded.checksum == checksum
            show(BenchFigure("JSONDecoder (same frames, JSON Lines)", best: jsonMegabytes / (json.best / 1e9),
                             median: jsonMegabytes / (json.median / 1e9), unit: "MB/s",
                             note: "\(count(file.jsonFrames)) frames, \(BenchFigure.format(jsonMegabytes)) MB"
                                + (agree ? "; same values as the scenario parser" : "; VALUES DIFFER from the scenario parser (\(decoded.lines) lines)")))
            // Frames per second, so the ratio does not depend on which format is more verbose.
            let ours = Double(file.frames) / sample.best, theirs = Double(file.jsonFrames) / json.best
            let oursMedian = Double(file.frames) / sample.median, theirsMedian = Double(file.jsonFrames) / json.median
            show(BenchFigure("parsing vs JSONDecoder (frames/s)", best: ours / theirs, median: oursMedian / theirsMedian,
                             unit: "×", target: .atLeast(20),
                             note: "MB/s ratio \(BenchFigure.format((megabytes / sample.best) / (jsonMegabytes / json.best)))×"))
        } else {
            ctx.print(BenchFigure.row("JSONDecoder (same frames, JSON Lines)", "n/a", "", "MB/s", "", "",
                                      "no baseline installed (the lockstep executable installs Foundation's)"))
            ctx.print(BenchFigure.row("parsing vs JSONDecoder (frames/s)", "n/a", "", "×", "≥ 20", "", ""))
        }
        // The whole runner over the same file: parse, validate, step, digest, trace to nowhere.
        var summary: RunSummary?
        let replay = try BenchClock.measure(repeats: options.repeats) { () throws(ScenarioError) in
            summary = try ctx.project.stream(path, options: RunOptions(), output: NullOutput())
        }
        let frames = Double(file.frames)
        show(BenchFigure("frames replay (noop, from file)", best: frames / (replay.best / 1e9), median: frames / (replay.median / 1e9),
                         unit: "events/s"))
        if let summary {
            let virtual = Double(summary.endElapsed.nanoseconds)
            show(BenchFigure("time compression (frames, 30 fps)", best: virtual / replay.best, median: virtual / replay.median,
                             unit: "× real time", target: .atLeast(14_400),
                             note: "noop domain; the target is for repCounter"))
        }
    }

    /// Reads every frame, validates it against the noop spec and converts every joint value, like a
    /// domain's `decode` would. Returns the sum of the values of the first `checksumFrames` frames
    /// (x, y, confidence in order), which the JSON baseline must reproduce exactly.
    func parseAndDecode(_ path: String, _ noop: DomainEntry, checksumFrames: Int) throws(ScenarioError) -> Double {
        let reader = try ScenarioReader(display: path, diskPath: path, files: nil)
        let header = try reader.readHeader()
        let validator = LineValidator(specs: noop.eventKinds, source: nil, limits: reader.limits)
        var line = EventLine(path: header.path, buffer: [])
        var checksum = 0.0
        var frame = 0
        while try reader.next(into: &line) {
            let spec = try validator.spec(for: line)
            try validator.validate(&line, against: validator.specs[spec], what: "'frame'")
            var total = 0.0
            for i in line.args.indices {
                let (x, y, confidence) = try line.triple(at: i)
                total += x
                total += y
                total += confidence
            }
            if frame < checksumFrames { checksum += total }
            frame += 1
        }
        return checksum
    }

    // MARK: Scenario arguments

    func measureScenario(_ scenario: String) throws {
        var summary: RunSummary?
        let sample = try BenchClock.measure(repeats: options.repeats) { () throws(ScenarioError) in
            summary = try ctx.project.stream(scenario, options: RunOptions(), output: NullOutput())
        }
        guard let summary else { return }
        let name = MutateMatrix.shortName(scenario, domain: "")
        let events = Double(summary.events)
        let megabytes = Double(FileIO.size(ctx.project.diskPath(forDisplay: scenario)) ?? 0) / 1_048_576
        let virtual = Double(summary.endElapsed.nanoseconds)
        show(BenchFigure("\(name): events", best: events / (sample.best / 1e9), median: events / (sample.median / 1e9),
                         unit: "events/s", note: "\(count(summary.events)) events, \(count(summary.steps)) steps"))
        show(BenchFigure("\(name): reading", best: megabytes / (sample.best / 1e9), median: megabytes / (sample.median / 1e9),
                         unit: "MB/s", note: "the scenario file itself, without includes"))
        show(BenchFigure("\(name): time compression", best: virtual / sample.best, median: virtual / sample.median,
                         unit: "× real time", note: "\(BenchFigure.format(virtual / 1e9)) s of virtual time"))
    }

    func count(_ n: Int) -> String { BenchFigure.formatCount(n) }

    mutating func cleanUp() {
        for file in files { FileIO.remove(file) }
        files.removeAll()
        if let directory { BenchInputs.removeDirectory(directory) }
        directory = nil
    }
}
