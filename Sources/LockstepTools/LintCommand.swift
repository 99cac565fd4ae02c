import LockstepCore
import LockstepRunner

/// `lockstep lint [DIR...]`: the purity check of domain and platform sources.
public enum LintCommand {
    /// The folders Lockstep's own executable lints when none are given, relative to the project root
    /// (`CommandContext.lintFolders` is what a run uses).
    public static let defaultFolders = ["Sources/Domains", "Sources/Platform"]

    /// Source files larger than this are refused rather than read (no domain file is near it).
    public static let maxFileBytes = 4 << 20

    public static var help: String {
        var s = """
            Checks Swift sources (default: the executable's lint folders, Sources/Domains and Sources/Platform
            in Lockstep itself; or the given folders and .swift files) for code that would make a trace
            depend on the machine, the real clock, real randomness or hash order. Prints one
            'path:line:column: rule: message' per finding, sorted, then 'N files, N findings'.
            Finding no .swift file at all is an error: linting nothing is not a pass. A package that uses
            Lockstep names its domains' folders in main.swift: LockstepMain.run(domains:lintFolders:).
            Exit 0 clean, 1 findings, 2 usage or no files.

            rules:

            """
        for rule in LintRule.allCases { s += "  \(rule.rawValue.padded(to: 20)) \(rule.summary)\n" }
        s += """

            Comments and string literals are ignored (a small lexer strips //, nested /* */, "...",
            \"\"\"...\"\"\" and raw strings; interpolated code is still checked).

            unordered-iteration is a heuristic, since lint has no type checker. It flags:
              - 'for x in NAME' where NAME is declared in the same file with a Set or Dictionary type
                (NAME: Set<...>, NAME: Dictionary<...>, NAME: [K: V], NAME = Set(...), NAME = [:]),
                unless the loop's sequence calls .sorted; NAME.count, NAME.isEmpty and NAME[...] are fine;
              - any '.keys' or '.values' property not followed by .sorted, .contains, .count, .isEmpty,
                .min or .max, or by a subscript '[' (skipped when the file declares its own 'var/let values'
                of another type).
            It cannot see a Set declared in another file, and may flag a loop whose order does not reach
            an output; sort anyway, or opt out.

            A type the linted code declares itself (struct Timer) is the project's, not Foundation's, and
            is not flagged; likewise '.now' is not flagged where the linted code declares its own case or
            property named 'now' (world.now is always fine; ContinuousClock.now always is flagged).
            libm calls are flagged bare or module-qualified (Glibc.sin); DetMath.sin( and methods of
            other values (x.log(...)) are not.

            Opting out: end the line with '// lint:allow RULE — reason' (several rules: RULE,RULE). The
            reason is required; an allow without one, or naming an unknown rule, is itself a finding.
            """
        return s
    }

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: [], switches: []) } catch {
            return LockstepCommand.usage(ctx, error.description, "lint")
        }
        var files: [String] = []
        if parsed.positional.isEmpty {
            for folder in ctx.lintFolders where FileIO.isDirectory(ctx.project.root + "/" + folder) {
                files += FileIO.walk(ctx.project.root + "/" + folder, suffix: ".swift")
            }
        } else {
            for argument in parsed.positional {
                let disk = ctx.project.diskPath(forDisplay: argument)
                if FileIO.isDirectory(disk) { files += FileIO.walk(disk, suffix: ".swift") }
                else if FileIO.exists(disk) && argument.hasSuffix(".swift") { files.append(disk) }
                else if FileIO.exists(disk) { return LockstepCommand.usage(ctx, "\(argument) is not a folder or a .swift file", "lint") }
                else { return LockstepCommand.usage(ctx, "no such folder or file: \(argument)", "lint") }
            }
        }
        var unique: [String] = []
        for file in files where !unique.contains(file) { unique.append(file) }
        // Linting nothing is not a pass: in a package that uses Lockstep the default folders are
        // usually Lockstep's own, which that package does not have.
        guard !unique.isEmpty else {
            let looked = parsed.positional.isEmpty ? ctx.lintFolders : parsed.positional
            ctx.printError("lockstep lint: no .swift files in \(looked.isEmpty ? "(no folders)" : looked.joined(separator: ", ")); "
                           + "name the folders of your domains' sources: 'lockstep lint Sources/MyDomain', or "
                           + "'LockstepMain.run(domains: [...], lintFolders: [\"Sources/MyDomain\"])' in your main.swift")
            return ExitCode.badInput
        }

        var sources: [(display: String, bytes: [UInt8])] = []
        for file in unique {
            do { sources.append((ctx.project.displayPath(forDisk: file), try FileIO.read(file, maxBytes: maxFileBytes))) } catch {
                ctx.printError("lockstep lint: \(error.description)")
                return ExitCode.badInput
            }
        }
        // First pass: what the linted code declares, so its own `Timer` is not Foundation's.
        var knowledge = Linter.Knowledge()
        for source in sources { knowledge.learn(from: source.bytes) }
        var findings: [LintFinding] = []
        for source in sources { findings += Linter.lint(source.bytes, path: source.display, knowledge: knowledge) }
        findings.sort()
        for finding in findings { ctx.print(finding.description) }
        ctx.print("\(sources.count) files, \(findings.count) findings")
        return findings.isEmpty ? ExitCode.ok : ExitCode.mismatch
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
