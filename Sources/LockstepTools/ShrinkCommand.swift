import LockstepCore
import LockstepRunner

/// `lockstep shrink SCENARIO`: the smallest scenario that still fails the same way.
public enum ShrinkCommand {
    public static let usage = "lockstep shrink SCENARIO [--invariant NAME | --fault NAME | --golden [--against REV | --reference PROGRAM]] [--max-attempts N] [--time-limit S] [--out PATH]"
    public static let help = """
        Shrinks a failing scenario: first the shortest failing prefix of its event lines, then delta
        debugging (ddmin) until no single line can go, then simpler values (each number tried as 0, half,
        whole), keeping only candidates that fail the same way:
          (default)         the invariant the scenario breaks first
          --invariant NAME  this invariant (it must be the first one the scenario breaks)
          --fault NAME      the run with this fault on differs from the run without, first in a record of
                            the same name as in the original (for bugs no invariant states)
          --golden          the run differs from the build that recorded the golden, first in a record of
                            the same name as the scenario's first divergence from its golden. That build
                            is REV (--against; default the last commit that changed the golden), built
                            in a temporary git worktree with LOCKSTEP_BUILD_COMMAND (default 'swift build
                            -c release --product lockstep'), or an executable you name (--reference).
                            Each candidate is written beside the scenario as NAME.shrinking-<pid>.tmp
                            (removed at the end) and replayed by both builds.
        Headers, settings and faults set in the header are kept, and a trailing 'until'. When 'gen' or
        'include' lines remain after ddmin, the scenario is written out flat ('lockstep expand') and
        shrunk again event by event. Writes NAME.min.scenario beside the scenario (or --out PATH) and prints the event
        lines before and after. Bounded by --max-attempts (default \(Shrinker.defaultMaxAttempts)) and
        --time-limit S (default \(Shrinker.defaultTimeLimitSeconds)); when one stops it, the smallest failing
        scenario found is still written, and the report says it is not minimal. Exit 0 written, 2 usage,
        or a scenario that does not fail that way to begin with.
        """

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: ["invariant", "fault", "max-attempts", "time-limit", "out", "against", "reference"], switches: ["golden"]) } catch {
            return LockstepCommand.usage(ctx, error.description, "shrink")
        }
        guard parsed.positional.count == 1 else { return LockstepCommand.usage(ctx, "expected one SCENARIO", "shrink") }
        let ways = ["invariant", "fault", "golden"].filter { parsed.has($0) }
        if ways.count > 1 { return LockstepCommand.usage(ctx, "say one of --invariant, --fault and --golden, not \(ways.map { "--" + $0 }.joined(separator: " and "))", "shrink") }
        if (parsed.has("against") || parsed.has("reference")) && !parsed.has("golden") {
            return LockstepCommand.usage(ctx, "--against and --reference go with --golden", "shrink")
        }
        if parsed.has("against") && parsed.has("reference") { return LockstepCommand.usage(ctx, "say --against REV or --reference PROGRAM, not both", "shrink") }
        let attempts: Int, seconds: Int
        do {
            attempts = try parsed.count("max-attempts", in: 1...1_000_000) ?? Shrinker.defaultMaxAttempts
            seconds = try parsed.count("time-limit", in: 1...86_400) ?? Shrinker.defaultTimeLimitSeconds
        } catch { return LockstepCommand.usage(ctx, error.description, "shrink") }
        let disk = ctx.project.diskPath(forArgument: parsed.positional[0])
        let display = ctx.project.displayPath(forDisk: disk)
        let bytes: [UInt8]
        do { bytes = try FileIO.read(disk, maxBytes: ctx.project.limits.maxFileBytes, limitName: "maxFileBytes") } catch {
            ctx.printError("lockstep shrink: \(error.description)")
            return ExitCode.badInput
        }
        let original = ScenarioText(String(decoding: bytes, as: UTF8.self))
        let project = ctx.project

        // What the original does: it must run, and fail the way asked.
        let header: ScenarioHeader
        let first: RunResult
        do {
            first = try project.run(display, bytes: bytes)
            header = first.header
        } catch {
            ctx.printError(error.description)
            return ExitCode.badInput
        }
        guard let entry = project.domain(named: header.domain) else { return ExitCode.badInput }
        var target: FailureTarget
        var reference: GoldenReference?
        var referenceWorktree: String?
        defer {
            if let reference { FileIO.remove(reference.candidateDisk) }
            if let referenceWorktree { GoldenReference.remove(worktree: referenceWorktree, repository: project.root) }
        }
        if parsed.has("golden") {
            // The scenario must differ from its golden now; that difference is what candidates keep.
            let goldenShown: String
            do { goldenShown = try project.confinedGoldenPath(forScenario: display) } catch {
                ctx.printError("lockstep shrink: \(error.description)")
                return ExitCode.badInput
            }
            let goldenDisk = project.root + "/" + goldenShown
            guard let golden = try? FileIO.read(goldenDisk, maxBytes: project.goldenLimits.maxGoldenBytes, limitName: "maxGoldenBytes") else {
                ctx.printError("lockstep shrink: \(display) has no golden (\(goldenShown)) to shrink against")
                return ExitCode.badInput
            }
            guard let signature = FailureTarget.firstDifference(golden, first.trace) else {
                ctx.printError("lockstep shrink: \(display) replays exactly as its golden says; nothing to shrink")
                return ExitCode.badInput
            }
            let program: String
            if let given = parsed.value("reference") {
                program = ctx.project.diskPath(forArgument: given)
            } else {
                let revision: String
                if let given = parsed.value("against") {
                    revision = given
                } else {
                    switch GoldenReference.lastCommit(touching: goldenDisk, repository: project.root) {
                    case .success(let commit): revision = commit
                    case .failure(let problem):
                        ctx.printError("lockstep shrink: \(problem)")
                        return ExitCode.badInput
                    }
                }
                ctx.printError("lockstep shrink: building \(revision.prefix(12)), the golden's build, in a temporary worktree…")
                let command = ctx.environment["LOCKSTEP_BUILD_COMMAND"] ?? BisectProbe.defaultBuildCommand
                switch GoldenReference.build(revision: revision, repository: project.root, temporary: "/tmp", buildCommand: command) {
                case .success(let built):
                    referenceWorktree = built.worktree
                    program = built.program
                case .failure(let problem):
                    ctx.printError("lockstep shrink: \(problem)")
                    return ExitCode.badInput
                }
            }
            let stem = disk.hasSuffix(".scenario") ? String(disk.dropLast(".scenario".count)) : disk
            let chosen = GoldenReference(program: program, root: project.root, candidateDisk: GoldenReference.candidatePath(stem: stem))
            // The reference must replay the scenario as its golden says, or it is not the golden's build.
            switch chosen.trace(ofScenarioAt: disk) {
            case .failure(let problem):
                ctx.printError("lockstep shrink: the reference cannot replay \(display): \(problem)")
                return ExitCode.badInput
            case .success(let theirs) where theirs != golden:
                let at = FailureTarget.firstDifference(golden, theirs) ?? "?"
                ctx.printError("lockstep shrink: the reference (\(program)) replays \(display) differently from its golden (first in '\(at)'), so it is not the build the golden was recorded with")
                return ExitCode.badInput
            case .success:
                break
            }
            reference = chosen
            target = .golden(signature: signature)
        } else if let fault = parsed.value("fault") {
            guard entry.faults.contains(where: { $0.name == fault }) else {
                return LockstepCommand.usage(ctx, "unknown fault '\(fault)' for domain \(entry.name)" + DidYouMean.hint(for: fault, among: entry.faults.map(\.name)), "shrink")
            }
            target = .fault(fault, signature: nil)
        } else if let name = parsed.value("invariant") {
            guard entry.invariants.contains(where: { $0.name == name }) else {
                return LockstepCommand.usage(ctx, "unknown invariant '\(name)' for domain \(entry.name)"
                                             + DidYouMean.hint(for: name, among: entry.invariants.map(\.name))
                                             + "; known: \(entry.invariants.map(\.name).joined(separator: ", ").ifEmpty("none"))", "shrink")
            }
            target = .invariant(name)
        } else {
            guard let broken = first.summary.firstViolation else {
                ctx.printError("lockstep shrink: \(display) breaks no invariant, so there is nothing to shrink toward; say --fault NAME to shrink to what a fault changes, or --golden to what differs from its golden")
                return ExitCode.badInput
            }
            target = .invariant(broken.name)
        }
        if case .golden = target {} else {
            guard let signature = FailureTarget.observe(project, display: display, original, target: target, faults: []) else {
                ctx.printError("lockstep shrink: \(display) does not fail that way to begin with (it should \(target)); nothing to shrink")
                return ExitCode.badInput
            }
            if case .fault(let fault, _) = target { target = .fault(fault, signature: signature) }
        }

        let progress = ProgressLine(ctx, label: "shrink", total: 0)
        let goal = target
        let judge = reference
        var shrinker = Shrinker(maxAttempts: attempts, timeLimitSeconds: seconds,
                                progress: { n, lines in progress.update(done: n, current: "attempts, \(lines) event lines") },
                                expand: { text in try? project.flattened(display, text: text) }) { candidate in
            FailureTarget.fails(project, display: display, candidate, target: goal, faults: [], reference: judge)
        }
        let small = shrinker.shrink(original)
        progress.finish()
        let minimal = shrinker.limitHit.map { "NOT minimal: the limit \($0) stopped the shrink; this is the smallest failing scenario found" }
            ?? "1-minimal: no single event line can be removed"
        let out = parsed.value("out").map { ctx.project.diskPath(forArgument: $0) }
            ?? (disk.hasSuffix(".scenario") ? String(disk.dropLast(".scenario".count)) : disk) + ".min.scenario"
        let flat = shrinker.expanded.map { "written out flat after ddmin (\($0.lines) line\($0.lines == 1 ? "" : "s") with gen or include became \($0.into) event lines), then shrunk again" }
        let file = small.withComment([
            "Shrunk by 'lockstep shrink \(display)' (it \(target)):",
            "\(original.events.count) event lines became \(small.events.count) in \(shrinker.attempts) attempts; \(minimal).",
        ] + (flat.map { [$0] } ?? []) + original.header.filter { $0.hasPrefix("#") }.map { String($0.dropFirst()).trimmingLeadingSpace() })
        do { try FileIO.writeAtomically(Array(file.text.utf8), to: out) } catch {
            ctx.printError("lockstep shrink: \(error.description)")
            return ExitCode.outputFailed
        }
        ctx.print("\(display): \(original.events.count) → \(small.events.count) event line\(small.events.count == 1 ? "" : "s") in \(shrinker.attempts) attempts; it still \(target)")
        if let flat { ctx.print(flat) }
        ctx.print(minimal)
        ctx.print("wrote \(ctx.project.displayPath(forDisk: out))")
        return ExitCode.ok
    }
}

extension String {
    func ifEmpty(_ other: String) -> String { isEmpty ? other : self }
    func trimmingLeadingSpace() -> String { String(drop { $0 == " " }) }
}
