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
        left out. Exit 0 every fault caught, 1 a fault no golden catches, 2 usage error.
        """

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: [], switches: []) } catch {
            return LockstepCommand.usage(ctx, error.description, "mutate")
        }
        let scenarios: [String]
        do { scenarios = try ctx.project.scenarios(matching: parsed.positional) } catch {
            return LockstepCommand.usage(ctx, error.description, "mutate")
        }
        let report = MutateMatrix.run(ctx.project, scenarios: scenarios)
        for text in render(report) { ctx.print(text) }
        return report.uncaught.isEmpty ? ExitCode.ok : ExitCode.mismatch
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
            let faultWidth = max("fault".count, domain.rows.map(\.fault.count).max() ?? 0)
            let widths = names.map { max($0.count, MutateMatrix.Verdict.caught.rawValue.count) }
            func row(_ first: String, _ cells: [String]) -> String {
                var s = "  " + pad(first, faultWidth)
                for (i, c) in cells.enumerated() { s += "  " + pad(c, widths[i]) }
                return s.trimmingTrailingSpaces()
            }
            lines.append(row("fault", names))
            for r in domain.rows { lines.append(row(r.fault, r.cells.map(symbol))) }
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
                lines.append("    pinned: \(c.scenario) sets 'fault \(r.fault)' in its header, so its golden pins the faulty "
                             + "behaviour on purpose; it is not a catcher for \(r.fault)")
            }
        }
        for s in domain.skipped { lines.append("  skipped \(s.scenario): \(s.reason)") }
        return lines
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
