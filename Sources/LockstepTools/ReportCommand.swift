import LockstepCore
import LockstepRunner

/// `lockstep report`: a check run as one static HTML page a person can look at.
///
/// Two sources, one page: either it replays the selected scenarios itself (as `check --artifacts
/// OUT/runs` would, then copies each passing scenario's plots from `Golden/`, which a pass proves
/// equal to the run's), or it reads a folder an earlier `check --artifacts DIR` wrote (recognised by
/// its `summary.txt`) and copies the pictures it needs into `OUT/runs/`. Either way every file the
/// page links is inside OUT.
public enum ReportCommand {
    static let usage = "lockstep report [PATH|DOMAIN...|ARTIFACTS-DIR] --out DIR [--filter GLOB] [--shard i/n] [--jobs N]"
    static let help = """
        Writes DIR/index.html: the summary of a check run, each failed scenario with its first divergence,
        the full diff of its trace (at most \(maxDiffLines) differing lines), expected / actual / difference
        pictures of each differing PNG artifact side by side (small canvases enlarged, nearest neighbour),
        and every plot artifact (NAME.plot.png). No script, no network: the folder is the report.
          PATH|DOMAIN      replay these scenarios (default: all of Scenarios/), as 'check' selects them
          ARTIFACTS-DIR    or read a folder 'check --artifacts ARTIFACTS-DIR' wrote (it has summary.txt)
          --out DIR        the report's folder (created; index.html and runs/ inside are replaced)
        Exit codes as 'check': 0 all passed, 1 a golden differs or is missing, 2 a scenario is invalid or
        the selection is empty, 3 the report could not be written. The page is the same bytes for the
        same run.
        """

    /// Bounds the page: a diff longer than this is cut with a count of what was left out.
    public static let maxDiffLines = 2000

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do {
            parsed = try Arguments(args, valued: ScenarioSelection.valuedOptions.union(["out", "jobs"]), switches: [])
        } catch { return LockstepCommand.usage(ctx, error.description, "report") }
        guard let outArgument = parsed.value("out"), !outArgument.isEmpty else {
            return LockstepCommand.usage(ctx, "--out DIR is required: the folder the report is written to", "report")
        }
        let out = outArgument.hasPrefix("/") ? outArgument : FileIO.currentDirectory() + "/" + outArgument
        let runs = out + "/runs"

        // An artifacts folder given as the one argument is read; anything else is a selection.
        var summary: ArtifactsSummary
        var source: String
        var from: String
        if parsed.positional.count == 1, FileIO.isDirectory(parsed.positional[0]),
           FileIO.exists(parsed.positional[0] + "/" + ArtifactsSummary.fileName) {
            guard !parsed.has("filter"), !parsed.has("shard") else {
                return LockstepCommand.usage(ctx, "--filter and --shard select scenarios to replay; an artifacts folder is read whole", "report")
            }
            from = parsed.positional[0].hasPrefix("/") ? parsed.positional[0] : FileIO.currentDirectory() + "/" + parsed.positional[0]
            do {
                guard let read = try ArtifactsSummary.read(directory: from) else { return ExitCode.badInput }
                summary = read
            } catch {
                ctx.printError("lockstep report: \(error.description)")
                return ExitCode.badInput
            }
            source = "read from \(from)/\(ArtifactsSummary.fileName)"
        } else {
            // Replay: exactly `check --artifacts OUT/runs`, whose summary the page is then built from.
            if FileIO.isDirectory(runs) { BisectFiles.removeTree(runs) }
            var checkArguments = parsed.positional
            for option in ["filter", "shard", "jobs"] { for v in parsed.values(option) { checkArguments += ["--" + option, v] } }
            let code = LockstepCommand.check(checkArguments + ["--artifacts", runs, "--quiet"], ctx)
            guard code != ExitCode.outputFailed else { return code }
            do {
                guard let read = try ArtifactsSummary.read(directory: runs) else {
                    // The selection was empty or invalid: `check` said why.
                    return code
                }
                summary = read
            } catch {
                ctx.printError("lockstep report: \(error.description)")
                return ExitCode.outputFailed
            }
            from = runs
            source = "replayed \(summary.entries.count) scenario\(summary.entries.count == 1 ? "" : "s")"
        }

