import LockstepCore

/// Events written back as scenario lines (`lockstep expand`); nil for timers and file bundles.
extension Quotes {
    static func bundleText(_ line: LineText, _ b: BundleSource) -> LineText? {
        switch b {
        case .synthetic(let n): line.int("synthetic", n)
        case .bytes: nil
        }
    }

    public static func text(of event: QuotesEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .launch(let b, let v): return bundleText(line, b)?.int("version", v).line
        case .remote(let b, let v): return bundleText(line, b)?.int("version", v).line
        case .corrections(let b): return bundleText(line, b)?.line
        case .kill, .open, .suggestions, .corruptRecents, .streak: return line.line
        case .importStep: return nil
        case .search(let q), .submit(let q): return line.text("q", q).line
        case .pick(let t): return line.text("term", t).line
        case .favorite(let id): return line.text("id", id).line
        case .createCollection(let n), .deleteCollection(let n): return line.text("name", n).line
        case .collect(let id, let n): return line.text("id", id).text("name", n).line
        case .read(let id): return (id.map { line.text("id", $0) } ?? line).line
        case .share(let id, let k, let fails): return line.text("id", id).choice("as", k).bool("renderFails", fails, default: false).line
        case .theme(let t): return line.choice("setting", t).line
        case .appearance(let a): return line.choice("mode", a).line
        }
    }
}
