import LockstepCore
import LockstepRunner

/// Mutation testing with the domains' own historical bugs: each declared fault is switched on in
/// turn, every golden of the domain is replayed under it, and a fault that no golden notices is a
/// hole in the scenarios. `lockstep mutate` prints the result; tests read it directly.
public enum MutateMatrix {
    /// What replaying one scenario under one fault showed.
    public enum Verdict: String, Sendable {
        /// The trace or an artifact differs from the golden.
        case caught
        /// The scenario no longer runs under the fault (a `ScenarioError`); counts as caught.
        case error
        /// The trace is identical to the golden: this scenario does not notice the fault.
        case missed
        /// The scenario sets the fault in its own header (`set fault X`): its golden pins the faulty
        /// behaviour on purpose, so it can never catch that fault and is not run for it.
        case pinned

        /// Whether this cell counts as the fault being caught.
        public var catches: Bool { self == .caught || self == .error }
    }

    /// One scenario replayed under one fault.
    public struct Cell: Sendable {
        public var scenario: String
        public var verdict: Verdict
        /// Why it caught: the first divergent step with the expected and actual lines, the artifact
        /// that differs, or the error. Empty when nothing was caught.
        public var detail: [String]
    }

    /// One fault across every usable scenario of its domain, in column order.
    public struct Row: Sendable {
        public var fault: String
        public var summary: String
        public var cells: [Cell]
        /// The first scenario (in column order) that catches the fault.
        public var firstCatch: Cell? { cells.first { $0.verdict.catches } }
        public var isCaught: Bool { firstCatch != nil }
    }

    /// A scenario left out of the matrix, with the reason.
    public struct Skipped: Sendable {
        public var scenario: String
        public var reason: String
    }

    /// The matrix of one domain: faults × scenarios.
    public struct DomainReport: Sendable {
        public var domain: String
        /// Scenarios whose golden matches a fault-free run: the matrix's columns, sorted.
        public var scenarios: [String]
        public var rows: [Row]
        public var skipped: [Skipped]
    }

    /// Everything `lockstep mutate` found.
    public struct Report: Sendable {
        public var domains: [DomainReport]
        /// Scenarios that could not be assigned to a domain (bad header, unknown domain).
        public var unassigned: [Skipped]
        public var uncaught: [(domain: String, row: Row)] {
            domains.flatMap { d in d.rows.filter { !$0.isCaught }.map { (d.domain, $0) } }
        }
    }

    /// Replays `scenarios` (display paths) under each fault of their domains.
    ///
    /// A scenario is a column only if its golden matches a run without extra faults: otherwise every
    /// fault would look caught by a golden that is simply stale. Domains appear in registry order.
    /// Replays run on `jobs` threads (see `OrderedParallel`); the report does not depend on it.
    /// `progress` is told after each replay how many of how many are done.
    public static func run(_ project: Project, scenarios: [String], limits: ScenarioLimits = .standard,
                           jobs: Int = 1, progress: (_ done: Int, _ total: Int, _ current: String) -> Void = { _, _, _ in }) -> Report {
        var byDomain: [String: [(scenario: String, header: ScenarioHeader)]] = [:]
        var unassigned: [Skipped] = []
        for scenario in scenarios {
            do {
                let reader = try ScenarioReader(display: scenario, diskPath: project.diskPath(forDisplay: scenario),
                                                files: project.files, limits: limits)
                let header = try reader.readHeader()
                guard project.domain(named: header.domain) != nil else {
                    unassigned.append(Skipped(scenario: scenario, reason: "unknown domain '\(header.domain)'"))
                    continue
                }
                byDomain[header.domain, default: []].append((scenario, header))
            } catch {
                unassigned.append(Skipped(scenario: scenario, reason: error.description))
            }
        }
        var reports: [DomainReport] = []
        for entry in project.domains {
            guard let members = byDomain[entry.name] else { continue }
            reports.append(domainReport(project, entry, members.sorted { $0.scenario < $1.scenario }, limits: limits,
                                        jobs: jobs, progress: progress))
        }
        return Report(domains: reports, unassigned: unassigned)
    }

