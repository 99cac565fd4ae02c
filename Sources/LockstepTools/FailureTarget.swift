import LockstepCore
import LockstepRunner

/// What "still fails the same way" means to `shrink` and `explore`.
public enum FailureTarget: Sendable, Equatable, CustomStringConvertible {
    /// The run breaks this invariant first (any invariant when nil).
    case invariant(String?)
    /// The run with this fault switched on differs from the run without it, and the first
    /// difference is in a record (or step) of the same name as in the original.
    case fault(String, signature: String?)
    /// The run differs from the reference build's run (`shrink --golden`: the build the golden was
    /// recorded with), first in a record (or step) of the same name as the original against its golden.
    case golden(signature: String?)

    public var description: String {
        switch self {
        case .invariant(let name?): "breaks invariant \(name)"
        case .invariant(nil): "breaks an invariant"
        case .fault(let name, let signature?): "shows fault \(name) (first difference in '\(signature)')"
        case .fault(let name, nil): "shows fault \(name)"
        case .golden(let signature?): "differs from the golden's build (first in '\(signature)')"
        case .golden(nil): "differs from the golden's build"
        }
    }

    /// How `text` fails (its first broken invariant's name, or the fault's first differing record),
    /// or nil when it does not fail this way or does not run. `faults` are switched on for every run.
    static func observe(_ project: Project, display: String, _ text: ScenarioText, target: FailureTarget,
                        faults: [String], reference: GoldenReference? = nil) -> String? {
        let bytes = Array(text.text.utf8)
        switch target {
        case .golden:
            guard let reference, (try? FileIO.writeAtomically(bytes, to: reference.candidateDisk)) != nil else { return nil }
            let shown = project.displayPath(forDisk: reference.candidateDisk)
            guard let mine = try? project.run(shown, bytes: bytes, options: RunOptions(extraFaults: faults)),
                  case .success(let theirs) = reference.trace(ofScenarioAt: reference.candidateDisk) else { return nil }
            return firstDifference(theirs, mine.trace)
        case .invariant(let wanted):
            guard let result = try? project.run(display, bytes: bytes, options: RunOptions(extraFaults: faults)),
                  let broken = result.summary.firstViolation else { return nil }
            if let wanted, broken.name != wanted { return nil }
            return broken.name
        case .fault(let fault, _):
            guard let with = try? project.run(display, bytes: bytes, options: RunOptions(extraFaults: faults + [fault])),
                  let without = try? project.run(display, bytes: bytes, options: RunOptions(extraFaults: faults)) else { return nil }
            let faultsLine = without.trace.split(separator: 10).first { $0.starts(with: Array("faults ".utf8)) }
                .map { String(decoding: $0.dropFirst("faults ".count), as: UTF8.self) } ?? "none"
            return firstDifference(MutateMatrix.withFaultsLine(with.trace, faultsLine), without.trace)
        }
    }

    /// Whether `text` fails the way the target says.
    static func fails(_ project: Project, display: String, _ text: ScenarioText, target: FailureTarget, faults: [String],
                      reference: GoldenReference? = nil) -> Bool {
        guard let seen = observe(project, display: display, text, target: target, faults: faults, reference: reference) else { return false }
        switch target {
        case .fault(_, let signature?), .golden(let signature?): return seen == signature
        default: return true
        }
    }

    /// The name of the first differing line: a record's name (`total` in `  total value=3`), or a
    /// step's kind (`add` in `3 1.5 add #…`); nil when the traces are equal.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String? {
        let x = a.split(separator: 10, omittingEmptySubsequences: false), y = b.split(separator: 10, omittingEmptySubsequences: false)
        for i in 0..<max(x.count, y.count) {
            let l = i < x.count ? x[i] : [], r = i < y.count ? y[i] : []
            guard !l.elementsEqual(r) else { continue }
            let line = String(decoding: l.isEmpty ? r : l, as: UTF8.self)
            let words = line.split(separator: " ")
            if line.hasPrefix(" ") { return words.first.map(String.init) ?? "?" }
            if words.count >= 3, words[0].allSatisfy(\.isNumber) { return String(words[2]) }
            return words.first.map(String.init) ?? "?"
        }
        return nil
    }
}
