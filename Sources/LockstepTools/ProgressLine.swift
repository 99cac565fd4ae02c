import LockstepRunner

/// A one-line progress report on stderr for long commands (`check`, `mutate`, `bench`).
///
/// Shown only when stderr is a terminal and not under CI, and only once the command has run for
/// `quietNanoseconds` (a quick run shows nothing), redrawn at most every `intervalNanoseconds`, and
/// erased when the command finishes. It never reaches stdout, so what a command prints, and every
/// file it writes, is the same with or without it.
public final class ProgressLine {
    public static let quietNanoseconds: UInt64 = 1_500_000_000
    public static let intervalNanoseconds: UInt64 = 100_000_000
    /// The line is cut to this many columns so it never wraps on an ordinary terminal.
    public static let maxColumns = 79

    let enabled: Bool
    let label: String
    var total: Int
    let started = BenchClock.nanoseconds()
    var lastDrawn: UInt64 = 0
    var shown = false

    public init(_ ctx: CommandContext, label: String, total: Int) {
        enabled = ctx.errorStyle.isTerminal && !ctx.isCI
        self.label = label
        self.total = total
    }

    /// `done` items finished; `current` names the latest.
    public func update(done: Int, current: String) {
        guard enabled else { return }
        let now = BenchClock.nanoseconds()
        guard now &- started >= ProgressLine.quietNanoseconds, now &- lastDrawn >= ProgressLine.intervalNanoseconds else { return }
        lastDrawn = now
        var text = "\(label) \(done)/\(total) \(current)"
        if text.count > ProgressLine.maxColumns { text = String(text.prefix(ProgressLine.maxColumns - 1)) + "…" }
        draw("\r\u{1B}[K" + text)
        shown = true
    }

    /// The same, when the total is learnt as the work goes (`mutate` learns it per domain).
    public func update(done: Int, of total: Int, current: String) {
        self.total = total
        update(done: done, current: current)
    }

    /// Erases the line, if one was drawn.
    public func finish() {
        guard shown else { return }
        draw("\r\u{1B}[K")
        shown = false
    }

    func draw(_ s: String) {
        var err = FileDescriptorOutput(fd: 2)
        err.write(Array(s.utf8))  // a failed progress write is not the command's failure
    }
}
