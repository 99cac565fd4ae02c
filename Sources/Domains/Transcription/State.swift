import LockstepCore
import Platform

/// The `AVAudioRecorder` while a take is open. Its `currentTime` is the virtual time spent
/// recording: captured so far plus the running stretch.
public struct Recorder: Sendable, Equatable {
    public enum Phase: String, Sendable { case recording, paused }
    public var name: String
    public var sampleRateHz: Int
    public var quality: RecordingQuality
    public var phase: Phase = .recording
    public var capturedNanos: Int64 = 0
    public var runningSince: Instant?
    public var pauses = 0
    public var resumes = 0
    /// The audio session generation the recorder was built in (a media services reset invalidates it).
    public var generation: Int

    public var uri: String { name + ".m4a" }

    public func currentTimeNanos(at now: Instant) -> Int64 {
        capturedNanos + (runningSince.map { (now - $0).nanoseconds } ?? 0)
    }
}

/// A finalised recording.
public struct Take: Sendable, Equatable {
    public var name: String
    public var durationNanos: Int64
    public var sampleRateHz: Int
    public var quality: RecordingQuality
    public var reason: String
}

/// One recognition attempt (`recognizeOnce`).
public struct Attempt: Sendable, Equatable {
    public var serial: Int
    public var chunk: Int
    public var kind: AttemptKind
    public var startedAt: Instant
    public var timeout: TimerID?
    /// `didResume`.
    public var resumed = false
    /// `ok`, `empty`, `error`, `timeout` once resumed.
    public var outcome = "running"
    public var sentAudio = false
}

/// A running `transcribeStreaming`.
public struct Job: Sendable, Equatable {
    public var id: String
    public var plan: ChunkPlan
    public var locale: String
    public var onDevice: Bool
    public var chunk = 0
    public var transcript: Transcript
    /// The current attempt and every finished one of this job (at most two per chunk).
    public var attempts: [Attempt] = []
    public var tempFiles = 0
    public var sentChunks = 0
    public var sentNanos: Int64 = 0
    public var localUsed = 0
    public var startedAt: Instant

    public var current: Attempt? { attempts.last.flatMap { $0.resumed ? nil : $0 } }
}

/// Everything Voice Studio holds.
public struct TranscriptionState: Sendable {
    public var session = AudioSession()
    /// The record permission as the app sees it: Platform's, held by the session (`mic state=` and
    /// `set mic` script it, `record` prompts synchronously, `audio permission` lines reach it too).
    public var permission: RecordPermissionState { session.permission.state }
    /// What the next prompt answers (`mic answer=`).
    public var promptAnswer: RecordPermissionState { session.permission.scriptedAnswer }
    public var recorder: Recorder?
    /// `interruptedRecording`.
    public var interruptedRecording = false
    public var observingInterruptions = false
    public var vadTimerRunning = false
    public var takes: [Take] = []
    public var online = true
    public var deviceLocale = "en-US"
    public var capabilities: [String: LocaleCapability] = [:]
    public var scripts: [ScriptKey: ScriptedAnswer] = [:]
    public var exportFailures: [Int: String] = [:]
    public var unscripted: AnswerKind = .empty
    public var latencyNanos: Int64 = 1_000_000_000
    public var job: Job?
    public var nextSerial = 1
    /// The attempts of the last finished transcription, so a late callback is still recognised as late.
    public var endedAttempts: [Attempt] = []
    public var jobsDone = 0
    public var probes = 0
    /// Privacy ledger over the whole run: chunks of audio sent to the server and their seconds.
    public var ledgerChunks = 0
    public var ledgerNanos: Int64 = 0
    public var lastResultDigest: UInt64 = 0
    /// The app crashed (a continuation resumed twice); nothing runs after it.
    public var crashed = false
    /// Refused requests (record, transcribe, answer, capability): part of the state digest, so it stays
    /// even though `world.rejectionCount` now counts every rejection (the footer shows that one).
    public var rejectedInputs = 0
    /// For the invariants only (see `TranscriptionAudit`): never written by `write(_:to:)`, so no digest or golden depends on it.
    public var audit = TranscriptionAudit()

    public init() {}

    public static let maxTakes = 256
    public static let maxScripts = 10_000
    public static let maxCapabilities = 64
}
