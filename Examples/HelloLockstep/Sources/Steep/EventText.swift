import LockstepCore

extension Steep {
    /// The scenario line of a recorded event (`Domain.text(of:)`), which `events` reads back as the
    /// same event: `steep tea=TEA` and `cancel`. `lockstep expand` uses it to write `gen morning`'s
    /// brews one by one. Nil for `ready`, the brew's timer, which has no recorded form.
    public static func text(of event: Event) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .steep(let tea): return line.choice("tea", tea).line
        case .cancel: return line.line
        case .ready: return nil  // a timer
        }
    }
}
