import Instrument
import LockstepCore
import LockstepRunner
import Testing

/// Runs scenario text through the real reader and runner (no trace kept); faults as `--fault`.
private func run(_ text: String, faults: [String] = []) throws(ScenarioError) -> RunSummary {
    let reader = try ScenarioReader(display: "Scenarios/instrument/found/explore.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = NullOutput()
    return try Runner.run(Instrument.self, reader: reader, header: header, options: RunOptions(extraFaults: faults), output: &out)
}

/// The `lockstep.invariant` records of a run, as `name: message`.
private func violations(_ events: String, settings: String = "", fault: String? = nil) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain instrument\n" + settings + "\n" + events
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(Instrument.self, reader: reader, header: header, options: RunOptions(extraFaults: fault.map { [$0] } ?? []), output: &out)
    var found: [String] = []
    for line in String(decoding: out.bytes, as: UTF8.self).split(separator: "\n") {
        // "  lockstep.invariant name=X broken="..."" → "X: ..."
        guard let r = line.firstRange(of: "lockstep.invariant name=") else { continue }
        let rest = line[r.upperBound...].split(separator: " ", maxSplits: 1)
        guard rest.count == 2, rest[1].hasPrefix("broken=\"") else { continue }
        found.append(rest[0] + ": " + rest[1].dropFirst(8).dropLast())
    }
    return found
}

private func walk(_ seed: UInt64, steps: Int = 200) -> String {
    Instrument.explorer!.scenario(domain: "instrument", seed: seed, steps: steps)
}

@Suite struct InstrumentInvariantTests {
    @Test func invariantsAreNamedOnceWithReasons() {
        let names = Instrument.invariants.map(\.name)
        #expect(names.count >= 3 && Set(names).count == names.count)
        #expect(Instrument.invariants.allSatisfy { !$0.summary.isEmpty })
    }

    /// (a) Explorer walks are valid scenarios and break no invariant with no fault on.
    @Test func explorerWalksHoldEveryInvariant() throws {
        var steps = 0, rejections = 0
        let clock = ContinuousClock()
        let started = clock.now
        for seed in UInt64(1)...30 {
            let summary = try run(walk(seed))
            steps += summary.steps
            rejections += summary.rejections
            #expect(summary.firstViolation == nil, "seed \(seed): \(summary.firstViolation.map(\.description) ?? "")")
            #expect(summary.steps > 200, "seed \(seed)")
        }
        print("explore: 30 walks of 200 steps, \(steps) engine steps, \(rejections) rejections, \(clock.now - started)")
    }

    /// (b) Each invariant catches a concrete broken case, and the fixed app passes the same input.
    @Test func noStuckNotesCatchesUnhandledCancel() throws {
        let events = "1 touches keyboard began t1=25,150 t2=125,150\n2 systemGesture controlCenter\n"
        #expect(try violations(events, fault: "noCancelHandling").first == "noStuckNotes: note 60 sounds with no finger on it (fingers hold none)")
        #expect(try violations(events).isEmpty)
    }

    @Test func noStuckNotesCatchesSlideOffWithoutOwnership() throws {
        let events = "1 touches keyboard began t1=25,150\n2 touches keyboard moved t1=25,250\n3 touches keyboard ended t1=25,250\n"
        #expect(try violations(events, fault: "noTouchOwnership").contains("noStuckNotes: note 60 sounds with no finger on it (fingers hold none)"))
        #expect(try violations(events).isEmpty)
    }

    @Test func notesOnKeyboardCatchesTheRightEdge() throws {
        let events = "1 touches keyboard began t1=113.99999999999999,150\n2 touches keyboard ended t1=113.99999999999999,150\n"
        let found = try violations(events, settings: "set width 114\n", fault: "rightEdgeOffByOne")
        #expect(found.first == "notesOnKeyboard: note-on 84 is outside the keyboard 60...83")
        #expect(try violations(events, settings: "set width 114\n").isEmpty)
    }

    @Test func fingerOwnsKeyUnderItCatchesADragGesturePerKey() throws {
        let events = "1 touches keyboard began t1=25,150\n2 touches keyboard moved t1=75,150\n3 touches keyboard ended t1=75,150\n"
        #expect(try violations(events, fault: "dragGesturePerKey") == ["fingerOwnsKeyUnderIt: touch 1 at 75.0,150.0 owns 60 but the key under it is 62"])
        #expect(try violations(events).isEmpty)
    }

    @Test func everyFingerHeardCatchesSingleTouch() throws {
        let events = "1 touches keyboard began t1=25,150 t2=125,150\n2 touches keyboard ended t1=25,150 t2=125,150\n"
        #expect(try violations(events, fault: "singleTouchOnly") == ["everyFingerHeard: touch 2 of a keyboard began is neither tracked nor refused"])
        #expect(try violations(events).isEmpty)
    }

