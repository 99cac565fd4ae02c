#if canImport(Glibc)
import Glibc
#endif
import LockstepCore
import LockstepRunner
import Registry

/// Scenario text through the reader and the runner of the domain its header names, as `lockstep run`
/// would run it from a file under `Scenarios/<domain>/` (so a seed's `include` and `file` fields
/// resolve against the checkout's real `Scenarios/`).
///
/// Rules, beyond "no trap": every refusal is a `ScenarioError` with a path, a line and a column
/// (an error a user cannot find is a bug), and a scenario that runs compares equal to its own trace
/// through the golden comparison and, for one input in four (chosen by the input's hash, so a saved
/// input always gets the same treatment), gives the same trace when run again (determinism). Every
/// input would halve the rate for an oracle that has yet to fail.
///
/// The limits are the standard ones except the event and timer counts (10,000 events, 10,000 timer
/// firings, 1,000 pending timers), so one input runs in milliseconds: at 100,000, 2% of a grown
/// corpus (twenty years of daily reminders, a stroke of 100,000 samples) took 60% of the time, and
/// a fuzzer spending a second on one input learns nothing a shorter run would not. Hitting a limit
/// is an ordinary located error. The limits themselves are pinned by the reliability tests.
struct ScenarioTarget: FuzzTarget {
    let project: Project
    let options: RunOptions
    let domainNames = allDomains.map(\.name)

    init() {
        let root = Finding.checkoutRoot("scenario")
        var limits = ScenarioLimits.standard
        limits.maxEvents = 10_000
        limits.maxTimerFirings = 10_000
        limits.maxPendingTimers = 1_000
        project = Project(root: root, domains: allDomains, limits: limits)
        options = RunOptions(limits: limits)
    }

    func run(_ bytes: [UInt8]) {
        let display = self.display(for: bytes)
        let first: RunResult
        do {
            first = try project.run(display, bytes: bytes, options: options)
        } catch {
            check(error)
            return
        }
        if let divergence = TraceDiff.compare(expected: first.trace, actual: first.trace) {
            Finding.fail("scenario", "a trace differs from itself:\n\(divergence)")
        }
        guard FNV1a64.hash(bytes) % 4 == 0 else { return }
        let second: RunResult
        do {
            second = try project.run(display, bytes: bytes, options: options)
        } catch {
            Finding.fail("scenario", "ran once, then failed the second time: \(error)")
        }
        guard first.trace == second.trace else {
            let where_ = TraceDiff.compare(expected: first.trace, actual: second.trace).map { "\n\($0)" } ?? ""
            Finding.fail("scenario", "the same scenario gave two different traces\(where_)")
        }
    }

    /// `Scenarios/<domain>/fuzz.scenario` when a line `domain NAME` names a known domain, so the
    /// scenario's relative paths resolve as they would in that domain's folder. A byte scan, not a
    /// second header parse: it only picks a folder, and the reader judges the header itself.
    func display(for bytes: [UInt8]) -> String {
        let prefix = Array("domain ".utf8)
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            if lineEnd - lineStart > prefix.count, bytes[lineStart..<(lineStart + prefix.count)].elementsEqual(prefix) {
                let word = bytes[(lineStart + prefix.count)..<lineEnd].prefix { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }
                if let domain = domainNames.first(where: { $0.utf8.elementsEqual(word) }) {
                    return "Scenarios/\(domain)/fuzz.scenario"
                }
                break
            }
            lineStart = lineEnd + 1
        }
        return "Scenarios/fuzz.scenario"
    }

    /// A refusal must say where: a path, a line and a column, both from 1.
    func check(_ error: ScenarioError) {
        guard !error.path.isEmpty, error.line > 0, error.column > 0 else {
            Finding.fail("scenario", "an error without a location (path '\(error.path)', line \(error.line), column \(error.column)): \(error.message)")
        }
    }
}
