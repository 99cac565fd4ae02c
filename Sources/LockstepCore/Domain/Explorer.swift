/// How `lockstep explore` makes random, valid scenarios for a domain.
///
/// An explorer writes scenario *text* (header lines and event lines), not typed events: the walk
/// then goes through the same reader, validator and runner as a recorded scenario, so a walk is
/// always a scenario a person can read, commit and replay, and an explorer cannot produce an event
/// the scenario format could not express. Everything is drawn from the `SeededRNG` it is handed (a
/// substream of the walk's seed), so a seed names one walk on every machine.
///
/// A walk is run, and written when it fails, as `Scenarios/<domain>/found/<seed>.scenario`, so a
/// file field in it is relative to that folder: `load image=../art/basic.png` for the domain's own
/// `Scenarios/<domain>/art/` (the found file then replays as written).
///
/// Good explorers mix the domain's whole vocabulary with plausible weights and timing, and the
/// hostile moments of real use: interruptions, lifecycle changes, zone changes, clock jumps,
/// bad input the domain must refuse.
public struct Explorer: Sendable {
    /// Header lines after `lockstep 1`, `domain` and `seed`: `set KEY VALUE`, `start …`, `zone …`.
    public let header: @Sendable (_ rng: inout SeededRNG) -> [String]
    /// The next event line of the walk, timed relative to the previous one (`+0.25 touch …`), or
    /// several lines joined by newlines (a press and its release). `step` counts from 0.
    public let next: @Sendable (_ rng: inout SeededRNG, _ step: Int) -> String

    public init(header: @escaping @Sendable (_ rng: inout SeededRNG) -> [String] = { _ in [] },
                next: @escaping @Sendable (_ rng: inout SeededRNG, _ step: Int) -> String) {
        self.header = header
        self.next = next
    }

    /// A walk of `steps` event lines for `seed`, as a whole scenario file.
    public func scenario(domain: String, seed: UInt64, steps: Int, comment: [String] = []) -> String {
        var rng = SeededRNG.substream(seed: seed, label: "explore:" + domain, index: 0)
        var text = ""
        for line in comment { text += "# " + line + "\n" }
        text += "lockstep 1\ndomain \(domain)\nseed \(seed)\n"
        for line in header(&rng) { text += line + "\n" }
        text += "\n"
        for step in 0..<max(0, steps) { text += next(&rng, step) + "\n" }
        return text
    }
}
