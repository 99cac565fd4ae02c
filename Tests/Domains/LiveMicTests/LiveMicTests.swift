import LiveMic
import LockstepCore
import LockstepRunner
import Platform
import Testing

/// Runs scenario text through the real parser and runner; returns the indented output records.
private func records(_ events: String, settings: String = "set permission granted\n", fault: String? = nil) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain liveMic\n" + settings + (fault.map { "set fault \($0)\n" } ?? "") + events
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(LiveMic.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
}

private func error(_ events: String) -> String? {
    do { _ = try records(events); return nil } catch { return error.description }
}

private func field(_ record: String, _ key: String) -> String? {
    record.split(separator: " ").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
}

@Suite struct LiveMicKnownValueTests {
    /// The declarations are consistent: every kind declares without throwing and `kind(of:)` names
    /// each kind's placeholder event with the kind's own name.
    @Test func entryHasNoProblems() {
        #expect(LiveMic.entry.problems.isEmpty, "\(LiveMic.entry.problems)")
    }

    /// 10^(dB/20): the note's verified values (independently, 10^1.2 = 15.848931924611133 etc.).
    @Test func decibelsToGain() {
        let table: [(Double, Double)] = [(24, 15.848931924611133), (12, 3.9810717055349722), (6, 1.9952623149688795),
                                         (0, 1), (-12, 0.251188643150958), (-24, 0.06309573444801932)]
        for (db, expected) in table {
            let g = Controls.linearGain(dB: db)
            #expect(abs(g - expected) <= expected * 1e-14, "\(db) dB")
        }
        // Boost +24 at volume 0.3: ×4.7547; boost +6 at 0.3: ×0.59858 (the note's gain pipeline).
        #expect(abs(Controls.linearGain(dB: 24) * 0.3 - 4.7547) < 1e-4)
        #expect(abs(Controls.linearGain(dB: 6) * 0.3 - 0.59858) < 1e-5)
    }

