import LockstepCore

/// The drum kit: one preloaded buffer per pad and a pool of player voices per pad, used
/// round-robin, each new hit scheduled with `.interrupts` on the next voice.
///
/// With `voicesPerPad` voices, `voicesPerPad` overlapping hits all ring; hit `voicesPerPad + 1`
/// recycles the oldest voice and cuts whatever it still had to play (a `drum` record with
/// `cut=true` and how much was cut: the polyphony limit is recorded, never silent).
public struct DrumKit: Hashable, Sendable {
    public struct Voice: Hashable, Sendable {
        public var startAt: Instant?
        public var volume: Double = 0
    }

    public var voicesPerPad: Int
    /// `pools[pad][voice]`.
    public private(set) var pools: [[Voice]]
    public private(set) var nextIndex: [Int]
    public private(set) var hits = 0
    public private(set) var cuts = 0

    public init(voicesPerPad: Int = 4) {
        self.voicesPerPad = voicesPerPad
        pools = Array(repeating: Array(repeating: Voice(), count: voicesPerPad), count: PadGrid.pads.count)
        nextIndex = Array(repeating: 0, count: PadGrid.pads.count)
    }

    public var nodeCount: Int { PadGrid.pads.count * voicesPerPad }

    public static func sampleDuration(_ pad: Int) -> Duration { .milliseconds(Int64(PadGrid.sampleMilliseconds[pad])) }

    /// `hit(pad, velocity)`: returns the record. `replacingPlayer` is the fault `playerPerTap`: the
    /// hit's new player takes the pad's one player slot (voice 0), so it cuts the last hit.
    public mutating func hit(_ pad: Int, velocity: Double, now: Instant, sampleRateHz: Double, audible: Bool,
                             replacingPlayer: Bool = false) -> Record {
        let i = replacingPlayer ? 0 : nextIndex[pad]
        if !replacingPlayer { nextIndex[pad] = (i + 1) % voicesPerPad }
        let length = Self.sampleDuration(pad)
        var cutNanoseconds: Int64 = 0
        if let start = pools[pad][i].startAt, now - start < length {
            cutNanoseconds = (length - (now - start)).nanoseconds
            cuts += 1
        }
        pools[pad][i] = Voice(startAt: now, volume: velocity)
        hits += 1
        return Record("drum").word("pad", PadGrid.pads[pad]).int("voice", i).fixed("volume", velocity, 3)
            .bool("cut", cutNanoseconds > 0).fixed("cutMs", Double(cutNanoseconds) / 1e6, 3)
            .int64("cutFrames", Int64((Double(cutNanoseconds) / 1e9 * sampleRateHz).rounded()))
            .int("ringing", ringing(pad, now: now)).bool("audible", audible)
    }

    /// Voices of a pad still playing at `now`.
    public func ringing(_ pad: Int, now: Instant) -> Int {
        pools[pad].filter { v in v.startAt.map { now - $0 < Self.sampleDuration(pad) } ?? false }.count
    }

    /// The engine stopped: every voice is silent.
    public mutating func stopAll() {
        for p in pools.indices { for v in pools[p].indices { pools[p][v].startAt = nil } }
    }

    public func write(to out: inout CanonicalWriter) {
        out.write("drums", .tuple([.int(voicesPerPad), .int(hits), .int(cuts)] + nextIndex.map { .int($0) }))
    }
}
