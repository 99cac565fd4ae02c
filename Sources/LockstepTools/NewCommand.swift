import LockstepCore
import LockstepRunner

/// `lockstep new DOMAIN SCENARIO`: a scenario skeleton from the domain's declared vocabulary.
public enum NewCommand {
    public static let usage = "lockstep new DOMAIN SCENARIO"

    /// Longest scenario name accepted (a file name, not a sentence).
    public static let maxNameBytes = 100

    public static let help = """
        Writes Scenarios/DOMAIN/SCENARIO.scenario: the header (lockstep 1, domain, title, seed 0) and,
        as comments to uncomment and edit, every setting with its type and default, every fault, every
        event kind with its fields ([key=type] is optional), every generator, and the runner's own
        kinds (zone, include), each with its summary. The skeleton has no events, so it runs as it is
        ('lockstep run' prints step 0) and is already in 'lockstep fmt' layout.
        SCENARIO is a file name: letters, digits, '-' and '_' (a trailing .scenario is dropped), at
        most \(maxNameBytes) bytes. An existing file is never overwritten.
        Exit 0 written, 2 unknown domain, bad name or the file exists, 3 the file could not be written.
        """

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: [], switches: []) } catch {
            return LockstepCommand.usage(ctx, error.description, "new")
        }
        guard parsed.positional.count == 2 else { return LockstepCommand.usage(ctx, "expected a domain and a scenario name", "new") }
        let domainName = parsed.positional[0]
        guard let domain = ctx.project.domain(named: domainName) else {
            let hint = DidYouMean.hint(for: domainName, among: ctx.project.domains.map(\.name))
            return LockstepCommand.usage(ctx, "unknown domain '\(domainName)'\(hint)", "new")
        }
        var name = parsed.positional[1]
        if name.hasSuffix(".scenario") { name.removeLast(".scenario".count) }
        if let problem = nameProblem(name) { return LockstepCommand.usage(ctx, problem, "new") }
        let display = "\(Project.scenariosFolder)/\(domain.name)/\(name).scenario"
        let disk = ctx.project.root + "/" + display
        guard !FileIO.exists(disk) else {
            ctx.printError("lockstep new: \(display) already exists; not overwritten (pick another name, or edit it)")
            return ExitCode.badInput
        }
        do {
            try FileIO.makeDirectories(ctx.project.scenariosDirectory + "/" + domain.name)
            try FileIO.writeAtomically(Array(skeleton(domain, name: name).utf8), to: disk)
        } catch {
            ctx.printError("lockstep new: cannot write \(display): \(error.message)")
            return ExitCode.outputFailed
        }
        ctx.print("wrote \(display)")
        ctx.print("next: edit it, read its trace with 'lockstep run \(display)', then 'lockstep record \(display)'")
        return ExitCode.ok
    }

    /// Why `name` cannot be a scenario's file name, or nil.
    static func nameProblem(_ name: String) -> String? {
        guard !name.isEmpty else { return "the scenario name is empty" }
        guard name.utf8.count <= maxNameBytes else { return "the scenario name is longer than \(maxNameBytes) bytes (the limit)" }
        for b in name.utf8 where !(Lexer.isLetter(b) || Lexer.isDigit(b) || b == 45) {
            return "scenario name '\(Lexer.escapingControls(name))' has '\(Lexer.shown(b))'; use letters, digits, '-' and '_'"
        }
        guard name.utf8.first != 45 else { return "scenario name '\(name)' starts with '-'" }
        return nil
    }

    /// The skeleton's text: headers, then the vocabulary as comments.
    public static func skeleton(_ domain: DomainEntry, name: String) -> String {
        var lines: [String] = []
        func comment(_ text: String) {
            // Summaries are one line each; a newline in one would end the comment.
            lines.append(("# " + text).split(separator: "\n").joined(separator: " "))
        }
        func described(_ head: String, _ summary: String) -> String { summary.isEmpty ? head : "\(head)  — \(summary)" }
        comment("\(name): what this scenario shows, and the numbers to check in its trace.")
        comment("Written by 'lockstep new \(domain.name) \(name)': uncomment and edit the lines you need.")
        lines.append("lockstep 1")
        lines.append("domain \(domain.name)")
        lines.append("title \"\(name)\"")
        lines.append("seed 0")
        if !domain.configKeys.isEmpty {
            lines.append("")
            comment("Settings (set KEY VALUE, each at most once), with their defaults:")
            for c in domain.configKeys { comment(described("set \(c.name) \(c.defaultText)  <\(c.type)>", c.summary)) }
        }
        if !domain.faults.isEmpty {
            lines.append("")
            comment("Faults (historical bugs; 'set fault NAME' switches one on):")
            for f in domain.faults { comment(described("set fault \(f.name)", f.summary)) }
        }
        lines.append("")
        comment("Events: TIME KIND FIELDS. TIME is since the start (0, 1.5, 90s, 1h30m), +since the previous")
        comment("event (+0.5) or @2026-01-01T00:00:00Z; [key=type] is optional.")
        for e in domain.eventKinds {
            let positional = e.positional.map { "<\($0.name):\($0.type)>" }
            let fields = e.fields.map(LockstepCommand.listField)
            let tail = (positional + fields + (e.acceptsOtherKeys ? ["..."] : [])).joined(separator: " ")
            comment(described("0      \(e.kind)" + (tail.isEmpty ? "" : " " + tail), e.summary))
        }
        if !domain.generators.isEmpty {
            lines.append("")
            comment("Generators (gen NAME FIELDS expands into events from its time):")
            for g in domain.generators {
                let fields = g.fields.map(LockstepCommand.listField).joined(separator: " ")
                comment(described("0      gen \(g.name)" + (fields.isEmpty ? "" : " " + fields), g.summary))
            }
        }
        lines.append("")
        comment("Runner events, in every domain:")
        comment("0      zone Europe/Berlin  — the device's time zone changes")
        comment("0      include recordings/part.events  — splices the event lines of another file")
        comment("until 60  — the end of the run (timers due later never fire); as the last line")
        return lines.joined(separator: "\n") + "\n"
    }
}
