import LockstepCore

/// `transcribeStreaming`, `recognizeChunk` and `recognizeOnce` as a state machine: every `await`
/// of the article becomes a state, every completion an event (a scripted callback timer, a recorded
/// callback, or the attempt's own 60 s timeout timer).
enum Pipeline {
    static let timeoutMessage = "Recognition timed out."

    // MARK: transcribe

    static func transcribe(_ s: inout TranscriptionState, _ req: TranscribeRequest, _ world: inout World<Transcription>) {
        guard !req.id.isEmpty else {
            s.rejectedInputs += 1
            world.reject("transcribe", "empty-id")
            return
        }
        if let j = s.job {
            s.rejectedInputs += 1
            world.reject("transcribe", "already-running") { $0.string("id", req.id).string("running", j.id) }
            return
        }
        var seconds = req.durationSeconds
        var source = "argument"
        if seconds == nil {
            guard let take = s.takes.last(where: { $0.name == req.id }) else {
                s.rejectedInputs += 1
                world.reject("transcribe", "no-such-take") { $0.string("id", req.id).string("note", "no duration= and no saved take of that name") }
                return
            }
            seconds = Double(take.durationNanos) / 1e9
            source = "take"
        }
        let total = seconds ?? .nan
        let resolution = RecogniserResolution.resolve(req.locale, deviceLocale: s.deviceLocale, capabilities: s.capabilities)
        var start = Record("transcription.start").string("id", req.id).fixed("duration", total, 3).word("from", source)
            .string("requested", resolution.requested ?? "").string("locale", resolution.resolved ?? "")
            .bool("fellBack", resolution.fellBack).bool("onDevice", req.onDevice)
        guard let locale = resolution.resolved else {
            world.emit(start)
            world.emit(Record("transcription.failed").string("id", req.id).string("reason", "no recogniser for the request or the device default"))
            return
        }
        // `guard total.isFinite && total > 0 else return ("", [])`, then the loop that never runs for
        // total ≤ 0.05 s. GAP: the article sends no event then; the model sends one final empty
        // `onTranscription` so a UI waiting for isFinal is not left waiting.
        var emptyReason: String?
        if !total.isFinite { emptyReason = "durationNotFinite" } else if total <= 0 { emptyReason = "durationNotPositive" }
        else if total * 1e9 > Double(ChunkPlan.maxTotalNanos) {
            world.emit(start)
            s.rejectedInputs += 1
            world.reject("transcribe", "too-long") { $0.string("id", req.id).fixed("duration", total, 3).with("max", Out.seconds(ChunkPlan.maxTotalNanos)) }
            return
        }
        let totalNanos = emptyReason == nil ? (Duration(seconds: total)?.nanoseconds ?? 0) : 0
        let plan = ChunkPlan(totalNanos: totalNanos, wholeFile: world.isOn(.wholeFileUnchunked))
        if emptyReason == nil && plan.count == 0 { emptyReason = "shorterThanEndTolerance" }
        start = start.int("chunks", plan.count)
        world.emit(start)
        if let emptyReason {
            world.emit(Record("transcription.empty").string("id", req.id).word("reason", emptyReason))
            world.emit(Record("onTranscription").string("id", req.id).string("text", "").bool("isFinal", true)
                .fixed("progress", 1.0, 4).bool("synthetic", true))
            reportUnusedScripts(&s, chunks: 0, reason: "\(req.id) has no chunks", &world)
            return
        }
        reportUnusedScripts(&s, chunks: plan.count, reason: "\(req.id) has \(plan.count) chunks", &world)
        s.job = Job(id: req.id, plan: plan, locale: locale, onDevice: req.onDevice,
                    transcript: Transcript(separator: Transcript.separator(forLocale: locale), dedupByStartTime: world.isOn(.dedupByStartTime)),
                    startedAt: world.now)
        startChunk(&s, &world)
    }

