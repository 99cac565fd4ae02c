import LockstepCore
import LockstepRunner

/// `lockstep explore DOMAIN`: random walks from the domain's explorer, checked by its invariants;
/// the first walk that breaks one is shrunk and written as an ordinary scenario.
public enum ExploreCommand {
    public static let usage = "lockstep explore DOMAIN [--seeds A..B] [--steps N] [--fault NAME] [--time-limit S] [--shard i/n] [--jobs N] [--keep-going] [--no-write]"
    public static let help = """
        Runs one random walk per seed (default --seeds 1..100, --steps 200 event lines each) made by the
        domain's explorer, through the normal reader and runner, with its invariants checked after every
        step. Seeds that failed before (Scenarios/DOMAIN/found/seeds) are tried first. At the first walk
        that breaks an invariant (in seed order, whatever the threads), it shrinks the walk ('lockstep
        shrink'), writes it as Scenarios/DOMAIN/found/SEED.scenario with the seed and invariant in its
        comment, adds the seed to the database and prints the command that replays it; --keep-going
        explores every seed and writes each failure. Deterministic: a seed range finds the same failures
        on every machine and for any --jobs.
          --fault NAME    switch a historical bug on for every walk (the found file sets it in its header)
          --time-limit S  stop starting new walks after S seconds of wall time (default 300), and say so
          --shard i/n     only the seeds of one shard (by hash, as 'check --shard'); --jobs N threads
          --no-write      report only; write no scenario and no database line
        Exit 0 nothing broken, 1 a walk broke an invariant, 2 usage, unknown domain or fault, a domain
        without an explorer, or an explorer that wrote an invalid line.
        """

    /// Limits, named in the errors that hit them.
    public static let maxSteps = 100_000
    public static let maxSeeds: UInt64 = 10_000_000
    public static let defaultSteps = 200
    public static let defaultSeeds: ClosedRange<UInt64> = 1...100
    public static let defaultTimeLimitSeconds = 300

    struct Options {
        var domain: DomainEntry
        var explorer: Explorer
        var seeds: ClosedRange<UInt64>
        public var steps: Int
        var fault: String?
        var timeLimitSeconds: Int
        var shard: Shard?
        var jobs: Int
        var keepGoing: Bool
        var write: Bool
    }

