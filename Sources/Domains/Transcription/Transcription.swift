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
///   A nested `began` is absorbed by `AudioSession` (a `rejected input=audio` record), so `onRecordingPaused` is sent
///   once. The VAD timer restarts on a successful resume. A media services reset finalises an open
///   take (`onRecordingInterrupted`).
/// - Record permission: Platform's (`AudioSession.permission`), scripted by
///   `mic state=undetermined|granted|denied answer=...` and `set mic`; the prompt happens at the first
///   `record` and answers at once with the scripted answer (Platform's synchronous
///   `promptRecordPermissionAnsweredAtOnce`; the app logs `mic.prompt`). The asynchronous prompt
///   (`requestRecordPermission`, answered by a later `audio permission answer=`) is not used: a take
///   starts with its `record` line. `audio permission settings=` lines change the same permission.
/// - Segments that end more than 0.15 s after their chunk's audio are rejected with a record;
///   timestamps out of order get a warning and are processed in the order given.
public enum Transcription: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = TranscriptionState
    public typealias Event = TranscriptionEvent
    public typealias Fault = TranscriptionFault

    public static let name = "transcription"
    public static let summary = "Voice Studio: interruption-safe mono AAC recording and chunked on-device-first transcription with its own timeout, overlap de-duplication and a privacy ledger (seed 000, \"On-device speech recognition on iOS: the honest boundaries\")."

    public struct Settings: Sendable {
        public var deviceLocale = "en-US"
        public var online = true
        public var mic = RecordPermissionState.granted
        public var unscripted = UnscriptedAnswer.empty
        /// Seconds, as written (the scenario's number, converted once at start).
        public var latencySeconds = 1.0
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let settings = Settings(
            deviceLocale: try s("deviceLocale", .text, default: "en-US", "the device default recogniser's locale (on-device supported and installed)"),
            online: try s("online", .bool, default: true, "reachability at start"),
            mic: try s("mic", .choice(RecordPermissionState.self), default: .granted, "the record permission at start"),
            unscripted: try s("unscripted", .choice(UnscriptedAnswer.self), default: .empty, "what an attempt without an answer line does"),
            // A number, not a duration: its range error and its nan/inf handling stay as they were.
            latencySeconds: try s("latency", .number, default: 1, in: 0...3600, "seconds before an unscripted answer"))
        guard !RecogniserResolution.trim(settings.deviceLocale).isEmpty else {
            throw s.error("the device locale must not be blank", at: "deviceLocale")
        }
        return settings
    }

    public static var generators: [Generator<TranscriptionEvent>] { TranscriptionGenerators.all }

    public static func start(_ settings: Settings, _ world: inout World<Transcription>) throws(ScenarioError) -> TranscriptionState {
        var s = TranscriptionState()
        s.deviceLocale = settings.deviceLocale
        s.online = settings.online
        s.session.scriptRecordPermission(state: settings.mic, answer: nil)
        s.unscripted = settings.unscripted.answer
        s.latencyNanos = nanos(settings.latencySeconds)
        s.capabilities[s.deviceLocale] = LocaleCapability(exists: true, supportsOnDevice: true, installed: true)
        world.emit(Record("device").string("locale", s.deviceLocale).bool("online", s.online).word("mic", s.permission.rawValue)
            .word("unscripted", s.unscripted.rawValue))
        return s
    }

    /// Range-checked seconds to nanoseconds, through the core's one conversion (`Duration(seconds:)`).
    static func nanos(_ seconds: Double) -> Int64 { Duration(seconds: seconds)?.nanoseconds ?? 0 }

    // Seconds fields (`after`, `second`, `times`, `latency`) stay numbers: as `.duration` their range
    // errors would read `0s...3600s` instead of `0.0...3600.0`, and nan/inf/negatives would fail differently.
    public static let events: [EventKind<TranscriptionEvent>] = [
        EventKind("record", "record start name=NAME [sampleRate=22050|44100|48000] [quality=min|low|medium|high|max], or record stop") {
            f throws(ScenarioError) in
            let action = try f.argument("action", .choice(RecordAction.self))
            let name = try f.optional("name", .word, "start: the file is NAME.m4a")
            let rate = try f("sampleRate", .int, default: 44_100, in: 0...Int(Int32.max), "start: 22050, 44100 or 48000")
            let quality = try f("quality", .choice(RecordingQuality.self), default: .high, "start")
            switch action {
            case .stop:
                for key: StaticString in ["name", "sampleRate", "quality"] where f.line.has(key) {
                    throw f.error("record stop takes no fields", at: key)
                }
                return .recordStop
            case .start:
                // The declaration pass has no name; its placeholder is any start.
                guard let name = name ?? (f.isDeclaring ? "" : nil) else {
                    throw f.error("record start needs name=NAME (the file is NAME.m4a)")
                }
                guard [22_050, 44_100, 48_000].contains(rate) else {
                    throw f.error("sampleRate=\(rate) is not one of 22050, 44100, 48000", at: "sampleRate")
                }
                return .recordStart(name: name, sampleRateHz: rate, quality: quality)
            }
        },
        EventKind("mic", "The record permission now, and what the prompt will answer.") { f throws(ScenarioError) in
            .mic(try f("state", .choice(RecordPermissionState.self), "the record permission now"),
                 answer: try f.optional("answer", .choice(PromptAnswer.self), "what the prompt at the next undetermined record answers")?.permission)
        },
        EventKind("transcribe", "transcribeFileAsync: id, duration (absent: the saved take's), locale, onDevice") { f throws(ScenarioError) in
            .transcribe(TranscribeRequest(id: try f("id", .text, "the recording id"),
                                          durationSeconds: try f.optional("duration", .number, "seconds; NaN/inf/0/negative are legal"),
                                          locale: try f.optional("locale", .text, "a locale id; blank means none"),
                                          onDevice: try f("onDevice", .bool, default: true, "on-device first")))
        },
        EventKind("answer", "Scripts one attempt's recogniser: answer final|empty|error|stall|double chunk=N attempt=local|server ...") {
            f throws(ScenarioError) in
            let kind = try f.argument("kind", .choice(AnswerKind.self))
            let script = try ScriptFields(&f)
            let after = nanos(try f("after", .number, default: 1, in: 0...3600, "seconds after the attempt starts"))
            let second = nanos(try f("second", .number, default: 0, in: 0...3600, "double: seconds between the final and the error"))
            if f.isDeclaring { return .answer(script.key, ScriptedAnswer(kind: kind, callbacks: [])) }
            if kind != .double && f.line.has("second") { throw f.error("second= applies to double only", at: "second") }
            switch kind {
            case .final, .double:
                guard let text = script.text else { throw f.error("\(kind.rawValue) needs text=\"...\"") }
                let cb = try finalCallback(text: text, times: script.times, f)
                if kind == .final { return .answer(script.key, ScriptedAnswer(kind: kind, callbacks: [(after, cb)])) }
                return .answer(script.key, ScriptedAnswer(kind: kind, callbacks: [(after, cb), (after + second, .error("Recognition request was canceled"))]))
            case .empty:
                try refuse(f, ["text", "times", "message"], kind.rawValue)
                return .answer(script.key, ScriptedAnswer(kind: kind, callbacks: [(after, .final(text: "", words: []))]))
            case .error:
                try refuse(f, ["text", "times"], kind.rawValue)
                return .answer(script.key, ScriptedAnswer(kind: kind, callbacks: [(after, .error(script.message))]))
            case .stall:
                try refuse(f, ["text", "times", "message", "after"], kind.rawValue)
                return .answer(script.key, ScriptedAnswer(kind: kind, callbacks: []))
            }
        },
        EventKind("callback", "A recogniser callback now: callback final|partial|error chunk=N attempt=local|server ...") {
            f throws(ScenarioError) in
            let result = try f.argument("result", .choice(CallbackResult.self))
            let script = try ScriptFields(&f)
            if f.isDeclaring { return .callback(script.key, .partial) }
            switch result {
            case .final:
                guard let text = script.text else { throw f.error("final needs text=\"...\" (\"\" for an empty result)") }
                return .callback(script.key, try finalCallback(text: text, times: script.times, f))
            case .partial:
                try refuse(f, ["text", "times", "message"], "partial")
                return .callback(script.key, .partial)
            case .error:
                try refuse(f, ["text", "times"], "error")
                return .callback(script.key, .error(script.message))
            }
        },
        EventKind("exportFails", "The export of a chunk will throw.") { f throws(ScenarioError) in
            .exportFails(chunk: try f("chunk", .int, in: 0...10_000, "chunk index from 0"),
                         message: try f("message", .string, default: "export failed", "what the export throws"))
        },
        EventKind("capability", "What the device has for a locale.") { f throws(ScenarioError) in
            let locale = RecogniserResolution.trim(try f("locale", .text, "a locale id"))
            let cap = LocaleCapability(exists: try f("exists", .bool, default: true, "a recogniser exists for it"),
                                       supportsOnDevice: try f("onDevice", .bool, default: false, "supportsOnDeviceRecognition"),
                                       installed: try f("installed", .bool, default: false, "the on-device model is downloaded"))
            guard !locale.isEmpty || f.isDeclaring else { throw f.error("the locale must not be blank", at: "locale") }
            return .capability(locale: locale, cap)
        },
        EventKind("network", "Reachability.") { f throws(ScenarioError) in
            .network(online: try f.argument("state", .choice(NetworkState.self)) == .online)
        },
        EventKind("probe", "isAvailableAsync(locale).") { f throws(ScenarioError) in
            .probe(locale: try f.optional("locale", .text, "a locale id; absent: the device default's"))
        },
        AudioVocabulary.eventKind { .audio($0) },
    ]

    public static func kind(of event: TranscriptionEvent) -> String {
        switch event {
        case .recordStart, .recordStop: "record"
        case .mic: "mic"
        case .transcribe: "transcribe"
        case .answer: "answer"
        case .callback: "callback"
        case .exportFails: "exportFails"
        case .capability: "capability"
        case .network: "network"
        case .probe: "probe"
        case .audio: AudioVocabulary.kind
        // Timers.
        case .answerDue: "recogniser"
        case .timeout: "timeout"
        }
    }

    /// The fields `answer` and `callback` share, read unconditionally in one place.
    struct ScriptFields {
        var key: ScriptKey
        var text: String?
        var times: [Double]?
        var message: String

        init(_ f: inout Fields) throws(ScenarioError) {
            key = ScriptKey(chunk: try f("chunk", .int, in: 0...10_000, "chunk index from 0"),
                            attempt: try f("attempt", .choice(AttemptKind.self), "which pass"))
            text = try f.optional("text", .string, "final: the recognised text; words are split on spaces")
            times = try f.optional("times", .tuple(0), "final: timestamp,duration per word, chunk-local seconds; absent = no word timings")
            message = try f.optional("message", .string, "error: the message") ?? "Recognition failed"
        }
    }

    static func refuse(_ f: borrowing Fields, _ keys: [StaticString], _ kind: String) throws(ScenarioError) {
        for key in keys where f.line.has(key) { throw f.error("\(key)= does not apply to \(kind)", at: key) }
    }

    /// The most words one result may carry.
    static let maxWordsPerResult = 10_000

    /// `text=` split on spaces, paired with `times=` (timestamp,duration per word, finite, ≥ 0).
    /// Without `times=` the result has no word timings.
    static func finalCallback(text raw: String, times: [Double]?, _ f: borrowing Fields) throws(ScenarioError) -> RecogniserCallback {
        let text = RecogniserResolution.trim(raw)
        guard let times else { return .final(text: text, words: []) }
        let pieces = text.split(separator: " ").map(String.init)
        guard pieces.count <= maxWordsPerResult else { throw f.error("more than \(maxWordsPerResult) words", at: "text") }
        guard times.count == 2 * pieces.count else {
            throw f.error("times= needs 2 numbers (timestamp,duration) per word: \(pieces.count) words, \(times.count) numbers", at: "times")
        }
        var words: [RecognisedWord] = []
        words.reserveCapacity(pieces.count)
        for (k, piece) in pieces.enumerated() {
            let ts = times[2 * k], d = times[2 * k + 1]
            guard ts.isFinite, d.isFinite, ts >= 0, d >= 0, ts <= 3600, d <= 3600 else {
                throw f.error("word \(k + 1) '\(piece)': timestamp \(ts) and duration \(d) must be finite, 0...3600 s", at: "times")
            }
            words.append(RecognisedWord(piece, timestampNanos: nanos(ts), durationNanos: nanos(d)))
        }
        return .final(text: text, words: words)
    }

    public static func reduce(_ s: inout TranscriptionState, _ event: TranscriptionEvent, _ world: inout World<Transcription>) {
        // What the invariants compare with after the step (not part of the app's behaviour).
        s.audit.before(s, now: world.now)
        guard !s.crashed else {
            world.reject(kind(of: event), "crashed") { $0.string("note", "the app crashed earlier; nothing runs") }
            return
        }
        switch event {
        case .recordStart(let name, let rate, let quality): Recording.start(&s, name: name, rate: rate, quality: quality, &world)
        case .recordStop: Recording.stop(&s, &world)
        case .mic(let state, let answer):
            s.session.scriptRecordPermission(state: state, answer: answer)
            world.emit(Record("mic").word("state", state.rawValue).word("promptAnswer", s.promptAnswer.rawValue))
        case .audio(let e): Recording.audio(&s, e, &world)
        case .transcribe(let req): Pipeline.transcribe(&s, req, &world)
        case .answer(let key, let answer):
            if let job = s.job, key.chunk < job.chunk || job.attempts.contains(where: { $0.chunk == key.chunk && $0.kind == key.attempt }) {
                s.rejectedInputs += 1
                world.reject("answer", "attempt-started") {
                    $0.int("chunk", key.chunk).word("attempt", key.attempt.rawValue).string("note", "use a callback line")
                }
                return
            }
            guard s.scripts.count < TranscriptionState.maxScripts || s.scripts[key] != nil else {
                s.rejectedInputs += 1
                world.reject("answer", "too-many-scripts") { $0.int("maxScripts", TranscriptionState.maxScripts) }
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
                world.reject("capability", "too-many-locales") { $0.string("locale", locale).int("maxLocales", TranscriptionState.maxCapabilities) }
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
