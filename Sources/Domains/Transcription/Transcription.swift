import LockstepCore
import Platform

/// `transcription`: Voice Studio, an iOS recorder that records mono AAC takes that survive phone
/// calls and transcribes them in 50 s chunks, on-device first and Apple's server second.
///
/// Source: seed article `000_8b8814f04b5ca09f.txt`, "On-device speech recognition on iOS: the honest
/// boundaries" (issue #7). Modelled: the recorder (settings dictionary: AAC, 22050/44100/48000 Hz,
/// one channel, `AVAudioQuality` raw values; interruption began pauses without finalising, ended
/// re-activates the session and `record()`s into the same file or finalises keeping the captured
/// part; every stop path goes through one `finalise`), on the shared `Platform` `AudioSession`;
/// `makeRecognizer` (requested locale, else the device default, pinned in the trace), the
/// `isAvailableAsync` probe (a hint: supported is not installed; never cached); the chunk loop
/// (50 s windows every 46 s, end tolerance 0.05 s, cumulative `onTranscription` per chunk);
/// `recognizeChunk` (local first, server on empty or failure); `recognizeOnce` with its own 60 s
/// timeout on the virtual clock, resumed exactly once; de-duplication by global end time with
/// 0.15 s tolerance, and the untimed-text branch; the privacy ledger (every chunk of audio sent).
///
/// Choices where the article is silent (GAPs):
/// - Audio positions are integer nanoseconds (the tolerances' edges are exact; the app's `Double`s
///   could differ in the last bit at an exact tie such as 49.35 vs 49.5 − 0.15).
/// - Recogniser answers come from the scenario: `answer` lines per (chunk, attempt) schedule their
///   callbacks as `timer:recogniser` steps after `after=` seconds (default 1 s); `callback` lines
///   deliver one at an exact instant. The timeout timer is scheduled before the scripted callbacks,
///   so a scripted callback at exactly +60 s loses to the timeout; a recorded `callback` at +60 s
///   wins (the runner's order: recorded before timer at the same instant). Unscripted attempts
///   answer `set unscripted` (default empty after `set latency`).
/// - The platform decides before the script: a local attempt for a locale without on-device
///   support, or supported but not installed, errors at once; a server attempt while offline errors
///   at once and sends nothing. A server attempt while online sends the chunk (`privacy.sent`).
/// - `total ≤ 0.05 s`, NaN, ±∞, 0 or negative: no chunk; the model sends one final empty
///   `onTranscription synthetic=true` (the article sends none, leaving a UI waiting).
/// - `joinSegments`: word texts joined by one space (none for `zh`/`ja`), trimmed.
/// - One transcription at a time; durations over 24 h are refused. When `duration=` is absent the
///   saved take's duration is used.
/// - The timeout timer is cancelled when the attempt resumes (the article's timer checks the flag
///   and does nothing; cancelling is the same and keeps the trace short).
/// - `shouldResume` is recorded but not consulted (the quoted code does not read it); `record()`
///   succeeds iff the re-activation succeeded and the recorder predates no media services reset.
///   A nested `began` is absorbed by `AudioSession` (`audio.ignored`), so `onRecordingPaused` is sent
///   once. The VAD timer restarts on a successful resume. A media services reset finalises an open
///   take (`onRecordingInterrupted`).
/// - Record permission: Platform's `RecordPermissionState` (undetermined, granted, denied), set by
///   `mic state=undetermined|granted|denied answer=...` and `set mic`; the prompt happens at the first
///   `record` and answers at once with the scripted answer (`mic.prompt`). Platform's asynchronous
///   prompt (`AudioSession.requestRecordPermission`, answered by `audio permission answer=`) is not
///   used: it would add its own records and change when a take starts.
/// - Segments that end more than 0.15 s after their chunk's audio are rejected with a record;
///   timestamps out of order get a warning and are processed in the order given.
public enum Transcription: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = TranscriptionState
    public typealias Event = TranscriptionEvent

    public static let name = "transcription"
    public static let summary = "Voice Studio: interruption-safe mono AAC recording and chunked on-device-first transcription with its own timeout, overlap de-duplication and a privacy ledger (seed 000, \"On-device speech recognition on iOS: the honest boundaries\")."

    static let attemptWords = AttemptKind.allCases.map(\.rawValue)
    static let answerFields: [FieldSpec] = [
        FieldSpec("chunk", .integer, "chunk index from 0"),
        FieldSpec("attempt", .word(choices: attemptWords)),
        .optional("text", .string, "final: the recognised text; words are split on spaces"),
        .optional("times", .tuple(count: 0), "final: timestamp,duration per word, chunk-local seconds; absent = no word timings"),
        .optional("message", .string, "error: the message"),
    ]

    public static var eventKinds: [EventSpec] {
        [
            EventSpec("record", "record start name=NAME [sampleRate=22050|44100|48000] [quality=min|low|medium|high|max], or record stop",
                      positional: [FieldSpec("action", .word(choices: ["start", "stop"]))],
                      fields: [.optional("name", .word), .optional("sampleRate", .integer, "default 44100"),
                               .optional("quality", .word(choices: RecordingQuality.allCases.map(\.rawValue)), "default high")]),
            EventSpec("mic", "The record permission now, and what the prompt will answer.",
                      fields: [FieldSpec("state", .word(choices: RecordPermissionState.allCases.map(\.rawValue))),
                               .optional("answer", .word(choices: ["granted", "denied"]))]),
            EventSpec("transcribe", "transcribeFileAsync: id, duration (absent: the saved take's), locale, onDevice",
                      fields: [FieldSpec("id", .any), .optional("duration", .number, "seconds; NaN/inf/0/negative are legal"),
                               .optional("locale", .any, "a locale id; blank means none"), .optional("onDevice", .bool, "default true")]),
            EventSpec("answer", "Scripts one attempt's recogniser: answer final|empty|error|stall|double chunk=N attempt=local|server ...",
                      positional: [FieldSpec("kind", .word(choices: AnswerKind.allCases.map(\.rawValue)))],
                      fields: answerFields + [.optional("after", .number, "seconds after the attempt starts, default 1"),
                                              .optional("second", .number, "double: seconds between the final and the error, default 0")]),
            EventSpec("callback", "A recogniser callback now: callback final|partial|error chunk=N attempt=local|server ...",
                      positional: [FieldSpec("result", .word(choices: ["final", "partial", "error"]))], fields: answerFields),
            EventSpec("exportFails", "The export of a chunk will throw.",
                      fields: [FieldSpec("chunk", .integer), .optional("message", .string)]),
            EventSpec("capability", "What the device has for a locale.",
                      fields: [FieldSpec("locale", .any), .optional("exists", .bool, "default true"),
                               .optional("onDevice", .bool, "supportsOnDeviceRecognition, default false"),
                               .optional("installed", .bool, "the on-device model is downloaded, default false")]),
            EventSpec("network", "Reachability.", positional: [FieldSpec("state", .word(choices: ["online", "offline"]))]),
            EventSpec("probe", "isAvailableAsync(locale).", fields: [.optional("locale", .any)]),
            AudioVocabulary.spec,
        ]
    }

    public static var configKeys: [ConfigSpec] {
        [ConfigSpec("deviceLocale", .any, default: "en-US", "the device default recogniser's locale (on-device supported and installed)"),
         ConfigSpec("online", .bool, default: "true"),
         ConfigSpec("mic", .word(choices: RecordPermissionState.allCases.map(\.rawValue)), default: "granted"),
         ConfigSpec("unscripted", .word(choices: ["empty", "error", "stall"]), default: "empty", "what an attempt without an answer line does"),
         ConfigSpec("latency", .number, default: "1", "seconds before an unscripted answer, 0...3600")]
    }

    public static var faults: [FaultSpec] { TranscriptionFault.allCases.map { FaultSpec($0.rawValue, $0.summary) } }

    public static var generators: [Generator<TranscriptionEvent>] { TranscriptionGenerators.all }

    public static func start(_ config: Config, _ world: inout World<TranscriptionEvent>) throws(ScenarioError) -> TranscriptionState {
        var s = TranscriptionState()
        s.faults = TranscriptionFaults { world.fault($0.rawValue) }
        s.deviceLocale = try config.text("deviceLocale", default: "en-US")
        guard !RecogniserResolution.trim(s.deviceLocale).isEmpty else { throw config.error("deviceLocale", "the device locale must not be blank") }
        s.online = try config.bool("online", default: true)
        s.permission = try config.choice("mic", default: RecordPermissionState.granted)
        s.unscripted = AnswerKind(rawValue: try config.word("unscripted", default: "empty")) ?? .empty
        s.latencyNanos = nanos(try config.double("latency", default: 1, in: 0...3600))
        s.capabilities[s.deviceLocale] = LocaleCapability(exists: true, supportsOnDevice: true, installed: true)
        world.emit(Record("device").string("locale", s.deviceLocale).bool("online", s.online).word("mic", s.permission.rawValue)
            .word("unscripted", s.unscripted.rawValue))
        return s
    }

    static func nanos(_ seconds: Double) -> Int64 { Int64((seconds * 1e9).rounded()) }

    public static func decode(_ line: EventLine) throws(ScenarioError) -> TranscriptionEvent {
        switch line.kind {
        case "record":
            let action = try line.word(at: line.positionalIndices[0])
            if action == "stop" {
                for key: StaticString in ["name", "sampleRate", "quality"] where line.has(key) {
                    throw line.error("record stop takes no fields", at: key)
                }
                return .recordStop
            }
            guard line.has("name") else { throw line.error("record start needs name=NAME (the file is NAME.m4a)") }
            let rate = try line.int("sampleRate", in: 0...Int64(Int32.max), default: 44_100)
            guard [22_050, 44_100, 48_000].contains(rate) else {
                throw line.error("sampleRate=\(rate) is not one of 22050, 44100, 48000", at: "sampleRate")
            }
            let quality: RecordingQuality = line.has("quality") ? try line.choice("quality") : .high
            return .recordStart(name: try line.word("name"), sampleRateHz: Int(rate), quality: quality)
        case "mic":
            let answer: RecordPermissionState? = line.has("answer") ? try line.choice("answer") : nil
            return .mic(try line.choice("state"), answer: answer)
        case "transcribe":
            let id = try line.text("id")
            let duration: Double? = line.has("duration") ? try line.double("duration") : nil
            let locale: String? = line.has("locale") ? try line.text(at: line.index(of: "locale")!) : nil
            return .transcribe(TranscribeRequest(id: id, durationSeconds: duration, locale: locale,
                                                 onDevice: try line.bool("onDevice", default: true)))
        case "answer":
            let kind: AnswerKind = try line.choice(at: line.positionalIndices[0])
            let key = try scriptKey(line)
            let after = nanos(try line.double("after", in: 0...3600, default: 1))
            let second = nanos(try line.double("second", in: 0...3600, default: 0))
            if kind != .double && line.has("second") { throw line.error("second= applies to double only", at: "second") }
            switch kind {
            case .final, .double:
                guard line.has("text") else { throw line.error("\(kind.rawValue) needs text=\"...\"") }
                let cb = try finalCallback(line)
                if kind == .final { return .answer(key, ScriptedAnswer(kind: kind, callbacks: [(after, cb)])) }
                return .answer(key, ScriptedAnswer(kind: kind, callbacks: [(after, cb), (after + second, .error("Recognition request was canceled"))]))
            case .empty:
                try refuse(line, ["text", "times", "message"], kind.rawValue)
                return .answer(key, ScriptedAnswer(kind: kind, callbacks: [(after, .final(text: "", words: []))]))
            case .error:
                try refuse(line, ["text", "times"], kind.rawValue)
                return .answer(key, ScriptedAnswer(kind: kind, callbacks: [(after, .error(try message(line)))]))
            case .stall:
                try refuse(line, ["text", "times", "message", "after"], kind.rawValue)
                return .answer(key, ScriptedAnswer(kind: kind, callbacks: []))
            }
        case "callback":
            let key = try scriptKey(line)
            switch try line.word(at: line.positionalIndices[0]) {
            case "final":
                guard line.has("text") else { throw line.error("final needs text=\"...\" (\"\" for an empty result)") }
                return .callback(key, try finalCallback(line))
            case "partial":
                try refuse(line, ["text", "times", "message"], "partial")
                return .callback(key, .partial)
            default:
                try refuse(line, ["text", "times"], "error")
                return .callback(key, .error(try message(line)))
            }
        case "exportFails":
            return .exportFails(chunk: Int(try line.int("chunk", in: 0...10_000)),
                                message: line.has("message") ? try line.string("message") : "export failed")
        case "capability":
            let locale = RecogniserResolution.trim(try line.text("locale"))
            guard !locale.isEmpty else { throw line.error("the locale must not be blank", at: "locale") }
            return .capability(locale: locale, LocaleCapability(exists: try line.bool("exists", default: true),
                                                                supportsOnDevice: try line.bool("onDevice", default: false),
                                                                installed: try line.bool("installed", default: false)))
        case "network":
            return .network(online: try line.word(at: line.positionalIndices[0]) == "online")
        case "probe":
            return .probe(locale: line.has("locale") ? try line.text(at: line.index(of: "locale")!) : nil)
        case AudioVocabulary.kind:
            return .audio(try AudioVocabulary.decode(line))
        default:
            throw line.error("unknown transcription event '\(line.kind)'")
        }
    }

    static func scriptKey(_ line: EventLine) throws(ScenarioError) -> ScriptKey {
        ScriptKey(chunk: Int(try line.int("chunk", in: 0...10_000)), attempt: try line.choice("attempt"))
    }

    static func refuse(_ line: EventLine, _ keys: [StaticString], _ kind: String) throws(ScenarioError) {
        for key in keys where line.has(key) { throw line.error("\(key)= does not apply to \(kind)", at: key) }
    }

    static func message(_ line: EventLine) throws(ScenarioError) -> String {
        line.has("message") ? try line.string("message") : "Recognition failed"
    }

    /// The most words one result may carry.
    static let maxWordsPerResult = 10_000

    /// `text=` split on spaces, paired with `times=` (timestamp,duration per word, finite, ≥ 0).
    /// Without `times=` the result has no word timings.
    static func finalCallback(_ line: EventLine) throws(ScenarioError) -> RecogniserCallback {
        let raw = try line.string("text")
        let text = RecogniserResolution.trim(raw)
        guard line.has("times") else { return .final(text: text, words: []) }
        let pieces = text.split(separator: " ").map(String.init)
        let times = try line.doubles("times")
        guard pieces.count <= maxWordsPerResult else { throw line.error("more than \(maxWordsPerResult) words", at: "text") }
        guard times.count == 2 * pieces.count else {
            throw line.error("times= needs 2 numbers (timestamp,duration) per word: \(pieces.count) words, \(times.count) numbers", at: "times")
        }
        var words: [RecognisedWord] = []
        words.reserveCapacity(pieces.count)
        for (k, piece) in pieces.enumerated() {
            let ts = times[2 * k], d = times[2 * k + 1]
            guard ts.isFinite, d.isFinite, ts >= 0, d >= 0, ts <= 3600, d <= 3600 else {
                throw line.error("word \(k + 1) '\(piece)': timestamp \(ts) and duration \(d) must be finite, 0...3600 s", at: "times")
            }
            words.append(RecognisedWord(piece, timestampNanos: nanos(ts), durationNanos: nanos(d)))
        }
        return .final(text: text, words: words)
    }

    public static func reduce(_ s: inout TranscriptionState, _ event: TranscriptionEvent, _ world: inout World<TranscriptionEvent>) {
        guard !s.crashed else {
            world.emit(Record("crashed.ignored").string("reason", "the app crashed earlier; nothing runs"))
            return
        }
        switch event {
        case .recordStart(let name, let rate, let quality): Recording.start(&s, name: name, rate: rate, quality: quality, &world)
        case .recordStop: Recording.stop(&s, &world)
        case .mic(let state, let answer):
            s.permission = state
            if let answer { s.promptAnswer = answer }
            world.emit(Record("mic").word("state", state.rawValue).word("promptAnswer", s.promptAnswer.rawValue))
        case .audio(let e): Recording.audio(&s, e, &world)
        case .transcribe(let req): Pipeline.transcribe(&s, req, &world)
        case .answer(let key, let answer):
            if let job = s.job, key.chunk < job.chunk || job.attempts.contains(where: { $0.chunk == key.chunk && $0.kind == key.attempt }) {
                s.rejectedInputs += 1
                world.emit(Out.rejected("answer", "chunk \(key.chunk) \(key.attempt.rawValue) has already started; use a callback line"))
                return
            }
            guard s.scripts.count < TranscriptionState.maxScripts || s.scripts[key] != nil else {
                s.rejectedInputs += 1
                world.emit(Out.rejected("answer", "more than \(TranscriptionState.maxScripts) scripted answers pending"))
                return
            }
            world.emit(Record("script").int("chunk", key.chunk).word("attempt", key.attempt.rawValue).word("answer", answer.kind.rawValue)
                .int("callbacks", answer.callbacks.count).bool("replaced", s.scripts[key] != nil))
            s.scripts[key] = answer
        case .callback(let key, let cb): Pipeline.recordedCallback(&s, key, cb, &world)
        case .exportFails(let chunk, let message):
            s.exportFailures[chunk] = message
            world.emit(Record("script.export").int("chunk", chunk).string("message", message))
        case .capability(let locale, let cap):
            guard s.capabilities.count < TranscriptionState.maxCapabilities || s.capabilities[locale] != nil else {
                s.rejectedInputs += 1
                world.emit(Out.rejected("capability", "more than \(TranscriptionState.maxCapabilities) locales"))
                return
            }
            s.capabilities[locale] = cap
            world.emit(Record("capability").string("locale", locale).bool("exists", cap.exists).bool("onDevice", cap.supportsOnDevice)
                .bool("installed", cap.installed))
        case .network(let online):
            s.online = online
            world.emit(Record("network").word("state", online ? "online" : "offline"))
        case .probe(let locale):
            s.probes += 1
            let res = RecogniserResolution.resolve(locale, deviceLocale: s.deviceLocale, capabilities: s.capabilities)
            let cap = res.resolved.flatMap { s.capabilities[$0] }
            let answer = cap?.supportsOnDevice ?? false
            var r = Record("probe").string("requested", res.requested ?? "").string("locale", res.resolved ?? "")
                .bool("fellBack", res.fellBack).bool("answer", answer).bool("installed", cap?.installed ?? false)
            if answer && !(cap?.installed ?? false) { r = r.string("note", "supported is not installed: the local attempt will fail") }
            world.emit(r)
        case .answerDue(let serial, let cb): Pipeline.answerDue(&s, serial: serial, cb, &world)
        case .timeout(let serial): Pipeline.timeout(&s, serial: serial, &world)
        }
    }

    public static func write(_ s: TranscriptionState, to out: inout CanonicalWriter) {
        out.write("app", .tuple([.bool(s.crashed), .word(s.permission.rawValue), .bool(s.online), .int(s.takes.count), .int(s.jobsDone),
                                 .int(s.probes), .int(s.rejectedInputs), .int(s.scripts.count), .int(s.exportFailures.count)]))
        if let r = s.recorder {
            out.write("recorder", .tuple([.word(r.name), .word(r.phase.rawValue), .int(r.capturedNanos), .int(r.pauses), .int(r.resumes),
                                          .int(r.sampleRateHz), .word(r.quality.rawValue), .int(r.generation),
                                          .bool(s.interruptedRecording), .bool(s.vadTimerRunning), .bool(s.observingInterruptions)]))
        } else {
            out.write("recorder", .word("none"))
        }
        if let t = s.takes.last {
            out.write("lastTake", .tuple([.word(t.name), .int(t.durationNanos), .word(t.reason)]))
        }
        if let j = s.job {
            let a = j.attempts.last
            out.write("job", .tuple([.string(j.id), .int(j.chunk), .int(j.plan.count), .word(a?.kind.rawValue ?? "none"),
                                     .word(a?.outcome ?? "none"), .int(a?.serial ?? 0), .int(j.transcript.acceptedUntilNanos),
                                     .int(j.transcript.segments.count), .int(j.tempFiles), .int(j.sentChunks)]))
            out.write("jobText", .int(j.transcript.joined.utf8.count))
        } else {
            out.write("job", .word("none"))
        }
        out.write("ledger", .tuple([.int(s.ledgerChunks), .int(s.ledgerNanos)]))
        out.write("lastResult", .digest(s.lastResultDigest))
        let locales = s.capabilities.keys.sorted()
        out.write("capabilities", .tuple(locales.map { l in
            let c = s.capabilities[l]!
            return .string("\(l):\(c.exists ? 1 : 0)\(c.supportsOnDevice ? 1 : 0)\(c.installed ? 1 : 0)")
        }))
        s.session.write(to: &out)
    }
}
