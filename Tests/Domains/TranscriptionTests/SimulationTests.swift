import Testing
import LockstepCore
import LockstepRunner
@testable import Transcription

@Suite struct TranscriptionSimulationTests {
    func names(_ rs: [Record]) -> [String] { rs.map(\.name) }

    @Test func recordedCallbackAtTheDeadlineWinsOverTheTimeout() throws {
        var sim = try Simulation<Transcription>()
        sim.send(.answer(ScriptKey(chunk: 0, attempt: .local), ScriptedAnswer(kind: .stall, callbacks: [])), at: .zero)
        sim.send(.transcribe(TranscribeRequest(id: "r", durationSeconds: 30, locale: nil, onDevice: true)), at: .seconds(1))
        _ = sim.takeOutputs()
        sim.send(.callback(ScriptKey(chunk: 0, attempt: .local), .final(text: "ok", words: [])), at: .seconds(61))
        sim.advance(to: .seconds(200))
        let out = sim.takeOutputs()
        #expect(!names(out).contains("attempt.timeout"))
        #expect(out.filter { $0.name == "attempt.end" }.count == 1)
        #expect(names(out).contains("transcription.done"))
    }

    @Test func stallWithoutCallbackTimesOutAfterSixtySeconds() throws {
        var sim = try Simulation<Transcription>()
        sim.send(.answer(ScriptKey(chunk: 0, attempt: .server), ScriptedAnswer(kind: .stall, callbacks: [])), at: .zero)
        sim.send(.transcribe(TranscribeRequest(id: "r", durationSeconds: 30, locale: nil, onDevice: false)), at: .seconds(10))
        sim.advance(to: .seconds(69))
        #expect(!names(sim.takeOutputs()).contains("attempt.timeout"))
        sim.advance(to: .seconds(70))
        let out = sim.takeOutputs()
        let end = try #require(out.first { $0.name == "attempt.end" })
        #expect(end.description.contains("outcome=timeout") && end.description.contains("\"Recognition timed out.\""))
        #expect(sim.steps.last?.time == Instant.defaultStart + .seconds(70))
    }

    @Test func offlineSendsNothing() throws {
        var sim = try Simulation<Transcription>(settings: ["online false"])
        sim.send(.transcribe(TranscribeRequest(id: "r", durationSeconds: 200, locale: nil, onDevice: true)), at: .zero)
        sim.advance(to: .seconds(100))
        #expect(!names(sim.outputs).contains("privacy.sent"))
        #expect(sim.state.ledgerChunks == 0)
        #expect(sim.outputs.last { $0.name == "onTranscription" }?.description.contains("isFinal=true") == true)
    }

    @Test func typedSettingsMatchSetLines() throws {
        var typed = try Simulation<Transcription>(settings: .init(online: false, unscripted: .stall, latencySeconds: 0.5))
        var text = try Simulation<Transcription>(settings: ["online false", "unscripted stall", "latency 0.5"])
        #expect(typed.takeOutputs() == text.takeOutputs())
        #expect(typed.state.latencyNanos == 500_000_000 && typed.state.unscripted == .stall)
    }

    @Test func faultsAreTyped() throws {
        var sim = try Simulation<Transcription>(settings: .init(), faults: [.noTimeout])
        sim.send(.answer(ScriptKey(chunk: 0, attempt: .server), ScriptedAnswer(kind: .stall, callbacks: [])), at: .zero)
        sim.send(.transcribe(TranscribeRequest(id: "r", durationSeconds: 30, locale: nil, onDevice: false)), at: .zero)
        sim.advance(to: .seconds(1000))
        #expect(!names(sim.outputs).contains("attempt.timeout"))
        #expect(sim.world.pendingTimerCount == 0 && sim.state.job != nil)
    }

