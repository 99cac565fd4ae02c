import LockstepCore
import LockstepRunner

/// `lockstep review`: shows each pending golden's differences and asks whether to accept it; and the
/// pieces of `check --pending` / `record --pending` that write the pending files.
enum ReviewCommand {
    static let usage = "lockstep review [PATH...] [--accept-all | --reject-all]"
    static let help = """
        Finds the pending goldens that 'lockstep check --pending' wrote (Golden/…/NAME.golden.pending and
        artifact .pending files; default under Golden/, or under the given folders, goldens, scenarios or
        pending files). For each scenario it prints every differing step of the pending trace against the
        golden (- golden, + pending, with context; at most \(maxLinesPerScenario) lines per scenario), each
        artifact's size and hash, then asks 'accept / reject / skip? [a/r/s]'. Accept renames the pending
        files over the goldens (artifacts first, the golden last); reject deletes them; skip leaves them.
        End of input skips the current scenario and stops. --accept-all and --reject-all decide for every
        scenario without asking (for scripts); without them stdin must be a terminal (else exit 2).
        Refused when CI=true. Ends with 'N accepted, N rejected, N skipped'.
        """
    /// Diff lines shown per scenario; the rest are counted.
    static let maxLinesPerScenario = 200
    /// Answers that are not a, r or s before the scenario is skipped.
    static let maxAnswerAttempts = 3

    enum Decision { case accept, reject, skip, stop }

    static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: [], switches: ["accept-all", "reject-all"]) } catch {
            return LockstepCommand.usage(ctx, error.description, "review")
        }
        let acceptAll = parsed.has("accept-all"), rejectAll = parsed.has("reject-all")
        guard !(acceptAll && rejectAll) else { return LockstepCommand.usage(ctx, "say --accept-all or --reject-all, not both", "review") }
        guard !ctx.isCI else {
            ctx.printError("lockstep review: refused because CI=true; accepting a pending golden changes the golden, which a person does after reading the diff")
            return ExitCode.badInput
        }
        let sets: [PendingGolden.PendingSet]
        do { sets = try PendingGolden.sets(ctx.project, under: parsed.positional) } catch {
            ctx.printError("lockstep review: \(error.description)")
            return ExitCode.badInput
        }
        let place = parsed.positional.isEmpty ? Project.goldenFolder + "/" : parsed.positional.joined(separator: ", ")
        guard !sets.isEmpty else {
            ctx.print("no pending goldens under \(place) ('lockstep check --pending' writes them)")
            return ExitCode.ok
        }
        guard acceptAll || rejectAll || ctx.inputIsTerminal else {
            ctx.printError("lockstep review: \(sets.count) pending golden\(sets.count == 1 ? "" : "s") to review, but stdin is not a terminal, so there is no one to ask; run 'lockstep review' at a terminal, or say --accept-all or --reject-all in a script")
            return ExitCode.badInput
        }
        var accepted = 0, rejected = 0, skipped = 0, errors = 0
        for (index, set) in sets.enumerated() {
            show(set, ctx)
            let decision: Decision = acceptAll ? .accept : rejectAll ? .reject : ask(ctx)
            switch decision {
            case .accept:
                do {
                    let replaced = try PendingGolden.accept(ctx.project, set)
                    accepted += 1
                    ctx.print("accepted \(replaced.joined(separator: ", "))")
                } catch {
                    errors += 1
                    ctx.printError("lockstep review: \(error.description); the rest of its pending files stay")
                }
            case .reject:
                PendingGolden.reject(ctx.project, set)
                rejected += 1
                ctx.print("rejected \(set.golden): removed \(set.all.joined(separator: ", "))")
            case .skip:
                skipped += 1
                ctx.print("skipped \(set.golden): its pending files stay")
            case .stop:
                let left = sets.count - index - 1
                skipped += 1 + left
                ctx.print("end of input: skipped \(set.golden) and stopped" + (left > 0 ? "; \(left) more not reviewed (their pending files stay)" : ""))
            }
            if case .stop = decision { break }
        }
        ctx.print("\(accepted) accepted, \(rejected) rejected, \(skipped) skipped" + (errors > 0 ? ", \(errors) could not be accepted" : ""))
        return errors > 0 ? ExitCode.badInput : ExitCode.ok
    }

    /// Asks until an answer is recognised (at most `maxAnswerAttempts` times); end of input stops.
    static func ask(_ ctx: CommandContext) -> Decision {
        for attempt in 1...maxAnswerAttempts {
            ctx.print("accept / reject / skip? [a/r/s]")
            guard let raw = ctx.readLine() else { return .stop }
            switch raw.trimmingTrailingSpaces().drop(while: { $0 == " " }).lowercased() {
            case "a", "accept": return .accept
            case "r", "reject": return .reject
            case "s", "skip": return .skip
            default:
                if attempt == maxAnswerAttempts {
                    ctx.print("no answer recognised after \(maxAnswerAttempts) tries (the limit maxAnswerAttempts): skipping")
                    return .skip
                }
                ctx.print("'\(raw)' is not an answer: type a (accept), r (reject) or s (skip)")
            }
        }
        return .skip
    }

    /// The differences one pending set would make.
    static func show(_ set: PendingGolden.PendingSet, _ ctx: CommandContext) {
        let style = ctx.style
        let root = ctx.project.root
        ctx.print(style.heading("review \(set.golden)") + " (\(set.all.count) pending file\(set.all.count == 1 ? "" : "s"))")
        if let pending = set.goldenPending {
            do {
                let review = try TraceReview.compare(expected: root + "/" + set.golden, actual: root + "/" + pending,
                                                     maxBytes: ctx.project.goldenLimits.maxGoldenBytes, limitName: "maxGoldenBytes",
                                                     maxLines: maxLinesPerScenario)
                ctx.print("  " + summary(review))
                for line in review.lines {
                    let text = "  " + line.text
                    switch line.kind {
                    case .removed: ctx.print(style.removed(text))
                    case .added: ctx.print(style.added(text))
                    case .note: ctx.print(style.dim(text))
                    case .context: ctx.print(text)
                    }
                }
                if review.notShown > 0 {
                    ctx.print("  … \(review.notShown) more differing lines not shown (the limit maxLinesPerScenario=\(maxLinesPerScenario)); 'lockstep diff \(set.golden) \(pending)' compares them")
                }
            } catch {
                ctx.print("  cannot compare: \(error.description)")
            }
        }
        for pending in set.artifacts {
            ctx.print("  " + artifactLine(pending, ctx))
        }
    }

    static func summary(_ review: TraceReview) -> String {
        if review.isNew { return "new golden: \(review.proposedLines) lines, \(review.steps) step\(review.steps == 1 ? "" : "s")" }
        if review.identical { return "trace: identical to the golden (only artifacts differ)" }
        var parts: [String] = []
        if review.headerDiffers { parts.append("the header differs") }
        parts.append("\(review.differingSteps) of \(review.steps) step\(review.steps == 1 ? "" : "s") differ")
        if review.footerDiffers { parts.append("the footer differs") }
        return "trace: " + parts.joined(separator: "; ")
    }

    /// An artifact's change as sizes and hashes (pictures are not diffed as text).
    static func artifactLine(_ pending: String, _ ctx: CommandContext) -> String {
        let target = PendingGolden.target(ofPending: pending)
        let limit = ctx.project.goldenLimits.maxArtifactBytes
        func describe(_ path: String) -> String {
            do {
                let bytes = try FileIO.read(ctx.project.root + "/" + path, maxBytes: limit, limitName: "maxArtifactBytes")
                return "\(bytes.count) bytes #\(Hex.lower(FNV1a64.hash(bytes)))"
            } catch {
                return "unreadable (\(error.message))"
            }
        }
        guard FileIO.exists(ctx.project.root + "/" + target) else { return "artifact \(target): new, \(describe(pending))" }
        return "artifact \(target): golden \(describe(target)), pending \(describe(pending))"
    }
}

