import LockstepCore
import LockstepRunner

/// `lockstep mutate --explore`: the kill matrix again, by exploration instead of goldens.
///
/// For each fault of each selected domain with an explorer, walks seeds in order with the fault on
/// until one breaks an invariant. A find counts only if the same walk breaks no invariant with the
/// fault off (otherwise the explorer or an invariant is wrong, and that is reported instead). The
/// report sets it beside what the recorded goldens say, so a fault only one of the two catches
/// stands out.
public enum MutateExplore {
    public typealias Finding = ExplorerWalk.Finding

    public static func explore(_ project: Project, _ entry: DomainEntry, seeds: ClosedRange<UInt64>, steps: Int, jobs: Int,
                               progress: (Int, Int, String) -> Void = { _, _, _ in }) -> [Finding] {
        guard let explorer = entry.explorer else { return [] }
        var findings: [Finding] = []
        let total = entry.faults.count
        // The domain's found-seeds database is tried first, as `explore` does: a fault once found
        // on seed 56 is found again without exploring 55 seeds first.
        let database = FoundDatabase.load(project, domain: entry.name).database
        for (f, fault) in entry.faults.enumerated() {
            progress(f, total, "\(entry.name) \(fault.name)")
            var finding = Finding(fault: fault.name)
            let remembered = database.seeds(fault: fault.name)
            let all = remembered + seeds.filter { !remembered.contains($0) }
            var next = 0
            // Most faults are found by the first seeds: a batch per thread wastes no walks on them.
            let batch = max(1, jobs)
            search: while next < all.count {
                let chunk = Array(all[next..<min(all.count, next + batch)])
                next += chunk.count
                var walks: [ExploreCommand.Walk] = []
                OrderedParallel.run(count: chunk.count, jobs: jobs, work: { i in
                    ExploreCommand.walk(project, domain: entry.name, explorer: explorer, seed: chunk[i], steps: steps, faults: [fault.name])
                }, deliver: { _, w in walks.append(w) })
                for w in walks {
                    guard let verdict = ExplorerWalk.judge(w, fault: fault.name, clean: {
                        ExploreCommand.walk(project, domain: entry.name, explorer: explorer, seed: w.seed, steps: steps, faults: [])
                    }) else { continue }
                    finding = verdict
                    break search
                }
            }
            findings.append(finding)
        }
        return findings
    }

    /// The report lines, beside the golden matrix's verdict for each fault.
    public static func render(_ entry: DomainEntry, _ findings: [Finding], goldens: MutateMatrix.DomainReport?,
                              seeds: ClosedRange<UInt64>, steps: Int) -> [String] {
        guard entry.explorer != nil else { return ["  \(entry.name): no explorer; only the goldens catch its faults"] }
        let found = findings.filter { $0.seed != nil }.count
        var lines = ["  \(entry.name): exploration finds \(found) of \(findings.count) fault\(findings.count == 1 ? "" : "s")"]
        let width = max(5, findings.map(\.fault.count).max() ?? 0)
        for f in findings {
            let golden: String
            if let row = goldens?.rows.first(where: { $0.fault == f.fault }) { golden = row.isCaught ? "caught" : "UNCAUGHT" } else { golden = "-" }
            let explored: String
            if let problem = f.problem { explored = "ERROR \(problem)" }
            else if let seed = f.seed, let inv = f.invariant { explored = "seed \(seed) (\(inv))" }
            else { explored = "not found in seeds \(seeds.lowerBound)..\(seeds.upperBound)" }
            lines.append("    " + f.fault.padded(to: width) + "  goldens " + golden.padded(to: 8) + "  explore " + explored)
        }
        return lines
    }
}
