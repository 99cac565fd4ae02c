import LockstepCore
import LockstepRunner

/// `lockstep check`: replays scenarios against their goldens.
///
/// Scenarios replay on `--jobs` threads (default: one per processor); results are printed in the
/// selection's order whatever finishes first, so the output is the same bytes for any `--jobs`.
extension LockstepCommand {
    static let checkUsage = "lockstep check [PATH|DOMAIN...] [--filter GLOB] [--shard i/n] [--quiet] [--json] [--junit FILE] [--artifacts DIR] [--pending] [--jobs N]"

    static let checkHelp = """
        Replays scenarios (default: all of Scenarios/) and compares each trace and artifact with its
        golden byte for byte. Prints the first divergence of each failure, lists every failed scenario
        again under 'failed:', and ends with 'N passed, N failed'. Selecting no scenarios is an error
        (exit 2): checking nothing is not a pass. A missing golden is always a failure; under CI=true the
        message says it must be recorded and committed, otherwise it says how to read the trace and record it.
        When run on all scenarios, also prints a 'vocabulary:' line (the declared event kinds, settings and
        generators no scenario with a golden uses) and one 'unreferenced PATH: …' line per file under Golden/
        that belongs to no scenario (counted in the summary, not a failure; 'lockstep prune' removes them).
          PATH|DOMAIN      a scenario file or folder, or a domain name (its folder Scenarios/DOMAIN/)
          --filter GLOB    keep scenarios whose name (chalk/zoom-then-undo) or file name (zoom-then-undo)
                           matches; * ? [a-z] as in the shell, * also crosses '/'; repeat for "or"
          --shard i/n      keep shard i of n (1-based), by a hash of each path: stable when scenarios are
                           added, disjoint, and the n shards together are every scenario once
          --jobs N         replay on N threads (default: one per processor; the output is the same)
          --quiet          print only failures, the failed: list and the summary
          --json           print JSON Lines instead: one object per scenario, then {"summary":…}
          --junit FILE     also write a JUnit XML report (one test case per scenario)
          --pending        write each failure's new trace beside its golden as NAME.golden.pending (and
                           differing artifacts as PATH.pending) for 'lockstep review'; the golden is not
                           touched; a passing scenario's stale pending files are removed; allowed under CI
          --artifacts DIR  for each failure write DIR/<domain>/<name>/: report.txt, expected.golden,
                           actual.golden, expected/actual/difference images of differing PNGs and
                           each plot; and DIR/summary.txt, every verdict, for 'lockstep report DIR'
                           (also LOCKSTEP_ARTIFACTS=DIR)
        Exit 0 all passed, 1 a golden differs or is missing, 2 a scenario is invalid or the selection is empty,
        3 output could not be written.
        """

