import LockstepCore
import LockstepRunner

/// `lockstep mutate [PATH...]`: do the goldens notice each domain's known bugs?
public enum MutateCommand {
    public static let help = """
        For each domain with scenarios under PATH (default: all of Scenarios/), switches on each of its
        declared faults in turn and replays every scenario of that domain with a golden, comparing the
        trace with the golden. Prints a matrix (rows: faults, columns: scenarios) and, per fault, the
        first scenario that catches it and its first divergent step.
          caught  the trace or an artifact differs from the golden
          error   the scenario fails to run under the fault (counts as caught; the reason is shown)
          pinned  the scenario sets the fault itself ('set fault X'): its golden pins the faulty
                  behaviour on purpose, so it is not a catcher for that fault
          .       identical to the golden: this scenario does not notice the fault
        Scenarios without a golden, or whose golden already differs without a fault, are reported and
        left out. The matrix fits 100 columns: with scenario names as columns when they fit, otherwise
        numbered one-character columns under a legend, otherwise one line per fault listing its catchers.
          PATH|DOMAIN, --filter GLOB, --shard i/n   select scenarios as 'check' does
          --jobs N        replay on N threads (default: one per processor; the report is the same)
          --junit FILE    also write a JUnit XML report: one test case per fault, failed when uncaught
          --explore       then explore each fault (--explore-seeds A..B, default 1..50; --explore-steps N,
                          default 200): the first seed whose walk breaks an invariant with the fault on and
                          none with it off, beside the goldens' verdict. A fault exploration does not find
                          is reported, not a failure; a walk that breaks an invariant without the fault, or
                          does not parse, is an error (exit 2)
        Exit 0 every fault caught, 1 a fault no golden catches, 2 usage error.
        """

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        let selection: ScenarioSelection
        do {
            parsed = try Arguments(args, valued: ScenarioSelection.valuedOptions.union(["junit", "jobs", "explore-seeds", "explore-steps"]),
                                   switches: ["explore"])
            selection = try ScenarioSelection(parsed)
        } catch {
            return LockstepCommand.usage(ctx, error.description, "mutate")
        }
        let jobs: Int
        do { jobs = try parsed.jobs() } catch { return LockstepCommand.usage(ctx, error.description, "mutate") }
        let scenarios: [String]
        do throws(FileIO.Failure) {
            let listing = try selection.listing(ctx.project)
            if let problem = listing.problems.first { throw problem }
            scenarios = listing.scenarios
        } catch {
            return LockstepCommand.usage(ctx, error.description, "mutate")
        }
        guard !scenarios.isEmpty else {
            ctx.printError("lockstep mutate: no scenarios under \(selection.describe)")
            return ExitCode.badInput
        }
        let progress = ProgressLine(ctx, label: "mutate", total: 0)
        let report = MutateMatrix.run(ctx.project, scenarios: scenarios, jobs: jobs) { done, total, current in
            progress.update(done: done, of: total, current: current)
        }
        progress.finish()
        for text in render(report) { ctx.print(text) }
        var exploreProblems = 0
        if parsed.has("explore") {
            let seeds: ClosedRange<UInt64>
            let steps: Int
            do {
                seeds = try ExploreCommand.parseSeeds(parsed.value("explore-seeds") ?? "1..50")
                steps = try parsed.count("explore-steps", in: 1...ExploreCommand.maxSteps) ?? ExploreCommand.defaultSteps
            } catch { return LockstepCommand.usage(ctx, error.description, "mutate") }
            ctx.print("")
            ctx.print("exploration (seeds \(seeds.lowerBound)..\(seeds.upperBound), \(steps) event lines each; found: a walk breaks an invariant with the fault on, and not without):")
            for entry in ctx.project.domains where report.domains.contains(where: { $0.domain == entry.name }) && !entry.faults.isEmpty {
                let findings = MutateExplore.explore(ctx.project, entry, seeds: seeds, steps: steps, jobs: jobs) { done, total, current in
                    progress.update(done: done, of: total, current: current)
                }
                progress.finish()
                exploreProblems += findings.filter { $0.problem != nil }.count
                for line in MutateExplore.render(entry, findings, goldens: report.domains.first { $0.domain == entry.name },
                                                 seeds: seeds, steps: steps) { ctx.print(line) }
            }
        }
        if let path = parsed.value("junit") {
            let disk = path.hasPrefix("/") ? path : FileIO.currentDirectory() + "/" + path
            do { try FileIO.writeAtomically(Array(junit(report).xml.utf8), to: disk) } catch {
                ctx.printError("lockstep mutate: could not write the JUnit report: \(error.description)")
                return ExitCode.outputFailed
            }
        }
        if exploreProblems > 0 { return ExitCode.badInput }
        return report.uncaught.isEmpty ? ExitCode.ok : ExitCode.mismatch
    }

    /// One test case per fault: passed when some golden catches it, a failure naming the hole when none does.
    public static func junit(_ report: MutateMatrix.Report) -> JUnitReport {
        var cases: [JUnitReport.TestCase] = []
        for domain in report.domains {
            for row in domain.rows {
                let verdict: JUnitReport.Verdict
                if row.isCaught {
                    verdict = .passed
                } else {
                    let message = "no golden of \(domain.domain) changes when \(row.fault) is on (\(row.summary))"
                    verdict = .failure(type: "UNCAUGHT", message: message,
                                       text: message + "; add a scenario that exercises it and record its golden")
                }
                cases.append(JUnitReport.TestCase(suite: domain.domain, name: row.fault, verdict: verdict))
            }
        }
        return JUnitReport(name: "lockstep mutate", classPrefix: "lockstep.mutate", cases: cases)
    }

    /// The report as printed lines.
    public static func render(_ report: MutateMatrix.Report) -> [String] {
        var lines: [String] = []
        for skipped in report.unassigned { lines.append("skipped \(skipped.scenario): \(skipped.reason)") }
        var faultCount = 0
        for domain in report.domains {
            if !lines.isEmpty { lines.append("") }
            lines += render(domain)
            faultCount += domain.rows.count
        }
        let uncaught = report.uncaught
        if !lines.isEmpty { lines.append("") }
        for (domain, row) in uncaught {
            lines.append("UNCAUGHT \(domain) fault \(row.fault) (\(row.summary)): no golden of \(domain) changes when it is on; "
                         + "add a scenario that exercises it and record its golden")
        }
        lines.append("\(count(faultCount, "fault")): \(faultCount - uncaught.count) caught, \(uncaught.count) uncaught")
        return lines
    }

    static func render(_ domain: MutateMatrix.DomainReport) -> [String] {
        var lines: [String] = []
        let names = domain.scenarios.map { MutateMatrix.shortName($0, domain: domain.domain) }
        lines.append("\(domain.domain): \(count(domain.rows.count, "fault")) × \(count(domain.scenarios.count, "scenario")) with goldens")
        if domain.rows.isEmpty {
            lines.append("  no faults declared; nothing to mutate")
        } else if !domain.scenarios.isEmpty {
            lines += matrix(domain, names)
        }
        for r in domain.rows {
            if let first = r.firstCatch {
                let how = first.verdict == .error ? "fails to run" : "caught"
                lines.append("  \(r.fault): \(how) first by \(MutateMatrix.shortName(first.scenario, domain: domain.domain))")
                for d in first.detail { lines.append("    " + d) }
            } else {
                lines.append("  \(r.fault): UNCAUGHT by every golden of \(domain.domain)")
            }
            for c in r.cells where c.verdict == .error && c.scenario != r.firstCatch?.scenario {
                lines.append("    also fails to run in \(MutateMatrix.shortName(c.scenario, domain: domain.domain)): \(c.detail.first ?? "")")
            }
            for c in r.cells where c.verdict == .pinned {
                // Short, to fit 100 columns: `--help` explains what pinned means.
                lines.append("    pinned: \(MutateMatrix.shortName(c.scenario, domain: domain.domain)) sets 'fault \(r.fault)' itself, so it is not a catcher")
            }
        }
        for s in domain.skipped { lines.append("  skipped \(s.scenario): \(s.reason)") }
        return lines
    }

    /// The widest line the matrix may print: a terminal or CI log of 100 columns shows it unwrapped.
    public static let maxColumns = 100

    /// The matrix in the first form that fits `maxColumns`: scenario names as columns; numbered
    /// one-character columns under a legend; or, for a domain with very many scenarios, one line per
    /// fault listing the numbers of the scenarios that catch it.
    static func matrix(_ domain: MutateMatrix.DomainReport, _ names: [String]) -> [String] {
        let faultWidth = max("fault".count, domain.rows.map(\.fault.count).max() ?? 0)
        let widths = names.map { max($0.count, MutateMatrix.Verdict.caught.rawValue.count) }
        func row(_ first: String, _ cells: [String]) -> String {
            var s = "  " + pad(first, faultWidth)
            for (i, c) in cells.enumerated() { s += "  " + pad(c, widths[i]) }
            return s.trimmingTrailingSpaces()
        }
        let wide = [row("fault", names)] + domain.rows.map { row($0.fault, $0.cells.map(symbol)) }
        if wide.allSatisfy({ $0.count <= maxColumns }) { return wide }

        // Numbered columns: the legend first, wrapped; then the column numbers as digits stacked
        // vertically (tens over units) so every column is one character wide.
        var lines: [String] = []
        var legend = "  columns:"
        for (i, name) in names.enumerated() {
            let item = " \(i + 1) \(name)" + (i + 1 < names.count ? "," : "")
            if legend.count + item.count > maxColumns { lines.append(legend); legend = "   " }
            legend += item
        }
        lines.append(legend)
        lines.append("  cells: x caught, e fails to run (caught), p pinned, . not noticed")
        if 2 + faultWidth + 2 + names.count <= maxColumns {
            let digits = String(names.count).count
            for place in stride(from: digits - 1, through: 0, by: -1) {
                var s = "  " + pad(place == 0 ? "fault" : "", faultWidth) + "  "
                for i in 1...names.count {
                    var n = i
                    for _ in 0..<place { n /= 10 }
                    s += (place > 0 && n == 0) ? " " : String(n % 10)
                }
                lines.append(s.trimmingTrailingSpaces())
            }
            for r in domain.rows {
                lines.append("  " + pad(r.fault, faultWidth) + "  " + r.cells.map { letter($0) }.joined())
            }
        } else {
            for r in domain.rows {
                let catchers = r.cells.enumerated().filter { $0.element.verdict.catches }.map { String($0.offset + 1) }
                var s = "  \(r.fault): caught by " + (catchers.isEmpty ? "none" : catchers.joined(separator: " "))
                if s.count > maxColumns { s = String(s.prefix(maxColumns - 1)) + "…" }
                lines.append(s)
            }
        }
        return lines
    }

    static func letter(_ cell: MutateMatrix.Cell) -> String {
        switch cell.verdict {
        case .caught: "x"
        case .error: "e"
        case .pinned: "p"
        case .missed: "."
        }
    }

    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    static func symbol(_ cell: MutateMatrix.Cell) -> String {
        switch cell.verdict {
        case .caught: "caught"
        case .error: "error"
        case .pinned: "pinned"
        case .missed: "."
        }
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
}
