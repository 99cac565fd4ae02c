import LockstepCore
import LockstepRunner

/// The purity check behind `lockstep lint`: finds, in Swift source, the calls and patterns that
/// would make a domain's trace depend on the machine, the clock, randomness or hash order.
///
/// It works on tokens of code only (comments and strings are blanked first), so a word in a doc
/// comment or a message string is never a finding. It is a heuristic, not a type checker: a line can
/// opt out with a trailing `// lint:allow RULE — reason`.
public enum Linter {
    /// What the linter knows about all the files linted together (the first pass, `learn`).
    public struct Knowledge: Sendable {
        /// Types declared in the linted code (`struct Timer`): a use of such a name is the project's
        /// own type, not Foundation's, and is not a finding.
        public var declaredTypes: Set<String> = []
        /// Enum cases and properties declared in the linted code (`case now`, `var now: Instant`):
        /// `.now` naming one of them is not a clock read.
        public var declaredMembers: Set<String> = []

        public init(declaredTypes: Set<String> = [], declaredMembers: Set<String> = []) {
            self.declaredTypes = declaredTypes
            self.declaredMembers = declaredMembers
        }

        /// Adds what `source` declares.
        public mutating func learn(from source: [UInt8]) {
            let tokens = LintTokenizer.tokens(LintLexer(source).code)
            for (k, t) in tokens.enumerated() where t.kind == .identifier && k + 1 < tokens.count {
                let next = tokens[k + 1]
                guard next.kind == .identifier else { continue }
                if Linter.declarationKeywords.contains(t.text) { declaredTypes.insert(next.text) }
                if t.text == "var" || t.text == "let" { declaredMembers.insert(next.text) }
                if t.text == "case" && next.text != "let" && next.text != "var" {
                    // `case a, b(Int), c`: every name on the line at parenthesis depth 0.
                    declaredMembers.insert(next.text)
                    var depth = 0
                    var m = k + 2
                    while m < tokens.count && tokens[m].line == t.line && m < k + 200 {
                        let u = tokens[m]
                        if u.isPunctuation("(") { depth += 1 } else if u.isPunctuation(")") { depth -= 1 }
                        else if depth == 0 && u.isPunctuation(",") && m + 1 < tokens.count && tokens[m + 1].kind == .identifier {
                            declaredMembers.insert(tokens[m + 1].text)
                        } else if depth == 0 && (u.isPunctuation(":") || u.isPunctuation("=")) { break }
                        m += 1
                    }
                }
            }
        }
    }

    static let libmFunctions: Set<String> = {
        let double = ["sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "exp2", "log", "log2", "log10",
                      "pow", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "fmod", "hypot", "cbrt", "expm1", "log1p"]
        return Set(double + double.map { $0 + "f" })
    }()

    /// Modules through which a libm function can be reached by a qualified name.
    static let libmModules: Set<String> = ["Glibc", "Darwin", "Musl", "Foundation", "CoreFoundation", "ucrt", "WinSDK"]
    /// Modules whose import is a finding in domain and platform code (Foundation has its own rule).
    static let impureModules: Set<String> = ["Glibc", "Darwin", "Musl", "ucrt", "WinSDK", "CoreFoundation",
                                             "LockstepRunner", "LockstepTools", "Lockstep", "XCTest", "Testing"]

    /// Members of a collection whose result does not depend on iteration order.
    static let orderFreeMembers: Set<String> = ["sorted", "contains", "count", "isEmpty", "min", "max", "underestimatedCount"]

    static let declarationKeywords: Set<String> = ["struct", "enum", "class", "actor", "protocol", "typealias"]

    static let bannedTypes: [String: LintRule] = [
        "ProcessInfo": .processInfo, "FileManager": .fileManager, "URLSession": .urlSession,
        "Thread": .thread, "Timer": .timer, "SystemRandomNumberGenerator": .random,
    ]

