import Foundation
import LockstepRunner
import Testing

/// The TextMate grammar in `Editors/lockstep-scenario/`, run over every `.scenario` and `.events`
/// file of the repository with Swift Regex.
///
/// The grammar is line-oriented and made of `match` rules only; the rules whose regex starts with `^`
/// come first and no other rule can start with a blank. For such a grammar TextMate's rule (at each
/// position, the rule whose match starts earliest, the first listed on a tie) comes down to: at the
/// start of a line try the `^` rules in order; elsewhere skip blanks and take the first rule that
/// matches right there. Every character that is not a blank must then lie inside a scope the grammar
/// names (the rule's `name` or a capture's), and that scope must be one of `knownScopes`: text the
/// grammar does not know fails the test with its file, line and column.
struct TextMateGrammar {
    struct Rule {
        var regex: Regex<AnyRegexOutput>
        var source: String
        var anchored: Bool
        var name: String?
        var captures: [Int: String]
    }

    var scopeName: String
    var rules: [Rule]

    static var path: String { LintCommandTests.packageRoot + "/Editors/lockstep-scenario/lockstep-scenario.tmLanguage.json" }

    init(path: String = TextMateGrammar.path) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        scopeName = try #require(json["scopeName"] as? String)
        let patterns = try #require(json["patterns"] as? [[String: Any]])
        rules = try patterns.map { p in
            let source = try #require(p["match"] as? String, "only match rules are used")
            var captures: [Int: String] = [:]
            for (key, value) in (p["captures"] as? [String: [String: String]]) ?? [:] {
                captures[try #require(Int(key))] = value["name"]
            }
            return Rule(regex: try Regex(source), source: source, anchored: source.hasPrefix("^"),
                        name: p["name"] as? String, captures: captures)
        }
    }

    /// A place where the grammar does not cover the text.
    struct Gap: Error, CustomStringConvertible {
        var line: Int
        var column: Int
        var text: String
        var description: String { "\(line):\(column): not covered by the grammar: '\(text)'" }
    }

    static func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\r" }

    /// The scopes given to the non-blank text of `line` (in order), or the first gap.
    func tokenize(_ line: String, lineNumber: Int) -> Result<[String], Gap> {
        var scopes: [String] = []
        var pos = line.startIndex
        func gap(_ at: String.Index) -> Gap {
            let rest = line[at...].prefix { !TextMateGrammar.isBlank($0) }
            return Gap(line: lineNumber, column: line.distance(from: line.startIndex, to: at) + 1, text: String(rest))
        }
        var rounds = 0
        while pos < line.endIndex {
            rounds += 1
            guard rounds <= 10_000 else { return .failure(gap(pos)) }
            var found: (Rule, Regex<AnyRegexOutput>.Match)? = nil
            if pos == line.startIndex {
                for rule in rules where rule.anchored {
                    if let m = try? rule.regex.prefixMatch(in: line) { found = (rule, m); break }
                }
            }
            if found == nil {
                while pos < line.endIndex && TextMateGrammar.isBlank(line[pos]) { pos = line.index(after: pos) }
                guard pos < line.endIndex else { break }
                for rule in rules where !rule.anchored {
                    if let m = try? rule.regex.prefixMatch(in: line[pos...]) { found = (rule, m); break }
                }
            }
            guard let (rule, match) = found, !match.range.isEmpty else { return .failure(gap(pos)) }
            var covered: [(Range<String.Index>, String)] = []
            if let name = rule.name { covered.append((match.range, name)) }
            for (index, name) in rule.captures.sorted(by: { $0.key < $1.key }) where index < match.output.count {
                if let range = match.output[index].range { covered.append((range, name)) }
            }
            var i = match.range.lowerBound
            while i < match.range.upperBound {
                if !TextMateGrammar.isBlank(line[i]) {
                    guard covered.contains(where: { $0.0.contains(i) }) else { return .failure(gap(i)) }
                }
                i = line.index(after: i)
            }
            for (_, name) in covered.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) { scopes.append(name) }
            pos = match.range.upperBound
        }
        return .success(scopes)
    }
}

@Suite struct GrammarTests {
    /// Every scope the grammar may give; each is a standard TextMate class with the grammar's suffix.
    static let knownScopes: Set<String> = Set([
        "comment.line.number-sign", "keyword.control.header", "constant.numeric.version", "keyword.other.fault",
        "support.constant.fault", "variable.other.setting", "entity.name.type.domain", "constant.numeric.time",
        "keyword.control.runner", "entity.name.function.generator", "entity.name.function.event", "variable.parameter.key",
        "keyword.operator.assignment", "string.quoted.double", "constant.numeric.tuple", "constant.numeric",
        "constant.other.instant", "constant.numeric.duration", "constant.language.boolean", "constant.other.word",
    ].map { $0 + ".lockstep-scenario" })

