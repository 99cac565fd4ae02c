import LockstepCore
import LockstepRunner

/// The `lockstep` command line: dispatch, help, and the everyday commands.
public enum LockstepCommand {
    public struct Command {
        public var name: String
        public var usage: String
        public var help: String
        public var run: ([String], CommandContext) -> Int32
    }

    public static var commands: [Command] {
        [
            Command(name: "list", usage: "lockstep list [DOMAIN] [--json]", help: """
                Lists every domain with its event kinds and fields, settings, generators and faults.
                --json prints one JSON object per domain per line instead (keys sorted: acceptsOtherKeys,
                events, faults, fields, generators, kind, name, positional, settings, summary, type, ...).
                """, run: list),
            Command(name: "run", usage: "lockstep run SCENARIO [--json] [--fault NAME]...", help: """
                Replays one scenario and prints its trace (the golden format), or JSON Lines with --json.
                The trace streams: memory does not grow with the length of the scenario.
                --fault NAME switches on a domain's named historical bug for this run.
                """, run: runCommand),
            Command(name: "check", usage: checkUsage, help: checkHelp, run: check),
            Command(name: "record", usage: "lockstep record PATH|DOMAIN... [--filter GLOB] [--pending] | --all | --missing", help: """
                Replays scenarios and writes their goldens and artifacts atomically. Read the trace before
                you record it: a golden pins behaviour you have checked. Each scenario is reported as
                'recorded FILES: new', 'recorded FILES: changed (N lines)' or 'unchanged SCENARIO'. With no
                PATH it records nothing unless --all (every scenario) or --missing (only scenarios without a
                golden) says so. Refused when CI=true. A scenario that fails to run writes nothing.
                --pending writes pending goldens instead (as 'check --pending' does), for 'lockstep review'.
                """, run: record),
            Command(name: "diff", usage: "lockstep diff A B", help: """
                Shows the first divergence between two traces or goldens (files), or between a scenario's
                golden and a fresh run when given one .scenario path, and how many steps differ. A difference in
                the header ('header differs: - seed 1 / + seed 2') also shows the first differing step.
                Exit 0 identical, 1 different.
                """, run: diff),
            Command(name: "report", usage: ReportCommand.usage, help: ReportCommand.help, run: ReportCommand.run),
            Command(name: "review", usage: ReviewCommand.usage, help: ReviewCommand.help, run: ReviewCommand.run),
            Command(name: "prune", usage: PruneCommand.usage, help: PruneCommand.help, run: PruneCommand.run),
            Command(name: "explore", usage: ExploreCommand.usage, help: ExploreCommand.help, run: ExploreCommand.run),
            Command(name: "shrink", usage: ShrinkCommand.usage, help: ShrinkCommand.help, run: ShrinkCommand.run),
            Command(name: "expand", usage: ExpandCommand.usage, help: ExpandCommand.help, run: ExpandCommand.run),
            Command(name: "import", usage: ImportCommand.usage, help: ImportCommand.help, run: ImportCommand.run),
            Command(name: "fmt", usage: FmtCommand.usage, help: FmtCommand.help, run: FmtCommand.run),
            Command(name: "new", usage: NewCommand.usage, help: NewCommand.help, run: NewCommand.run),
            Command(name: "bisect", usage: "lockstep bisect --good REV [--bad REV] SCENARIO...", help: BisectCommand.help,
                    run: BisectCommand.run),
            Command(name: "lint", usage: "lockstep lint [DIR...]", help: LintCommand.help, run: LintCommand.run),
            Command(name: "mutate", usage: "lockstep mutate [PATH|DOMAIN...] [--filter GLOB] [--junit FILE] [--jobs N] [--explore]", help: MutateCommand.help, run: MutateCommand.run),
            Command(name: "bench", usage: "lockstep bench [SCENARIO...] [--check] [--explore] [--images] [--quick]", help: BenchCommand.help, run: BenchCommand.run),
        ]
    }

    public static var overview: String {
        var s = """
            lockstep: deterministic simulation and replay of app logic.

            usage: lockstep COMMAND [ARGS]   (lockstep help COMMAND, or lockstep COMMAND --help, for details)

            """
        for c in commands { s += "  \(c.usage)\n" }
        s += "  lockstep --version               (or lockstep version) prints 'lockstep \(version)'\n"
        s += "\nexit codes: 0 ok, 1 golden differs or missing, 2 bad input or usage, 3 output could not be written, 125 bisect: cannot build/run\n"
        return s
    }

    /// Runs the CLI with `arguments` (without the program name).
    public static func main(_ arguments: [String], _ context: CommandContext) -> Int32 {
        guard let name = arguments.first else { context.printError(overview); return ExitCode.badInput }
        if name == "--help" || name == "-h" || (name == "help" && arguments.count == 1) { context.print(overview); return ExitCode.ok }
        if name == "help" {
            // `lockstep help COMMAND` is `lockstep COMMAND --help`.
            return main([arguments[1], "--help"], context)
        }
        if name == "--version" || name == "version" {
            guard arguments.count == 1 else { context.printError("lockstep \(name): takes no arguments"); return ExitCode.badInput }
            context.print("lockstep \(version)")
            return ExitCode.ok
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            let hint = DidYouMean.hint(for: name, among: commands.map(\.name))
            context.printError("lockstep: unknown command '\(name)'\(hint)\n\n" + overview)
            return ExitCode.badInput
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            context.print("usage: \(command.usage)\n\n\(command.help)")
            return ExitCode.ok
        }
        return command.run(rest, context)
    }

