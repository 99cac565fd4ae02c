import LockstepCore
import Platform

extension Transcription {
    /// The scenario line of a recorded event (`Domain.text(of:)`), which `events` reads back as the
    /// same event: `record start|stop`, `mic`, `transcribe`, `answer`, `callback`, `exportFails`,
    /// `capability`, `network`, `probe` and the shared `audio` line. Fields at the decoder's default
    /// are left out; seconds are written as the exact decimal of their nanoseconds, which the
    /// decoder's `Duration(seconds:)` turns back into the same nanoseconds (checked for each).
    ///
    /// Nil for the timer events `answerDue` and `timeout` (no recorded form), and for values no line
    /// gives: an `answer` whose callbacks are not the ones its kind's line makes (`final`: one final
    /// result; `double`: a final result, then the cancel error; `empty`, `error`, `stall`), word
    /// timings that do not match the text's words or do not fit one tuple (more than 32 words),
    /// text with spaces around it (the decoder trims), a prompt answer `undetermined`.
    public static func text(of event: TranscriptionEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .recordStart(let name, let rate, let quality):
            return line.choice(RecordAction.start).word("name", name).int("sampleRate", rate, default: 44_100)
                .choice("quality", quality, default: .high).line
        case .recordStop: return line.choice(RecordAction.stop).line
        case .mic(let state, let answer):
            var out = line.choice("state", state)
            if let answer {
                guard let prompt = PromptAnswer(rawValue: answer.rawValue) else { return nil }
                out = out.choice("answer", prompt)
            }
            return out.line
        case .transcribe(let r):
            return line.text("id", r.id).optional(r.durationSeconds) { $0.number("duration", $1) }
                .optional(r.locale) { $0.text("locale", $1) }.bool("onDevice", r.onDevice, default: true).line
        case .answer(let key, let answer): return answerText(line, key, answer)
        case .callback(let key, let callback):
            let out = script(line, key)
            switch callback {
            case .final(let text, let words): return final(out.choice(CallbackResult.final), text, words)?.line
            case .partial: return out.choice(CallbackResult.partial).line
            case .error(let message): return out.choice(CallbackResult.error).string("message", message, default: "Recognition failed").line
            }
        case .exportFails(let chunk, let message): return line.int("chunk", chunk).string("message", message, default: "export failed").line
        case .capability(let locale, let c):
            guard !locale.isEmpty, RecogniserResolution.trim(locale) == locale else { return nil }
            return line.text("locale", locale).bool("exists", c.exists, default: true).bool("onDevice", c.supportsOnDevice, default: false)
                .bool("installed", c.installed, default: false).line
        case .network(let online): return line.choice(online ? NetworkState.online : .offline).line
        case .probe(let locale): return line.optional(locale) { $0.text("locale", $1) }.line
        case .audio(let e): return AudioVocabulary.text(of: e)
        case .answerDue, .timeout: return nil  // timers: no recorded form
        }
    }

    /// `answer KIND chunk= attempt= ...`: the fields the decoder turns into exactly these callbacks.
    static func answerText(_ line: LineText, _ key: ScriptKey, _ answer: ScriptedAnswer) -> String? {
        let out = script(line.choice(answer.kind), key)
        let c = answer.callbacks
        switch answer.kind {
        case .final:
            guard c.count == 1, case .final(let text, let words) = c[0].callback else { return nil }
            return final(out, text, words).flatMap { seconds($0, "after", c[0].delayNanos, default: 1) }?.line
        case .double:
            guard c.count == 2, case .final(let text, let words) = c[0].callback, c[1].callback == .error("Recognition request was canceled"),
                  c[1].delayNanos >= c[0].delayNanos else { return nil }
            return final(out, text, words).flatMap { seconds($0, "after", c[0].delayNanos, default: 1) }
                .flatMap { seconds($0, "second", c[1].delayNanos - c[0].delayNanos, default: 0) }?.line
        case .empty:
            guard c.count == 1, c[0].callback == .final(text: "", words: []) else { return nil }
            return seconds(out, "after", c[0].delayNanos, default: 1)?.line
        case .error:
            guard c.count == 1, case .error(let message) = c[0].callback else { return nil }
            return seconds(out.string("message", message, default: "Recognition failed"), "after", c[0].delayNanos, default: 1)?.line
        case .stall:
            return c.isEmpty ? out.line : nil
        }
    }

    static func script(_ line: LineText, _ key: ScriptKey) -> LineText {
        line.int("chunk", key.chunk).choice("attempt", key.attempt)
    }

    /// `text="..." [times=ts,d,...]` for a final result, or nil when the decoder would not give
    /// these words back (it splits the trimmed text on spaces and pairs the pieces with `times`).
    static func final(_ line: LineText, _ text: String, _ words: [RecognisedWord]) -> LineText? {
        guard RecogniserResolution.trim(text) == text else { return nil }
        let out = line.string("text", text)
        if words.isEmpty { return out }
        guard words.map(\.text) == text.split(separator: " ").map(String.init) else { return nil }
        var times: [Double] = []
        for w in words {
            guard let ts = exactSeconds(w.timestampNanos), let d = exactSeconds(w.durationNanos) else { return nil }
            times += [ts, d]
        }
        return out.tuple("times", times)
    }

    /// `key=SECONDS` for a field the decoder reads as a number of seconds, left out at its default.
    static func seconds(_ line: LineText, _ key: String, _ nanos: Int64, default fallback: Int64) -> LineText? {
        if nanos == fallback * 1_000_000_000 { return line }
        return exactSeconds(nanos).map { line.number(key, $0) }
    }

    /// The `Double` nearest to `nanos` as decimal seconds, when `Transcription.nanos` gives `nanos`
    /// back from it (always, for the 0...3600 s the fields allow).
    static func exactSeconds(_ nanos: Int64) -> Double? {
        guard let v = Double(Expander.seconds(nanos)), Transcription.nanos(v) == nanos else { return nil }
        return v
    }
}
