import LockstepCore
import LockstepRunner

/// `lockstep shrink SCENARIO`: the smallest scenario that still fails the same way.
public enum ShrinkCommand {
    public static let usage = "lockstep shrink SCENARIO [--invariant NAME | --fault NAME] [--max-attempts N] [--time-limit S] [--out PATH]"
    public static let help = """
        Shrinks a failing scenario: first the shortest failing prefix of its event lines, then delta
        debugging (ddmin) until no single line can go, then simpler values (each number tried as 0, half,
        whole), keeping only candidates that fail the same way:
          (default)         the invariant the scenario breaks first
          --invariant NAME  this invariant (it must be the first one the scenario breaks)
          --fault NAME      the run with this fault on differs from the run without, first in a record of
                            the same name as in the original (for bugs no invariant states)
        Headers, settings and faults set in the header are kept; 'gen' and 'include' lines are kept or
        removed whole. Writes NAME.min.scenario beside the scenario (or --out PATH) and prints the event
        lines before and after. Bounded by --max-attempts (default \(Shrinker.defaultMaxAttempts)) and
        --time-limit S (default \(Shrinker.defaultTimeLimitSeconds)); when one stops it, the smallest failing
        scenario found is still written, and the report says it is not minimal. Exit 0 written, 2 usage,
        or a scenario that does not fail that way to begin with.
        """

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: ["invariant", "fault", "max-attempts", "time-limit", "out"], switches: []) } catch {
            return LockstepCommand.usage(ctx, error.description, "shrink")
        }
        guard parsed.positional.count == 1 else { return LockstepCommand.usage(ctx, "expected one SCENARIO", "shrink") }
        if parsed.has("invariant") && parsed.has("fault") { return LockstepCommand.usage(ctx, "say --invariant or --fault, not both", "shrink") }
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
        if let fault = parsed.value("fault") {
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
                ctx.printError("lockstep shrink: \(display) breaks no invariant, so there is nothing to shrink toward; say --fault NAME to shrink to what a fault changes")
                return ExitCode.badInput
            }
            target = .invariant(broken.name)
        }
        guard let signature = FailureTarget.observe(project, display: display, original, target: target, faults: []) else {
            ctx.printError("lockstep shrink: \(display) does not fail that way to begin with (it should \(target)); nothing to shrink")
            return ExitCode.badInput
        }
        if case .fault(let fault, _) = target { target = .fault(fault, signature: signature) }

        let progress = ProgressLine(ctx, label: "shrink", total: 0)
        let goal = target
        var shrinker = Shrinker(maxAttempts: attempts, timeLimitSeconds: seconds,
                                progress: { n, lines in progress.update(done: n, current: "attempts, \(lines) event lines") }) { candidate in
            FailureTarget.fails(project, display: display, candidate, target: goal, faults: [])
        }
        let small = shrinker.shrink(original)
        progress.finish()
        let minimal = shrinker.limitHit.map { "NOT minimal: the limit \($0) stopped the shrink; this is the smallest failing scenario found" }
            ?? "1-minimal: no single event line can be removed"
        let out = parsed.value("out").map { ctx.project.diskPath(forArgument: $0) }
            ?? (disk.hasSuffix(".scenario") ? String(disk.dropLast(".scenario".count)) : disk) + ".min.scenario"
        let file = small.withComment([
            "Shrunk by 'lockstep shrink \(display)' (it \(target)):",
            "\(original.events.count) event lines became \(small.events.count) in \(shrinker.attempts) attempts; \(minimal).",
        ] + original.header.filter { $0.hasPrefix("#") }.map { String($0.dropFirst()).trimmingLeadingSpace() })
        do { try FileIO.writeAtomically(Array(file.text.utf8), to: out) } catch {
            ctx.printError("lockstep shrink: \(error.description)")
            return ExitCode.outputFailed
        }
        ctx.print("\(display): \(original.events.count) → \(small.events.count) event line\(small.events.count == 1 ? "" : "s") in \(shrinker.attempts) attempts; it still \(target)")
        ctx.print(minimal)
        ctx.print("wrote \(ctx.project.displayPath(forDisk: out))")
        return ExitCode.ok
    }
}

extension String {
    func ifEmpty(_ other: String) -> String { isEmpty ? other : self }
    func trimmingLeadingSpace() -> String { String(drop { $0 == " " }) }
}