        var entries: [ReportPage.Entry] = []
        do {
            try FileIO.makeDirectories(runs)
            for e in summary.entries {
                entries.append(try entry(e, from: from, out: out, project: ctx.project, replayed: from == runs))
            }
            let page = ReportPage(title: "Lockstep report", entries: entries, source: source)
            try FileIO.writeAtomically(Array(page.html.utf8), to: out + "/index.html")
        } catch {
            ctx.printError("lockstep report: could not write the report: \(error.description)")
            return ExitCode.outputFailed
        }
        let failed = entries.filter { !$0.passed }
        ctx.print("report \(out)/index.html: \(failed.count) failed, \(entries.count - failed.count) passed")
        if failed.contains(where: { $0.label == "ERROR" }) { return ExitCode.badInput }
        return failed.isEmpty ? ExitCode.ok : ExitCode.mismatch
    }

    /// One scenario's part of the page, its pictures copied (or, replayed, already) under OUT/runs/.
    static func entry(_ e: ArtifactsSummary.Entry, from: String, out: String, project: Project,
                      replayed: Bool) throws(FileIO.Failure) -> ReportPage.Entry {
        let name = ScenarioSelection.name(of: e.scenario)
        let relative = "runs/" + name
        let target = out + "/" + relative
        var result = ReportPage.Entry(scenario: e.scenario, label: e.label, report: "", diff: nil)
        if e.passed {
            guard replayed else { return result }
            // A pass proves the stored plots are this run's.
            for (artifact, stored) in storedPlots(project, e.scenario) {
                let bytes = try FileIO.read(stored, maxBytes: project.goldenLimits.maxArtifactBytes, limitName: "maxArtifactBytes")
                guard let picture = picture(bytes, path: relative + "/actual." + artifact) else { continue }
                try FileIO.makeDirectories(target)
                try FileIO.writeAtomically(bytes, to: target + "/actual." + artifact)
                result.plots.append((artifact, picture))
            }
            return result
        }
        let folder = from + "/" + name
        if FileIO.exists(folder + "/report.txt") {
            let text = String(decoding: try FileIO.read(folder + "/report.txt", maxBytes: 16 << 20, limitName: "16 MiB report"), as: UTF8.self)
            result.report = text.hasSuffix("\n") ? String(text.dropLast()) : text
        } else {
            result.report = "\(e.label)  \(e.scenario)\n  (no report.txt in \(folder))"
        }
        if FileIO.exists(folder + "/actual.golden") {
            let expected = folder + "/expected.golden"
            result.diff = try TraceReview.compare(expected: FileIO.exists(expected) ? expected : nil, actual: folder + "/actual.golden",
                                                  maxBytes: project.goldenLimits.maxGoldenBytes, limitName: "maxGoldenBytes",
                                                  maxLines: maxDiffLines)
        }
        // Group expected./actual./difference. files by artifact name, in name order.
        var artifacts: [String] = []
        for file in FileIO.list(folder).sorted() {
            for prefix in ["expected.", "actual.", "difference."] where file.hasPrefix(prefix) {
                let artifact = String(file.dropFirst(prefix.count))
                if artifact != "golden" && !artifacts.contains(artifact) { artifacts.append(artifact) }
            }
        }
        if !replayed, !artifacts.isEmpty { try FileIO.makeDirectories(target) }
        for artifact in artifacts.sorted() {
            func copied(_ kind: String) throws(FileIO.Failure) -> (path: String, bytes: [UInt8])? {
                let source = folder + "/" + kind + "." + artifact
                guard FileIO.exists(source) else { return nil }
                let bytes = try FileIO.read(source, maxBytes: project.goldenLimits.maxArtifactBytes, limitName: "maxArtifactBytes")
                if !replayed { try FileIO.writeAtomically(bytes, to: target + "/" + kind + "." + artifact) }
                return (relative + "/" + kind + "." + artifact, bytes)
            }
            let expected = try copied("expected"), actual = try copied("actual"), difference = try copied("difference")
            if artifact.hasSuffix(".png") {
                let set = ReportPage.ImageSet(artifact: artifact, expected: expected.flatMap { picture($0.bytes, path: $0.path) },
                                              actual: actual.flatMap { picture($0.bytes, path: $0.path) },
                                              difference: difference.flatMap { picture($0.bytes, path: $0.path) })
                if FailureArtifacts.isPlot(artifact), expected == nil, difference == nil, let plot = set.actual {
                    result.plots.append((artifact, plot))  // written because it is a plot, not because it differs
                } else {
                    result.images.append(set)
                }
            } else {
                result.files.append((artifact, expected?.path, actual?.path))
            }
        }
        return result
    }

    /// A PNG's size, or nil when it does not decode (then it is listed, not shown).
    static func picture(_ bytes: [UInt8], path: String) -> ReportPage.Picture? {
        guard let image = try? PNG.decode(bytes) else { return nil }
        return ReportPage.Picture(path: path, widthPixels: image.width, heightPixels: image.height)
    }

    /// The stored plot artifacts of a scenario: `Golden/<d>/<name>.<artifact>` files whose owner is
    /// this scenario (`GoldenInventory.owner`) and whose artifact is a plot.
    static func storedPlots(_ project: Project, _ scenario: String) -> [(artifact: String, path: String)] {
        let golden = project.goldenPath(forScenario: scenario)
        let directory = FileIO.parentDirectory(project.root + "/" + golden)
        let stem = String((golden.split(separator: "/").last ?? "").dropLast(".golden".count))
        var stems: Set<String> = []
        for scenarioFile in FileIO.list(project.root + "/" + FileIO.parentDirectory(scenario)) where scenarioFile.hasSuffix(".scenario") {
            stems.insert(String(scenarioFile.dropLast(".scenario".count)))
        }
        var plots: [(String, String)] = []
        for file in FileIO.list(directory).sorted() where file.hasPrefix(stem + ".") && FailureArtifacts.isPlot(file) {
            guard GoldenInventory.owner(ofFile: file, stems: stems) == stem else { continue }
            plots.append((String(file.dropFirst(stem.count + 1)), directory + "/" + file))
        }
        return plots
    }
}
