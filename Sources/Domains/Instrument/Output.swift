import LockstepCore

/// Records the instrument writes itself (the audio session and lifecycle write their own).
enum InstrumentOutput {
    static func noteOn(_ midi: Int, touch: Int, why: String, _ s: InstrumentState) -> Record {
        Record("note-on").int("midi", midi).string("name", s.naming.name(for: midi)).int("touch", touch).word("why", why)
    }

    static func noteOff(_ midi: Int, touch: Int, why: String, _ s: InstrumentState) -> Record {
        Record("note-off").int("midi", midi).string("name", s.naming.name(for: midi)).int("touch", touch).word("why", why)
    }

    /// The ownership snapshot after a touch callback that changed notes: `touches` sorted by id and
    /// the pressed set (which drives the highlight), sorted.
    static func keys(_ s: InstrumentState) -> Record {
        let ids = s.touchNotes.keys.sorted()
        var pressed: [Int] = []  // sorted, each note once (two fingers may hold one key)
        for midi in s.touchNotes.values.sorted() where pressed.last != midi { pressed.append(midi) }
        return Record("keys")
            .with("touches", ids.isEmpty ? .word("none") : .tuple(ids.map { .word("\($0):\(s.touchNotes[$0]!)") }))
            .with("pressed", pressed.isEmpty ? .word("none") : .tuple(pressed.map { .int($0) }))
            .int("voices", s.sampler.voices.count)
    }

    static func warning(_ id: Int, _ phase: TouchPhase, _ reason: String) -> Record {
        Record("touch-warning").int("id", id).word("phase", phase.rawValue).string("reason", reason)
    }

    static func miss(_ id: Int, _ x: Double, _ y: Double, _ view: TouchView, _ reason: String) -> Record {
        Record("miss").word("view", view.rawValue).int("touch", id).fixed("x", x, 3).fixed("y", y, 3).word("reason", reason)
    }

    /// The article's session log line, with Swift's own `Double` formatting (platform independent):
    /// `IO buffer: 5.333333333333333 ms, rate: 48000.0 Hz`.
    static func ioLog(ioBufferSeconds: Double, sampleRateHz: Double) -> Record {
        Record("log").string("line", "IO buffer: \(ioBufferSeconds * 1000) ms, rate: \(sampleRateHz) Hz")
    }
}
