import LockstepCore
import Platform

/// What the invariants need from before a step (snapshotted at the top of `reduce`) and the
/// transcript of a job that ended during the step (the job itself is gone by then).
///
/// None of these fields is written by `Transcription.write(_:to:)`: no digest and no golden
/// depends on them.
public struct TranscriptionAudit: Sendable {
    var now: Instant? = nil
    /// The open take before the step, and whether it was recording (not paused).
    var openTake: String? = nil
    var wasRecording = false
    /// Whether a job ran before the step, and how many segments its transcript had.
    var hadJob = false
    var segmentsBefore = 0
    /// The transcript of the job that finished (or failed) in this step.
    var finished: Transcript? = nil

    mutating func before(_ s: TranscriptionState, now: Instant) {
        self.now = now
        openTake = s.recorder?.name
        wasRecording = s.recorder?.phase == .recording
        hadJob = s.job != nil
        segmentsBefore = s.job?.transcript.segments.count ?? 0
        if finished != nil { finished = nil }
    }
}

/// Voice Studio's invariants, checked after every step (each O(1) or O(records and new segments of
/// the step)):
///
/// - `takeSavedExactlyOnce`: every take that stops is finalised once, by the one `finalise`; no
///   take vanishes unsaved and none is finalised twice (catches `stopWhilePausedDoesNotSave`).
/// - `callPausesTake`: an interruption (a phone call) pauses the recording take and keeps its file
///   open; it never ends it (catches `finaliseOnInterruptionBegan`).
/// - `attemptEndsWithinTimeout`: no recognition attempt runs longer than its own 60 s timeout, so
///   one silent recogniser never hangs the transcription (catches `noTimeout`).
/// - `resumedExactlyOnce`: the continuation of `recognizeOnce` resumes once; a second resume is a
///   crash (catches `doubleResume`).
/// - `overlapWordsOnce`: a word of the 4 s overlap is kept once: each accepted segment starts no
///   earlier than 0.15 s before the previous one ends (catches `dedupByStartTime`; the words of the
///   chunk that finishes the job are checked too, through `audit.finished`).
/// - `chunksAre50sWindows`: chunks are 50 s windows every 46 s, the last reaching the end within
///   0.05 s (catches `wholeFileUnchunked`).
/// - `localFailureFallsBack`: a local attempt that fails, stalls or hears nothing is followed by
///   the server attempt for the same chunk (catches `strictOnDevice`).
/// - `onDeviceClaimHonest`: a transcription claims on-device only if no chunk of its audio went to
///   the server (catches `claimsOnDevice`).
/// - `offlineSendsNothing`: the Airplane Mode test: no audio is sent while offline.
/// - `finishedSendsFinalEvent`: a transcription that finishes has sent its `onTranscription`
///   with `isFinal=true`, so a UI waiting for it is not left waiting.
///
/// The explorer (`Transcription.explorer`) draws a device locale, reachability, the mic permission,
/// the unscripted answer and latency in the header, then per step: recording (start with a random
/// name, rate and quality; stop) 22 %; transcribe (a recorded take by name, or an explicit duration
/// of 0.03 s to 5 minutes, sometimes 0, negative, nan or inf; a locale, sometimes blank or
/// unknown; on-device or not) 12 %; scripted answers for the next chunks (final with words across
/// the chunk including the 46-50 s overlap, empty, error, stall, double; latencies 0-70 s) 24 %;
/// recorded callbacks (final, partial, error, sometimes for chunks that do not exist) 5 %;
/// export failures 2 %; capabilities and probes 6 %; and the hostile moments: network offline and
/// online 8 %, interruptions began/ended (with and without shouldResume, raw types) 10 %, route
/// changes, media services resets, activation refusals and permission changes 7 %, mic permission
/// lines 2 %, probes otherwise. Gaps: 40 % 50-999 ms, 40 % 1-15 s, 15 % 16-120 s and 5 % long
/// waits of 70 s to 10 minutes (attempts time out, recordings grow).
extension Transcription {
    static let overlapToleranceNanos = Transcript.toleranceNanos

    /// Seconds of audio for a message: `49.5 s`.
    static func secs(_ nanos: Int64) -> String { "\(Double(nanos) / 1e9) s" }

    static func field(_ r: Record, _ key: String) -> Value? { r.fields.first { $0.key == key }?.value }
    static func int(_ r: Record, _ key: String) -> String {
        if case .int(let n)? = field(r, key) { return "\(n)" }
        return "?"
    }
    static func word(_ r: Record, _ key: String) -> String? {
        switch field(r, key) {
        case .word(let w)?: w
        case .string(let s)?: s
        default: nil
        }
    }