    /// The note's clamp table, NaN refused, ±∞ refused, and the naive clamp letting NaN through.
    @Test func clamps() {
        let table: [(ControlName, Double, Float)] = [(.volume, 1.5, 1), (.volume, -0.2, 0), (.boostDB, 30, 24), (.boostDB, -30, -24),
                                                     (.bassDB, 15, 12), (.trebleDB, -20, -12), (.reverbMix, 150, 100)]
        for (c, v, expected) in table { #expect(Controls.clamp(c, v) == .clamped(expected), "\(c) \(v)") }
        #expect(Controls.clamp(.volume, 0.3) == .accepted(0.3))
        for bad in [Double.nan, .infinity, -.infinity] {
            if case .rejected = Controls.clamp(.volume, bad) {} else { Issue.record("\(bad) not rejected") }
        }
        // Swift's min(max(NaN, lo), hi) is NaN: the fault's clamp passes it on.
        if case .accepted(let v) = Controls.clamp(.volume, .nan, naive: true) { #expect(v.isNaN) } else { Issue.record("naive clamp") }
        #expect(Controls.clamp(.boostDB, .infinity, naive: true) == .clamped(24))
        #expect(Controls.startVolume == 0.3)
    }

    /// Buffer arithmetic: 0.005 s × 48 kHz = 240 frames requested; granted 256 frames = 5.333… ms,
    /// 512 = 10.666… ms, 256 at 44.1 kHz = 5.805 ms (256 / 44100 = 0.0058049…).
    @Test func bufferSizes() throws {
        #expect(AudioGrant(sampleRateHz: 48_000, ioBufferSeconds: LiveMic.preferredIOBufferSeconds).ioBufferFrames == 240)
        #expect(AudioGrant(sampleRateHz: 48_000, ioBufferSeconds: 512.0 / 48_000).ioBufferSeconds * 1000 == 512.0 / 48)
        let r = try records("1 tap\n2 audio engineConfigurationChange sampleRate=44100\n")
        let active = try #require(r.first { $0.hasPrefix("audio.active ") })
        #expect(field(active, "frames") == "256.0" && field(active, "ioBufferMs") == "5.333")
        let change = try #require(r.first { $0.hasPrefix("audio.engine-configuration-change") })
        #expect(field(change, "ioBufferMs") == "5.805" && field(change, "frames") == "256.0" && field(change, "input") == "44100.0Hz/1ch")
        let starts = r.filter { $0.hasPrefix("engine.start result=started") }
        #expect(starts.count == 2 && field(starts[1], "format") == "44100.0Hz/1ch")
    }

    /// RBJ shelves: a low shelf's DC gain and a high shelf's Nyquist gain are 10^(dB/20); the other
    /// end stays at unity.
    @Test func shelvesHaveTheirCookbookGains() {
        func settle(_ s: Shelf, _ input: (Int) -> Double) -> Double {
            var m = Shelf.Memory()
            var y = 0.0
            for n in 0..<20_000 { y = s.process(input(n), &m) }
            return abs(y)
        }
        let low = Shelf(.low, frequencyHz: 150, gainDB: 12, sampleRateHz: 48_000)
        let high = Shelf(.high, frequencyHz: 6_000, gainDB: 12, sampleRateHz: 48_000)
        let dc: (Int) -> Double = { _ in 1 }
        let nyquist: (Int) -> Double = { $0 % 2 == 0 ? 1 : -1 }
        #expect(abs(settle(low, dc) - 3.9810717055349722) < 1e-9)
        #expect(abs(settle(low, nyquist) - 1) < 1e-3)
        #expect(abs(settle(high, nyquist) - 3.9810717055349722) < 1e-9)
        #expect(abs(settle(high, dc) - 1) < 1e-9)
        #expect(Shelf(.low, frequencyHz: 150, gainDB: 0, sampleRateHz: 48_000).isIdentity)
    }

    /// Boost +6 dB at the start volume 0.3 with flat EQ and no reverb: out = Float(in·10^0.3)·0.3.
    @Test func gainPipelineIsTheProduct() throws {
        let r = try records("1 tap\n2 control boostDB 6\n3 mic samples=1,-0.5\n")
        let render = try #require(r.first { $0.hasPrefix("audio.render") })
        #expect(field(render, "outPeak") == "0.598579" && field(render, "inPeak") == "1.000000")
        let expected = Float(1.0 * 1.9952623149688795) * Float(0.3)
        #expect(abs(Double(expected) - 0.598579) < 5e-7)
    }

    /// The note's interruption truth table: only was-live ∧ shouldResume restarts; every began
    /// says onStateChange(false); no onStateChange at a non-resuming ended.
    @Test func interruptionTruthTable() throws {
        for (live, resume) in [(true, true), (true, false), (false, true), (false, false)] {
            let r = try records((live ? "1 tap\n" : "") + "2 audio interruption began\n3 audio interruption ended shouldResume=\(resume)\n")
            let changes = r.filter { $0.hasPrefix("onStateChange") }
            #expect(changes.first.map { field($0, "live") } == "false")
            #expect(changes.count == (live && resume ? 2 : 1), "\(live) \(resume)")
            #expect(r.contains { $0.hasPrefix("onStateChange live=true reason=resumed") } == (live && resume))
        }
    }

    /// A media services reset builds a new engine in generation 2 and re-binds the observer; the
    /// fault keeps the old one, whose next start is stale and renders nothing.
    @Test func resetRebuildsAndTheFaultIsStale() throws {
        let script = "1 tap\n2 audio mediaServicesReset\n3 tap\n4 mic samples=0.5\n"
        let ok = try records(script)
        #expect(ok.contains("audio.engine-built serial=2 generation=2"))
        #expect(ok.contains { $0.hasPrefix("engine.start result=started serial=2 generation=2") })
        #expect(ok.contains { $0.hasPrefix("audio.render") })
        let bad = try records(script, fault: "reuseNodesAfterReset")
        #expect(bad.contains { $0.hasPrefix("engine.start result=staleEngine serial=1 generation=1") })
        #expect(bad.contains("audio.dropped samples=1 reason=staleEngine"))
    }

    /// Permission paths: 16.6 takes the session API, 17.0 AVAudioApplication; one prompt only.
    @Test func permissionPaths() throws {
        for (os, api) in [("16.6", "audioSession"), ("17.0", "audioApplication"), ("18.2", "audioApplication")] {
            let r = try records("1 tap\n2 audio permission answer=denied\n3 tap\n", settings: "set os \(os)\n")
            let requests = r.filter { $0.hasPrefix("audio.permission-request") }
            #expect(requests.count == 2 && requests.allSatisfy { field($0, "api") == api && field($0, "prompts") == "1" })
            #expect(r.filter { $0.hasPrefix("view") }.allSatisfy { $0.contains("Microphone access is off. Turn it on in Settings.") })
            #expect(!r.contains { $0.hasPrefix("engine.start") })
        }
        #expect(throws: ScenarioError.self) { try records("1 tap\n", settings: "set os 16.5\n") }
    }

    /// A zero input format is an error message, the session is released, nothing is connected.
    @Test func zeroFormatIsAnErrorNotACrash() throws {
        let r = try records("0 audio input sampleRate=0 channels=0\n1 tap\n")
        #expect(r.contains("engine.start result=noInputAvailable format=0.0Hz/0ch"))
        #expect(r.contains { $0.hasPrefix("view isLive=false error=\"Couldn't start audio: no audio input is available") })
        #expect(r.contains("audio.active active=false wasActive=true notifyOthers=true"))
    }

    /// Refused inputs share the standard `rejected` record (no golden sends an extension's lifecycle).
    @Test func refusedInputsAreRejectedRecords() throws {
        let r = try records("1 lifecycle background process=widget\n2 tap\n3 mic samples=0.1 channels=2\n")
        #expect(r.contains("rejected input=lifecycle reason=no-extensions process=widget"))
        #expect(r.contains("rejected input=mic reason=format-mismatch samples=1 why=\"2 channels do not match the connected 48000.0Hz/1ch\""))
    }

    /// Scenario errors carry line:column.
    @Test func badLinesAreLocatedErrors() {
        #expect(error("1 control volume\n")?.contains("t.scenario:4:") == true)
        #expect(error("1 mic samples=1 sine=440 frames=10\n")?.contains("exactly one of") == true)
        #expect(error("1 mic sine=440\n")?.contains("frames") == true)
        #expect(error("1 audio input sampleRate=48000\n")?.contains("both sampleRate= and channels=") == true)
        #expect(error("1 audio input sampleRate=48000 channels=9\n")?.contains("t.scenario:4:") == true)
        #expect(error("1 audio permission\n")?.contains("exactly one of answer=") == true)
        #expect(error("1 mic sine=440 frames=10 sampleRate=0\n")?.contains("sampleRate") == true)
        #expect(error("1 control loudness 3\n") != nil)
    }
}

/// The output-buffer digest against an independent implementation of its documented definition
/// (`BufferStats`: FNV-1a 64 over 64-bit words of two Float32 bit patterns, earlier sample low,
/// words alternating between two lanes, folded at the end), through both render paths.
@Suite struct LiveMicBufferDigestTests {
    static func oracle(_ samples: [Float]) -> String {
        let prime: UInt64 = 0x100_0000_01B3
        var lanes: [UInt64] = [0xCBF2_9CE4_8422_2325, 0xCBF2_9CE4_8422_2325]
        var word = 0
        var k = 0
        while k < samples.count {
            let low = UInt64(samples[k].bitPattern)
            let high = k + 1 < samples.count ? UInt64(samples[k + 1].bitPattern) << 32 : 0
            lanes[word % 2] = (lanes[word % 2] ^ (low | high)) &* prime
            word += 1
            k += 2
        }
        let d = (lanes[0] ^ lanes[1]) &* prime
        let hex = String(d, radix: 16)
        return "#" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    static let inputs: [[Float]] = [[0.5, -0.5, 0.25, -0.25, 1, -1, 0, 0.125], [0.5, -0.5, 0.25, -0.25, 1, -1, 0],
                                    [0.3, -0.7, 0.1, 0.9, -0.2], [0.5, 0.25, -0.75], [0.8, -0.1], [-0.6]]

    static func render(_ samples: [Float], controls: String) throws(ScenarioError) -> String {
        let list = samples.map { "\($0)" }.joined(separator: ",")
        let out = try records("1 tap\n" + controls + "2 mic samples=\(list)\n")
        return out.last { $0.hasPrefix("audio.render") } ?? "no render record in \(out)"
    }

    @Test(arguments: inputs)
    func defaultControlsPath(samples: [Float]) throws {
        // Volume 0.3 on every start; boost, shelves and reverb neutral: output = x × 0.3 (Float).
        let r = try Self.render(samples, controls: "")
        #expect(field(r, "digest") == Self.oracle(samples.map { $0 * 0.3 }), "\(r)")
        #expect(field(r, "outPeak") == Value.fixed(Double(samples.map { abs($0 * 0.3) }.max()!), places: 6).text)
    }

    @Test(arguments: inputs)
    func generalPath(samples: [Float]) throws {
        // reverbMix 50 takes the general path: Float(Double(x) × 1 × 0.5) × 0.3.
        let r = try Self.render(samples, controls: "1.5 control reverbMix 50\n")
        #expect(field(r, "digest") == Self.oracle(samples.map { Float(Double($0) * 0.5) * 0.3 }), "\(r)")
    }
}

/// `gen tone`: the phase carries across buffers, and the limits are located errors at their field.
@Suite struct LiveMicToneGeneratorTests {
    @Test func buffersContinueOneTone() throws {
        // Two 100 ms buffers of the generator equal one 200 ms batch of the same tone, sample for
        // sample, through the render digest: the second buffer starts where the first ended.
        let tone = SineOscillator(frequencyHz: 441, sampleRateHz: 48_000, amplitude: 0.5)
        let first = tone.floats(first: 0, count: 4800), second = tone.floats(first: 4800, count: 4800)
        let out = try records("1 tap\n2 gen tone hz=441 seconds=0.2 buffer=0.1\n")
        let renders = out.filter { $0.hasPrefix("audio.render") }
        #expect(renders.count == 2)
        #expect(renders.map { field($0, "digest") } == [first, second].map { LiveMicBufferDigestTests.oracle($0.map { $0 * 0.3 }) })
    }

    @Test func limitsAreLocatedErrors() {
        #expect(error("1 gen tone hz=440 seconds=86400 buffer=1\n")?.contains("t.scenario:4:27: seconds=86400.0 is 4147200000 samples; one tone line makes at most 1000000000") == true,
                "\(error("1 gen tone hz=440 seconds=86400 buffer=1\n") ?? "no error")")
        #expect(error("1 gen tone hz=440 seconds=1 buffer=1 sampleRate=384000\n")?.contains("one mic batch holds 1...96000") == true)
        #expect(error("1 gen tone hz=-1 seconds=1\n") != nil)
    }
}
