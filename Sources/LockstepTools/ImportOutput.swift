import LockstepCore

/// The files an import writes: a scenario (headers from the recording's header, then the events
/// or one `include` of them) or an include-ready events file (event lines only, times since the
/// `include` line, no `@` times), as docs/scenario-format.md's "Includes" requires.
enum ImportOutput {
    /// A scenario written with `--out X.scenario` holds at most this many event lines inline; a
    /// longer recording goes to `recordings/X.events` beside it, included at 0 (the limit maxInlineEvents).
    static let maxInlineEvents = 1_000

    static func provenance(_ source: String, _ header: ImportHeader?, _ log: ImportLog) -> [String] {
        var out = ["# Imported by 'lockstep import' from \(source)."]
        if let h = header {
            var made: [String] = []
            if !h.device.isEmpty { made.append("device \(h.device)") }
            if !h.os.isEmpty { made.append(h.os) }
            if !h.app.isEmpty { made.append("app \(h.app)") }
            if let s = h.start { made.append("recorded from \(s)") }
            if !h.zone.isEmpty { made.append("in \(h.zone)") }
            if !made.isEmpty { out.append("# A \(h.kind.rawValue) recording: " + made.joined(separator: ", ") + ".") }
        }
        out.append("# \(log.converted) records converted, \(log.droppedCount) dropped, \(log.clampedCount) clamped (the import summary says why).")
        return out
    }

    /// The events-only file: comments, then `TIME EVENT` lines.
    static func events(_ source: String, _ header: ImportHeader?, _ log: ImportLog) -> String {
        var lines = provenance(source, header, log)
        lines.append("# Times are seconds since the include line (0 is the recording's start).")
        lines += log.lines
        return lines.joined(separator: "\n") + "\n"
    }

    /// The zone line, when the recording's zone is one Lockstep has built in; otherwise why not.
    static func zone(_ header: ImportHeader?) -> (line: String?, note: String?) {
        guard let name = header?.zone, !name.isEmpty else { return (nil, nil) }
        guard (try? Zone.named(name)) != nil else { return (nil, "zone '\(name)' is not built in (docs/scenario-format.md, Zones): the scenario uses UTC") }
        return ("zone \(name)", nil)
    }

    /// A whole scenario; `include` names the events file when the events are kept apart.
    static func scenario(_ source: String, domain: String, _ header: ImportHeader?, _ log: ImportLog, include: String?) -> String {
        var lines = provenance(source, header, log)
        lines += ["lockstep 1", "domain \(domain)"]
        let title = header?.title ?? "Recording \(source.split(separator: "/").last.map(String.init) ?? source)"
        lines.append("title \"" + escaped(title) + "\"")
        if let start = header?.start { lines.append("start \(start)") }
        if let z = zone(header).line { lines.append(z) }
        lines.append("")
        if let include { lines.append("0 include \(include)") } else { lines += log.lines }
        return lines.joined(separator: "\n") + "\n"
    }

    static func escaped(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