    /// Scripts (answers, export failures) for chunks the file does not have are reported and dropped.
    static func reportUnusedScripts(_ s: inout TranscriptionState, chunks: Int, reason: String, _ world: inout World<Transcription>) {
        let unused = s.scripts.keys.sorted().filter { $0.chunk >= chunks }
        for key in unused {
            s.scripts[key] = nil
            world.emit(Record("script.unused").int("chunk", key.chunk).word("attempt", key.attempt.rawValue)
                .string("reason", reason))
        }
        for chunk in s.exportFailures.keys.sorted().filter({ $0 >= chunks }) {
            s.exportFailures[chunk] = nil
            world.emit(Record("script.unused").int("chunk", chunk).word("attempt", "export").string("reason", reason))
        }
    }

    // MARK: chunks

    static func startChunk(_ s: inout TranscriptionState, _ world: inout World<Transcription>) {
        guard var job = s.job else { return }
        let w = job.plan.window(job.chunk)
        if let message = s.exportFailures.removeValue(forKey: job.chunk) {
            // `exportSegment` throws: the whole transcription fails; the `defer` still removes the temp file.
            world.emit(Record("export").int("chunk", w.index).with("from", Out.seconds(w.startNanos)).with("to", Out.seconds(w.endNanos))
                .bool("ok", false).string("message", message).int("tempFiles", job.tempFiles))
            finishJob(&s, failed: "export of chunk \(w.index) failed: \(message)", &world)
            return
        }
        job.tempFiles += 1
        s.job = job
        world.emit(Record("export").int("chunk", w.index).with("from", Out.seconds(w.startNanos)).with("to", Out.seconds(w.endNanos))
            .bool("ok", true).int("tempFiles", job.tempFiles))
        startAttempt(&s, job.onDevice ? .local : .server, &world)
    }

    static func startAttempt(_ s: inout TranscriptionState, _ kind: AttemptKind, _ world: inout World<Transcription>) {
        guard var job = s.job else { return }
        let serial = s.nextSerial
        s.nextSerial += 1
        var attempt = Attempt(serial: serial, chunk: job.chunk, kind: kind, startedAt: world.now)
        let w = job.plan.window(job.chunk)
        let r = Record("attempt.start").int("chunk", job.chunk).word("kind", kind.rawValue).int("serial", serial)
            .bool("requiresOnDevice", kind == .local).bool("partialResults", false).bool("punctuation", true)
        // The deadline is not printed: under the noTimeout fault the trace must differ by the
        // fault's effect (a hang), not by the record announcing it.
        if !world.isOn(.noTimeout) {
            attempt.timeout = world.schedule(after: .nanoseconds(ChunkPlan.attemptTimeoutNanos), .timeout(serial: serial))
        }
        world.emit(r)
        // What the recogniser will do: the platform decides first (capability, network), the script second.
        let key = ScriptKey(chunk: job.chunk, attempt: kind)
        var callbacks: [(delayNanos: Int64, callback: RecogniserCallback)]
        let cap = s.capabilities[job.locale] ?? LocaleCapability()
        if kind == .local && !cap.supportsOnDevice {
            callbacks = [(0, .error("On-device recognition is not supported for \(job.locale)"))]
            world.emit(Record("recogniser.platform").int("chunk", job.chunk).word("kind", "local").word("answer", "error").string("why", "notSupported"))
        } else if kind == .local && !cap.installed {
            callbacks = [(0, .error("The on-device model for \(job.locale) is not installed"))]
            world.emit(Record("recogniser.platform").int("chunk", job.chunk).word("kind", "local").word("answer", "error")
                .string("why", "supported is not installed"))
        } else if kind == .server && !s.online {
            callbacks = [(0, .error("The Internet connection appears to be offline."))]
            world.emit(Record("recogniser.platform").int("chunk", job.chunk).word("kind", "server").word("answer", "error")
                .string("why", "offline: nothing sent"))
        } else {
            if kind == .server {
                attempt.sentAudio = true
                job.sentChunks += 1
                job.sentNanos += w.endNanos - w.startNanos
                s.ledgerChunks += 1
                s.ledgerNanos += w.endNanos - w.startNanos
                world.emit(Record("privacy.sent").int("chunk", job.chunk).with("from", Out.seconds(w.startNanos))
                    .with("to", Out.seconds(w.endNanos)).int("ledgerChunks", s.ledgerChunks))
            }
            if w.endNanos - w.startNanos > ChunkPlan.reliableRequestNanos {
                // A request past the practical ceiling never finishes, whatever was scripted.
                callbacks = []
                world.emit(Record("recogniser.platform").int("chunk", job.chunk).word("kind", kind.rawValue).word("answer", "stall")
                    .with("request", Out.seconds(w.endNanos - w.startNanos))
                    .string("why", "a request longer than \(ChunkPlan.reliableRequestNanos / 1_000_000_000) s never delivers a final result"))
            } else if let scripted = s.scripts.removeValue(forKey: key) {
                callbacks = scripted.callbacks
            } else {
                callbacks = unscriptedCallbacks(s)
                world.emit(Record("recogniser.unscripted").int("chunk", job.chunk).word("kind", kind.rawValue).word("answer", s.unscripted.rawValue))
            }
        }
        job.attempts.append(attempt)
        s.job = job
        for c in callbacks {
            world.schedule(after: .nanoseconds(c.delayNanos), .answerDue(serial: serial, c.callback))
        }
    }