    /// One walk's outcome.
    public typealias Walk = ExplorerWalk

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let options: Options
        do { options = try parse(args, ctx) } catch { return LockstepCommand.usage(ctx, error.description, "explore") }
        let domain = options.domain.name
        let (database, problems) = FoundDatabase.load(ctx.project, domain: domain)
        for p in problems { ctx.printError(p) }
        var order: [UInt64] = []
        for seed in database.seeds(fault: options.fault) where options.shard?.contains("\(domain)/\(seed)") ?? true { order.append(seed) }
        let fromDatabase = order.count
        for seed in options.seeds where !order.contains(seed) && (options.shard?.contains("\(domain)/\(seed)") ?? true) {
            order.append(seed)
        }
        ctx.print("explore \(domain): seeds \(options.seeds.lowerBound)..\(options.seeds.upperBound)"
                  + (options.shard.map { " (shard \($0))" } ?? "") + ", \(options.steps) steps each"
                  + (options.fault.map { ", fault \($0)" } ?? "")
                  + (fromDatabase > 0 ? "; \(fromDatabase) seed\(fromDatabase == 1 ? "" : "s") from \(FoundDatabase.path(domain: domain)) first" : ""))
        let project = ctx.project
        let faults = options.fault.map { [$0] } ?? []
        let explorer = options.explorer
        let steps = options.steps
        let started = BenchClock.nanoseconds()
        let limit = UInt64(options.timeLimitSeconds) * 1_000_000_000
        let progress = ProgressLine(ctx, label: "explore", total: order.count)
        var explored = 0, stepsRun = 0, failures = 0, invalid = 0
        var db = database
        var next = 0
        var stoppedByTime = false
        let batch = max(1, options.jobs) * 4
        outer: while next < order.count {
            if BenchClock.nanoseconds() &- started > limit { stoppedByTime = true; break }
            let seeds = Array(order[next..<min(order.count, next + batch)])
            next += seeds.count
            var walks: [Walk] = []
            OrderedParallel.run(count: seeds.count, jobs: options.jobs, work: { i in
                walk(project, domain: domain, explorer: explorer, seed: seeds[i], steps: steps, faults: faults)
            }, deliver: { _, w in walks.append(w) })
            for w in walks {
                explored += 1
                stepsRun += w.steps
                progress.update(done: explored, current: "seed \(w.seed)")
                if let error = w.error {
                    progress.finish()
                    invalid += 1
                    ctx.print("  seed \(w.seed): the explorer wrote an invalid walk: \(error)")
                    if !options.keepGoing { break outer }
                    continue
                }
                guard let violation = w.violation else { continue }
                progress.finish()
                failures += 1
                report(ctx, w, violation, options, &db)
                if !options.keepGoing { break outer }
            }
        }
        progress.finish()
        if stoppedByTime {
            ctx.print("time limit of \(options.timeLimitSeconds) s hit (--time-limit): \(order.count - explored) of \(order.count) seeds not explored")
        }
        if options.write && db != database {
            do { try db.save(ctx.project, domain: domain) } catch { ctx.printError("lockstep explore: could not save the seed database: \(error.description)") }
        }
        ctx.print("explored \(explored) seed\(explored == 1 ? "" : "s") (\(stepsRun) event lines): \(failures) broke an invariant"
                  + (invalid > 0 ? ", \(invalid) invalid walk\(invalid == 1 ? "" : "s") (an explorer bug)" : ""))
        // Speed is for the person watching, not for the output: it differs run to run.
        let seconds = Double(BenchClock.nanoseconds() &- started) / 1e9
        ctx.printError("explore \(domain): \(BenchFigure.format(Double(stepsRun) / max(seconds, 1e-9))) event lines/s over \(BenchFigure.format(seconds)) s")
        if invalid > 0 { return ExitCode.badInput }
        return failures > 0 ? ExitCode.mismatch : ExitCode.ok
    }

    /// Makes and runs one walk (no shrinking; that happens on the calling thread, for the first failure).
    public static func walk(_ project: Project, domain: String, explorer: Explorer, seed: UInt64, steps: Int, faults: [String]) -> Walk {
        ExplorerWalk.run(project, domain: domain, explorer: explorer, seed: seed, steps: steps, faults: faults)
    }

    public static func foundPath(domain: String, seed: UInt64) -> String { ExplorerWalk.foundPath(domain: domain, seed: seed) }

    /// Shrinks a failing walk, writes it and its database line, and says how to replay it.
    static func report(_ ctx: CommandContext, _ w: Walk, _ violation: InvariantViolation, _ options: Options, _ db: inout FoundDatabase) {
        let domain = options.domain.name
        ctx.print("  seed \(w.seed): \(violation)")
        let display = foundPath(domain: domain, seed: w.seed)
        let faults = options.fault.map { [$0] } ?? []
        let target = FailureTarget.invariant(violation.name)
        let progress = ProgressLine(ctx, label: "shrink", total: 0)
        var shrinker = Shrinker(progress: { attempts, lines in progress.update(done: attempts, current: "attempts, \(lines) lines") }) { candidate in
            FailureTarget.fails(ctx.project, display: display, candidate, target: target, faults: faults)
        }
        let original = ScenarioText(w.text)
        let small = shrinker.shrink(original)
        progress.finish()
        let minimal = shrinker.limitHit.map { "not minimal: the limit \($0) stopped the shrink" } ?? "1-minimal"
        ctx.print("  shrunk from \(original.events.count) to \(small.events.count) event line\(small.events.count == 1 ? "" : "s") in \(shrinker.attempts) attempts (\(minimal))")
        let command = "lockstep explore \(domain) --seeds \(w.seed)..\(w.seed) --steps \(options.steps)" + (options.fault.map { " --fault \($0)" } ?? "")
        var file = small.withComment([
            "Found by '\(command)':",
            "invariant \(violation.name) broke at step \(violation.step) of the walk: \(violation.message)",
            "Shrunk from \(original.events.count) to \(small.events.count) event line\(small.events.count == 1 ? "" : "s") (\(minimal)).",
        ])
        if let fault = options.fault { file = file.addingHeader("set fault \(fault)") }
        guard options.write else { return }
        do {
            try FileIO.writeAtomically(Array(file.text.utf8), to: ctx.project.root + "/" + display)
            ctx.print("  wrote \(display)")
            ctx.print("  replay: lockstep run \(display)")
        } catch {
            ctx.printError("lockstep explore: could not write \(display): \(error.description)")
        }
        db.add(FoundDatabase.Entry(seed: w.seed, invariant: violation.name, fault: options.fault))
    }

    static func parse(_ args: [String], _ ctx: CommandContext) throws(UsageError) -> Options {
        let parsed = try Arguments(args, valued: ["seeds", "steps", "fault", "time-limit", "shard", "jobs"], switches: ["keep-going", "no-write"])
        guard parsed.positional.count == 1 else { throw UsageError("expected one DOMAIN") }
        let name = parsed.positional[0]
        guard let entry = ctx.project.domain(named: name) else {
            throw UsageError("unknown domain '\(name)'" + DidYouMean.hint(for: name, among: ctx.project.domains.map(\.name)))
        }
        guard let explorer = entry.explorer else {
            let with = ctx.project.domains.filter { $0.explorer != nil }.map(\.name)
            throw UsageError("the domain \(name) has no explorer (domains with one: \(with.isEmpty ? "none" : with.joined(separator: ", ")))")
        }
        if entry.invariants.isEmpty { throw UsageError("the domain \(name) declares no invariants, so no walk can fail") }
        let seeds = try parseSeeds(parsed.value("seeds"))
        let steps = try parsed.count("steps", in: 1...maxSteps) ?? defaultSteps
        let time = try parsed.count("time-limit", in: 1...86_400) ?? defaultTimeLimitSeconds
        let jobs = try parsed.jobs()
        let fault = parsed.value("fault")
        if let fault, !entry.faults.contains(where: { $0.name == fault }) {
            throw UsageError("unknown fault '\(fault)' for domain \(name)" + DidYouMean.hint(for: fault, among: entry.faults.map(\.name))
                             + "; known: \(entry.faults.map(\.name).joined(separator: ", "))")
        }
        let shard = try parsed.value("shard").map { (t: String) throws(UsageError) -> Shard in try Shard(parsing: t) }
        return Options(domain: entry, explorer: explorer, seeds: seeds, steps: steps, fault: fault, timeLimitSeconds: time,
                       shard: shard, jobs: jobs, keepGoing: parsed.has("keep-going"), write: !parsed.has("no-write"))
    }

    /// `A..B` (inclusive), `A` alone for one seed.
    public static func parseSeeds(_ text: String?) throws(UsageError) -> ClosedRange<UInt64> {
        guard let text else { return defaultSeeds }
        let parts = text.split(separator: ".", omittingEmptySubsequences: true)
        let pieces = text.contains("..") ? parts : [Substring(text)]
        guard (1...2).contains(pieces.count), let a = UInt64(pieces[0]), let b = UInt64(pieces.count == 2 ? pieces[1] : pieces[0]) else {
            throw UsageError("--seeds '\(text)': expected A..B (e.g. 1..100) or one seed")
        }
        guard a <= b else { throw UsageError("--seeds \(text): the range is reversed (A must be at most B)") }
        guard b - a < maxSeeds else { throw UsageError("--seeds \(text): more than \(maxSeeds) seeds (the limit maxSeeds)") }
        return a...b
    }
}
