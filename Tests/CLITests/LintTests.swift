import LockstepCore
import LockstepRunner
import LockstepTools
import Testing

/// Lints an in-memory source and returns `rule@line:column` for each finding, sorted.
private func findings(_ source: String, knowledge: Linter.Knowledge? = nil) -> [String] {
    var k = Linter.Knowledge()
    if let knowledge { k = knowledge } else { k.learn(from: Array(source.utf8)) }
    return Linter.lint(Array(source.utf8), path: "x.swift", knowledge: k).map { "\($0.rule.rawValue)@\($0.line):\($0.column)" }
}

private func rules(_ source: String) -> [String] {
    var k = Linter.Knowledge()
    k.learn(from: Array(source.utf8))
    return Linter.lint(Array(source.utf8), path: "x.swift", knowledge: k).map(\.rule.rawValue)
}

@Suite struct LintLexerTests {
    @Test func blanksCommentsAndStringsKeepingPositions() {
        let source = "let a = \"Date()\" // Date()\nlet b = 1 /* x /* nested */ still */ + 2\n"
        let code = String(decoding: LintLexer(source).code, as: UTF8.self)
        // `"Date()" // Date()` is 19 bytes after `let a =`; the block comment and its spaces are 28.
        #expect(code == "let a =" + String(repeating: " ", count: 19) + "\nlet b = 1" + String(repeating: " ", count: 28) + "+ 2\n")
        #expect(code.utf8.count == source.utf8.count)
    }

    @Test func interpolationIsCodeAndStringsInsideItAreNot() {
        let source = #"let s = "a \(f("Date()")) b""#
        let code = String(decoding: LintLexer(source).code, as: UTF8.self)
        // ` "a \(` (6), `"Date()"` (8), and `) b"` (4) are not code.
        #expect(code == "let s =" + String(repeating: " ", count: 6) + "f(" + String(repeating: " ", count: 8) + ")" + String(repeating: " ", count: 4))
    }

    @Test func multilineAndRawStrings() {
        let source = "let a = \"\"\"\n  Date()\n  \"quoted\"\n  \"\"\"\nlet b = #\"UUID() \"# + x\n"
        let code = String(decoding: LintLexer(source).code, as: UTF8.self)
        #expect(!code.contains("Date") && !code.contains("UUID") && !code.contains("quoted"))
        #expect(code.contains("+ x"))
        #expect(code.split(separator: "\n", omittingEmptySubsequences: false).count == 6)
    }

    @Test func recordsLineCommentsByLine() {
        let lexer = LintLexer("a\nb // hello\n")
        #expect(lexer.lineComments[2]?.text == " hello")
        #expect(lexer.lineComments[2]?.offset == 4)
        #expect(lexer.lineComments[1] == nil)
    }
}

@Suite struct LintRuleTests {
    @Test func date() {
        #expect(findings("let d = Date()") == ["date@1:9"])
        #expect(findings("let d = Date.now") == ["date@1:9"])
        #expect(findings("let d = Foundation.Date(timeIntervalSince1970: 0)") == ["date@1:20"])
        // Negative: other identifiers that contain the word, a type annotation, mentions.
        #expect(findings("let d = updateDate(x); let e: LocalDate = LocalDate(); // Date()") == [])
        #expect(findings("let s = \"Date() and Date.now\"") == [])
    }

    @Test func now() {
        #expect(findings("let t = ContinuousClock.now") == ["now@1:25"])
        #expect(findings("let t: Foo = .now") == ["now@1:15"])
        #expect(findings("let t = world.now") == [])
        #expect(findings("let t = world.now - world.start // .now") == [])
        #expect(findings("let nowish = 1; let t = x.nowhere") == [])
    }

    @Test func nowThatIsTheProjectsOwnMember() {
        // A domain with its own `case now` is not reading a clock with `.now`; a foreign type still is.
        #expect(findings("enum When { case later, now }\nlet w: When = .now") == [])
        #expect(findings("struct S { var now: Int }\nlet a = s.now\nlet b = SuspendingClock.now") == ["now@3:25"])
    }