/// The `--pending` side of `check` and `record`, kept here so those commands call it in one line.
enum PendingReport {
    /// After `check` compared `scenario`: a failure writes its pending files (`pending PATH` each),
    /// a pass removes stale ones (`removed stale PATH`). An invalid scenario or an unusable golden
    /// writes nothing. Returns the number of pending files written.
    @discardableResult
    static func afterCheck(_ ctx: CommandContext, _ scenario: String, _ outcome: CheckOutcome) -> Int {
        let (lines, written) = afterCheck(ctx.project, scenario, outcome)
        for line in lines { ctx.print(line) }
        return written
    }

    /// The same without a context, for `check`'s worker threads: the lines to print, and how many
    /// pending files were written.
    static func afterCheck(_ project: Project, _ scenario: String, _ outcome: CheckOutcome) -> (lines: [String], written: Int) {
        switch outcome {
        case .passed:
            return (PendingGolden.removeStale(project, scenario).map { "removed stale \($0)" }, 0)
        case .differs, .artifactDiffers, .missingGolden:
            do {
                let written = try PendingGolden.write(project, scenario)
                return (written.map { "pending \($0)" }, written.count)
            } catch let error as ScenarioError {
                return (["  no pending golden written: \(error.description)"], 0)
            } catch {
                return (["  no pending golden written: \(error)"], 0)
            }
        case .unusableGolden:
            return (["  no pending golden written: fix what is at the golden's path first"], 0)
        case .invalid:
            return ([], 0)
        case .invariantBroken:
            return (["  no pending golden written: a golden cannot pin a broken invariant"], 0)
        }
    }

    /// `record --pending`: like `check --pending` for the named scenarios, reporting each as
    /// `pending FILES` or `unchanged SCENARIO`.
    static func record(_ ctx: CommandContext, _ listing: Project.ScenarioListing) -> Int32 {
        var pending = 0, unchanged = 0, errors = 0
        for problem in listing.problems {
            errors += 1
            ctx.printError(problem.description)
        }
        for scenario in listing.scenarios {
            let outcome = GoldenCheck.check(ctx.project, scenario)
            switch outcome {
            case .passed:
                unchanged += 1
                ctx.print("unchanged \(scenario)")
                PendingReport.afterCheck(ctx, scenario, outcome)
            case .invalid(let error):
                errors += 1
                ctx.printError(error.description)
            case .invariantBroken(let broken):
                errors += 1
                ctx.printError("\(scenario): \(broken); no pending golden written")
            case .unusableGolden(let path, let reason):
                errors += 1
                ctx.printError("\(path): \(reason)")
            case .differs, .artifactDiffers, .missingGolden:
                if PendingReport.afterCheck(ctx, scenario, outcome) > 0 { pending += 1 } else { errors += 1 }
            }
        }
        ctx.print("\(pending) pending, \(unchanged) unchanged, \(errors) errors; 'lockstep review' accepts or rejects them")
        return errors == 0 ? ExitCode.ok : ExitCode.badInput
    }
}