    static func usage(_ context: CommandContext, _ message: String, _ name: String) -> Int32 {
        let usage = commands.first { $0.name == name }?.usage ?? ""
        context.printError("lockstep \(name): \(message)\nusage: \(usage)")
        return ExitCode.badInput
    }

    // MARK: list

    static func list(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: [], switches: ["json"]) } catch { return usage(ctx, error.description, "list") }
        var domains = ctx.project.domains
        if let only = parsed.positional.first {
            domains = domains.filter { $0.name == only }
            if domains.isEmpty {
                return usage(ctx, "unknown domain '\(only)'" + DidYouMean.hint(for: only, among: ctx.project.domains.map(\.name)), "list")
            }
        }
        if parsed.has("json") {
            for d in domains { ctx.print(String(decoding: JSONDocument.bytes(ListJSON.domain(d)), as: UTF8.self)) }
            return ExitCode.ok
        }
        for d in domains {
            ctx.print("\(d.name): \(d.summary)")
            ctx.print("  events:")
            for e in d.eventKinds {
                let pos = e.positional.map { "<\($0.name):\($0.type)>" }
                let fields = e.fields.map(listField)
                let tail = (pos + fields + (e.acceptsOtherKeys ? ["..."] : [])).joined(separator: " ")
                ctx.print("    \(e.kind) \(tail)".trimmingTrailingSpaces() + (e.summary.isEmpty ? "" : "  — \(e.summary)"))
                printFieldHelp(e.positional + e.fields, ctx)
            }
            if !d.configKeys.isEmpty {
                ctx.print("  settings:")
                for c in d.configKeys { ctx.print("    set \(c.name) <\(c.type)>  default \(c.defaultText)" + (c.summary.isEmpty ? "" : "  — \(c.summary)")) }
            }
            if !d.generators.isEmpty {
                ctx.print("  generators:")
                for g in d.generators {
                    ctx.print("    gen \(g.name) " + g.fields.map(listField).joined(separator: " ") + "  — \(g.summary)")
                    printFieldHelp(g.fields, ctx)
                }
            }
            if !d.faults.isEmpty {
                ctx.print("  faults:")
                for f in d.faults { ctx.print("    \(f.name)  — \(f.summary)") }
            }
            if !d.invariants.isEmpty {
                ctx.print("  invariants:")
                for i in d.invariants { ctx.print("    \(i.name)  — \(i.summary)") }
            }
            if d.explorer != nil { ctx.print("  explorer: yes (lockstep explore \(d.name))") }
        }
        ctx.print("runner events (every domain): zone NAME, gen NAME ARGS, include PATH")
        return ExitCode.ok
    }

    /// One line per field that has help (its declared text, which includes a declared range).
    static func printFieldHelp(_ fields: [FieldSpec], _ ctx: CommandContext) {
        for f in fields where !f.summary.isEmpty { ctx.print("        \(f.name): \(f.summary)") }
    }

    /// `name=type` for a required field, `[name=type]` or `[name=type default D]` for an optional one.
    static func listField(_ f: FieldSpec) -> String {
        if f.required { return "\(f.name)=\(f.type)" }
        return "[\(f.name)=\(f.type)" + (f.defaultText.map { " default \($0)" } ?? "") + "]"
    }

    // MARK: run

    static func runCommand(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: ["fault"], switches: ["json"]) } catch { return usage(ctx, error.description, "run") }
        guard parsed.positional.count == 1 else { return usage(ctx, "expected exactly one scenario", "run") }
        let options = RunOptions(extraFaults: parsed.values("fault"), format: parsed.has("json") ? .json : .text)
        let scenario = ctx.project.displayPath(forDisk: ctx.project.diskPath(forArgument: parsed.positional[0]))
        do {
            if let fd = ctx.streamFD {
                var output = AnyTraceOutput(FileDescriptorOutput(fd: fd))
                _ = try ctx.project.stream(scenario, options: options, output: &output)
                if let failure = (output.base as? FileDescriptorOutput)?.failure {
                    ctx.printError("lockstep run: writing the trace failed (errno \(failure)); the trace is incomplete")
                    return ExitCode.outputFailed
                }
            } else {
                ctx.out.append(contentsOf: try ctx.project.run(scenario, options: options).trace)
            }
            return ExitCode.ok
        } catch {
            ctx.printError(error.description)
            return ExitCode.badInput
        }
    }

    // MARK: diff

    static func diff(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: [], switches: []) } catch { return usage(ctx, error.description, "diff") }
        let divergence: TraceDivergence?
        do {
            switch parsed.positional.count {
            case 1 where parsed.positional[0].hasSuffix(".scenario"):
                let scenario = ctx.project.displayPath(forDisk: ctx.project.diskPath(forArgument: parsed.positional[0]))
                let golden = ctx.project.root + "/" + (try ctx.project.confinedGoldenPath(forScenario: scenario))
                do { divergence = try GoldenCheck.diff(ctx.project, scenario, golden: golden) } catch let error as ScenarioError {
                    ctx.printError(error.description)
                    return ExitCode.badInput
                }
            case 2:
                divergence = try TraceDiff.compareFiles(expected: ctx.project.diskPath(forArgument: parsed.positional[0]),
                                                        actual: ctx.project.diskPath(forArgument: parsed.positional[1]),
                                                        maxBytes: ctx.project.goldenLimits.maxGoldenBytes, limitName: "maxGoldenBytes")
            default:
                return usage(ctx, "expected two trace files, or one scenario", "diff")
            }
        } catch {
            ctx.printError("\(error)")
            return ExitCode.badInput
        }
        guard let divergence else {
            ctx.print("identical")
            return ExitCode.ok
        }
        ctx.print(divergence.description)
        return ExitCode.mismatch
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
