import Foundation
import LockstepCore
import LockstepRunner
import LockstepTools
import Registry
import Testing

/// Issue #11, classes 3 and 4: every registered domain's every event field, setting and generator
/// parameter, given an extreme value (Int64 and Double extremes, NaN, ±inf, 0, -1, a 64-element
/// tuple), either runs or fails with a located error (`path:line:column: message`, line and column
/// above 0). Never a trap, a hang or an error without a location (line 0, or no path).
///
/// The cases run through the `lockstep` executable (`lockstep record` in a temporary project, one
/// process per batch of cases, two batches at a time), so a trap kills a child, not the test: the
/// batch's output says which cases finished, the next run starts with the case that crashed, and a
/// run that crashes on its first case names it (domain, kind, field, value) and goes on without it.
///
/// Each field (keyed or positional) is tried:
/// - in a bare line after a bare header (`0 KIND` with the required fields, valued as the domain's
///   scenarios value them), with every value (a tuple field gets each value at every element);
/// - with every field that declares a range at its upper (then lower) bound at once, so that
///   products of in-range values (`count × interval`) are tried too;
/// - in the domain's scenarios, at each distinct shape of the kind (its positional words and key
///   set; up to `maxShapes`) where it comes earliest: the line changed, the lines before it kept
///   (the state that makes a value matter: a loaded page, a laid-out keyboard) and `linesAfter`
///   event lines after it (where it comes to matter: the next render). Only with the values the
///   bare line did not refuse at that value's column: validation does not depend on the state.
/// Settings: `set KEY VALUE` after a bare header, then (values not refused there) in the shortest
/// scenario that sets the key, replayed whole; and every ranged setting at its bound at once,
/// followed by the events of the domain's shortest scenario.
///
/// `EXTREME_DOMAINS=chalk,instrument swift test --filter ExtremeValuesTests` sweeps some domains only.
@Suite struct ExtremeValuesTests {
    static let tuple64 = Array(repeating: "1", count: 64).joined(separator: ",")
    static let values = ["9223372036854775807", "-9223372036854775808", "9223372036854775800", "1e19", "-1e19",
                         "1e308", "-1e308", "nan", "inf", "-inf", "0", "-1", tuple64]

    /// At most this many shapes of one kind (or one generator) are tried in a scenario.
    static let maxShapes = 3
    /// How many of the scenario's event lines after the changed one are kept (where a value such as
    /// a pan of 1e308 comes to matter: the next render).
    static let linesAfter = 4
    /// `lockstep record` processes at a time, each in its own project.
    static let workers = 2

    @Test func everyFieldSettingAndGeneratorParameterSurvivesExtremeValues() throws {
        let binary = try #require(ExtremeSweep.lockstepBinary(),
                                  "the lockstep executable was not found next to the test binary (swift build builds it)")
        let sweep = try ExtremeSweep(root: LintCommandTests.packageRoot)
        // EXTREME_DOMAINS=chalk,instrument narrows the sweep while fixing; unset, it covers every domain.
        let only = ProcessInfo.processInfo.environment["EXTREME_DOMAINS"].map { Set($0.split(separator: ",").map(String.init)) }
        let (total, skipped, failures) = try sweep.run(allDomains.filter { only?.contains($0.name) ?? true }, binary: binary)
        #expect(only != nil || total > 5_000, "the sweep ran only \(total) cases (and skipped \(skipped) refused on the bare line)")
        for failure in failures.prefix(300) { Issue.record(Comment(rawValue: failure)) }
        #expect(failures.isEmpty, "\(failures.count) of \(total) extreme-value cases crashed, hung or failed without a location")
    }

    /// The sweep's own judge: a located error passes, anything else is named.
    @Test func locatedErrorsAreTellingApartFromUnlocatedOnes() {
        #expect(ExtremeSweep.locationProblem("Scenarios/a/b.scenario:3:14: x=1e19 is out of range 0...10") == nil)
        #expect(ExtremeSweep.locationProblem("Scenarios/a/b.scenario: bad keyboard configuration") != nil)
        #expect(ExtremeSweep.locationProblem(": bad keyboard configuration") != nil)
        #expect(ExtremeSweep.locationProblem("Scenarios/a/b.scenario:0:0: no line") != nil)
        #expect(ExtremeSweep.locationProblem("Swift/IntegerTypes.swift:8841: Fatal error: Double value cannot be converted") != nil)
        let b = ExtremeSweep.bounds(FieldSpec("n", .integer, required: true, "count (0...10000)"))
        #expect(b?.lo == "0" && b?.hi == "10000")
        #expect(ExtremeSweep.bounds(FieldSpec("n", .integer, required: true, "a C")) == nil)
        let bare = ExtremeSweep.bounds(FieldSpec("interval", .duration, required: true, "0.000000000s...3600.000000000s"))
        #expect(bare?.lo == "0.000000000s" && bare?.hi == "3600.000000000s")
    }
}

