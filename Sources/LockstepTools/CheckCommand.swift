import LockstepCore
import LockstepRunner

/// `lockstep check`: replays scenarios against their goldens.
extension LockstepCommand {
    // MARK: check

    static func check(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: [], switches: ["pending"]) } catch { return usage(ctx, error.description, "check") }
        let listing: Project.ScenarioListing
        do { listing = try ctx.project.scenarioListing(matching: parsed.positional) } catch {
            ctx.printError(error.description)
            return ExitCode.badInput
        }
        guard !listing.scenarios.isEmpty || !listing.problems.isEmpty else {
            // Checking nothing is not a pass.
            ctx.printError("lockstep check: no scenarios under \(parsed.positional.isEmpty ? "Scenarios/" : parsed.positional.joined(separator: ", "))")
            return ExitCode.badInput
        }
        var passed = 0, failed = 0, invalid = 0
        var failures: [String] = []
        for problem in listing.problems {
            invalid += 1
            failed += 1
            failures.append(problem.path)
            ctx.print("ERROR \(problem.path)\n  \(problem.message)")
        }
        for scenario in listing.scenarios {
            let before = failed
            defer { if failed > before { failures.append(scenario) } }
            let outcome = GoldenCheck.check(ctx.project, scenario)
            defer { if parsed.has("pending") { PendingReport.afterCheck(ctx, scenario, outcome) } }
            switch outcome {
            case .passed:
                passed += 1
                ctx.print("ok    \(scenario)")
            case .differs(let divergence):
                failed += 1
                ctx.print("FAIL  \(scenario)\n\(divergence)", )
            case .artifactDiffers(let name, let reason):
                failed += 1
                ctx.print("FAIL  \(scenario)\n  artifact \(name): \(reason)")
            case .unusableGolden(let path, let reason):
                failed += 1
                ctx.print("FAIL  \(scenario)\n  cannot use the golden \(path): \(reason)")
            case .missingGolden(let path):
                if ctx.isCI {
                    failed += 1
                    ctx.print("FAIL  \(scenario)\n  missing golden \(path) (CI=true: goldens must be recorded and committed)")
                } else {
                    failed += 1
                    ctx.print("MISSING \(scenario)\n  no golden at \(path); read the trace with 'lockstep run \(scenario)', then 'lockstep record \(scenario)'")
                }
            case .invalid(let error):
                invalid += 1
                failed += 1
                ctx.print("ERROR \(scenario)\n  \(error)")
            }
        }
        for stale in GoldenCheck.staleTemporaryFiles(ctx.project, remove: false) {
            ctx.print("stale \(stale.path): a temporary file left by an interrupted 'lockstep record'; \(stale.note)")
        }
        let unreferenced = parsed.positional.isEmpty ? PendingReport.unreferenced(ctx) : ""
        if parsed.positional.isEmpty { ctx.print(VocabularyCoverage.measure(ctx.project).summaryLine) }
        // Every failure again at the end, so the reader of a long log finds them without scrolling.
        if !failures.isEmpty {
            ctx.print("failed:")
            for f in failures { ctx.print("  \(f)") }
        }
        ctx.print("\(passed) passed, \(failed) failed\(unreferenced)")
        if invalid > 0 { return ExitCode.badInput }
        return failed == 0 ? ExitCode.ok : ExitCode.mismatch
    }
}
