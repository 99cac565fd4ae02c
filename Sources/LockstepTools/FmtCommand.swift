import LockstepCore
import LockstepRunner

/// `lockstep fmt [PATH...] [--check]`: rewrites scenarios and included files in the canonical layout
/// (`ScenarioLayout`), or with `--check` lists the files that would change.
public enum FmtCommand {
    public static let usage = "lockstep fmt [PATH...] [--check]"

    /// Files larger than this are refused: fmt holds a file and its formatted copy in memory.
    public static let maxFileBytes = 256 << 20

    public static let help = """
        Rewrites scenarios (.scenario) and included files (.events) in the canonical layout: every line
        starts at column 1, one space between tokens, no trailing blanks, at most one blank line in a
        row, LF line ends and a final newline; in each block of event lines (ended by a blank, comment
        or header line) the times are padded to one width (the block's widest time, at least \(ScenarioLayout.minimumTimeWidth)),
        so the kinds line up. Comments, the order of lines and arguments, and the text of every value
        (quotes, escapes, number spelling) are kept exactly: a domain may read a value as written.
        The result is split again with the reader's own tokenizer and must give the same tokens.
        With no PATH: every .scenario and .events file under Scenarios/. A PATH is a file or a folder.
        A file that does not lex is reported as 'path:line:column: message' and left untouched.
        --check writes nothing: it lists each file that would change with its first changed line,
        and exits 1 if there is any (for CI).
        Exit 0 nothing to change (or all rewritten), 1 --check found files to change, 2 a file did not
        lex or bad usage, 3 a file could not be written.
        """

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: [], switches: ["check"]) } catch {
            return LockstepCommand.usage(ctx, error.description, "fmt")
        }
        let checkOnly = parsed.has("check")
        let files: [String]
        switch collect(parsed.positional, ctx) {
        case .success(let found): files = found
        case .failure(let problem): return LockstepCommand.usage(ctx, problem.message, "fmt")
        }
        guard !files.isEmpty else {
            return LockstepCommand.usage(ctx, "no .scenario or .events files in \(parsed.positional.isEmpty ? "Scenarios/" : parsed.positional.joined(separator: ", "))", "fmt")
        }
        var changed = 0
        var errors = 0
        var writeFailures = 0
        for disk in files {
            let display = ctx.project.displayPath(forDisk: disk)
            let bytes: [UInt8]
            do { bytes = try FileIO.read(disk, maxBytes: maxFileBytes, limitName: "FmtCommand.maxFileBytes") } catch {
                ctx.printError("\(display):1:1: cannot read file: \(error.message)")
                errors += 1
                continue
            }
            let formatted: [UInt8]
            do { formatted = try ScenarioLayout.format(bytes, path: display, limits: ctx.project.limits) } catch {
                ctx.printError(error.description + " (not formatted)")
                errors += 1
                continue
            }
            guard formatted != bytes else { continue }
            changed += 1
            if checkOnly {
                ctx.print("would reformat \(display)")
                if let hint = firstDifference(bytes, formatted) {
                    ctx.print("  line \(hint.line): - \(hint.old)")
                    ctx.print("  line \(hint.line): + \(hint.new)")
                }
                continue
            }
            do {
                try FileIO.writeAtomically(formatted, to: FileIO.realPath(disk) ?? disk)
                ctx.print("formatted \(display)")
            } catch {
                ctx.printError("lockstep fmt: cannot write \(display): \(error.message)")
                writeFailures += 1
            }
        }
        let verb = checkOnly ? "would be reformatted" : "reformatted"
        ctx.print("\(files.count) files, \(changed) \(verb), \(errors) not readable as scenarios")
        if checkOnly && changed > 0 {
            ctx.print("run '" + (["lockstep", "fmt"] + parsed.positional).joined(separator: " ") + "' to rewrite them")
        }
        if errors > 0 { return ExitCode.badInput }
        if writeFailures > 0 { return ExitCode.outputFailed }
        return checkOnly && changed > 0 ? ExitCode.mismatch : ExitCode.ok
    }

    /// The files named by `arguments` (files, or folders walked for both suffixes), or every such
    /// file under `Scenarios/`; each once, folders in sorted order.
    static func collect(_ arguments: [String], _ ctx: CommandContext) -> Result<[String], FileIO.Failure> {
        var found: [String] = []
        func walk(_ folder: String) {
            let confine = FileIO.realPath(folder)
            var inFolder: [String] = []
            for suffix in [".scenario", ".events"] {
                let w = FileIO.walkTree(folder, suffix: suffix, confinedTo: confine, confinedDisplay: ctx.project.displayPath(forDisk: folder))
                inFolder += w.files
                for skipped in w.skipped { ctx.printError("lockstep fmt: skipped \(ctx.project.displayPath(forDisk: skipped.path)): \(skipped.message)") }
            }
            found += inFolder.sorted()
        }
        if arguments.isEmpty {
            guard FileIO.isDirectory(ctx.project.scenariosDirectory) else {
                return .failure(FileIO.Failure(path: Project.scenariosFolder, message: "no Scenarios/ folder"))
            }
            walk(ctx.project.scenariosDirectory)
        }
        for argument in arguments {
            let disk = ctx.project.diskPath(forArgument: argument)
            if FileIO.isDirectory(disk) {
                walk(disk)
            } else if FileIO.exists(disk) {
                guard argument.hasSuffix(".scenario") || argument.hasSuffix(".events") else {
                    return .failure(FileIO.Failure(path: argument, message: "\(argument) is not a .scenario or .events file"))
                }
                found.append(disk)
            } else {
                return .failure(FileIO.Failure(path: argument, message: "no such file or folder: \(argument)"))
            }
        }
        var unique: [String] = []
        var seen: Set<String> = []
        for file in found where seen.insert(FileIO.realPath(file) ?? file).inserted { unique.append(file) }
        return .success(unique)
    }

    /// The first line that differs between `old` and `new` (1-based), with both texts.
    static func firstDifference(_ old: [UInt8], _ new: [UInt8]) -> (line: Int, old: String, new: String)? {
        let a = old.split(separator: 10, omittingEmptySubsequences: false)
        let b = new.split(separator: 10, omittingEmptySubsequences: false)
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? Array(a[i]) : []
            let y = i < b.count ? Array(b[i]) : []
            if x != y {
                func shown(_ bytes: [UInt8], _ present: Bool) -> String {
                    present ? Lexer.escapingControls(String(decoding: bytes, as: UTF8.self)) : "(no line)"
                }
                return (i + 1, shown(x, i < a.count), shown(y, i < b.count))
            }
        }
        return nil
    }
}
