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
///
/// An explorer that must remember what it wrote (the tokens it has handed out, which temples are
/// in the catalog) keeps that in a `Memory` value of its own: `Explorer(memory: …, header:, next:)`
/// passes it `inout` to every call of one walk, and each walk starts from the initial value.
public struct Explorer: Sendable {
    /// Writes the whole walk: header lines, then `steps` event lines.
    let walk: @Sendable (_ rng: inout SeededRNG, _ steps: Int) -> (header: [String], events: [String])

    /// A memoryless explorer.
    /// - header: lines after `lockstep 1`, `domain` and `seed`: `set KEY VALUE`, `start …`, `zone …`.
    /// - next: the next event line of the walk, timed relative to the previous one (`+0.25 touch
    ///   …`), or several lines joined by newlines (a press and its release). `step` counts from 0.
    public init(header: @escaping @Sendable (_ rng: inout SeededRNG) -> [String] = { _ in [] },
                next: @escaping @Sendable (_ rng: inout SeededRNG, _ step: Int) -> String) {
        self.init(memory: 0, header: { rng, _ in header(&rng) }, next: { rng, _, step in next(&rng, step) })
    }

    /// An explorer with memory: `memory` is the state a walk starts from; `header` and `next` may
    /// read and change it (what the walk has written so far, as the model will have taken it).
    public init<Memory: Sendable>(memory: Memory,
                                  header: @escaping @Sendable (_ rng: inout SeededRNG, _ memory: inout Memory) -> [String],
                                  next: @escaping @Sendable (_ rng: inout SeededRNG, _ memory: inout Memory, _ step: Int) -> String) {
        self.walk = { rng, steps in
            var state = memory
            let lines = header(&rng, &state)
            var events: [String] = []
            events.reserveCapacity(max(0, steps))
            for step in 0..<max(0, steps) { events.append(next(&rng, &state, step)) }
            return (lines, events)
        }
    }

    /// A walk of `steps` event lines for `seed`, as a whole scenario file.
    public func scenario(domain: String, seed: UInt64, steps: Int, comment: [String] = []) -> String {
        var rng = SeededRNG.substream(seed: seed, label: "explore:" + domain, index: 0)
        var text = ""
        for line in comment { text += "# " + line + "\n" }
        text += "lockstep 1\ndomain \(domain)\nseed \(seed)\n"
        let (header, events) = walk(&rng, steps)
        for line in header { text += line + "\n" }
        text += "\n"
        for line in events { text += line + "\n" }
        return text
    }
}
