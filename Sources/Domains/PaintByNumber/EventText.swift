import LockstepCore

extension PaintByNumber {
    /// The scenario line of an event (`Domain.text(of:)`), which `events` reads back as the same
    /// event: `generate`, `select`, `highlight`, `edges`, `zoom`, `tap`, `render`, `restore`,
    /// `teardown` and `debug`. Fields at the decoder's default are left out.
    ///
    /// `load` is nil: the event holds the PNG's and the metadata's bytes (and the PNG's path as its
    /// name), not the metadata's path, so no line names them. `restore` is nil when its bytes do not
    /// fit one tuple (none, or more than 64: a page of more than 63 regions). Nothing else is nil;
    /// the domain schedules no timers.
    public static func text(of event: PaintEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .load: return nil
        case .generate(let width, let height, let regions, let colours, let seed, let png):
            return line.int("width", width).int("height", height).int("regions", regions).int("colours", colours)
                .int("seed", seed, default: 0).bool("png", png, default: false).line
        case .select(let colour): return line.int("colour", colour).line
        case .highlight(let mode): return line.int("mode", mode).line
        case .edges(let on): return line.bool("on", on).line
        case .zoom(let scale, let fit, let x, let y):
            return line.number("scale", scale).number("fit", fit, default: 1).tuple("offset", [x, y], default: [0, 0]).line
        case .tap(let x, let y): return line.number("x", x).number("y", y).line
        case .render(let scale, let probes):
            let values = probes.flatMap { [Double($0.x), Double($0.y)] }
            return line.int("scale", scale, default: 1).optional(values.isEmpty ? nil : values) { $0.tuple("probes", $1) }.line
        case .restore(let bytes): return line.tuple("fills", bytes.map { Double($0) }).line
        case .teardown: return line.line
        case .debug(.fill(let region, let colour)):
            return line.choice("command", DebugCommand.Name.fill).int("region", region).int("colour", colour).line
        case .debug(.zoom(let scale)): return line.choice("command", DebugCommand.Name.zoom).number("scale", scale).line
        }
    }
}
