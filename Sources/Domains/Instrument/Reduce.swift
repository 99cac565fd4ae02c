import LockstepCore
import Platform

extension Instrument {
    public static func reduce(_ s: inout InstrumentState, _ event: InstrumentEvent, _ world: inout World<Instrument>) {
        // Invariant history only (not written): which callback this step handles.
        if case .touches(let view, let phase, let points) = event {
            s.lastTouchCallback = (view, phase, points)
        } else if s.lastTouchCallback != nil {
            s.lastTouchCallback = nil
        }
        switch event {
        case .touches(let view, let phase, let points):
            touches(&s, view, phase, points, &world)
        case .layout(let view, let width, let height):
            layout(&s, view, width, height, &world)
        case .keyboard(let firstMidi, let octaves):
            var g = s.geometry
            g.firstMidi = firstMidi
            g.octaves = octaves
            if let refusal = g.refusal {
                let kept = "\(s.geometry.firstMidi)+\(s.geometry.octaves) octaves"
                reject(&s, "keyboard", refusal.reason, &world) {
                    $0.int("firstMidi", firstMidi).int("octaves", octaves).string("detail", refusal.text).string("kept", kept)
                }
                return
            }
            cancelAll(&s, by: "keyboardChange", &world)
            s.geometry = g
            world.emit(Record("keyboard").int("firstMidi", firstMidi).int("octaves", octaves).int("lastMidi", g.lastMidi)
                .int("whiteKeys", g.whiteKeyCount).int("blackKeys", 5 * octaves).fixed("whiteKeyWidth", g.whiteKeyWidth, 6))
        case .labels(let naming, let showSharps):
            s.naming = naming
            s.showSharps = showSharps
            emitLabels(s, &world)
        case .switchInstrument(let kind):
            guard kind != s.instrument else {
                world.emit(Record("instrument").word("kind", kind.rawValue).string("result", "already selected; nothing loaded"))
                return
            }
            // GAP: notes held across a switch are released first (cancel every touch).
            cancelAll(&s, by: "instrumentSwitch", &world)
            s.instrument = kind
            world.emit(Record("instrument").word("kind", kind.rawValue).word("view", kind == .drums ? "pads" : "keyboard"))
            if kind != .drums { loadBank(&s, kind, &world) }
        case .systemGesture(let name):
            world.emit(Record("system-gesture").word("name", name.rawValue))
            cancelAll(&s, by: name.rawValue, &world)
        case .hit(let pad, let velocity):
            guard let index = PadGrid.index(of: pad) else {
                reject(&s, "hit", "unknown-pad", &world) {
                    $0.word("pad", pad).string("detail", "expected one of: \(PadGrid.pads.joined(separator: ", "))")
                }
                return
            }
            // Pinned choice: a velocity outside 0...1 (the player node's volume range) is rejected, not clamped.
            guard velocity.isFinite, velocity >= 0, velocity <= 1 else {
                reject(&s, "hit", "bad-velocity", &world) {
                    $0.word("pad", pad).fixed("velocity", velocity, 3).string("detail", "velocity must be a finite number in 0...1")
                }
                return
            }
            drumHit(&s, index, velocity: velocity, &world)
        case .check:
            check(s, &world)
        case .audio(let e):
            audio(&s, e, &world)
        case .lifecycle(let line):
            guard line.process == "app" else {
                reject(&s, "lifecycle", "unknown-process", &world) {
                    $0.word("process", line.process).string("detail", "this app has no extension processes")
                }
                return
            }
            let t = s.life.handle(line.event, &world)
            for action in t.actions {
                switch action {
                case .pause: cancelAll(&s, by: "lifecycle", &world)
                case .discardMemory:
                    s.sampler = Sampler(maxVoices: s.sampler.maxVoices, releaseNanoseconds: s.sampler.releaseNanoseconds)
                    s.drums = DrumKit(voicesPerPad: s.drums.voicesPerPad)
                    s.touchNotes = [:]
                    s.pressEpoch = [:]  // invariant history only
                    s.keyboardTouches = [:]
                    s.padTouches = [:]
                    s.engineRunning = false
                    world.emit(Record("engine").bool("running", false).word("reason", "processEnded"))
                case .loadFromDisk:
                    launchAudio(&s, &world)
                default: break
                }
            }
        }
    }

