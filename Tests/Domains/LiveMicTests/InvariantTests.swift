@testable import LiveMic
import LockstepCore
import LockstepRunner
import Platform
import Testing

/// Runs scenario text through the real reader and runner (no trace kept); faults as `--fault`.
private func run(_ text: String, faults: [String] = []) throws(ScenarioError) -> RunSummary {
    let reader = try ScenarioReader(display: "Scenarios/liveMic/found/explore.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = NullOutput()
    return try Runner.run(LiveMic.self, reader: reader, header: header, options: RunOptions(extraFaults: faults), output: &out)
}

/// The `lockstep.invariant` records of a run, as `name: message`.
private func violations(_ events: String, settings: String = "set permission granted\n", fault: String? = nil) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain liveMic\n" + settings + "\n" + events
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(LiveMic.self, reader: reader, header: header, options: RunOptions(extraFaults: fault.map { [$0] } ?? []), output: &out)
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
    LiveMic.explorer!.scenario(domain: "liveMic", seed: seed, steps: steps)
}

private func invariant(_ name: String) throws -> @Sendable (LiveMicState, [Record]) -> String? {
    let invariant = try #require(LiveMic.invariants.first { $0.name == name })
    return { state, outputs in invariant.check(state, outputs) }
}

@Suite struct LiveMicInvariantTests {
    @Test func invariantsAreNamedOnceWithReasons() {
        let names = LiveMic.invariants.map(\.name)
        #expect(names.count >= 3 && Set(names).count == names.count)
        #expect(LiveMic.invariants.allSatisfy { !$0.summary.isEmpty })
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
    @Test func finiteOutputCatchesNaNThroughTheClamp() throws {
        let events = "1 tap\n2 control volume nan\n3 mic samples=0.5,-0.5\n"
        let found = try violations(events, fault: "nanThroughClamp")
        #expect(found.first == "finiteOutput: control volume is nan")
        #expect(found.count == 2)  // the control's step and the render's (its NaN volume no longer traps the fast path)
        #expect(try violations(events).isEmpty)
    }

    @Test func liveMeansAudioCatchesStaleNodesAfterAReset() throws {
        let events = "1 tap\n2 audio mediaServicesReset\n3 tap\n4 mic sine=1000 frames=240\n"
        #expect(try violations(events, fault: "reuseNodesAfterReset").first == "liveMeansAudio: shown live on engine 1 of media services generation 1, now 2")
        #expect(try violations(events).isEmpty)
    }

    @Test func speakerNotEarpieceCatchesNoDefaultToSpeaker() throws {
        let events = "1 tap\n2 tap\n"
        #expect(try violations(events, fault: "noDefaultToSpeaker") == ["speakerNotEarpiece: live audio comes out of the receiver"])
        #expect(try violations(events).isEmpty)
    }

    @Test func unplugStopsCatchesKeepingLiveOnUnplug() throws {
        let events = "1 audio route reason=newDeviceAvailable output=headphones\n2 tap\n3 audio route reason=oldDeviceUnavailable\n"
        #expect(try violations(events, fault: "keepLiveOnUnplug") == ["unplugStops: still live on builtInSpeaker after the old device went away"])
        #expect(try violations(events).isEmpty)
    }

    /// No fault renders the microphone without permission: crafted records and state.
    @Test func noMicWithoutPermissionCatchesARenderedMic() throws {
        let check = try invariant("noMicWithoutPermission")
        let s = LiveMicState(engine: LiveEngine(handle: AudioEngineHandle(generation: 1, serial: 1)))
        #expect(s.session.permission.state == .undetermined)
        #expect(check(s, [Record("audio.render").int("frames", 240).word("input", "silence")]) == nil)
        #expect(check(s, [Record("audio.render").int("frames", 240)]) == "the microphone was rendered with permission undetermined")
        // The real app renders silence when denied.
        #expect(try violations("1 tap\n2 audio permission answer=granted\n3 audio permission settings=denied\n4 mic sine=440 frames=240\n",
                               settings: "").isEmpty)
    }

    /// No fault holds the session after a stop: a live app stopped behind the session's back.
    @Test func sessionReleasedWhenStoppedCatchesAHeldSession() throws {
        let check = try invariant("sessionReleasedWhenStopped")
        var world = World<LiveMic>(start: .defaultStart)
        let settings = LiveMic.Settings(device: Device(os: OSRelease(17, 0), capabilities: [.backgroundAudio, .microphoneUsageDescription]),
                                        allowBluetoothMic: false, preferEchoCancellation: true, permission: .granted)
        var s = try LiveMic.start(settings, &world)
        LiveMic.reduce(&s, .tap, &world)
        #expect(s.isLive && s.session.isActive)
        LiveMic.stopEngine(&s, reason: "user", &world)  // the engine stops, the session is left active
        #expect(check(s, [Record("engine.stop").word("result", "stopped").word("reason", "user")]) == "the session stays active after the user stopped")
        #expect(check(s, [Record("view").bool("isLive", false).string("error", LiveMic.startFailurePrefix + "x")]) == "the session stays active after a failed start")
        // The real stop deactivates.
        #expect(try violations("1 tap\n2 tap\n").isEmpty)
    }

    /// (c) Which faults exploration finds, and by which invariant, within seeds 1...200 × 200 steps.
    @Test func explorationFindsTheFaults() throws {
        let expected: [(fault: String, invariant: String)] = [
            ("reuseNodesAfterReset", "liveMeansAudio"), ("noDefaultToSpeaker", "speakerNotEarpiece"),
            ("nanThroughClamp", "finiteOutput"), ("keepLiveOnUnplug", "unplugStops"),
        ]
        #expect(Set(expected.map(\.fault)) == Set(LiveMicFault.allCases.map(\.rawValue)))
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
