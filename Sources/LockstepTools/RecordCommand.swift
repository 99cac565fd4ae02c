import LockstepCore
import LockstepRunner

/// `lockstep record`: writes goldens, saying what each one was (new, changed, unchanged).
extension LockstepCommand {
    // MARK: record

    static func record(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        let selection: ScenarioSelection
        do {
            parsed = try Arguments(args, valued: ScenarioSelection.valuedOptions, switches: ["missing", "all", "pending"])
            selection = try ScenarioSelection(parsed)
        } catch { return usage(ctx, error.description, "record") }
        guard !ctx.isCI else {
            ctx.printError("lockstep record: refused because CI=true; goldens are recorded by a person who has read the trace")
            return ExitCode.badInput
        }
        // Re-recording everything is a decision, not a default: say --all (or name what to record).
        guard !selection.isEverything || parsed.has("all") || parsed.has("missing") else {
            return usage(ctx, "name the scenarios or folders to record, or say --all to re-record every scenario (read each trace first: 'lockstep run')", "record")
        }
        let listing: Project.ScenarioListing
        do { listing = try selection.listing(ctx.project) } catch {
            ctx.printError(error.description)
            return ExitCode.badInput
        }
        guard !listing.scenarios.isEmpty || !listing.problems.isEmpty else {
            ctx.printError("lockstep record: no scenarios under \(selection.describe)")
            return ExitCode.badInput
        }
        if parsed.has("pending") { return PendingReport.record(ctx, listing) }
        var recorded = 0, unchanged = 0, kept = 0, errors = 0, created = 0
        for stale in GoldenCheck.staleTemporaryFiles(ctx.project, remove: true) {
            ctx.print("stale \(stale.path): a temporary file left by an interrupted 'lockstep record'; \(stale.note)")
        }
        for problem in listing.problems {
            errors += 1
            ctx.printError(problem.description)
        }
        for scenario in listing.scenarios {
            // --missing keeps a golden that is a regular file. A folder, FIFO or socket where the
            // golden belongs is not a golden: `record` reports it below instead of skipping it.
            let golden = ctx.project.root + "/" + ctx.project.goldenPath(forScenario: scenario)
            if parsed.has("missing") && FileIO.exists(golden) && FileIO.notRegularFile(golden) == nil {
                kept += 1
                continue
            }
            // The golden before, to say whether this is a new golden or how much a changed one moved.
            let before = FileIO.notRegularFile(golden) == nil
                ? try? FileIO.read(golden, maxBytes: ctx.project.goldenLimits.maxGoldenBytes) : nil
            do {
                switch try GoldenCheck.record(ctx.project, scenario) {
                case .unchanged:
                    unchanged += 1
                    ctx.print("unchanged \(scenario)")
                case .recorded(let written):
                    recorded += 1
                    let after = try? FileIO.read(golden, maxBytes: ctx.project.goldenLimits.maxGoldenBytes)
                    let what: String
                    if let before, let after {
                        let lines = GoldenChange.differingLines(before, after)
                        what = lines == 0 ? "changed (artifacts only)" : "changed (\(lines) line\(lines == 1 ? "" : "s"))"
                    } else {
                        created += 1
                        what = "new"
                    }
                    ctx.print("recorded \(written.joined(separator: ", ")): \(what)")
                }
            } catch let error as ScenarioError {
                errors += 1
                ctx.printError(error.description)
            } catch {
                errors += 1
                ctx.printError("\(error)")
            }
        }
        let keptText = parsed.has("missing") ? "\(kept) kept (a golden exists), " : ""
        ctx.print("\(recorded) recorded (\(created) new), \(unchanged) unchanged, \(keptText)\(errors) errors")
        return errors == 0 ? ExitCode.ok : ExitCode.badInput
    }
}

/// How much a re-recorded golden moved, for `record`'s report.
enum GoldenChange {
    /// Lines that differ position by position, plus the difference in line count: a measure the
    /// reader can compare with `git diff --stat`, not an edit distance.
    static func differingLines(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let x = a.split(separator: 10, omittingEmptySubsequences: false), y = b.split(separator: 10, omittingEmptySubsequences: false)
        var n = abs(x.count - y.count)
        for i in 0..<min(x.count, y.count) where !x[i].elementsEqual(y[i]) { n += 1 }
        return n
    }
}