    static func check(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        let selection: ScenarioSelection
        do {
            parsed = try Arguments(args, valued: ScenarioSelection.valuedOptions.union(["junit", "artifacts", "jobs"]),
                                   switches: ["quiet", "json", "pending"])
            selection = try ScenarioSelection(parsed)
        } catch { return usage(ctx, error.description, "check") }
        let jobs: Int
        do { jobs = try parsed.jobs() } catch { return usage(ctx, error.description, "check") }
        let listing: Project.ScenarioListing
        do { listing = try selection.listing(ctx.project) } catch {
            ctx.printError("lockstep check: \(error.description)")
            return ExitCode.badInput
        }
        guard !listing.scenarios.isEmpty || !listing.problems.isEmpty else {
            // Checking nothing is not a pass.
            ctx.printError("lockstep check: no scenarios under \(selection.describe)")
            return ExitCode.badInput
        }
        let artifactsDirectory = (parsed.value("artifacts") ?? ctx.environment[FailureArtifacts.environmentKey])
            .flatMap { $0.isEmpty ? nil : $0 }
            .map { $0.hasPrefix("/") ? $0 : FileIO.currentDirectory() + "/" + $0 }
        let quiet = parsed.has("quiet"), json = parsed.has("json"), pending = parsed.has("pending")

        if (!selection.filters.isEmpty || selection.shard != nil) && !json && !quiet {
            let total = (try? ScenarioSelection(arguments: []).listing(ctx.project).scenarios.count) ?? 0
            ctx.print("selected \(listing.scenarios.count + listing.problems.count) of \(total) scenarios (\(selection.describe))")
        }
        let problems = listing.problems, scenarios = listing.scenarios
        let project = ctx.project, ci = ctx.isCI
        var results: [CheckResult] = []
        let progress = ProgressLine(ctx, label: "check", total: problems.count + scenarios.count)
        OrderedParallel.run(count: problems.count + scenarios.count, jobs: jobs, work: { i in
            var result = i < problems.count ? CheckResult.problem(problems[i])
                                            : CheckResult.evaluate(project, scenarios[i - problems.count], ci: ci, pending: pending)
            if let artifactsDirectory, result.status != .passed, i >= problems.count {
                switch FailureArtifacts.write(project, scenario: result.scenario, report: result.report, into: artifactsDirectory) {
                case .success(let folder): result.artifacts = folder
                case .failure(let failure): result.artifacts = "not written: \(failure.description)"
                }
            }
            return result
        }, deliver: { _, result in
            progress.finish()
            results.append(result)
            if json {
                ctx.print(String(decoding: JSONDocument.bytes(result.json, keyOrder: .sortedByUTF8), as: UTF8.self))
            } else {
                if result.status != .passed || !quiet { ctx.print(styled(result, ctx.style)) }
                for note in result.notes { ctx.print(note) }
            }
            progress.update(done: results.count, current: result.scenario)
        })
        progress.finish()

        if let artifactsDirectory {
            // Every verdict, for `lockstep report DIR`; the failures' folders are already written.
            do {
                try FileIO.makeDirectories(artifactsDirectory)
                try FileIO.writeAtomically(Array(ArtifactsSummary(results).text.utf8), to: artifactsDirectory + "/" + ArtifactsSummary.fileName)
            } catch {
                ctx.printError("lockstep check: could not write the artifacts summary: \(error.description)")
                return ExitCode.outputFailed
            }
        }
        let failures = results.filter { $0.status != .passed }
        let passed = results.count - failures.count
        let invalid = results.filter { $0.status == .error }.count
        for stale in GoldenCheck.staleTemporaryFiles(ctx.project, remove: false) {
            let line = "stale \(stale.path): a temporary file left by an interrupted 'lockstep record'; \(stale.note)"
            if json { ctx.printError(line) } else { ctx.print(line) }
        }
        if let path = parsed.value("junit") {
            let report = JUnitReport(name: "lockstep check", classPrefix: "lockstep.check", cases: results.map(\.junitCase))
            let disk = path.hasPrefix("/") ? path : FileIO.currentDirectory() + "/" + path
            do { try FileIO.writeAtomically(Array(report.xml.utf8), to: disk) } catch {
                ctx.printError("lockstep check: could not write the JUnit report: \(error.description)")
                return ExitCode.outputFailed
            }
        }
        // Files under Golden/ that no scenario owns: a warning, counted in the summary (prune removes them).
        let unreferenced = selection.isEverything ? GoldenInventory.unreferenced(ctx.project) : []
        if !json && !quiet { for file in unreferenced { ctx.print(file.description) } }
        if json {
            let summary: JSONValue = .object([("summary", .object([
                ("passed", .integer(passed)), ("failed", .integer(failures.count)), ("errors", .integer(invalid)),
                ("unreferenced", .array(unreferenced.map { .string($0.path) })),
            ]))])
            ctx.print(String(decoding: JSONDocument.bytes(summary, keyOrder: .sortedByUTF8), as: UTF8.self))
        } else {
            if selection.isEverything && !quiet { ctx.print(VocabularyCoverage.measure(ctx.project).summaryLine) }
            // Every failure again at the end, so the reader of a long log finds them without scrolling.
            if !failures.isEmpty {
                ctx.print("failed:")
                for f in failures { ctx.print("  \(f.scenario)") }
            }
            let summary = "\(passed) passed, \(failures.count) failed"
                + (unreferenced.isEmpty ? "" : ", \(unreferenced.count) unreferenced (lockstep prune removes them)")
            ctx.print(failures.isEmpty ? summary : ctx.style.failure(summary))
        }
        if invalid > 0 { return ExitCode.badInput }
        return failures.isEmpty ? ExitCode.ok : ExitCode.mismatch
    }

    /// A result as printed: the label coloured, a diff's `-`/`+` lines coloured, where the style allows.
    static func styled(_ result: CheckResult, _ style: TerminalStyle) -> String {
        let label = result.label.padded(to: 5)
        let heading = (result.status == .passed ? style.success(label) : style.failure(label)) + " " + result.scenario
        var text = result.detail.isEmpty ? heading : heading + "\n" + style.diffBlock(result.detail)
        if let artifacts = result.artifacts { text += "\n  artifacts: \(artifacts)" }
        return text
    }
}