    static func unscriptedCallbacks(_ s: TranscriptionState) -> [(delayNanos: Int64, callback: RecogniserCallback)] {
        switch s.unscripted {
        case .stall: []
        case .error: [(s.latencyNanos, .error("unscripted error"))]
        default: [(s.latencyNanos, .final(text: "", words: []))]
        }
    }

    // MARK: completions

    /// A scripted callback timer.
    static func answerDue(_ s: inout TranscriptionState, serial: Int, _ cb: RecogniserCallback, _ world: inout World<Transcription>) {
        guard let job = s.job, let i = job.attempts.lastIndex(where: { $0.serial == serial }) else {
            if let a = s.endedAttempts.last(where: { $0.serial == serial }) {
                lateCompletion(&s, a, cb.word, &world)
            } else {
                world.reject("callback", "no-such-attempt") { $0.int("serial", serial).word("result", cb.word) }
            }
            return
        }
        callback(&s, index: i, cb, &world)
    }

    /// A recorded callback for (chunk, attempt) of the running transcription.
    static func recordedCallback(_ s: inout TranscriptionState, _ key: ScriptKey, _ cb: RecogniserCallback, _ world: inout World<Transcription>) {
        guard let job = s.job else {
            if let a = s.endedAttempts.last(where: { $0.chunk == key.chunk && $0.kind == key.attempt }) {
                lateCompletion(&s, a, cb.word, &world)
            } else {
                world.reject("callback", "not-running") { $0.int("chunk", key.chunk).word("kind", key.attempt.rawValue).word("result", cb.word) }
            }
            return
        }
        guard let i = job.attempts.lastIndex(where: { $0.chunk == key.chunk && $0.kind == key.attempt }) else {
            let unknown = key.chunk >= job.plan.count
            world.reject("callback", unknown ? "unknown-chunk" : "not-started") {
                let r = $0.int("chunk", key.chunk).word("kind", key.attempt.rawValue).word("result", cb.word)
                return unknown ? r.int("chunks", job.plan.count) : r
            }
            return
        }
        callback(&s, index: i, cb, &world)
    }

    /// The result handler: a final result finishes with success (checked first), else an error
    /// finishes with failure, else (a partial result) nothing.
    static func callback(_ s: inout TranscriptionState, index i: Int, _ cb: RecogniserCallback, _ world: inout World<Transcription>) {
        guard let job = s.job else { return }
        let a = job.attempts[i]
        let base = Record("callback").int("chunk", a.chunk).word("kind", a.kind.rawValue).int("serial", a.serial).word("result", cb.word)
            .with("after", .duration(world.now - a.startedAt))
        switch cb {
        case .partial:
            world.emit(base.string("note", "not final and no error: ignored"))
        case .final(let text, let words):
            world.emit(base.int("words", words.count))
            finish(&s, index: i, outcome: text.isEmpty ? "empty" : "ok", text: text, words: words, message: nil, &world)
        case .error(let message):
            world.emit(base.string("message", message))
            finish(&s, index: i, outcome: "error", text: "", words: [], message: message, &world)
        }
    }