    /// Lints one file's source; `path` is only used in the findings. Findings are sorted.
    public static func lint(_ source: [UInt8], path: String, knowledge: Knowledge = Knowledge()) -> [LintFinding] {
        let lexer = LintLexer(source)
        let tokens = LintTokenizer.tokens(lexer.code)
        var raw: [LintFinding] = []
        func add(_ token: LintToken, _ rule: LintRule, _ message: String) {
            raw.append(LintFinding(path: path, line: token.line, column: token.column, rule: rule, message: message))
        }
        let collections = CollectionDeclarations(tokens)

        for (k, t) in tokens.enumerated() {
            let previous = k > 0 ? tokens[k - 1] : nil
            let beforePrevious = k > 1 ? tokens[k - 2] : nil
            let next = k + 1 < tokens.count ? tokens[k + 1] : nil
            let afterNext = k + 2 < tokens.count ? tokens[k + 2] : nil
            let isMember = previous?.isPunctuation(".") == true
            let isCall = next?.isPunctuation("(") == true
            let declared = knowledge.declaredTypes.contains(t.text)
            guard t.kind == .identifier else { continue }

            switch t.text {
            case "Date" where !declared:
                if isCall { add(t, .date, "Date( reads the real clock; use world.now") }
                else if next?.isPunctuation(".") == true && afterNext?.isIdentifier("now") == true {
                    add(t, .date, "Date.now reads the real clock; use world.now")
                }
            case "now" where isMember:
                let receiver = beforePrevious?.kind == .identifier ? beforePrevious!.text : nil
                if receiver == "world" || receiver == "Date" { break }
                // A type's `.now` (ContinuousClock.now) is a clock unless the project declares that type;
                // otherwise `.now` may be the project's own case or property named `now`.
                let isForeignType = receiver.map { $0.first!.isUppercase && !knowledge.declaredTypes.contains($0) } ?? false
                if knowledge.declaredMembers.contains("now") && !isForeignType { break }
                add(t, .now, "'.now' reads a real clock; use world.now (the virtual clock)")
            case "random" where isCall && (isMember || afterNext?.isIdentifier("in") == true):
                add(t, .random, "stdlib randomness is not seeded and its algorithm may change; use world.rng(label)")
            case "randomElement" where isCall, "shuffled" where isCall:
                add(t, .random, "\(t.text)( uses the system generator (or a stdlib algorithm that may change); use world.rng(label) and its shuffle")
            case "shuffle" where isMember && isCall && (afterNext?.isPunctuation(")") == true || afterNext?.isIdentifier("using") == true):
                add(t, .random, "stdlib shuffle uses the system generator or a stdlib algorithm that may change; use SeededRNG.shuffle(&items)")
            case let name where name.hasPrefix("arc4random"):
                add(t, .random, "\(name) is real randomness; use world.rng(label)")
            case "UUID" where isCall && !declared:
                add(t, .uuid, "UUID( is random; use world.uuid()")
            case let name where bannedTypes[name] != nil && !declared:
                let rule = bannedTypes[name]!
                add(t, rule, "\(name) " + bannedReason(rule))
            case let name where (name == "Dispatch" || isDispatchType(name)) && !declared:
                add(t, .dispatch, "\(name) runs on real queues and real time; use world.schedule(after:)")
            case "import":
                var m = k + 1
                if m < tokens.count && ["struct", "class", "enum", "func", "var", "let", "typealias", "protocol"].contains(tokens[m].text) { m += 1 }
                if m < tokens.count && tokens[m].kind == .identifier && tokens[m].text.hasPrefix("Foundation") {
                    add(t, .foundation, "import \(tokens[m].text): domain and platform code use Lockstep's deterministic types only")
                } else if m < tokens.count && tokens[m].kind == .identifier && Linter.impureModules.contains(tokens[m].text) {
                    add(t, .moduleImport, "import \(tokens[m].text): domain and platform code import LockstepCore and Platform only (files, processes, clocks and the C library are the runner's)")
                }
            case let name where isCall && libmFunctions.contains(name):
                if previous?.isIdentifier("func") == true { break }
                if isMember {
                    // DetMath.sin( is the point; other receivers (x.log(...)) are not libm.
                    guard let receiver = beforePrevious, receiver.kind == .identifier, libmModules.contains(receiver.text) else { break }
                }
                add(t, .libm, "\(name)( is libm, whose last bit differs between platforms; use DetMath.\(name)(")
            case "keys", "values":
                guard isMember, !isCall, !collections.otherNames.contains(t.text) || collections.unorderedNames.contains(t.text) else { break }
                if next?.isPunctuation(".") == true, let member = afterNext, orderFreeMembers.contains(member.text) { break }
                // `x.values[i]` indexes an array-like store; a Dictionary's views are not Int-indexed.
                if next?.isPunctuation("[") == true { break }
                add(t, .unorderedIteration, ".\(t.text) of a Dictionary is in hash order; use .\(t.text).sorted() (or sort the pairs) before it reaches an output")
            case "for":
                lintForIn(tokens, at: k, collections, add)
            default:
                break
            }
        }
        return applyAllows(raw, lexer: lexer, path: path).sorted()
    }

