import LockstepCore

/// A simulated `AVAudioUnitSampler` on channel 0 with a fixed voice budget and a release tail.
///
/// GAP (the article only says polyphony is built in and note-off triggers the release):
/// - `maxVoices` voices (32 by default); a voice is held while it has holders and rings for
///   `releaseNanoseconds` after its last note-off, then is free.
/// - Two fingers on one key: the view sends note-on twice and note-off twice. The sampler keeps a
///   holder count per note and starts the note on the first holder, stops it on the last, so lifting
///   one finger does not silence a key another finger still holds (the note's derived bug 12).
/// - A note-on with no free voice steals the oldest releasing voice, else the oldest held one
///   (`sampler steal` record: the polyphony limit is never silent).
public struct Sampler: Hashable, Sendable {
    public struct Voice: Hashable, Sendable {
        public var midi: Int
        public var holders: Int
        public var onAt: Instant
        /// When the last holder let go; nil while held.
        public var offAt: Instant?
    }

    public var maxVoices: Int
    public var releaseNanoseconds: Int64
    /// Sounding voices in start order (oldest first).
    public private(set) var voices: [Voice] = []
    public private(set) var started = 0
    public private(set) var stolen = 0

    public init(maxVoices: Int = 32, releaseNanoseconds: Int64 = 250_000_000) {
        self.maxVoices = maxVoices
        self.releaseNanoseconds = releaseNanoseconds
    }

    /// Notes with at least one holder, ascending.
    public var heldNotes: [Int] { voices.filter { $0.holders > 0 }.map(\.midi).sorted() }

    /// Frees voices whose release tail has ended.
    public mutating func prune(now: Instant) {
        voices.removeAll { v in v.offAt.map { now - $0 >= Duration(nanoseconds: releaseNanoseconds) } ?? false }
    }

    /// `startNote`: returns the records to emit. `countsHolders: false` is the fault
    /// `firstLiftStopsNote`: a second note-on for a sounding note restarts it instead of counting a holder.
    public mutating func noteOn(_ midi: Int, velocity: Int, now: Instant, audible: Bool, countsHolders: Bool = true) -> [Record] {
        prune(now: now)
        if let i = voices.firstIndex(where: { $0.midi == midi && $0.holders > 0 }) {
            guard countsHolders else {
                voices[i].onAt = now
                started += 1
                return [Record("sampler").word("op", "restart").int("midi", midi).int("velocity", velocity)
                    .string("why", "noteOn for a note already sounding")]
            }
            voices[i].holders += 1
            return [Record("sampler").word("op", "hold").int("midi", midi).int("holders", voices[i].holders)
                .string("why", "already sounding; counted, not restarted")]
        }
        var out: [Record] = []
        // A releasing voice of the same note is restarted in place (the sampler retriggers it).
        voices.removeAll { $0.midi == midi && $0.holders == 0 }
        if voices.count >= maxVoices {
            let victim = voices.firstIndex { $0.holders == 0 } ?? 0
            let v = voices.remove(at: victim)
            stolen += 1
            out.append(Record("sampler").word("op", "steal").int("midi", v.midi).bool("wasHeld", v.holders > 0)
                .int("limit", maxVoices))
        }
        voices.append(Voice(midi: midi, holders: 1, onAt: now, offAt: nil))
        started += 1
        out.append(Record("sampler").word("op", "start").int("midi", midi).int("velocity", velocity)
            .int("voices", voices.count).bool("audible", audible))
        return out
    }

    /// `stopNote`: returns the records to emit. `countsHolders: false` (the fault): the first
    /// note-off stops the note whoever else holds it.
    public mutating func noteOff(_ midi: Int, now: Instant, countsHolders: Bool = true) -> [Record] {
        prune(now: now)
        guard let i = voices.firstIndex(where: { $0.midi == midi && $0.holders > 0 }) else {
            return [Record("sampler").word("op", "stop-ignored").int("midi", midi).string("why", "not sounding (stolen or never started)")]
        }
        voices[i].holders = countsHolders ? voices[i].holders - 1 : 0
        if voices[i].holders > 0 {
            return [Record("sampler").word("op", "keep").int("midi", midi).int("holders", voices[i].holders)
                .string("why", "another finger still holds this key")]
        }
        voices[i].offAt = now
        return [Record("sampler").word("op", "release").int("midi", midi).int("releaseMs", Int(releaseNanoseconds / 1_000_000))]
    }

    /// Stops every voice at once (engine stopped by an interruption or a reset). Returns the notes.
    public mutating func silenceAll() -> [Int] {
        let notes = voices.map(\.midi).sorted()
        voices.removeAll()
        return notes
    }

    public func write(to out: inout CanonicalWriter) {
        out.write("sampler", .tuple([.int(voices.count), .int(started), .int(stolen)]))
        if !voices.isEmpty {
            // midi, holders (negative: releasing) pairs.
            out.write("voices", .tuple(voices.flatMap { [.int($0.midi), .int($0.offAt == nil ? $0.holders : -1)] }))
        }
    }
}