    public static let invariants: [Invariant<Transcription>] = [
        Invariant("takeSavedExactlyOnce",
                  "every stop path goes through the one finalise: a take that stops is saved once, never dropped and never saved twice") { s, outputs in
            var saved = 0
            for r in outputs where r.name == "recording.finalised" {
                let uri = word(r, "uri") ?? "?"
                guard let open = s.audit.openTake, uri == open + ".m4a" else { return "\(uri) was finalised but was not the open take" }
                saved += 1
            }
            if saved > 1 { return "\(s.audit.openTake ?? "?").m4a was finalised \(saved) times in one step" }
            if let open = s.audit.openTake, s.recorder?.name != open, saved == 0 {
                return "take \(open).m4a was closed without being finalised: the recording is lost"
            }
            return nil
        },
        Invariant("callPausesTake",
                  "interruption began pauses the recorder and keeps the file open; only its end (resume or finalise) decides the take") { s, outputs in
            guard s.audit.wasRecording, let open = s.audit.openTake,
                  outputs.contains(where: { $0.name == "audio.interruption" && word($0, "phase") == "began" }) else { return nil }
            guard let r = s.recorder, r.name == open, r.phase == .paused else {
                return "interruption began ended take \(open).m4a instead of pausing it"
            }
            return nil
        },
        Invariant("attemptEndsWithinTimeout",
                  "recognizeOnce owns a 60 s timeout: a recogniser that never calls back cannot hang the transcription") { s, _ in
            guard let a = s.job?.current, let now = s.audit.now else { return nil }
            let running = now - a.startedAt
            guard running > .nanoseconds(ChunkPlan.attemptTimeoutNanos) else { return nil }
            return "\(a.kind.rawValue) attempt \(a.serial) of chunk \(a.chunk) has run \(secs(running.nanoseconds)) without resuming"
        },
        Invariant("resumedExactlyOnce",
                  "finish resumes the continuation once (the didResume flag); every later completion is ignored, a second resume crashes the app") { s, _ in
            s.crashed ? "the app crashed: a continuation was resumed twice" : nil
        },
        Invariant("overlapWordsOnce",
                  "chunks overlap by 4 s and words are de-duplicated by end time with 0.15 s tolerance: a word of the overlap appears once") { s, _ in
            guard let t = s.job?.transcript ?? s.audit.finished else { return nil }
            let from = s.audit.hadJob ? s.audit.segmentsBefore : 0
            let segs = t.segments
            guard segs.count > from else { return nil }
            for i in max(1, from)..<segs.count {
                let p = segs[i - 1], c = segs[i]
                let end = p.startNanos + p.durationNanos
                if c.startNanos < end - overlapToleranceNanos {
                    return "'\(c.text)' at \(secs(c.startNanos)) was kept though '\(p.text)' ends at \(secs(end))"
                }
            }
            return nil
        },
        Invariant("chunksAre50sWindows",
                  "a long request never delivers a final result, so files go in 50 s windows every 46 s until one reaches the end (within 0.05 s)") { s, _ in
            guard let job = s.job, job.chunk < job.plan.count else { return nil }
            let w = job.plan.window(job.chunk)
            if w.endNanos - w.startNanos > ChunkPlan.chunkNanos {
                return "chunk \(job.chunk) is \(secs(w.endNanos - w.startNanos)) long, more than 50 s"
            }
            if w.startNanos != Int64(job.chunk) * ChunkPlan.stepNanos {
                return "chunk \(job.chunk) starts at \(secs(w.startNanos)), not \(job.chunk) × 46 s"
            }
            if job.chunk == job.plan.count - 1, w.endNanos < job.plan.totalNanos - ChunkPlan.endToleranceNanos {
                return "the last chunk ends at \(secs(w.endNanos)), before the end of the file"
            }
            return nil
        },
        Invariant("localFailureFallsBack",
                  "recognizeChunk: when the local attempt is empty, fails or times out, the server attempt follows (on-device first, server second)") { _, outputs in
            for (i, r) in outputs.enumerated() where r.name == "attempt.end" && word(r, "kind") == "local" && word(r, "outcome") != "ok" {
                let chunk = field(r, "chunk")
                let fellBack = outputs[(i + 1)...].contains { $0.name == "attempt.start" && word($0, "kind") == "server" && field($0, "chunk") == chunk }
                if !fellBack { return "the local attempt of chunk \(int(r, "chunk")) ended \(word(r, "outcome") ?? "?") and no server attempt followed" }
            }
            return nil
        },
        Invariant("onDeviceClaimHonest",
                  "\"fully on-device\" is false whenever a chunk's audio went to the server: the claim comes from the privacy ledger") { _, outputs in
            for r in outputs where (r.name == "transcription.done" || r.name == "transcription.failed") && word(r, "claim") == "onDevice" {
                if case .int(let sent)? = field(r, "sentChunks"), sent > 0 {
                    return "\(word(r, "id") ?? "?") claims on-device but sent \(sent) chunks to the server"
                }
            }
            return nil
        },
        Invariant("offlineSendsNothing",
                  "the Airplane Mode test: while offline no audio leaves the device (the server attempt fails at once and sends nothing)") { s, outputs in
            guard !s.online, let r = outputs.first(where: { $0.name == "privacy.sent" }) else { return nil }
            return "chunk \(int(r, "chunk")) was sent while offline"
        },
        Invariant("finishedSendsFinalEvent",
                  "the last chunk's onTranscription carries isFinal=true: a finished transcription never leaves a UI waiting") { _, outputs in
            for r in outputs where r.name == "transcription.done" {
                let id = word(r, "id")
                let final = outputs.contains { $0.name == "onTranscription" && word($0, "id") == id && field($0, "isFinal") == .bool(true) }
                if !final { return "\(id ?? "?") finished without an isFinal onTranscription" }
            }
            return nil
        },
    ]
}
