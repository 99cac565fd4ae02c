import Testing
import LockstepCore
import LockstepRunner
import LockstepTools

/// Whole-package checks, each one `@Test`: what `lockstep check` and `lockstep mutate` would say
/// about the package beyond single scenarios.
extension LockstepGoldens {
    /// Every golden belongs to a scenario: a stale golden is a scenario someone deleted or renamed.
    public func checkNoOrphanGoldens(sourceLocation: SourceLocation = #_sourceLocation) {
        guard let project else { Issue.record("no Lockstep package root", sourceLocation: sourceLocation); return }
        // The same inventory as `check`'s unreferenced report and `prune`: goldens, artifacts and
        // pending files that no scenario owns.
        for file in GoldenInventory.unreferenced(project) {
            Issue.record(Comment(rawValue: "\(file.description) (lockstep prune removes it)"), sourceLocation: sourceLocation)
        }
    }

    /// Each domain's declarations meet the contract (`DomainEntry.problems`: reserved kinds,
    /// `kind(of:)`, declarations that read every field first).
    public func checkDeclarations(sourceLocation: SourceLocation = #_sourceLocation) {
        for entry in domains {
            for problem in entry.problems { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
        }
    }

    /// Every declared event kind, setting and generator is used by some scenario with a golden (the
    /// `vocabulary:` line of `lockstep check`).
    public func checkVocabularyCovered(sourceLocation: SourceLocation = #_sourceLocation) {
        guard let project else { Issue.record("no Lockstep package root", sourceLocation: sourceLocation); return }
        let coverage = VocabularyCoverage.measure(project)
        if !coverage.missing.isEmpty {
            Issue.record(Comment(rawValue: "not used by any scenario with a golden: " + coverage.missing.map(\.description).joined(separator: ", ")),
                         sourceLocation: sourceLocation)
        }
    }

    /// Every declared fault is caught by some golden of its domain, as `lockstep mutate` requires.
    /// Replays every scenario once per fault of its domain: cheap for a small package, slow for a
    /// large one (run `lockstep mutate` in CI instead).
    public func checkFaultsCaught(sourceLocation: SourceLocation = #_sourceLocation) {
        guard let project else { Issue.record("no Lockstep package root", sourceLocation: sourceLocation); return }
        let report = MutateMatrix.run(project, scenarios: project.allScenarios())
        if !report.uncaught.isEmpty {
            Issue.record(Comment(rawValue: MutateCommand.render(report).joined(separator: "\n")), sourceLocation: sourceLocation)
        }
    }

    /// Random walks from each domain's explorer break none of its invariants and all parse, as
    /// `lockstep explore` would find (no fault on). Each failure names the seed and the command that
    /// writes the shrunk walk. Domains without an explorer are skipped.
    public func checkExploration(seeds: ClosedRange<UInt64> = 1...20, steps: Int = 200,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        guard let project else { Issue.record("no Lockstep package root", sourceLocation: sourceLocation); return }
        for entry in domains {
            guard let explorer = entry.explorer else { continue }
            for seed in seeds {
                let walk = ExploreCommand.walk(project, domain: entry.name, explorer: explorer, seed: seed, steps: steps, faults: [])
                if let error = walk.error {
                    Issue.record(Comment(rawValue: "\(entry.name) seed \(seed): the explorer wrote an invalid walk: \(error)"), sourceLocation: sourceLocation)
                } else if let broken = walk.violation {
                    Issue.record(Comment(rawValue: "\(entry.name) seed \(seed): \(broken); 'lockstep explore \(entry.name) --seeds \(seed)..\(seed) --steps \(steps)' writes it shrunk"),
                                 sourceLocation: sourceLocation)
                }
            }
        }
    }
}