    static func isDispatchType(_ name: String) -> Bool {
        guard name.hasPrefix("Dispatch"), name.count > 8 else { return false }
        let after = name.utf8[name.utf8.index(name.utf8.startIndex, offsetBy: 8)]
        return after >= 65 && after <= 90
    }

    static func bannedReason(_ rule: LintRule) -> String {
        switch rule {
        case .processInfo: "reads the real process and host; pass configuration through the scenario"
        case .fileManager: "touches real files; the runner reads files for domains"
        case .urlSession: "uses the real network; model responses as scenario events"
        case .thread: "uses real threads or sleeps; reducers are single-threaded and use virtual time"
        case .timer: "is a real timer; use world.schedule(after:)"
        case .random: "is real randomness; use world.rng(label)"
        default: "is not deterministic"
        }
    }

    /// `for PATTERN in EXPRESSION {`: flags EXPRESSION when it names a Set or Dictionary declared in
    /// this file and does not sort it.
    static func lintForIn(_ tokens: [LintToken], at start: Int, _ collections: CollectionDeclarations,
                          _ add: (LintToken, LintRule, String) -> Void) {
        var depth = 0
        var k = start + 1
        var inIndex: Int? = nil
        let limit = min(tokens.count, start + 400)
        while k < limit {
            let t = tokens[k]
            if t.isPunctuation("(") || t.isPunctuation("[") { depth += 1 }
            if t.isPunctuation(")") || t.isPunctuation("]") { depth -= 1 }
            if depth == 0 && t.isIdentifier("in") { inIndex = k; break }
            if t.isPunctuation("{") || t.isPunctuation("}") { return }
            k += 1
        }
        guard let from = inIndex else { return }
        var expression: [Int] = []
        depth = 0
        k = from + 1
        while k < limit {
            let t = tokens[k]
            if depth == 0 && (t.isPunctuation("{") || t.isIdentifier("where")) { break }
            if t.isPunctuation("(") || t.isPunctuation("[") { depth += 1 }
            if t.isPunctuation(")") || t.isPunctuation("]") { depth -= 1 }
            expression.append(k)
            k += 1
        }
        if expression.contains(where: { tokens[$0].isIdentifier("sorted") }) { return }
        for e in expression {
            let t = tokens[e]
            guard t.kind == .identifier, collections.unorderedNames.contains(t.text) else { continue }
            let next = e + 1 < tokens.count ? tokens[e + 1] : nil
            if next?.isPunctuation("[") == true { continue }
            if next?.isPunctuation(".") == true, e + 2 < tokens.count, orderFreeMembers.contains(tokens[e + 2].text) { continue }
            if e + 2 < tokens.count && (tokens[e + 2].text == "keys" || tokens[e + 2].text == "values") { continue }  // flagged by its own rule
            add(t, .unorderedIteration, "for-in over '\(t.text)', a Set or Dictionary, runs in hash order; iterate \(t.text).sorted(...) instead")
            return
        }
    }

    /// Drops findings on lines that allow their rule with a reason; reports allows that are malformed.
    static func applyAllows(_ findings: [LintFinding], lexer: LintLexer, path: String) -> [LintFinding] {
        var result: [LintFinding] = []
        var allowed: [Int: [LintRule]] = [:]
        for line in lexer.lineComments.keys.sorted() {
            let comment = lexer.lineComments[line]!
            guard let parsed = LintAllow.parse(comment.text) else { continue }
            let column = columnOf(offset: comment.offset, in: lexer.code)
            if let problem = parsed.problem {
                result.append(LintFinding(path: path, line: line, column: column, rule: .allow, message: problem))
            } else {
                allowed[line] = parsed.rules
            }
        }
        for f in findings where !(allowed[f.line]?.contains(f.rule) ?? false) { result.append(f) }
        return result
    }

    static func columnOf(offset: Int, in code: [UInt8]) -> Int {
        var k = offset
        while k > 0 && code[k - 1] != 10 { k -= 1 }
        return offset - k + 1
    }
}

