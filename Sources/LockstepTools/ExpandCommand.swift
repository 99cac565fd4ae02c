import LockstepCore
import LockstepRunner

/// `lockstep expand SCENARIO`: the scenario with its event lines written out flat.
public enum ExpandCommand {
    public static let usage = "lockstep expand SCENARIO [--out PATH]"
    public static let help = """
        Writes the scenario with every 'include' followed and every 'gen' line replaced by the events it
        makes, each line at its time in seconds since the start; the header and a trailing 'until' stay.
        It replays to the same trace (the golden tests check this for every scenario), so it shows what a
        generator makes and is what 'shrink' works on once whole lines cannot go. Prints to standard
        output, or writes PATH. At most \(Project.maxExpandedLines) event lines (the limit maxExpandedLines).
        Exit 0, or 2 when the scenario is invalid or a generator's events have no line form.
        """

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: ["out"], switches: []) } catch {
            return LockstepCommand.usage(ctx, error.description, "expand")
        }
        guard parsed.positional.count == 1 else { return LockstepCommand.usage(ctx, "expected one SCENARIO", "expand") }
        let disk = ctx.project.diskPath(forArgument: parsed.positional[0])
        let display = ctx.project.displayPath(forDisk: disk)
        let flat: ScenarioText
        do {
            let bytes = try FileIO.read(disk, maxBytes: ctx.project.limits.maxFileBytes, limitName: "maxFileBytes")
            flat = try ctx.project.flattened(display, text: ScenarioText(String(decoding: bytes, as: UTF8.self)))
        } catch let error as ScenarioError {
            ctx.printError(error.description)
            return ExitCode.badInput
        } catch {
            ctx.printError("lockstep expand: \(error)")
            return ExitCode.badInput
        }
        guard let out = parsed.value("out") else {
            ctx.print(String(flat.text.dropLast()))
            return ExitCode.ok
        }
        let path = ctx.project.diskPath(forArgument: out)
        do { try FileIO.writeAtomically(Array(flat.text.utf8), to: path) } catch {
            ctx.printError("lockstep expand: \(error.description)")
            return ExitCode.outputFailed
        }
        ctx.print("wrote \(ctx.project.displayPath(forDisk: path)) (\(flat.events.count) event lines)")
        return ExitCode.ok
    }
}