    @Test func random() {
        #expect(findings("let a = Int.random(in: 0..<6)") == ["random@1:13"])
        #expect(findings("let a = Bool.random()") == ["random@1:14"])
        #expect(findings("let a = random(in: 0...1)") == ["random@1:9"])
        #expect(findings("let a = xs.shuffled()") == ["random@1:12"])
        #expect(findings("xs.shuffle()") == ["random@1:4"])
        #expect(findings("let a = xs.randomElement()") == ["random@1:12"])
        #expect(findings("var g = SystemRandomNumberGenerator()") == ["random@1:9"])
        #expect(findings("let a = arc4random_uniform(6)") == ["random@1:9"])
        // Negative: Lockstep's seeded generator, and names that merely contain the word.
        #expect(findings("var r = world.rng(\"dice\"); let v = r.int(in: 1...6); r.shuffle(&items); let randomness = 1") == [])
        #expect(findings("let s = \"Int.random(in: 0..<6)\" /* xs.shuffled() */") == [])
    }

    @Test func uuid() {
        #expect(findings("let id = UUID()") == ["uuid@1:10"])
        #expect(findings("let id = world.uuid(); let s = SeededUUID.v4(&r); let t: UUID? = nil") == [])
    }

    @Test func systemTypes() {
        #expect(rules("let e = ProcessInfo.processInfo.environment") == ["process-info"])
        #expect(rules("let f = FileManager.default") == ["file-manager"])
        #expect(rules("let s = URLSession.shared") == ["url-session"])
        #expect(rules("Thread.sleep(forTimeInterval: 1)") == ["thread"])
        #expect(rules("let t = Timer(timeInterval: 1, repeats: false) { _ in }") == ["timer"])
        #expect(rules("DispatchQueue.main.async { }") == ["dispatch"])
        #expect(rules("import Dispatch") == ["dispatch"])
        #expect(rules("let t = DispatchTime.now()") == ["dispatch", "now"])
        // Negative: Lockstep's timers and ids, words containing the names, and the project's own types.
        #expect(rules("let id: TimerID = world.schedule(after: d, \"k\", .tick); let q = TimerQueue(); let threads = 2; let d = Dispatcher()") == [])
        #expect(rules("struct Timer { var left: Int }\nlet t = Timer(left: 3)") == [])
    }

    @Test func foundation() {
        #expect(findings("import Foundation") == ["foundation@1:1"])
        #expect(findings("import FoundationEssentials") == ["foundation@1:1"])
        #expect(findings("import struct Foundation.Date") == ["foundation@1:1"])
        #expect(findings("import LockstepCore\nimport Platform // import Foundation") == [])
    }

    @Test func impureModuleImports() {
        #expect(findings("import Glibc") == ["import@1:1"])
        #expect(findings("#if canImport(Darwin)\nimport Darwin\n#endif") == ["import@2:1"])
        #expect(findings("import LockstepRunner\nimport LockstepTools\nimport Lockstep") == ["import@1:1", "import@2:1", "import@3:1"])
        #expect(findings("import func Glibc.getenv") == ["import@1:1"])
        #expect(findings("import LockstepCore\nimport Platform\nimport Chalk") == [])
    }

    @Test func libm() {
        #expect(findings("let y = sin(x)") == ["libm@1:9"])
        #expect(findings("let y = pow(x, 2) + atan2(a, b)") == ["libm@1:9", "libm@1:21"])
        #expect(findings("let y = Glibc.exp(x)") == ["libm@1:15"])
        #expect(findings("let y = sinf(x)") == ["libm@1:9"])
        for name in ["cos", "tan", "asin", "acos", "atan", "exp2", "log", "log2", "log10", "sinh", "cosh", "tanh", "fmod", "hypot"] {
            #expect(findings("let y = \(name)(x)") == ["libm@1:9"], "\(name)")
        }
        // Negative: DetMath, words that start with a libm name, sqrt, methods of other values,
        // a declaration, and mentions in comments and strings.
        #expect(findings("let y = DetMath.sin(x) + DetMath.pow(a, b)") == [])
        #expect(findings("let y = cosine(x) + logistic(x) + expand(x) + x.squareRoot() + sqrt(x)") == [])
        #expect(findings("logger.log(\"x\"); func log(_ s: String) {}") == [])
        #expect(findings("// sin(x)\nlet s = \"cos(0)\"") == [])
    }