/// A `// lint:allow RULE[,RULE] — reason` comment.
public struct LintAllow: Sendable {
    public var rules: [LintRule]
    public var reason: String
    /// Why the allow is invalid (no reason, unknown rule), if it is.
    public var problem: String?

    /// Parses a line comment's text (after `//`); nil when it is not a `lint:allow`.
    public static func parse(_ text: String) -> LintAllow? {
        // Only a comment that is an allow (`// lint:allow ...`), not a doc comment that mentions one.
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("lint:allow") else { return nil }
        var rest = trimmed.dropFirst("lint:allow".count)
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let names = rest.prefix { $0 != " " && $0 != "\t" && $0 != ":" && $0 != "—" && $0 != "–" }
        rest = rest.dropFirst(names.count)
        var rules: [LintRule] = []
        var unknown: [String] = []
        for name in names.split(separator: ",") {
            if let rule = LintRule(rawValue: String(name)) { rules.append(rule) } else { unknown.append(String(name)) }
        }
        var reason = rest.drop { $0 == " " || $0 == "\t" || $0 == "—" || $0 == "–" || $0 == "-" || $0 == ":" }
        while let last = reason.last, last == " " || last == "\t" { reason = reason.dropLast() }
        var allow = LintAllow(rules: rules, reason: String(reason), problem: nil)
        let ruleList = LintRule.allCases.map(\.rawValue).joined(separator: ", ")
        if names.isEmpty {
            allow.problem = "lint:allow names no rule; write '// lint:allow RULE — reason' (rules: \(ruleList))"
        } else if !unknown.isEmpty {
            allow.problem = "lint:allow names unknown rule '\(unknown.joined(separator: ","))' (rules: \(ruleList))"
        } else if reason.isEmpty {
            allow.problem = "lint:allow \(names) needs a reason: '// lint:allow \(names) — why this stays deterministic'"
        }
        return allow
    }
}

/// Names declared in one file with a `Set` or `Dictionary` type (`var pending: Set<Int>`,
/// `let byID: [String: Item]`, `var seen = Set<Int>()`, `var map = [:]`), and names declared with any
/// other type (so `.values` of an array property named `values` is not taken for a Dictionary's).
struct CollectionDeclarations {
    var unorderedNames: Set<String> = []
    var otherNames: Set<String> = []

    init(_ tokens: [LintToken]) {
        for (k, t) in tokens.enumerated() where t.kind == .identifier && k + 2 < tokens.count {
            let colon = tokens[k + 1]
            if colon.isPunctuation(":") && k > 0 && !tokens[k - 1].isPunctuation("?") {
                // `name: TYPE` (a property, a parameter, a local); the `?` check skips a ternary's `a ? b : c`.
                if CollectionDeclarations.isUnorderedType(tokens, at: k + 2) { unorderedNames.insert(t.text) }
                else if k > 0 && (tokens[k - 1].isIdentifier("var") || tokens[k - 1].isIdentifier("let")) { otherNames.insert(t.text) }
            } else if colon.isPunctuation("=") && k > 0 && (tokens[k - 1].isIdentifier("var") || tokens[k - 1].isIdentifier("let")) {
                if CollectionDeclarations.isUnorderedType(tokens, at: k + 2) { unorderedNames.insert(t.text) }
            }
        }
    }

    /// True when the tokens at `k` start `Set`, `Dictionary`, or a bracket with a top-level `:`
    /// (`[K: V]` as a type, `[:]` or `["a": 1]` as a literal).
    static func isUnorderedType(_ tokens: [LintToken], at k: Int) -> Bool {
        let t = tokens[k]
        if t.isIdentifier("Set") || t.isIdentifier("Dictionary") { return true }
        guard t.isPunctuation("[") else { return false }
        var depth = 0
        var m = k
        while m < tokens.count && m < k + 200 {
            let u = tokens[m]
            if u.isPunctuation("[") || u.isPunctuation("(") || u.isPunctuation("<") { depth += 1 }
            if u.isPunctuation("]") || u.isPunctuation(")") || u.isPunctuation(">") {
                depth -= 1
                if depth == 0 { return false }
            }
            if depth == 1 && u.isPunctuation(":") { return true }
            m += 1
        }
        return false
    }
}
