import LockstepCore

extension Chalk {
    /// The scenario line of an event (`Domain.text(of:)`), which `events` reads back as the same
    /// event: `touch`, `zoom`, `pan`, `brush`, `colour`, `size`, `eraser`, `layer`, `page` and the
    /// bare commands. Optional touch fields are left out when the decoder's default gives the same
    /// value (`altitude` defaults to π/2 for a pencil and 0 for a finger).
    ///
    /// `load` is nil: the event holds the document's bytes, not the path they were read from, so no
    /// line names them. Chalk schedules no timers, so every other event has a line.
    public static func text(of event: ChalkEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .touch(let s):
            return line.choice("phase", s.phase).int("id", s.id, default: 1).number("x", s.x).number("y", s.y)
                .number("force", s.force, default: 0).number("maxForce", s.maxForce, default: 0)
                .number("altitude", s.altitude, default: s.type == .pencil ? Double.pi / 2 : 0)
                .number("azimuth", s.azimuth, default: 0).choice("type", s.type, default: .pencil).line
        case .zoom(let scale, let x, let y): return line.number("scale", scale).tuple("at", [x, y], default: [0, 0]).line
        case .pan(let dx, let dy): return line.tuple("by", [dx, dy]).line
        case .brush(let name): return line.word("kind", name).line
        case .colour(let r, let g, let b, let a): return line.tuple("rgba", [r, g, b, a]).line
        case .size(let points): return line.number("pt", points).line
        case .eraser(let on): return line.bool("on", on).line
        case .layer(let n): return line.int("n", n).line
        case .page(let n): return line.int("n", n).line
        case .undo, .redo, .clear, .render, .save: return line.line
        case .load: return nil
        }
    }
}