    // MARK: Touches

    static func touches(_ s: inout InstrumentState, _ view: TouchView, _ phase: TouchPhase, _ points: [TouchPoint],
                        _ world: inout World<Instrument>) {
        let ids = points.map(\.id)
        // UIKit delivers no touches to an app that is not active.
        guard s.life.isActive else {
            let app = s.life.phase.word
            rejectTouches(&s, ids, phase, "app-not-active", &world) { $0.word("app", app) }
            return
        }
        // One non-finite coordinate rejects the whole callback (`ids` lists every touch in it).
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            rejectTouches(&s, ids, phase, "non-finite-position", &world)
            return
        }
        let shown: TouchView = s.instrument == .drums ? .pads : .keyboard
        guard view == shown else {
            let instrument = s.instrument.rawValue
            rejectTouches(&s, ids, phase, "view-not-shown", &world) { $0.word("view", view.rawValue).word("instrument", instrument) }
            return
        }
        var delivered = points
        if view == .keyboard && world.isOn(.singleTouchOnly) {
            delivered = singleTouchDelivery(s, phase, points)
            guard !delivered.isEmpty else { return }  // UIKit never tells the app about the other fingers
        }
        if phase == .began && !s.engineRunning { restartEngine(&s, reason: "touch", &world) }
        switch view {
        case .keyboard: keyboardCallback(&s, phase, delivered, &world)
        case .pads: padTouches(&s, phase, delivered, &world)
        }
    }

    /// The keyboard view's touch handling: the right one, or the `buttonPerKey` fault's.
    static func keyboardCallback(_ s: inout InstrumentState, _ phase: TouchPhase, _ points: [TouchPoint], _ world: inout World<Instrument>) {
        if world.isOn(.buttonPerKey) {
            buttonKeyTouches(&s, phase, points, &world)
        } else {
            keyboardTouches(&s, phase, points, &world)
        }
    }

    static func keyboardTouches(_ s: inout InstrumentState, _ phase: TouchPhase, _ points: [TouchPoint], _ world: inout World<Instrument>) {
        var changed = false
        let clamp = !world.isOn(.rightEdgeOffByOne)
        for p in points {
            let here = TouchLocation(x: p.x, y: p.y)
            let note = s.geometry.note(atX: p.x, y: p.y, clampRightEdge: clamp)
            switch phase {
            case .began:
                if refusesBegan(p.id, alreadyDown: s.keyboardTouches[p.id] != nil, touchesDown: s.keyboardTouches.count, &s, &world) { continue }
                s.keyboardTouches[p.id] = here
                guard let n = note else {
                    world.emit(InstrumentOutput.miss(p.id, p.x, p.y, .keyboard, "outsideKeys"))
                    continue
                }
                s.touchNotes[p.id] = n
                noteOn(&s, n, touch: p.id, why: "press", &world)
                changed = true

            case .moved:
                let previous = s.keyboardTouches[p.id]
                if previous == nil {
                    guard s.keyboardTouches.count < InstrumentState.maxTouchesPerView else {
                        rejectTooMany(&s, p.id, .moved, &world)
                        continue
                    }
                    world.emit(InstrumentOutput.warning(p.id, .moved, "moved for an unknown touch: treated as a press onto the key under it"))
                }
                s.keyboardTouches[p.id] = here
                // The fault: each key's own drag gesture keeps the finger; nothing hands over.
                if world.isOn(.dragGesturePerKey) && previous != nil { continue }
                if world.isOn(.noTouchOwnership) {
                    // The bug: no per-touch note; the old note is the key under the previous location,
                    // and moves off the keys are ignored.
                    guard let new = note else { continue }
                    let old = previous.flatMap { s.geometry.note(atX: $0.x, y: $0.y, clampRightEdge: clamp) }
                    guard new != old else { continue }
                    if let old { noteOff(&s, old, touch: p.id, why: "slide", &world) }
                    s.touchNotes[p.id] = new
                    noteOn(&s, new, touch: p.id, why: "slide", &world)
                    changed = true
                    continue
                }
                let old = s.touchNotes[p.id]
                guard note != old else { continue }  // still on the same key
                if let old { noteOff(&s, old, touch: p.id, why: note == nil ? "slideOff" : "slide", &world) }
                s.touchNotes[p.id] = note
                if let n = note { noteOn(&s, n, touch: p.id, why: old == nil ? "slideOn" : "slide", &world) }
                changed = true

            case .ended, .cancelled:
                guard s.keyboardTouches.removeValue(forKey: p.id) != nil else {
                    world.emit(InstrumentOutput.warning(p.id, phase, "\(phase.rawValue) for an unknown touch: nothing to release"))
                    continue
                }
                if phase == .cancelled && world.isOn(.noCancelHandling) { continue }  // the bug: nobody listens
                if world.isOn(.noTouchOwnership) {
                    // The bug: release the key under the lift point, not the note this finger owns.
                    s.touchNotes[p.id] = nil
                    if let n = note { noteOff(&s, n, touch: p.id, why: phase == .ended ? "lift" : "cancel", &world) }
                    changed = true
                    continue
                }
                if let n = s.touchNotes.removeValue(forKey: p.id) {
                    noteOff(&s, n, touch: p.id, why: phase == .ended ? "lift" : "cancel", &world)
                    changed = true
                }
            }
        }
        if changed { world.emit(InstrumentOutput.keys(s)) }
    }

    /// The began checks both views share: a touch id that is already down, or a view already holding
    /// its maximum of touches, is refused with a record (and counted), never silently dropped.
    static func refusesBegan(_ id: Int, alreadyDown: Bool, touchesDown: Int, _ s: inout InstrumentState,
                             _ world: inout World<Instrument>) -> Bool {
        if alreadyDown {
            rejectTouches(&s, [id], .began, "already-down", &world)
        } else if touchesDown >= InstrumentState.maxTouchesPerView {
            rejectTooMany(&s, id, .began, &world)
        } else {
            return false
        }
        return true
    }

    /// A touch beyond the most UIKit tracks on one view.
    static func rejectTooMany(_ s: inout InstrumentState, _ id: Int, _ phase: TouchPhase, _ world: inout World<Instrument>) {
        rejectTouches(&s, [id], phase, "too-many-touches", &world) { $0.int("limit", InstrumentState.maxTouchesPerView) }
    }

    /// A refused touch callback (or some of its touches): `ids` and the phase, then `details`.
    static func rejectTouches(_ s: inout InstrumentState, _ ids: [Int], _ phase: TouchPhase, _ reason: String,
                              _ world: inout World<Instrument>, _ details: (Record) -> Record = { $0 }) {
        reject(&s, "touches", reason, &world) {
            details($0.with("ids", ids.isEmpty ? .word("none") : .tuple(ids.map { .int($0) })).word("phase", phase.rawValue))
        }
    }

    /// Refuses an input with the standard record, and counts it in the state (its `app` line).
    static func reject(_ s: inout InstrumentState, _ input: String, _ reason: String, _ world: inout World<Instrument>,
                       _ details: (Record) -> Record = { $0 }) {
        s.rejectedInputs += 1
        world.reject(input, reason, details)
    }

    static func padTouches(_ s: inout InstrumentState, _ phase: TouchPhase, _ points: [TouchPoint], _ world: inout World<Instrument>) {
        var quiet = 0
        for p in points {
            let here = TouchLocation(x: p.x, y: p.y)
            switch phase {
            case .began:
                if refusesBegan(p.id, alreadyDown: s.padTouches[p.id] != nil, touchesDown: s.padTouches.count, &s, &world) { continue }
                s.padTouches[p.id] = here
                switch s.pads.hit(x: p.x, y: p.y) {
                case .pad(let i): drumHit(&s, i, velocity: 1.0, &world)  // GAP: touches hit at velocity 1.0
                case .emptyCell: world.emit(InstrumentOutput.miss(p.id, p.x, p.y, .pads, "emptyCell"))
                case .outside: world.emit(InstrumentOutput.miss(p.id, p.x, p.y, .pads, "outsidePads"))
                }
            case .moved:
                if s.padTouches[p.id] == nil {
                    guard s.padTouches.count < InstrumentState.maxTouchesPerView else {
                        rejectTooMany(&s, p.id, .moved, &world)
                        continue
                    }
                    world.emit(InstrumentOutput.warning(p.id, .moved, "moved for an unknown touch: tracked from here; pads only sound on began"))
                }
                s.padTouches[p.id] = here
                quiet += 1
            case .ended, .cancelled:
                guard s.padTouches.removeValue(forKey: p.id) != nil else {
                    world.emit(InstrumentOutput.warning(p.id, phase, "\(phase.rawValue) for an unknown touch: nothing to do"))
                    continue
                }
                quiet += 1
            }
        }
        // Drum pads have no note-off and ignore moves; say so once per callback.
        if quiet > 0 { world.emit(Record("pad-touches").word("phase", phase.rawValue).int("touches", quiet).word("effect", "none")) }
    }

    /// The system takes every touch: UIKit sends `touchesCancelled` for each live touch, per view,
    /// in ascending id order.
    static func cancelAll(_ s: inout InstrumentState, by cause: String, _ world: inout World<Instrument>) {
        let keys = s.keyboardTouches.keys.sorted()
        let pads = s.padTouches.keys.sorted()
        guard !keys.isEmpty || !pads.isEmpty else { return }
        world.emit(Record("touches-cancelled").word("by", cause)
            .with("keyboard", keys.isEmpty ? .word("none") : .tuple(keys.map { .int($0) }))
            .with("pads", pads.isEmpty ? .word("none") : .tuple(pads.map { .int($0) })))
        if !keys.isEmpty {
            keyboardCallback(&s, .cancelled, keys.map { TouchPoint(id: $0, x: s.keyboardTouches[$0]!.x, y: s.keyboardTouches[$0]!.y) }, &world)
        }
        if !pads.isEmpty {
            padTouches(&s, .cancelled, pads.map { TouchPoint(id: $0, x: s.padTouches[$0]!.x, y: s.padTouches[$0]!.y) }, &world)
        }
    }

    // MARK: Sound

    static func noteOn(_ s: inout InstrumentState, _ midi: Int, touch: Int, why: String, _ world: inout World<Instrument>) {
        world.emit(InstrumentOutput.noteOn(midi, touch: touch, why: why, s))
        if world.isOn(.playerPerTap) { loadOnTap(&s, file: "\(s.instrument.rawValue)-\(midi).caf", &world) }
        for r in s.sampler.noteOn(midi, velocity: 100, now: world.now, audible: s.audible, countsHolders: !world.isOn(.firstLiftStopsNote)) {
            // Invariant history only: a stolen held voice silences the fingers pressed before it.
            if r.name == "sampler", r.fields.contains(Record.Field("wasHeld", .bool(true))) { s.samplerEpoch += 1 }
            world.emit(r)
        }
        s.pressEpoch[touch] = s.samplerEpoch
    }

    static func noteOff(_ s: inout InstrumentState, _ midi: Int, touch: Int, why: String, _ world: inout World<Instrument>) {
        world.emit(InstrumentOutput.noteOff(midi, touch: touch, why: why, s))
        s.pressEpoch[touch] = nil  // invariant history only
        for r in s.sampler.noteOff(midi, now: world.now, countsHolders: !world.isOn(.firstLiftStopsNote)) { world.emit(r) }
    }

    static func drumHit(_ s: inout InstrumentState, _ pad: Int, velocity: Double, _ world: inout World<Instrument>) {
        let rate = s.session.granted?.sampleRateHz ?? AudioGrant.defaultRateHz
        let perTap = world.isOn(.playerPerTap)
        if perTap { loadOnTap(&s, file: "\(PadGrid.pads[pad]).caf", &world) }
        world.emit(s.drums.hit(pad, velocity: velocity, now: world.now, sampleRateHz: rate, audible: s.audible, replacingPlayer: perTap))
    }

    /// The fault `playerPerTap`: the tap creates a player, which reads and decodes its file on the
    /// main thread before anything sounds. The load is counted like the launch loads (the `app` line).
    static func loadOnTap(_ s: inout InstrumentState, file: String, _ world: inout World<Instrument>) {
        s.loads += 1
        world.emit(Record("load").word("what", "player").string("file", file).word("when", "tap").int("loads", s.loads))
    }

    static func check(_ s: InstrumentState, _ world: inout World<Instrument>) {
        let live = Set(s.keyboardTouches.keys)  // lint:allow unordered-iteration — only builds a Set for membership tests
        let orphaned = s.touchNotes.keys.filter { !live.contains($0) }.sorted()  // lint:allow unordered-iteration — sorted before use
        let owned = Set(s.touchNotes.filter { live.contains($0.key) }.map(\.value))
        let held = s.sampler.heldNotes
        let stuck = Array(Set(held.filter { !owned.contains($0) })).sorted()
        // A key a finger holds that the sampler does not: silent while held (a note stolen by the
        // voice limit says so in its own `sampler op=steal` record).
        let heldSet = Set(held)
        let silent = Array(owned.filter { !heldSet.contains($0) }).sorted()
        let ok = orphaned.isEmpty && stuck.isEmpty
        var r = Record("check").int("touches", live.count).with("held", held.isEmpty ? .word("none") : .tuple(held.map { .int($0) }))
            .with("stuck", stuck.isEmpty ? .word("none") : .tuple(stuck.map { .int($0) }))
            .with("orphanedTouches", orphaned.isEmpty ? .word("none") : .tuple(orphaned.map { .int($0) }))
        // Only when it happens, so that checks with every held key sounding read as before.
        if !silent.isEmpty { r = r.with("silentWhileHeld", .tuple(silent.map { .int($0) })) }
        world.emit(r.word("result", ok ? "noStuckNotes" : "STUCK"))
    }

    // MARK: Layout and labels

    static func layout(_ s: inout InstrumentState, _ view: TouchView, _ width: Double, _ height: Double, _ world: inout World<Instrument>) {
        switch view {
        case .keyboard:
            var g = s.geometry
            g.widthPoints = width
            g.heightPoints = height
            if let refusal = g.refusal {
                reject(&s, "layout", refusal.reason, &world) { $0.word("view", "keyboard").string("detail", refusal.text) }
                return
            }
            s.geometry = g
            world.emit(Record("layout").word("view", "keyboard").fixed("width", width, 3).fixed("height", height, 3)
                .fixed("whiteKeyWidth", g.whiteKeyWidth, 6).fixed("blackZoneHeight", height * KeyboardGeometry.blackHeightFraction, 3))
        case .pads:
            var p = s.pads
            p.widthPoints = width
            p.heightPoints = height
            if let problem = p.problem {
                reject(&s, "layout", "bad-size", &world) { $0.word("view", "pads").string("detail", problem) }
                return
            }
            s.pads = p
            world.emit(Record("layout").word("view", "pads").fixed("width", width, 3).fixed("height", height, 3)
                .int("columns", PadGrid.columns).int("rows", PadGrid.rows))
        }
    }

    /// The label list for the current keyboard: white keys always labelled (near the bottom),
    /// black keys only with "show sharps" on.
    static func emitLabels(_ s: InstrumentState, _ world: inout World<Instrument>) {
        world.emit(Record("labels").word("naming", s.naming.rawValue).bool("showSharps", s.showSharps).int("keys", s.geometry.keys.count))
        for key in s.geometry.keys {  // lint:allow unordered-iteration — geometry.keys is an ordered array of piano keys
            let r = Record("label").int("midi", key.midi).word("key", key.isBlack ? "black" : "white")
            if key.isBlack && !s.showSharps {
                world.emit(r.word("text", "hidden"))
            } else {
                world.emit(r.string("text", s.naming.name(for: key.midi)))
            }
        }
    }
}
