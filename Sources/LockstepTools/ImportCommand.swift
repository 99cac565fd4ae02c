import LockstepCore
import LockstepRunner

/// `lockstep import FILE --domain NAME [--out PATH] [--split]`: a device recording (JSON Lines from
/// `Recorders/`, or the CSV form of a joint series) into scenario event lines, exactly.
public enum ImportCommand {
    public static let usage = "lockstep import FILE --domain NAME [--out PATH] [--split]"
    public static var help: String {
        """
        Converts a device recording (JSON Lines written by a recorder in Recorders/, or a .csv joint
        series) into scenario event lines for one domain: \(ImportTarget.all.map { "\($0.domain) (\($0.kind.rawValue))" }.joined(separator: ", ")).
        Times are exact: decimal seconds or integer nanoseconds in, S.nnnnnnnnn out, never through a
        float; every other number is copied as written. Every malformed record is an error
        FILE:LINE:COLUMN (up to \(ImportLog.maxErrors), the limit maxImportErrors, then a count), and nothing is written.
        Then a summary: records converted, dropped (each reason: predicted touches, deliveries, types
        the domain has no event for) and clamped (records up to \(ImportTime.text(ImportReader.maxReorderNanoseconds)) s out of order, ports with no word).
        Without --out the scenario goes to standard output and the summary to standard error.
        --out X.events writes event lines only, ready for '0 include X.events' in a hand-written scenario.
        --out X.scenario writes a scenario (start and zone from the recording's header); past
        \(ImportOutput.maxInlineEvents) events (the limit maxInlineEvents), or with --split, the events go to
        recordings/X.events beside it and the scenario includes them.
        Exit 0, 2 for bad input or usage, 3 when the output could not be written.
        """
    }

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: ["domain", "out"], switches: ["split"]) } catch {
            return LockstepCommand.usage(ctx, error.description, "import")
        }
        guard parsed.positional.count == 1 else { return LockstepCommand.usage(ctx, "expected one FILE", "import") }
        guard let domain = parsed.value("domain") else { return LockstepCommand.usage(ctx, "--domain NAME is required", "import") }
        guard let entry = ctx.project.domain(named: domain) else {
            return LockstepCommand.usage(ctx, "unknown domain '\(domain)'" + DidYouMean.hint(for: domain, among: ctx.project.domains.map(\.name)), "import")
        }
        guard let target = ImportTarget.named(domain) else {
            return LockstepCommand.usage(ctx, "\(domain) takes no recordings; import reads recordings for "
                + ImportTarget.all.map(\.domain).joined(separator: ", "), "import")
        }
        let out = parsed.value("out")
        if let out, !out.hasSuffix(".events"), !out.hasSuffix(".scenario") {
            return LockstepCommand.usage(ctx, "--out \(out): name a .scenario or an .events file", "import")
        }
        let disk = ctx.project.diskPath(forArgument: parsed.positional[0])
        let display = ctx.project.displayPath(forDisk: disk)
        let bytes: [UInt8]
        do { bytes = try FileIO.read(disk, maxBytes: ctx.project.limits.maxFileBytes, limitName: "maxFileBytes") } catch {
            ctx.printError("\(display):1:1: cannot read file: \(error.description)")
            return ExitCode.badInput
        }
        var reader = ImportReader(path: display, target: target, jointNames: ImportTarget.jointNames(entry))
        if disk.hasSuffix(".csv") {
            guard target.kind == .pose else {
                return LockstepCommand.usage(ctx, "the CSV form holds joint series; \(domain) takes \(target.kind.rawValue) recordings in JSON Lines", "import")
            }
            reader.readPoseCSV(bytes)
        } else {
            reader.readJSONLines(bytes)
        }
        let log = reader.log
        if log.errorCount > 0 {
            for e in log.errors { ctx.printError(e) }
            if log.errorCount > log.errors.count {
                ctx.printError("... and \(log.errorCount - log.errors.count) more errors (only the first \(ImportLog.maxErrors) are shown, the limit maxImportErrors)")
            }
            ctx.printError("lockstep import: \(log.errorCount) malformed record\(log.errorCount == 1 ? "" : "s") in \(display); nothing written")
            return ExitCode.badInput
        }
        var summary = ["imported \(display) for \(domain)"] + log.summary()
        if let note = ImportOutput.zone(reader.header).note { summary.append("  note: \(note)") }
        guard let out else {
            ctx.print(String(ImportOutput.scenario(display, domain: domain, reader.header, log, include: nil).dropLast()))
            for s in summary { ctx.printError(s) }
            return ExitCode.ok
        }
        let outDisk = ctx.project.diskPath(forArgument: out)
        var files: [(path: String, text: String)] = []
        if out.hasSuffix(".events") {
            files.append((outDisk, ImportOutput.events(display, reader.header, log)))
        } else if parsed.has("split") || log.lines.count > ImportOutput.maxInlineEvents {
            let name = String(outDisk.split(separator: "/").last!.dropLast(".scenario".count))
            let include = "recordings/\(name).events"
            files.append((FileIO.parentDirectory(outDisk) + "/" + include, ImportOutput.events(display, reader.header, log)))
            files.append((outDisk, ImportOutput.scenario(display, domain: domain, reader.header, log, include: include)))
        } else {
            files.append((outDisk, ImportOutput.scenario(display, domain: domain, reader.header, log, include: nil)))
        }
        for file in files {
            do {
                try FileIO.makeDirectories(FileIO.parentDirectory(file.path))
                try FileIO.writeAtomically(Array(file.text.utf8), to: file.path)
            } catch {
                ctx.printError("lockstep import: \(error.description)")
                return ExitCode.outputFailed
            }
        }
        for s in summary { ctx.print(s) }
        ctx.print("wrote " + files.map { ctx.project.displayPath(forDisk: $0.path) }.joined(separator: " and ") + " (\(log.lines.count) event lines)")
        return ExitCode.ok
    }
}
