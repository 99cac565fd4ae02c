import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Transcription

/// `Transcription.text(of:)`: every recorded event kind is written so that the scenario reader, the
/// validator and the decoder give back the same event (compared field by field, bit for bit; the
/// seconds fields as the same nanoseconds).
@Suite struct TranscriptionEventTextTests {
    static func expectSame(_ events: [TranscriptionEvent], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try EventDecoding.roundTripDifferences(Transcription.self, events) == [], sourceLocation: sourceLocation)
    }

    static let local = ScriptKey(chunk: 0, attempt: .local)
    static let server = ScriptKey(chunk: 10_000, attempt: .server)
    static func words(_ pairs: [(String, Int64, Int64)]) -> [RecognisedWord] { pairs.map { RecognisedWord($0.0, timestampNanos: $0.1, durationNanos: $0.2) } }

    @Test func everyKindReadsBackTheSame() throws {
        let hello = Self.words([("hello", 0, 400_000_000), ("\"quoted\"", 1_000_000_001, 1), ("wörld", 3_599_999_999_999, 0)])
        try Self.expectSame([
            .recordStart(name: "take1", sampleRateHz: 44_100, quality: .high), .recordStart(name: "long", sampleRateHz: 48_000, quality: .min),
            .recordStop,
            .mic(.undetermined, answer: nil), .mic(.denied, answer: .granted), .mic(.granted, answer: .denied),
            .transcribe(TranscribeRequest(id: "take1", durationSeconds: nil, locale: nil, onDevice: true)),
            .transcribe(TranscribeRequest(id: "a take with \"spaces\"", durationSeconds: -0.0, locale: "", onDevice: false)),
            .transcribe(TranscribeRequest(id: "t", durationSeconds: 1e-7, locale: "en-US", onDevice: true)),
            .transcribe(TranscribeRequest(id: "t", durationSeconds: .infinity, locale: " fr ", onDevice: true)),
            .answer(Self.local, ScriptedAnswer(kind: .final, callbacks: [(1_000_000_000, .final(text: "hello \"quoted\" wörld", words: hello))])),
            .answer(Self.server, ScriptedAnswer(kind: .final, callbacks: [(0, .final(text: "no timings here", words: []))])),
            .answer(Self.local, ScriptedAnswer(kind: .final, callbacks: [(3_600_000_000_000, .final(text: "", words: []))])),
            .answer(Self.local, ScriptedAnswer(kind: .double, callbacks: [(1_500_000_000, .final(text: "hi", words: Self.words([("hi", 1, 2)]))),
                                                                           (1_500_000_000, .error("Recognition request was canceled"))])),
            .answer(Self.server, ScriptedAnswer(kind: .double, callbacks: [(100_000_000, .final(text: "hi", words: [])),
                                                                            (2_100_000_001, .error("Recognition request was canceled"))])),
            .answer(Self.local, ScriptedAnswer(kind: .empty, callbacks: [(1_000_000_000, .final(text: "", words: []))])),
            .answer(Self.local, ScriptedAnswer(kind: .empty, callbacks: [(123_456_789, .final(text: "", words: []))])),
            .answer(Self.server, ScriptedAnswer(kind: .error, callbacks: [(1_000_000_000, .error("Recognition failed"))])),
            .answer(Self.server, ScriptedAnswer(kind: .error, callbacks: [(0, .error("line\nbreak\tand \\ backslash"))])),
            .answer(Self.local, ScriptedAnswer(kind: .stall, callbacks: [])),
            .callback(Self.local, .final(text: "one two", words: Self.words([("one", 0, 1), ("two", 2, 3)]))),
            .callback(Self.server, .final(text: "", words: [])), .callback(Self.local, .partial),
            .callback(Self.local, .error("Recognition failed")), .callback(Self.server, .error("")),
            .exportFails(chunk: 3, message: "export failed"), .exportFails(chunk: 0, message: "disk \"full\""),
            .capability(locale: "en-US", LocaleCapability()), .capability(locale: "de-DE", LocaleCapability(exists: false, supportsOnDevice: true, installed: true)),
            .capability(locale: "x y", LocaleCapability(exists: true, supportsOnDevice: false, installed: true)),
            .network(online: true), .network(online: false), .probe(locale: nil), .probe(locale: "ja-JP"), .probe(locale: ""),
            .audio(.interruption(typeRaw: 1, optionsRaw: nil)), .audio(.interruption(typeRaw: 0, optionsRaw: 1)),
        ])
    }

    /// Both generators: a take with calls (record start, interruptions, record stop) and the
    /// per-chunk recogniser scripts (timed words, empty local passes, stalls).
    @Test func generatedScriptsReadBackTheSame() throws {
        for gen in ["gen takeWithCalls name=long duration=7200 calls=50 callSeconds=30 sampleRate=48000",
                    "gen chunkScript duration=7200 spacing=2.5 after=1.5 fallbackEvery=10 stallEvery=20",
                    "gen chunkScript duration=300.123 spacing=1.7 after=0.001 fallbackEvery=2"] {
            let events = try EventDecoding.generated(Transcription.self, gen)
            #expect(events.count >= 3, "\(gen)")
            try Self.expectSame(events)
        }
    }

    @Test func knownLines() {
        #expect(Transcription.text(of: .answer(Self.local, ScriptedAnswer(kind: .final, callbacks: [(1_500_000_000, .final(text: "a b", words: Self.words([("a", 0, 500_000_000), ("b", 2_500_000_000, 1)])))])))
            == "answer final chunk=0 attempt=local text=\"a b\" times=0.0,0.5,2.5,1e-09 after=1.5")
        #expect(Transcription.text(of: .recordStart(name: "t", sampleRateHz: 44_100, quality: .high)) == "record start name=t")
    }

    /// What has no line: the timers, callbacks no kind's line makes, words that are not the text's,
    /// untrimmed text or locales, more word timings than one tuple holds (32 words), an
    /// undetermined prompt answer.
    @Test func noLineForTimersOrWhatTheDecoderCannotGive() {
        #expect(Transcription.text(of: .answerDue(serial: 1, .partial)) == nil)
        #expect(Transcription.text(of: .timeout(serial: 1)) == nil)
        #expect(Transcription.text(of: .answer(Self.local, ScriptedAnswer(kind: .final, callbacks: []))) == nil)
        #expect(Transcription.text(of: .answer(Self.local, ScriptedAnswer(kind: .stall, callbacks: [(0, .partial)]))) == nil)
        #expect(Transcription.text(of: .answer(Self.local, ScriptedAnswer(kind: .error, callbacks: [(0, .partial)]))) == nil)
        #expect(Transcription.text(of: .callback(Self.local, .final(text: "a b", words: Self.words([("a", 0, 1)])))) == nil)
        #expect(Transcription.text(of: .callback(Self.local, .final(text: " padded", words: []))) == nil)
        #expect(Transcription.text(of: .capability(locale: " en", LocaleCapability())) == nil)
        let many = (0..<33).map { ("w\($0)", Int64($0), Int64(1)) }
        #expect(Transcription.text(of: .callback(Self.local, .final(text: many.map(\.0).joined(separator: " "), words: Self.words(many)))) == nil)
        #expect(Transcription.text(of: .mic(.granted, answer: .undetermined)) == nil)
    }
}
