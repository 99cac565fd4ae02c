import LockstepCore

extension Counter {
    /// The scenario line of a recorded event (`Domain.text(of:)`), which `events` reads back as the
    /// same event: `add`, `remind`, `cancel`, `roll` (sides left out at the default 6) and `id`.
    /// Nil for `reminderDue`, the reminder's timer, which has no recorded form.
    public static func text(of event: Event) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .add(let n): return line.int("n", n).line
        case .remind(let after, let label): return line.duration("after", after).string("label", label).line
        case .cancel(let label): return line.string("label", label).line
        case .roll(let sides): return line.int("sides", sides, default: 6).line
        case .newID: return line.line
        case .reminderDue: return nil  // a timer
        }
    }
}

extension Noop {
    /// `tick` and `frame` (`Domain.text(of:)`): the events carry nothing, and the decoder ignores
    /// any fields, so the bare kind reads back as the same event.
    public static func text(of event: Event) -> String? { LineText(kind(of: event)).line }
}