    @Test func unorderedIterationOverDeclaredSetOrDictionary() {
        #expect(findings("var pending: Set<Int> = []\nfor p in pending { emit(p) }") == ["unordered-iteration@2:10"])
        #expect(findings("let byID: [String: Int] = [:]\nfor (k, v) in byID { }") == ["unordered-iteration@2:15"])
        #expect(findings("var seen = Set<Int>()\nfor s in state.seen.enumerated() { }") == ["unordered-iteration@2:16"])
        #expect(findings("var m: Dictionary<String, Int> = [:]\nfor x in m where x.value > 0 { }") == ["unordered-iteration@2:10"])
        // Negative: sorted, arrays, count and subscripts, tuples with labels inside brackets.
        #expect(findings("var pending: Set<Int> = []\nfor p in pending.sorted() { }") == [])
        #expect(findings("var byID: [String: Int] = [:]\nfor (k, v) in byID.sorted(by: { $0.key < $1.key }) { }") == [])
        #expect(findings("var list: [Int] = []\nfor x in list { }") == [])
        #expect(findings("var pairs: [(a: Int, b: Int)] = []\nfor p in pairs { }") == [])
        #expect(findings("var s: Set<Int> = []\nfor i in 0..<s.count { }") == [])
        #expect(findings("var m: [Int: [Int]] = [:]\nfor x in m[3] ?? [] { }") == [])
    }

    @Test func keysAndValues() {
        #expect(findings("for k in dict.keys { }") == ["unordered-iteration@1:15"])
        #expect(findings("let all = dict.values.map { $0 * 2 }") == ["unordered-iteration@1:16"])
        #expect(findings("for k in dict.keys.sorted() { }") == [])
        #expect(findings("let n = dict.values.count; let has = dict.keys.contains(3); let m = dict.values.max()") == [])
        // An array property of the project's named `values` is not a Dictionary's.
        #expect(findings("struct Series { var values: [Double] }\nfor v in series.values { }") == [])
        #expect(findings("let v = line.values(\"x\")") == [])
        // Subscripting reads one element of an array-like store; it is not iteration.
        #expect(findings("let x = pose.values[3 * i]") == [])
        #expect(findings("for v in pose.values { }") == ["unordered-iteration@1:15"])
    }

    @Test func allowWithReasonSuppressesOnlyThatRuleOnThatLine() {
        let allowed = "let y = sin(x) // lint:allow libm — checked against DetMath in tests\nlet z = cos(x)"
        #expect(findings(allowed) == ["libm@2:9"])
        #expect(findings("let y = sin(x) // lint:allow date — wrong rule") == ["libm@1:9"])
        #expect(findings("let y = sin(x) + Int.random(in: 0...1) // lint:allow libm,random - both reviewed") == [])
        #expect(findings("let y = sin(x) // lint:allow libm: reviewed") == [])
    }

    @Test func allowWithoutReasonIsAFinding() {
        #expect(findings("let y = sin(x) // lint:allow libm") == ["libm@1:9", "allow@1:16"])
        #expect(findings("let y = sin(x) // lint:allow libm —   ") == ["libm@1:9", "allow@1:16"])
        #expect(findings("let y = 1 // lint:allow nonsense — because") == ["allow@1:11"])
        #expect(findings("let y = 1 // lint:allow") == ["allow@1:11"])
        // A doc comment that mentions the syntax is not an allow.
        #expect(findings("/// Write `// lint:allow RULE` to opt out.\nlet y = 1") == [])
    }

    @Test func findingFormat() {
        let f = Linter.lint(Array("\n  let d = Date()".utf8), path: "Sources/Domains/A/B.swift")
        #expect(f.map(\.description) == ["Sources/Domains/A/B.swift:2:11: date: Date( reads the real clock; use world.now"])
    }
}

@Suite struct LintCommandTests {
    /// The package root, found from this file's path (Tests/CLITests/LintTests.swift).
    static var packageRoot: String {
        var path = #filePath
        for _ in 0..<3 { path = FileIO.parentDirectory(path) }
        return path
    }

