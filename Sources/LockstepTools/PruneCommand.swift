import LockstepCore
import LockstepRunner

/// `lockstep prune`: removes the files under `Golden/` that belong to no scenario.
enum PruneCommand {
    static let usage = "lockstep prune [--dry-run]"
    static let help = """
        Removes every file under Golden/ that belongs to no scenario: a golden whose scenario was deleted
        or renamed, its artifacts and pending files ('check' lists them as 'unreferenced'). A file belongs
        to Scenarios/D/NAME.scenario when it is Golden/D/NAME.golden, or starts with NAME. beside it
        (artifacts, .pending files). Each file is reported as 'removed PATH: no scenario SCENARIO';
        --dry-run lists them as 'would remove …' and changes nothing. Refused when CI=true (except
        --dry-run), and when the scenario walk could not follow every entry of Scenarios/ (exit 2).
        """

    static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: [], switches: ["dry-run"]) } catch {
            return LockstepCommand.usage(ctx, error.description, "prune")
        }
        guard parsed.positional.isEmpty else { return LockstepCommand.usage(ctx, "prune takes no paths: it looks at all of Golden/", "prune") }
        let dryRun = parsed.has("dry-run")
        guard dryRun || !ctx.isCI else {
            ctx.printError("lockstep prune: refused because CI=true; removing goldens is a change a person makes and commits (--dry-run lists them)")
            return ExitCode.badInput
        }
        // A scenario the walk could not reach would make its goldens look unreferenced.
        if let listing = try? ctx.project.scenarioListing(matching: []), !listing.problems.isEmpty {
            for problem in listing.problems { ctx.printError(problem.description) }
            ctx.printError("lockstep prune: removed nothing, because the scenarios behind these entries could not be listed and their goldens would look unreferenced")
            return ExitCode.badInput
        }
        let files = GoldenInventory.unreferenced(ctx.project)
        guard !files.isEmpty else {
            ctx.print("nothing to prune: every file under \(Project.goldenFolder)/ belongs to a scenario")
            return ExitCode.ok
        }
        var removed = 0, failed = 0
        for file in files {
            if dryRun {
                ctx.print("would remove \(file.path): no scenario \(file.scenario)")
                continue
            }
            FileIO.remove(ctx.project.root + "/" + file.path)
            if FileIO.exists(ctx.project.root + "/" + file.path) {
                failed += 1
                ctx.printError("lockstep prune: could not remove \(file.path)")
            } else {
                removed += 1
                ctx.print("removed \(file.path): no scenario \(file.scenario)")
            }
        }
        if dryRun {
            ctx.print("\(files.count) would be removed (dry run: nothing was removed)")
            return ExitCode.ok
        }
        ctx.print("\(removed) removed" + (failed > 0 ? ", \(failed) could not be removed" : ""))
        return failed == 0 ? ExitCode.ok : ExitCode.badInput
    }
}