    @Test func pressSoundsCatchesAButtonPerKey() throws {
        let events = "1 touches keyboard began t1=25,150\n2 touches keyboard ended t1=25,150\n"
        #expect(try violations(events, fault: "buttonPerKey") == ["pressSounds: touch 1 pressed 60 and it does not sound"])
        #expect(try violations(events).isEmpty)
    }

    @Test func liftKeepsOtherFingersCatchesTheFirstLift() throws {
        let events = "1 touches keyboard began t1=10,150\n2 touches keyboard began t2=40,150\n3 touches keyboard ended t1=10,150\n4 touches keyboard ended t2=40,150\n"
        #expect(try violations(events, fault: "firstLiftStopsNote").first == "liftKeepsOtherFingers: note 60 released while a finger still holds it")
        #expect(try violations(events).isEmpty)
    }

    @Test func drumPoolRingsCatchesOnePlayerPerPad() throws {
        let events = "0 instrument drums\n1 gen roll pad=snare hits=2 interval=0.05\n"
        #expect(try violations(events, fault: "singlePlayerPerPad") == ["drumPoolRings: snare cut an earlier hit with 1 of 4 voices ringing"])
        #expect(try violations(events).isEmpty)
        // A pool the app configured small cuts as configured: not a violation.
        #expect(try violations(events, settings: "set voicesPerPad 1\n").isEmpty)
    }

    @Test func noLoadOnTapCatchesAPlayerPerTap() throws {
        let events = "1 touches keyboard began t1=25,150\n2 touches keyboard ended t1=25,150\n"
        #expect(try violations(events, fault: "playerPerTap") == ["noLoadOnTap: a tap loaded piano-60.caf"])
        #expect(try violations(events).isEmpty)
    }

    @Test func heardDespiteSilentSwitchCatchesTheAmbientCategory() throws {
        let events = "1 audio silentSwitch on=true\n2 audio silentSwitch on=false\n"
        #expect(try violations(events, fault: "ambientCategory") == ["heardDespiteSilentSwitch: the Silent switch mutes the session (ambient) though the app chose playback"])
        #expect(try violations(events).isEmpty)
        // The scenario's own choice of .ambient is a configuration, not the bug.
        #expect(try violations(events, settings: "set category ambient\n").isEmpty)
    }

    /// No fault overflows the sampler; a crafted state whose budget shrank under its voices does.
    @Test func voicesWithinPoolCatchesAnOverflow() throws {
        var s = InstrumentState()
        s.sampler = Sampler(maxVoices: 4)
        for m in [60, 62, 64] { _ = s.sampler.noteOn(m, velocity: 100, now: .defaultStart, audible: true) }
        let invariant = try #require(Instrument.invariants.first { $0.name == "voicesWithinPool" })
        let check = { invariant.check($0, $1) }
        #expect(check(s, []) == nil)
        s.sampler.maxVoices = 2
        #expect(check(s, []) == "3 voices sound with a budget of 2")
    }

    /// (c) Which faults exploration finds, and by which invariant, within seeds 1...200 × 200 steps.
    @Test func explorationFindsTheFaults() throws {
        let expected: [(fault: String, invariant: String)] = [
            ("noTouchOwnership", "noStuckNotes"), ("noCancelHandling", "noStuckNotes"), ("rightEdgeOffByOne", "notesOnKeyboard"),
            ("singleTouchOnly", "everyFingerHeard"), ("buttonPerKey", "pressSounds"), ("dragGesturePerKey", "fingerOwnsKeyUnderIt"),
            ("playerPerTap", "noLoadOnTap"), ("ambientCategory", "heardDespiteSilentSwitch"), ("singlePlayerPerPad", "drumPoolRings"),
            ("firstLiftStopsNote", "liftKeepsOtherFingers"),
        ]
        #expect(Set(expected.map(\.fault)) == Set(InstrumentFault.allCases.map(\.rawValue)))
        for (fault, invariant) in expected {
            var found: (seed: UInt64, violation: InvariantViolation)?
            for seed in UInt64(1)...200 {
                if let v = try run(walk(seed), faults: [fault]).firstViolation { found = (seed, v); break }
            }
            #expect(found?.violation.name == invariant, "\(fault): \(found.map { "seed \($0.seed): \($0.violation)" } ?? "not found")")
            print("exploration: \(fault) found by \(found.map { "\($0.violation.name) at seed \($0.seed) step \($0.violation.step)" } ?? "nothing")")
        }
    }
}