    @Test func projectDomainAndPlatformSourcesAreClean() throws {
        let root = LintCommandTests.packageRoot
        #expect(FileIO.isDirectory(root + "/Sources/Domains"))
        let ctx = CommandContext(project: Project(root: root, domains: []), environment: [:])
        let code = LintCommand.run([root + "/Sources/Domains", root + "/Sources/Platform"], ctx)
        #expect(ctx.outText.hasSuffix(" 0 findings\n"), "\(ctx.outText)")
        #expect(code == ExitCode.ok)
        let files = FileIO.walk(root + "/Sources/Domains", suffix: ".swift").count + FileIO.walk(root + "/Sources/Platform", suffix: ".swift").count
        #expect(ctx.outText.hasPrefix("\(files) files, ") || ctx.outText.contains("\n\(files) files, "))
    }

    @Test func findingsAreSortedAndCountedWithExitOne() throws {
        let dir = try TempDirectory()
        try FileIO.writeAtomically(Array("import Foundation\nlet a = UUID()\n".utf8), to: dir.path + "/Sources/Domains/B/B.swift")
        try FileIO.writeAtomically(Array("let t = Date()\n".utf8), to: dir.path + "/Sources/Domains/A/A.swift")
        try FileIO.writeAtomically(Array("let clean = 1\n".utf8), to: dir.path + "/Sources/Platform/P.swift")
        try FileIO.makeDirectories(dir.path + "/Scenarios")
        let ctx = CommandContext(project: Project(root: dir.path, domains: []), environment: [:])
        let code = LintCommand.run([], ctx)
        #expect(code == ExitCode.mismatch)
        #expect(ctx.outText == """
            Sources/Domains/A/A.swift:1:9: date: Date( reads the real clock; use world.now
            Sources/Domains/B/B.swift:1:1: foundation: import Foundation: domain and platform code use Lockstep's deterministic types only
            Sources/Domains/B/B.swift:2:9: uuid: UUID( is random; use world.uuid()
            3 files, 3 findings

            """)
    }

    /// The folders a package names through `LockstepMain.run(domains:lintFolders:)` are the default.
    @Test func configuredFoldersAreTheDefault() throws {
        let dir = try TempDirectory()
        try FileIO.writeAtomically(Array("let t = Date()\n".utf8), to: dir.path + "/Sources/Steep/Steep.swift")
        try FileIO.writeAtomically(Array("let clean = 1\n".utf8), to: dir.path + "/Sources/Domains/D.swift")
        let ctx = CommandContext(project: Project(root: dir.path, domains: []), environment: [:])
        ctx.lintFolders = ["Sources/Steep"]
        #expect(LintCommand.run([], ctx) == ExitCode.mismatch)
        #expect(ctx.outText == "Sources/Steep/Steep.swift:1:9: date: Date( reads the real clock; use world.now\n1 files, 1 findings\n")
    }

    /// Zero files is exit 2 naming the folders looked at, whether they are the defaults or given.
    @Test func lintingNoFilesIsAnError() throws {
        let dir = try TempDirectory()
        try FileIO.makeDirectories(dir.path + "/Sources/Empty")
        try FileIO.writeAtomically(Array("not swift\n".utf8), to: dir.path + "/Sources/Empty/README.md")
        let configured = CommandContext(project: Project(root: dir.path, domains: []), environment: [:])
        configured.lintFolders = ["Sources/Steep", "Sources/Empty"]
        #expect(LintCommand.run([], configured) == ExitCode.badInput)
        #expect(configured.outText == "")
        #expect(configured.errText.hasPrefix("lockstep lint: no .swift files in Sources/Steep, Sources/Empty; name the folders"), "\(configured.errText)")
        let given = CommandContext(project: Project(root: dir.path, domains: []), environment: [:])
        #expect(LintCommand.run(["Sources/Empty"], given) == ExitCode.badInput)
        #expect(given.errText.hasPrefix("lockstep lint: no .swift files in Sources/Empty;"), "\(given.errText)")
    }

    @Test func missingFolderIsUsage() throws {
        let dir = try TempDirectory()
        let ctx = CommandContext(project: Project(root: dir.path, domains: []), environment: [:])
        #expect(LintCommand.run([dir.path + "/nope"], ctx) == ExitCode.badInput)
        #expect(ctx.errText.contains("no such folder or file"))
        #expect(LintCommand.run(["--strict"], ctx) == ExitCode.badInput)
    }
}