/// One scenario the sweep runs, and what it exercises.
struct ExtremeCase {
    var domain: String
    var what: String
    var text: String
    /// For a case replayed after a prefix: the bare case with the same field and value, and the
    /// columns of that value on the bare case's last line. The case is skipped when the bare case
    /// was refused at those columns.
    var gate: (index: Int, columns: ClosedRange<Int>)?
    var path = ""

    init(what: String, text: String, gate: (index: Int, columns: ClosedRange<Int>)? = nil) {
        domain = String(what.prefix { $0 != " " })
        self.what = what
        self.text = text
        self.gate = gate
    }

    var lastLine: Substring { text.split(separator: "\n").last ?? "" }
    var lineCount: Int { text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0) }
}

/// A scenario line split into tokens (quotes kept), as the sweep rewrites it.
struct SweepLine {
    var time: String
    var kind: String
    var args: [String]

    var text: String { ([time, kind] + args).joined(separator: " ") }

    static func key(of token: String) -> String? {
        guard let eq = token.firstIndex(of: "="), eq != token.startIndex else { return nil }
        let key = token[..<eq]
        guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), key.first!.isLetter else { return nil }
        return String(key)
    }

    var positional: [String] { args.filter { SweepLine.key(of: $0) == nil } }
    var keys: [String] { args.compactMap(SweepLine.key) }

    /// Tokens separated by blanks; a quoted string (with `\` escapes) is one token.
    static func tokens(_ line: Substring) -> [String] {
        var out: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for c in line {
            if quoted {
                current.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { quoted = false }
            } else if c == " " || c == "\t" {
                if !current.isEmpty { out.append(current); current = "" }
            } else {
                if c == "\"" { quoted = true }
                current.append(c)
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// With keyed field `key` set to `value` (added when absent), and the columns of the new token.
    func setting(_ key: String, _ value: String) -> (line: SweepLine, columns: ClosedRange<Int>) {
        var copy = self
        let i = args.firstIndex(where: { SweepLine.key(of: $0) == key }) ?? args.count
        if i == args.count { copy.args.append("") }
        copy.args[i] = key + "=" + value
        return (copy, copy.columns(ofArg: i))
    }

    /// With positional argument `index` replaced by `value` (inserted when it is the next one).
    func settingPositional(_ index: Int, _ value: String) -> (line: SweepLine, columns: ClosedRange<Int>)? {
        var seen = 0
        var copy = self
        for i in args.indices where SweepLine.key(of: args[i]) == nil {
            if seen == index { copy.args[i] = value; return (copy, copy.columns(ofArg: i)) }
            seen += 1
        }
        guard seen == index else { return nil }
        let at = args.firstIndex(where: { SweepLine.key(of: $0) != nil }) ?? args.count
        copy.args.insert(value, at: at)
        return (copy, copy.columns(ofArg: at))
    }

    /// The 1-based byte columns of argument `i` in `text`.
    func columns(ofArg i: Int) -> ClosedRange<Int> {
        let start = ([time, kind] + args[..<i]).reduce(0) { $0 + $1.utf8.count + 1 } + 1
        return start...(start + args[i].utf8.count - 1)
    }
}

/// A scenario of the repository, split into its lines.
struct SweepScenario {
    var path: String
    var lines: [Substring]
    var events: [(index: Int, line: SweepLine)] = []
    var setLines: [(index: Int, key: String)] = []
    var size: Int
    /// Bytes before each line.
    var offsets: [Int] = []

    static let headerWords: Set<String> = ["lockstep", "domain", "title", "seed", "start", "zone", "set", "until"]

    init(path: String, text: String) {
        self.path = path
        size = text.utf8.count
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var offset = 0
        for line in lines { offsets.append(offset); offset += line.utf8.count + 1 }
        for (i, raw) in lines.enumerated() {
            let trimmed = raw.drop(while: { $0 == " " || $0 == "\t" })
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let tokens = SweepLine.tokens(trimmed)
            if SweepScenario.headerWords.contains(tokens[0]) {
                if tokens[0] == "set", tokens.count >= 2, tokens[1] != "fault" { setLines.append((i, tokens[1])) }
                continue
            }
            guard tokens.count >= 2 else { continue }
            events.append((i, SweepLine(time: tokens[0], kind: tokens[1], args: Array(tokens.dropFirst(2)))))
        }
    }

    /// The file with line `index` replaced; with `keeping`, only that many event lines after it.
    func replacing(_ index: Int, with replacement: String, keeping: Int? = nil) -> String {
        var copy = lines
        copy[index] = Substring(replacement)
        if let keeping, let cut = events.filter({ $0.index > index }).dropFirst(keeping).first?.index {
            copy.removeSubrange(cut...)
        }
        return copy.joined(separator: "\n") + "\n"
    }
}

struct ExtremeSweep {
    let root: String
    /// The repository's scenarios by domain folder.
    var scenarios: [String: [SweepScenario]] = [:]

    init(root: String) throws {
        self.root = root
        for path in FileIO.walk(root + "/Scenarios", suffix: ".scenario") {
            let relative = String(path.dropFirst(root.count + 1))
            let parts = relative.split(separator: "/")
            guard parts.count >= 3 else { continue }
            let text = String(decoding: try FileIO.read(path), as: UTF8.self)
            scenarios[String(parts[1]), default: []].append(SweepScenario(path: relative, text: text))
        }
    }

    /// The executable beside this test binary (`.build/<triple>/debug/lockstep`), else under `.build/debug`.
    static func lockstepBinary() -> String? {
        var candidates: [String] = []
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = FileIO.parentDirectory(exe)
        for _ in 0..<4 {
            candidates.append(dir + "/lockstep")
            dir = FileIO.parentDirectory(dir)
        }
        candidates.append(LintCommandTests.packageRoot + "/.build/debug/lockstep")
        return candidates.first { FileIO.exists($0) && !FileIO.isDirectory($0) }
    }

    /// The declared range of a field, from the `(lo...hi)` that `Fields` appends to its help (or
    /// the whole help, `lo...hi`, when the field has none).
    static func bounds(_ f: FieldSpec) -> (lo: String, hi: String)? {
        var inside = f.summary[...]
        if f.summary.hasSuffix(")"), let open = f.summary.lastIndex(of: "(") {
            inside = f.summary[f.summary.index(after: open)..<f.summary.index(before: f.summary.endIndex)]
        }
        guard let dots = inside.range(of: "..."), !inside.contains(" ") else { return nil }
        return (String(inside[..<dots.lowerBound]), String(inside[dots.upperBound...]))
    }

    /// `value` as a field of `type` takes it: a scalar repeated to a tuple's arity (`1e308,1e308`
    /// for a point), so that tuples meet every extreme element too.
    static func spelled(_ value: String, _ type: FieldType?) -> String {
        guard case .tuple(let n)? = type, n > 1, !value.contains(",") else { return value }
        return Array(repeating: value, count: n).joined(separator: ",")
    }

    static func placeholder(_ type: FieldType) -> String {
        switch type {
        case .number, .integer, .duration, .any: "1"
        case .word(let choices): choices.first ?? "a"
        case .string: "\"a\""
        case .tuple(let n): Array(repeating: "1", count: n == 0 ? 2 : n).joined(separator: ",")
        case .bool: "true"
        case .file: "no-such-file.bin"
        case .instant: "@2026-01-01T00:00:01Z"
        }
    }

    /// Every case for one domain: the bare ones first (they gate the others).
    func cases(for domain: DomainEntry) -> [ExtremeCase] {
        let folder = domain.name
        let mine = scenarios[folder] ?? []
        let header = "lockstep 1\ndomain \(domain.name)\n"
        var bare: [ExtremeCase] = []
        var gated: [ExtremeCase] = []

        func sweep(kind: String, label: String, positional: [FieldSpec], fields: [FieldSpec], acceptsOtherKeys: Bool, leading: [String]) {
            let matches = mine.flatMap { s in
                s.events.filter { $0.line.kind == kind && Array($0.line.positional.prefix(leading.count)) == leading }.map { (s, $0.index, $0.line) }
            }
            // Example values of each key and position, for the bare line.
            var example: [String: String] = [:]
            for (_, _, line) in matches {
                for (i, p) in line.positional.enumerated() where example["#\(i)"] == nil { example["#\(i)"] = p }
                for a in line.args { if let k = SweepLine.key(of: a), example[k] == nil { example[k] = String(a.dropFirst(k.count + 1)) } }
            }
            var bareArgs = leading
            for (i, p) in positional.enumerated() where i >= leading.count && p.required { bareArgs.append(example["#\(i)"] ?? ExtremeSweep.placeholder(p.type)) }
            for f in fields where f.required { bareArgs.append(f.name + "=" + (example[f.name] ?? ExtremeSweep.placeholder(f.type))) }
            let bareLine = SweepLine(time: "0", kind: kind, args: bareArgs)

            // Every ranged field at one bound. `until 1` keeps a generator's million events from
            // being replayed; its expansion still runs whole.
            for (end, name) in [(1, "upper"), (0, "lower")] {
                var line = bareLine
                for f in fields { if let b = ExtremeSweep.bounds(f) { line = line.setting(f.name, end == 1 ? b.hi : b.lo).line } }
                bare.append(ExtremeCase(what: "\(folder) \(label) [every range at its \(name) bound]", text: header + "until 1\n\n" + line.text + "\n"))
            }

            // Each shape (positional words and key set) where it comes earliest (the fewest bytes before it).
            var best: [String: (SweepScenario, Int, SweepLine, Int)] = [:]
            for (s, index, line) in matches {
                let words = line.positional.filter { $0.first?.isLetter == true }
                let shape = words.joined(separator: " ") + "|" + line.keys.sorted().joined(separator: ",")
                let cost = s.offsets[index]
                if let b = best[shape], b.3 <= cost { continue }
                best[shape] = (s, index, line, cost)
            }
            let shapes = best.keys.sorted().prefix(ExtremeValuesTests.maxShapes).map { best[$0]! }

            var keys = fields.map(\.name)
            if acceptsOtherKeys { for (_, _, line, _) in shapes { keys += line.keys.filter { !keys.contains($0) } } }
            for value in ExtremeValuesTests.values {
                var edits: [(name: String, edit: (SweepLine) -> (line: SweepLine, columns: ClosedRange<Int>)?)] = keys.map { key in
                    let v = ExtremeSweep.spelled(value, fields.first { $0.name == key }?.type)
                    return ("\(key)=\(v)", { $0.setting(key, v) })
                }
                for i in positional.indices where i >= leading.count {
                    let v = ExtremeSweep.spelled(value, positional[i].type)
                    edits.append(("<\(positional[i].name)>=\(v)", { $0.settingPositional(i, v) }))
                }
                for (name, edit) in edits {
                    guard let b = edit(bareLine) else { continue }
                    let gate = bare.count
                    bare.append(ExtremeCase(what: "\(folder) \(label) \(name) [bare]", text: header + "\n" + b.line.text + "\n"))
                    for (s, index, line, _) in shapes {
                        guard let e = edit(line) else { continue }
                        gated.append(ExtremeCase(what: "\(folder) \(label) \(name) [in \(s.path):\(index + 1)]",
                                                 text: s.replacing(index, with: e.line.text, keeping: ExtremeValuesTests.linesAfter),
                                                 gate: (gate, b.columns)))
                    }
                }
            }
        }

        for spec in domain.eventKinds {
            sweep(kind: spec.kind, label: spec.kind, positional: spec.positional, fields: spec.fields,
                  acceptsOtherKeys: spec.acceptsOtherKeys, leading: [])
        }
        for g in domain.generators {
            sweep(kind: "gen", label: "gen \(g.name)", positional: [FieldSpec("name", .word)], fields: g.fields,
                  acceptsOtherKeys: false, leading: [g.name])
        }

        // Settings: a bare header, then the shortest scenario that sets the key.
        for key in domain.configKeys {
            let setting = mine.filter { $0.setLines.contains { $0.key == key.name } }.min { $0.size < $1.size }
            for value in ExtremeValuesTests.values {
                let gate = bare.count
                let text = "set \(key.name) \(value)"
                bare.append(ExtremeCase(what: "\(folder) set \(key.name) \(value) [bare]", text: header + text + "\n"))
                if let s = setting, let line = s.setLines.first(where: { $0.key == key.name }) {
                    let from = "set \(key.name) ".utf8.count + 1
                    gated.append(ExtremeCase(what: "\(folder) set \(key.name) \(value) [in \(s.path)]",
                                             text: s.replacing(line.index, with: text), gate: (gate, from...(from + value.utf8.count - 1))))
                }
            }
        }
        // Every ranged setting at one bound, then the events of the domain's shortest scenario.
        if let shortest = mine.min(by: { $0.size < $1.size }) {
            for (end, name) in [(1, "upper"), (0, "lower")] {
                let sets = domain.configKeys.compactMap { k in
                    ExtremeSweep.bounds(FieldSpec(k.name, k.type, required: false, k.summary)).map { "set \(k.name) \(end == 1 ? $0.hi : $0.lo)" }
                }
                guard !sets.isEmpty else { continue }
                let events = shortest.events.map { $0.line.text + "\n" }.joined()
                bare.append(ExtremeCase(what: "\(folder) settings [every range at its \(name) bound, then the events of \(shortest.path)]",
                                        text: header + sets.joined(separator: "\n") + "\n\n" + events))
            }
        }
        return bare + gated
    }

    /// Runs the domains' cases through `lockstep record` in a temporary copy of `Scenarios/`: the
    /// bare cases, then the gated ones their bare case did not refuse at the value. Batches run two
    /// at a time. Returns how many cases ran, how many were skipped, and the failures.
    func run(_ domains: [DomainEntry], binary: String) throws -> (ran: Int, skipped: Int, failures: [String]) {
        var bare: [ExtremeCase] = [], gated: [ExtremeCase] = []
        for domain in domains {
            let mine = cases(for: domain)
            let offset = bare.count
            for var c in mine {
                if let gate = c.gate { c.gate = (gate.index + offset, gate.columns); gated.append(c) } else { bare.append(c) }
            }
        }
        for i in bare.indices { bare[i].path = "Scenarios/\(bare[i].domain)/zz-extreme-" + String(1_000_000 + i).dropFirst() + ".scenario" }
        for i in gated.indices { gated[i].path = "Scenarios/\(gated[i].domain)/zz-extreme-" + String(1_000_000 + bare.count + i).dropFirst() + ".scenario" }
        // One project per worker: two `record` runs in one project would see each other's
        // temporary golden files (and report them as a record in progress).
        let projects = try (0..<ExtremeValuesTests.workers).map { _ in try makeProject(bare + gated) }

        let bareResults = try runInParallel(bare, in: projects.map(\.path), binary: binary)
        let wanted = gated.filter { c in
            guard let gate = c.gate, let error = bareResults.outcomes[gate.index] else { return true }
            // Refused at the value on the bare line: the same refusal, whatever came before.
            let parts = error.split(separator: ":", maxSplits: 3)
            guard parts.count == 4, let l = Int(parts[1]), let col = Int(parts[2]) else { return true }
            return !(l == bare[gate.index].lineCount && gate.columns.contains(col))
        }
        let gatedResults = try runInParallel(wanted, in: projects.map(\.path), binary: binary)
        return (bare.count + wanted.count, gated.count - wanted.count, bareResults.failures + gatedResults.failures)
    }

    /// A temporary project holding `cases` and the files the scenarios refer to (includes,
    /// images, documents), at the same relative paths as in `Scenarios/`.
    func makeProject(_ cases: [ExtremeCase]) throws -> TempDirectory {
        let dir = try TempDirectory()
        for path in FileIO.walk(root + "/Scenarios", suffix: "") where !path.hasSuffix(".scenario") {
            try FileIO.writeAtomically(try FileIO.read(path), to: dir.path + "/" + path.dropFirst(root.count + 1))
        }
        try dir.write("Package.swift", "// swift-tools-version:6.0\n")
        for c in cases { try FileIO.writeAtomically(Array(c.text.utf8), to: dir.path + "/" + c.path) }
        return dir
    }

    /// Runs `cases` in batches of at most 400, one batch per project at a time. `outcomes[i]` is
    /// case i's error line (nil when it ran).
    func runInParallel(_ cases: [ExtremeCase], in projects: [String], binary: String) throws -> (outcomes: [String?], failures: [String]) {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var outcomes: [String?]
            var failures: [[String]]
            var freeProjects: [String]
            var error: Error?
            init(_ n: Int, _ batches: Int, _ projects: [String]) {
                outcomes = Array(repeating: nil, count: n); failures = Array(repeating: [], count: batches); freeProjects = projects
            }
        }
        let size = 400
        let batches = stride(from: 0, to: cases.count, by: size).map { $0..<min(cases.count, $0 + size) }
        let results = Results(cases.count, batches.count, projects)
        let queue = DispatchQueue(label: "extreme-sweep", attributes: .concurrent)
        let workers = DispatchSemaphore(value: projects.count)
        let group = DispatchGroup()
        for (b, range) in batches.enumerated() {
            workers.wait()
            results.lock.lock()
            let dir = results.freeProjects.removeLast()
            results.lock.unlock()
            queue.async(group: group) {
                defer {
                    results.lock.lock()
                    results.freeProjects.append(dir)
                    results.lock.unlock()
                    workers.signal()
                }
                do {
                    let (outcomes, failures) = try ExtremeSweep.run(Array(cases[range]), in: dir, binary: binary)
                    results.lock.lock()
                    for (i, o) in zip(range, outcomes) { results.outcomes[i] = o }
                    results.failures[b] = failures
                    results.lock.unlock()
                } catch {
                    results.lock.lock()
                    results.error = error
                    results.lock.unlock()
                }
            }
        }
        group.wait()
        if let error = results.error { throw error }
        return (results.outcomes, results.failures.flatMap { $0 })
    }

    /// Runs `cases` through `lockstep record`, starting again after a crash; returns each case's
    /// error line (nil when it ran) and the failures.
    static func run(_ cases: [ExtremeCase], in dir: String, binary: String) throws -> ([String?], [String]) {
        var outcomes = [String?](repeating: nil, count: cases.count)
        var failures: [String] = []
        var start = 0
        while start < cases.count {
            let batch = Array(cases[start...])
            let timeout = 120 + batch.count / 10
            let result = try ProcessRunner.run([binary, "record"] + batch.map(\.path), in: dir,
                                               environment: ["CI": "", "LOCKSTEP_ROOT": dir],
                                               timeoutSeconds: timeout, maxOutputBytes: 64 << 20)
            var lines = result.outputText.split(separator: "\n").map(String.init)
            if lines.last?.contains(" recorded (") == true { lines.removeLast() }
            // After a run that was killed (a crash, or the timeout on a loaded machine), `record`
            // first reports the temporary golden that run left and removes it: a note, not a case.
            if start > 0 { lines.removeAll { $0.hasPrefix("stale ") && $0.contains("a temporary file left by an interrupted") } }
            let finished = result.exitCode == 0 || result.exitCode == 2
            // One line per case: `recorded ...` or the case's error. After a crash, the crash report
            // follows the lines of the cases that finished.
            let done = finished ? min(lines.count, batch.count) : lines.prefix { ExtremeSweep.isOutcome($0) }.count
            for (k, line) in lines.prefix(done).enumerated() where !line.hasPrefix("recorded ") {
                let c = batch[k]
                outcomes[start + k] = line
                if let problem = ExtremeSweep.locationProblem(line) { failures.append("\(c.what): \(problem)\n  \(c.path): \(c.lastLine)") }
            }
            if finished {
                if lines.count != batch.count {
                    failures.append("lockstep record printed \(lines.count) lines for \(batch.count) cases (\(batch[0].path)...):\n\(result.outputText.suffix(2_000))")
                }
                start = cases.count
            } else if done > 0 {
                start += done  // the next run starts with the case that crashed, and names it
            } else {
                let c = batch[0]
                let report = lines.filter { $0.contains("Fatal error") || $0.contains("crashed") }.prefix(2).joined(separator: "; ")
                failures.append("\(c.what): \(result.statusText(timeoutSeconds: timeout)) \(report)\n  \(c.path): \(c.lastLine)")
                start += 1
            }
        }
        return (outcomes, failures)
    }

    /// A line `lockstep record` prints for one scenario: `recorded ...` or an error naming a case.
    static func isOutcome(_ line: String) -> Bool {
        line.hasPrefix("recorded ") || line.contains("zz-extreme-") || locationProblem(line) == nil
    }

    /// nil for a located error (`path:line:column: message`, line and column above 0), else what is wrong.
    static func locationProblem(_ line: String) -> String? {
        let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, !parts[0].isEmpty, let l = Int(parts[1]), let c = Int(parts[2]), parts[3].hasPrefix(" ") else {
            return "an error without a location: \(line)"
        }
        guard l > 0, c > 0 else { return "an error at line \(l), column \(c): \(line)" }
        return nil
    }
}
