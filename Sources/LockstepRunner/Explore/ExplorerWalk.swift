import LockstepCore

/// One random walk of a domain's explorer, run in memory: what `explore`, `mutate --explore`,
/// `bench --explore`, `LockstepTesting` and the domains' own tests share.
///
/// The walk is scenario text (`Explorer.scenario`), run through the ordinary reader and runner as
/// the file `Scenarios/<domain>/found/<seed>.scenario`, where `explore` would write it, so its
/// `file` fields (`../art/…`) resolve the same in every use.
public struct ExplorerWalk: Sendable {
    public var seed: UInt64
    public var steps: Int
    public var text: String
    /// The first invariant the walk broke, if any.
    public var violation: InvariantViolation?
    /// Why the walk did not run (an explorer that wrote an invalid line), if it did not.
    public var error: String?
    /// Engine steps the run took (events, generated events, timers, zone changes; 0 if it did not run).
    public var engineSteps = 0

    /// Makes and runs the walk of `seed` (`steps` event lines) with `faults` switched on.
    public static func run(_ project: Project, domain: String, explorer: Explorer, seed: UInt64, steps: Int,
                           faults: [String] = []) -> ExplorerWalk {
        let text = explorer.scenario(domain: domain, seed: seed, steps: steps)
        do {
            let result = try project.run(foundPath(domain: domain, seed: seed), bytes: Array(text.utf8), options: RunOptions(extraFaults: faults))
            return ExplorerWalk(seed: seed, steps: steps, text: text, violation: result.summary.firstViolation, error: nil,
                                engineSteps: result.summary.steps)
        } catch {
            return ExplorerWalk(seed: seed, steps: steps, text: text, violation: nil, error: error.description)
        }
    }

    /// Where `explore` writes the walk of `seed`.
    public static func foundPath(domain: String, seed: UInt64) -> String { "Scenarios/\(domain)/found/\(seed).scenario" }

    /// What exploration says about one fault: the first seed whose walk breaks an invariant with
    /// the fault on and none with it off (a walk that breaks one either way is the explorer's or an
    /// invariant's problem, not a find).
    public struct Finding: Sendable, Equatable {
        public var fault: String
        public var seed: UInt64?
        public var invariant: String?
        /// The violation with the fault on, for reports.
        public var violation: InvariantViolation?
        public var problem: String?

        public init(fault: String) { self.fault = fault }
    }

    /// The verdict on a walk of `seed` under `fault`, or nil when it breaks nothing (look further).
    public static func judge(_ walk: ExplorerWalk, fault: String, clean: () -> ExplorerWalk) -> Finding? {
        var finding = Finding(fault: fault)
        if let error = walk.error {
            finding.problem = "seed \(walk.seed): the explorer wrote an invalid walk: \(error)"
            return finding
        }
        guard let broken = walk.violation else { return nil }
        if let also = clean().violation {
            finding.problem = "seed \(walk.seed) breaks \(also.name) with the fault off too: the explorer or the invariant is wrong"
        } else {
            finding.seed = walk.seed
            finding.invariant = broken.name
            finding.violation = broken
        }
        return finding
    }

    /// The first finding for `fault` over `seeds`, one walk at a time (`mutate --explore` runs the
    /// same search on several threads).
    public static func firstFinding(_ project: Project, _ entry: DomainEntry, fault: String, seeds: ClosedRange<UInt64>,
                                    steps: Int = 200) -> Finding {
        guard let explorer = entry.explorer else {
            var none = Finding(fault: fault)
            none.problem = "domain \(entry.name) has no explorer"
            return none
        }
        for seed in seeds {
            let walk = run(project, domain: entry.name, explorer: explorer, seed: seed, steps: steps, faults: [fault])
            if let finding = judge(walk, fault: fault, clean: {
                run(project, domain: entry.name, explorer: explorer, seed: seed, steps: steps)
            }) { return finding }
        }
        return Finding(fault: fault)
    }
}

extension RunResult {
    /// The run's `lockstep.invariant` records, as `NAME: message`, in trace order.
    public var invariantRecords: [String] {
        var found: [String] = []
        let marker = "  " + InvariantViolation.recordName + " name="
        for line in String(decoding: trace, as: UTF8.self).split(separator: "\n") where line.hasPrefix(marker) {
            let rest = line.dropFirst(marker.count).split(separator: " ", maxSplits: 1)
            guard rest.count == 2, rest[1].hasPrefix("broken=\""), rest[1].hasSuffix("\"") else { continue }
            found.append(rest[0] + ": " + rest[1].dropFirst("broken=\"".count).dropLast())
        }
        return found
    }
}