    @Test func grammarIsWellFormed() throws {
        let grammar = try TextMateGrammar()
        #expect(grammar.scopeName == "source.lockstep-scenario")
        #expect(grammar.rules.count >= 10)
        // The `^` rules come first, so "first listed wins a tie" never puts a value rule before them.
        let firstUnanchored = try #require(grammar.rules.firstIndex { !$0.anchored })
        #expect(grammar.rules[firstUnanchored...].allSatisfy { !$0.anchored })
        for rule in grammar.rules {
            for name in [rule.name].compactMap({ $0 }) + Array(rule.captures.values) {
                #expect(GrammarTests.knownScopes.contains(name), "unknown scope \(name)")
            }
            // The shared subset of Oniguruma and Swift Regex: no lookbehind, \G, \h, possessive or atomic groups.
            for construct in ["(?<=", "(?<!", "\\G", "\\h", "*+", "++", "?+", "(?>"] {
                #expect(!rule.source.contains(construct), "\(rule.source) uses \(construct)")
            }
        }
        // The VS Code manifest names the grammar and its scope.
        let manifest = try String(contentsOfFile: LintCommandTests.packageRoot + "/Editors/lockstep-scenario/package.json", encoding: .utf8)
        #expect(manifest.contains("\"scopeName\": \"source.lockstep-scenario\""))
        #expect(manifest.contains("\"path\": \"./lockstep-scenario.tmLanguage.json\""))
    }

    /// Scopes for one line of each kind, read off the rules by hand.
    @Test func scopesOfTypicalLines() throws {
        let grammar = try TextMateGrammar()
        func scopes(_ line: String) -> [String] {
            switch grammar.tokenize(line, lineNumber: 1) {
            case .success(let s): return s.map { String($0.dropLast(".lockstep-scenario".count)) }
            case .failure(let gap): return ["gap \(gap)"]
            }
        }
        #expect(scopes("  # a comment, with \"quotes\"") == ["comment.line.number-sign"])
        #expect(scopes("lockstep 1") == ["keyword.control.header", "constant.numeric.version"])
        #expect(scopes("set fault offByOne") == ["keyword.control.header", "keyword.other.fault", "support.constant.fault"])
        #expect(scopes("set step 2") == ["keyword.control.header", "variable.other.setting", "constant.numeric"])
        #expect(scopes("start 2026-03-14T09:00:00Z") == ["keyword.control.header", "constant.other.instant"])
        #expect(scopes("+0.5   remind after=10 label=\"t\\\"a\"") == [
            "constant.numeric.time", "entity.name.function.event", "variable.parameter.key", "keyword.operator.assignment",
            "constant.numeric", "variable.parameter.key", "keyword.operator.assignment", "string.quoted.double"])
        #expect(scopes("1h30m gen adds count=3 c=0.5,nan,-0x1F") == [
            "constant.numeric.time", "keyword.control.runner", "entity.name.function.generator", "variable.parameter.key",
            "keyword.operator.assignment", "constant.numeric", "variable.parameter.key", "keyword.operator.assignment",
            "constant.numeric.tuple"])
        #expect(scopes("@2026-03-14T10:30:00+01:00 zone Europe/Berlin") == ["constant.numeric.time", "keyword.control.runner", "constant.other.word"])
        #expect(scopes("0 tick on=true d=+2h30m at=@2026-03-29T01:30:00Z p=../r/a.events") == [
            "constant.numeric.time", "entity.name.function.event",
            "variable.parameter.key", "keyword.operator.assignment", "constant.language.boolean",
            "variable.parameter.key", "keyword.operator.assignment", "constant.numeric.duration",
            "variable.parameter.key", "keyword.operator.assignment", "constant.other.instant",
            "variable.parameter.key", "keyword.operator.assignment", "constant.other.word"])
    }

    /// What the format refuses, the grammar does not cover either (so an editor shows it plainly).
    @Test func malformedTextIsAGap() throws {
        let grammar = try TextMateGrammar()
        for (line, column) in [("0 add n=1 # one", 11), ("0 roll x=a!b", 10), ("0 tick a=1, 2", 10), ("0 cancel label=\"t\\qa\"", 16),
                               ("5x add", 1), ("!oops", 1), ("0 add n=1.", 9)] {
            switch grammar.tokenize(line, lineNumber: 1) {
            case .success(let s): Issue.record("'\(line)' fully covered: \(s)")
            case .failure(let gap): #expect(gap.column == column, "'\(line)': \(gap)")
            }
        }
    }

    /// Every line of every `.scenario` and `.events` file in the repository is covered by known scopes.
    @Test(arguments: RepositoryScenarioFiles.all)
    func coversRepositoryFile(_ relative: String) throws {
        let grammar = try TextMateGrammar()
        let bytes = try RepositoryScenarioFiles.bytes(relative)
        var gaps: [String] = []
        // Split on LF bytes (a CRLF is one Character in Swift); a line's CR is a blank to the tokenizer.
        for (index, raw) in bytes.split(separator: 10, omittingEmptySubsequences: false).enumerated() {
            switch grammar.tokenize(String(decoding: raw, as: UTF8.self), lineNumber: index + 1) {
            case .success(let scopes):
                for s in scopes where !GrammarTests.knownScopes.contains(s) { gaps.append("\(index + 1): unknown scope \(s)") }
            case .failure(let gap): gaps.append(gap.description)
            }
            if gaps.count >= 5 { break }
        }
        #expect(gaps.isEmpty, Comment(rawValue: "\(relative):\n" + gaps.joined(separator: "\n")))
    }
}