    static func timeout(_ s: inout TranscriptionState, serial: Int, _ world: inout World<Transcription>) {
        guard let job = s.job, let i = job.attempts.lastIndex(where: { $0.serial == serial }), !job.attempts[i].resumed else {
            // Cancelled on resume, so this does not happen; kept explicit rather than silent.
            world.reject("timeout", "already-resumed") { $0.int("serial", serial) }
            return
        }
        let a = job.attempts[i]
        world.emit(Record("attempt.timeout").int("chunk", a.chunk).word("kind", a.kind.rawValue).int("serial", serial)
            .string("action", "task.cancel()"))
        finish(&s, index: i, outcome: "timeout", text: "", words: [], message: timeoutMessage, &world)
    }

    /// `finish`: resumes the continuation exactly once; any later completion is ignored (or, under
    /// the `doubleResume` fault, resumes it again, which crashes the app).
    static func finish(_ s: inout TranscriptionState, index i: Int, outcome: String, text: String, words: [RecognisedWord],
                       message: String?, _ world: inout World<Transcription>) {
        guard var job = s.job else { return }
        var a = job.attempts[i]
        if a.resumed {
            lateCompletion(&s, a, outcome, &world)
            return
        }
        a.resumed = true
        a.outcome = outcome
        if let t = a.timeout { world.cancel(t) }
        job.attempts[i] = a
        s.job = job
        var r = Record("attempt.end").int("chunk", a.chunk).word("kind", a.kind.rawValue).word("outcome", outcome)
            .with("elapsed", .duration(world.now - a.startedAt)).int("words", words.count).int("chars", text.utf8.count)
            .bool("audioSent", a.sentAudio)
        if let message { r = r.string("message", message) }
        world.emit(r)
        // recognizeChunk: local non-empty text wins; otherwise the server; a server failure is ("", []).
        if a.kind == .local {
            if outcome == "ok" {
                s.job?.localUsed += 1
                chunkDone(&s, text: text, words: words, &world)
            } else if world.isOn(.strictOnDevice) {
                // requiresOnDeviceRecognition and nothing else: no server fallback, the chunk is empty.
                chunkDone(&s, text: "", words: [], &world)
            } else {
                startAttempt(&s, .server, &world)
            }
        } else {
            chunkDone(&s, text: outcome == "ok" || outcome == "empty" ? text : "", words: outcome == "ok" ? words : [], &world)
        }
    }

    /// A completion for an attempt that has already resumed: ignored by the `didResume` guard, or,
    /// under the `doubleResume` fault, a second resume, which `CheckedContinuation` turns into a crash.
    static func lateCompletion(_ s: inout TranscriptionState, _ a: Attempt, _ outcome: String, _ world: inout World<Transcription>) {
        if world.isOn(.doubleResume) {
            world.emit(Record("crash").string("reason", "SWIFT TASK CONTINUATION MISUSE: recognizeOnce tried to resume its continuation more than once")
                .int("chunk", a.chunk).word("kind", a.kind.rawValue).word("first", a.outcome).word("second", outcome))
            s.crashed = true
            s.job = nil
            return
        }
        world.reject("callback", "already-resumed") {
            $0.int("chunk", a.chunk).word("kind", a.kind.rawValue).int("serial", a.serial).word("result", outcome).word("first", a.outcome)
        }
    }