    static func domainReport(_ project: Project, _ entry: DomainEntry,
                             _ members: [(scenario: String, header: ScenarioHeader)], limits: ScenarioLimits,
                             jobs: Int, progress: (Int, Int, String) -> Void) -> DomainReport {
        var usable: [(scenario: String, header: ScenarioHeader)] = []
        var skipped: [Skipped] = []
        var outcomes: [CheckOutcome] = []
        OrderedParallel.run(count: members.count, jobs: jobs, work: { i in
            GoldenCheck.check(project, members[i].scenario, options: RunOptions(limits: limits))
        }, deliver: { _, outcome in outcomes.append(outcome) })
        for (member, outcome) in zip(members, outcomes) {
            switch outcome {
            case .passed: usable.append(member)
            case .missingGolden(let path):
                skipped.append(Skipped(scenario: member.scenario, reason: "no golden at \(path)"))
            case .unusableGolden(let path, let reason):
                skipped.append(Skipped(scenario: member.scenario, reason: "cannot use the golden \(path): \(reason)"))
            case .differs, .artifactDiffers:
                skipped.append(Skipped(scenario: member.scenario,
                                       reason: "its golden already differs without any fault; run 'lockstep check \(member.scenario)'"))
            case .invalid(let error):
                skipped.append(Skipped(scenario: member.scenario, reason: "does not run: \(error)"))
            case .invariantBroken(let broken):
                skipped.append(Skipped(scenario: member.scenario, reason: "breaks an invariant without any fault: \(broken)"))
            }
        }
        // Every (fault, scenario) replay is independent: spread them over the threads, row by row.
        let faults = entry.faults
        let columns = usable
        let total = faults.count * columns.count
        var cells: [Cell] = []
        cells.reserveCapacity(total)
        OrderedParallel.run(count: total, jobs: jobs, work: { i in
            let member = columns[i % columns.count]
            return cell(project, member.scenario, member.header, fault: faults[i / columns.count].name, limits: limits)
        }, deliver: { i, c in
            cells.append(c)
            progress(i + 1, total, "\(entry.name) \(faults[i / columns.count].name)")
        })
        var rows: [Row] = []
        for (f, fault) in faults.enumerated() {
            let row = columns.isEmpty ? [] : Array(cells[(f * columns.count)..<((f + 1) * columns.count)])
            rows.append(Row(fault: fault.name, summary: fault.summary, cells: row))
        }
        return DomainReport(domain: entry.name, scenarios: usable.map(\.scenario), rows: rows, skipped: skipped)
    }

    /// Replays one scenario with `fault` switched on and compares it with the golden.
    static func cell(_ project: Project, _ scenario: String, _ header: ScenarioHeader, fault: String,
                     limits: ScenarioLimits) -> Cell {
        let ownFaults = header.faults.map(\.name)
        if ownFaults.contains(fault) { return Cell(scenario: scenario, verdict: .pinned, detail: []) }
        var result: RunResult
        do {
            result = try project.run(scenario, options: RunOptions(limits: limits, extraFaults: [fault]))
        } catch {
            return Cell(scenario: scenario, verdict: .error, detail: [error.description])
        }
        // The header's `faults` line names the extra fault, which is not a behaviour change: compare
        // against the golden as if the line were what a fault-free run writes.
        let sorted = ownFaults.sorted()
        result.trace = withFaultsLine(result.trace, sorted.isEmpty ? "none" : sorted.joined(separator: ","))
        switch GoldenCheck.compare(project, result) {
        case .passed:
            return Cell(scenario: scenario, verdict: .missed, detail: [])
        case .differs(let d):
            // TraceDiff already points at the first differing output line of the step when there is one.
            let detail = ["first divergent step: \(d.stepLine ?? "(none: \(d.reason))")",
                          "- expected (line \(d.line)): \(d.expected ?? "<end of golden>")",
                          "+ actual   (line \(d.line)): \(d.actual ?? "<end of run>")"]
            return Cell(scenario: scenario, verdict: .caught, detail: detail)
        case .artifactDiffers(let name, let reason):
            return Cell(scenario: scenario, verdict: .caught, detail: ["artifact \(name): \(reason)"])
        case .missingGolden(let path):  // removed while we ran; say so rather than guess
            return Cell(scenario: scenario, verdict: .error, detail: ["golden \(path) disappeared during the run"])
        case .unusableGolden(let path, let reason):  // changed while we ran
            return Cell(scenario: scenario, verdict: .error, detail: ["cannot use the golden \(path): \(reason)"])
        case .invalid(let error):
            return Cell(scenario: scenario, verdict: .error, detail: [error.description])
        case .invariantBroken(let broken):
            return Cell(scenario: scenario, verdict: .caught, detail: ["\(broken)"])
        }
    }

    /// `trace` with the header's `faults ...` line (before the first `---`) replaced by `faults <value>`.
    public static func withFaultsLine(_ trace: [UInt8], _ value: String) -> [UInt8] {
        let prefix = Array("faults ".utf8)
        let separator = Array("---".utf8)
        var lineStart = 0
        var lines = 0
        while lineStart < trace.count && lines < 64 {  // the header is a dozen lines
            lines += 1
            var end = lineStart
            while end < trace.count && trace[end] != 10 { end += 1 }
            let line = trace[lineStart..<end]
            if line.elementsEqual(separator) { break }
            if line.starts(with: prefix) {
                return Array(trace[..<lineStart]) + prefix + Array(value.utf8) + Array(trace[end...])
            }
            lineStart = end + 1
        }
        return trace
    }

    /// The short name of a scenario in a domain's matrix: `Scenarios/counter/sub/x.scenario` → `sub/x`.
    public static func shortName(_ scenario: String, domain: String) -> String {
        var name = Substring(scenario)
        let folder = Project.scenariosFolder + "/" + domain + "/"
        if name.hasPrefix(folder) { name = name.dropFirst(folder.count) }
        else if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if name.hasSuffix(".scenario") { name = name.dropLast(".scenario".count) }
        return String(name)
    }
}