    @Test func refusedInputsAreStandardRejections() throws {
        var sim = try Simulation<Transcription>(settings: .init(), faults: [.doubleResume])
        sim.send(.callback(ScriptKey(chunk: 0, attempt: .local), .partial), at: .zero)
        let words = [RecognisedWord("a", timestampNanos: 1_000_000_000, durationNanos: 1_000_000_000),
                     RecognisedWord("b", timestampNanos: 49_900_000_000, durationNanos: 300_000_000)]
        sim.send(.answer(ScriptKey(chunk: 0, attempt: .local), ScriptedAnswer(kind: .double, callbacks: [
            (2_000_000_000, .final(text: "a b", words: words)), (2_000_000_000, .error("late"))])), at: .zero)
        sim.send(.transcribe(TranscribeRequest(id: "t", durationSeconds: 50, locale: nil, onDevice: true)), at: .zero)
        sim.send(.recordStop, at: .seconds(10))
        let rejected = sim.outputs.filter { $0.name == "rejected" }.map(\.description)
        #expect(rejected == [
            "rejected input=callback reason=not-running chunk=0 kind=local result=partial",
            "rejected input=segment reason=ends-after-chunk chunk=0 word=\"b\" at=49.900 end=50.200 audio=50.000",
            "rejected input=record reason=crashed note=\"the app crashed earlier; nothing runs\"",
        ])
        #expect(sim.world.rejectionCount == 3)
    }

    @Test func interruptionPausesAndResumesTheSameTake() throws {
        var sim = try Simulation<Transcription>()
        sim.send(.recordStart(name: "m", sampleRateHz: 44_100, quality: .high), at: .zero)
        sim.send(.audio(.interruption(typeRaw: 1, optionsRaw: nil)), at: .seconds(10))
        #expect(sim.state.recorder?.phase == .paused && sim.state.takes.isEmpty)
        sim.send(.audio(.interruption(typeRaw: 0, optionsRaw: 0)), at: .seconds(40))
        #expect(sim.state.recorder?.phase == .recording)
        sim.send(.recordStop, at: .seconds(45))
        #expect(sim.state.takes.map(\.durationNanos) == [15_000_000_000])
        #expect(sim.outputs.filter { $0.name == "recording.finalised" }.count == 1)
    }
}

@Suite struct TranscriptionInputTests {
    @Test func declarationsHaveNoProblems() {
        #expect(Transcription.entry.problems.isEmpty)
    }

    @Test func timerKindsAreTheOldOnes() {
        #expect(Transcription.kind(of: .timeout(serial: 1)) == "timeout")
        #expect(Transcription.kind(of: .answerDue(serial: 1, .partial)) == "recogniser")
        #expect(Transcription.kind(of: .recordStop) == "record")
    }

    func run(_ body: String) -> String { InlineScenario.traceOrError(Transcription.self, body) }

    @Test func badScriptLinesAreLocatedErrors() {
        #expect(run("0 answer final chunk=0 attempt=local text=\"a b\" times=1,1\n").hasPrefix("error: t.scenario:3:"))
        #expect(run("0 answer final chunk=0 attempt=local text=\"a\" times=-1,1\n").contains("must be finite"))
        #expect(run("0 answer final chunk=0 attempt=local text=\"a\" times=nan,1\n").contains("must be finite"))
        #expect(run("0 record start name=x sampleRate=16000\n").contains("16000"))
        #expect(run("0 answer stall chunk=0 attempt=local after=3\n").contains("does not apply"))
        #expect(run("0 answer final chunk=0 attempt=cloud text=\"a\"\n").hasPrefix("error: t.scenario:3:"))
        #expect(run("0 record stop name=x\n") == "error: t.scenario:3:20: record stop takes no fields")
        #expect(run("0 record start\n") == "error: t.scenario:3:3: record start needs name=NAME (the file is NAME.m4a)")
        #expect(run("0 answer empty chunk=0 attempt=local second=1\n").contains("second= applies to double only"))
        #expect(run("0 callback final chunk=0 attempt=local\n").contains("final needs text="))
        #expect(run("0 capability locale=\" \"\n").contains("the locale must not be blank"))
        #expect(run("set deviceLocale \"\"\n").contains("the device locale must not be blank"))
        #expect(run("set latency 4000\n").contains("latency=4000 is out of range 0.0...3600.0"))
    }

    @Test func nanDurationIsADefinedEmptyResult() {
        let out = run("0 transcribe id=x duration=nan\n")
        #expect(out.contains("reason=durationNotFinite") && out.contains("isFinal=true"))
    }
}