    /// The accumulator step, the progress event, then the next chunk or the end.
    static func chunkDone(_ s: inout TranscriptionState, text: String, words: [RecognisedWord], _ world: inout World<Transcription>) {
        guard var job = s.job else { return }
        let w = job.plan.window(job.chunk)
        var kept = 0, dropped = 0, outside = 0
        var checked: [RecognisedWord] = []
        checked.reserveCapacity(words.count)
        var previous: Int64 = -1
        var outOfOrder = false
        let chunkLength = w.endNanos - w.startNanos
        for word in words {
            if word.timestampNanos + word.durationNanos > chunkLength + Transcript.toleranceNanos {
                outside += 1
                world.reject("segment", "ends-after-chunk") {
                    $0.int("chunk", w.index).string("word", word.text).with("at", Out.seconds(word.timestampNanos))
                        .with("end", Out.seconds(word.timestampNanos + word.durationNanos)).with("audio", Out.seconds(chunkLength))
                }
                continue
            }
            if word.timestampNanos < previous { outOfOrder = true }
            previous = word.timestampNanos
            checked.append(word)
        }
        if outOfOrder {
            world.emit(Record("segment.warning").int("chunk", w.index).string("reason", "timestamps out of order; processed in the order given, as the app does"))
        }
        let before = job.transcript.overLimit
        let decisions = job.transcript.add(chunkStartNanos: w.startNanos, chunkEndNanos: w.endNanos, text: text, words: checked)
        let overlapEnd = w.startNanos + ChunkPlan.overlapNanos
        for d in decisions {
            if d.accepted { kept += 1 } else { dropped += 1 }
            // The dedupe trace: every decision in the overlap, every drop, every untimed piece.
            if d.untimed || !d.accepted || (w.index > 0 && d.globalStartNanos < overlapEnd) {
                world.emit(Record("dedupe").string("word", d.text).with("start", Out.seconds(d.globalStartNanos))
                    .with("end", Out.seconds(d.globalEndNanos)).with("acceptedUntil", Out.seconds(d.acceptedUntilBeforeNanos))
                    .with("threshold", Out.seconds(d.thresholdNanos)).bool("kept", d.accepted).bool("untimed", d.untimed))
            }
        }
        if job.transcript.overLimit > before {
            world.emit(Record("transcript.limit").int("maxSegments", Transcript.maxSegments).int("refused", job.transcript.overLimit - before))
        }
        job.tempFiles -= 1
        s.job = job
        world.emit(Record("chunk").int("chunk", w.index).with("from", Out.seconds(w.startNanos)).with("to", Out.seconds(w.endNanos))
            .int("kept", kept).int("dropped", dropped + outside).with("acceptedUntil", Out.seconds(job.transcript.acceptedUntilNanos))
            .int("tempFiles", job.tempFiles))
        world.emit(Out.text(Record("onTranscription").string("id", job.id), "text", job.transcript.joined)
            .bool("isFinal", w.isFinal).fixed("progress", w.progress, 4))
        if w.isFinal {
            finishJob(&s, failed: nil, &world)
        } else {
            job.chunk += 1
            s.job = job
            startChunk(&s, &world)
        }
    }

    static func finishJob(_ s: inout TranscriptionState, failed: String?, _ world: inout World<Transcription>) {
        guard let job = s.job else { return }
        let serverAttempts = job.attempts.filter { $0.kind == .server }.count
        let localAttempts = job.attempts.count - serverAttempts
        // The honest claim comes from the ledger; the historical bug reads the request instead.
        let claim: String
        if world.isOn(.claimsOnDevice) {
            claim = job.onDevice ? "onDevice" : "server"
        } else {
            claim = job.sentChunks > 0 ? "server" : (job.localUsed > 0 ? "onDevice" : "nothingSent")
        }
        var r = Record(failed == nil ? "transcription.done" : "transcription.failed").string("id", job.id)
        if let failed { r = r.string("reason", failed) }
        r = Out.text(r, "text", job.transcript.joined).int("segments", job.transcript.segments.count)
            .int("chunks", failed == nil ? job.plan.count : job.chunk).int("localAttempts", localAttempts).int("serverAttempts", serverAttempts)
            .int("localUsed", job.localUsed).int("sentChunks", job.sentChunks).with("sentSeconds", Out.seconds(job.sentNanos))
            .word("claim", claim).int("tempFiles", 0).with("elapsed", .duration(world.now - job.startedAt))
        world.emit(r)
        s.audit.finished = job.transcript
        s.lastResultDigest = FNV1a64.hash(job.transcript.joined.utf8)
        s.jobsDone += 1
        s.endedAttempts = job.attempts
        s.job = nil
        reportUnusedScripts(&s, chunks: 0, reason: "not used by \(job.id)", &world)
    }
}
