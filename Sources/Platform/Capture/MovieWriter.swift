import LockstepCore

/// An `AVAssetWriter` for one take, as a deterministic value: a session started at a
/// presentation timestamp, samples appended in strictly increasing PTS per track, and exactly one
/// finish, which yields a file record (duration, frame count, bytes by the bitrate rule) or the
/// reason there is none.
///
/// Refused, as outcomes, never silently: an append before the session starts or after it ended
/// (finished, failed, cancelled), a PTS not above the track's last (a real writer fails the whole
/// file on an out-of-order append), a PTS before the session's start (it would be cut from the
/// file), a sample for a track the take does not have (audio on a muted take). A second finish
/// changes nothing and is reported (`secondFinish`), so a domain with two teardown paths shows it.
public struct MovieWriter: Hashable, Sendable, CanonicallyWritable {
    /// The most samples one file takes: 10,000,000 is over 92 hours of 30 fps video.
    public static let maxSamples = 10_000_000

    public let settings: MovieWriterSettings
    public private(set) var status = MovieWriterStatus.unknown
    public private(set) var sessionStartNanoseconds: Int64?
    public private(set) var lastVideoPTSNanoseconds: Int64?
    public private(set) var lastAudioPTSNanoseconds: Int64?
    /// The latest sample end seen (PTS + duration).
    public private(set) var latestEndNanoseconds: Int64?
    public private(set) var videoFrames = 0
    public private(set) var audioBuffers = 0
    /// Finish calls so far; only the first does anything.
    public private(set) var finishCalls = 0
    public private(set) var file: MovieFile?
    public private(set) var failure: MovieWriterFailure?

    public init(settings: MovieWriterSettings) { self.settings = settings }

    /// `startWriting()` then `startSession(atSourceTime:)`.
    public mutating func startSession(atNanoseconds pts: Int64) -> MovieWriterOutcome {
        guard status == .unknown else { return .refused(status == .writing ? .sessionAlreadyStarted : .notWriting(status)) }
        status = .writing
        sessionStartNanoseconds = pts
        return .sessionStarted(ptsNanoseconds: pts)
    }

    /// `input.append(sampleBuffer)` on the sample's track.
    public mutating func append(_ sample: MovieSample) -> MovieWriterOutcome {
        switch status {
        case .unknown: return .refused(.sessionNotStarted)
        case .completed, .failed, .cancelled: return .refused(.notWriting(status))
        case .writing: break
        }
        if sample.track == .audio, !settings.hasAudioTrack { return .refused(.noSuchTrack(.audio)) }
        guard sample.durationNanoseconds > 0 else { return .refused(.nonPositiveDuration(sample.track, durationNanoseconds: sample.durationNanoseconds)) }
        let last = sample.track == .video ? lastVideoPTSNanoseconds : lastAudioPTSNanoseconds
        if let last, sample.ptsNanoseconds <= last {
            return .refused(.nonIncreasingPTS(sample.track, lastNanoseconds: last, gotNanoseconds: sample.ptsNanoseconds))
        }
        if let start = sessionStartNanoseconds, sample.ptsNanoseconds < start {
            return .refused(.beforeSessionStart(sample.track, startNanoseconds: start, gotNanoseconds: sample.ptsNanoseconds))
        }
        guard videoFrames + audioBuffers < MovieWriter.maxSamples else { return .refused(.sampleLimit(MovieWriter.maxSamples)) }
        let (end, overflow) = sample.ptsNanoseconds.addingReportingOverflow(sample.durationNanoseconds)
        guard !overflow else { return .refused(.endPastRange(sample.track)) }
        latestEndNanoseconds = max(latestEndNanoseconds ?? end, end)
        let count: Int
        if sample.track == .video {
            lastVideoPTSNanoseconds = sample.ptsNanoseconds
            videoFrames += 1
            count = videoFrames
        } else {
            lastAudioPTSNanoseconds = sample.ptsNanoseconds
            audioBuffers += 1
            count = audioBuffers
        }
        return .appended(sample.track, ptsNanoseconds: sample.ptsNanoseconds, count: count)
    }

    /// `markAsFinished()` + `finishWriting` (with `endSession(atSourceTime:)` when `endNanoseconds`
    /// is given; samples after it are cut). The first call finishes, every later one is
    /// `secondFinish`. An end before the session's start is refused and does not count.
    public mutating func finish(endNanoseconds: Int64? = nil) -> MovieWriterOutcome {
        if finishCalls > 0 { return .secondFinish(status: status) }
        if let end = endNanoseconds, let start = sessionStartNanoseconds, end < start {
            return .refused(.endBeforeStart(startNanoseconds: start, endNanoseconds: end))
        }
        finishCalls += 1
        switch status {
        case .unknown:
            status = .failed
            return .finishFailed(.sessionNeverStarted)
        case .failed: return .finishFailed(.writerFailed(failure ?? .unknown))
        case .cancelled: return .finishFailed(.cancelled)
        case .completed: return .secondFinish(status: status)  // unreachable: completed only through here
        case .writing: break
        }
        guard let start = sessionStartNanoseconds, let latest = latestEndNanoseconds else {
            status = .failed
            return .finishFailed(.noSamples)
        }
        let end = endNanoseconds ?? latest
        let duration = end - start
        let f = MovieFile(startPTSNanoseconds: start, endPTSNanoseconds: end, durationNanoseconds: duration, videoFrames: videoFrames,
                          audioBuffers: audioBuffers, hasAudioTrack: settings.hasAudioTrack,
                          videoBitsPerSecond: settings.videoBitsPerSecond,
                          estimatedBytes: settings.estimatedBytes(durationNanoseconds: duration))
        status = .completed
        file = f
        return .finished(f)
    }

    /// The writer failed outright (disk full, media services reset): everything appended is lost.
    public mutating func fail(_ reason: MovieWriterFailure) -> MovieWriterOutcome {
        guard status == .unknown || status == .writing else { return .refused(.notWriting(status)) }
        status = .failed
        failure = reason
        return .failed(reason, lostVideoFrames: videoFrames, lostAudioBuffers: audioBuffers)
    }

    /// `cancelWriting()`: the partial file is deleted.
    public mutating func cancel() -> MovieWriterOutcome {
        guard status == .unknown || status == .writing else { return .refused(.notWriting(status)) }
        status = .cancelled
        return .cancelled(discardedVideoFrames: videoFrames)
    }

    /// Bytes written so far by the bitrate rule, if the take ended at `nowNanoseconds` (for a
    /// storage check while recording); 0 before the session starts.
    public func estimatedBytes(atNanoseconds now: Int64) -> Int64 {
        guard let start = sessionStartNanoseconds, now > start else { return 0 }
        return settings.estimatedBytes(durationNanoseconds: now - start)
    }

    /// `writer { status start frames audioBuffers finishCalls file }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("writer") { w in
            w.word("status", status.rawValue)
            w.bool("audioTrack", settings.hasAudioTrack)
            w.write("start", sessionStartNanoseconds.map { .duration(Duration(nanoseconds: $0)) } ?? .word("none"))
            w.int("frames", videoFrames)
            w.int("audioBuffers", audioBuffers)
            w.int("finishCalls", finishCalls)
            w.word("failure", failure?.rawValue ?? "none")
            if let file { w.record(file.record) }
        }
    }
}

/// Why a finish produced no file.
public enum MovieFinishFailure: Hashable, Sendable {
    /// `startSession` was never called.
    case sessionNeverStarted
    /// Started, but nothing was appended.
    case noSamples
    /// The writer had failed: the file is lost.
    case writerFailed(MovieWriterFailure)
    case cancelled

    public var word: String {
        switch self {
        case .sessionNeverStarted: "sessionNeverStarted"
        case .noSamples: "noSamples"
        case .writerFailed: "writerFailed"
        case .cancelled: "cancelled"
        }
    }
}

/// What a writer call did.
public enum MovieWriterOutcome: Hashable, Sendable, RecordConvertible {
    case sessionStarted(ptsNanoseconds: Int64)
    /// `count` is the track's sample count after this one.
    case appended(MovieTrack, ptsNanoseconds: Int64, count: Int)
    case finished(MovieFile)
    case finishFailed(MovieFinishFailure)
    case failed(MovieWriterFailure, lostVideoFrames: Int, lostAudioBuffers: Int)
    case cancelled(discardedVideoFrames: Int)
    /// A finish after the one finish (a second teardown path): nothing changes.
    case secondFinish(status: MovieWriterStatus)
    case refused(MovieWriterRefusal)

    public var record: Record {
        switch self {
        case .sessionStarted(let pts): return Record("writer.started").duration("pts", Duration(nanoseconds: pts))
        case .appended(let track, let pts, let count):
            return Record("writer.appended").word("track", track.rawValue).duration("pts", Duration(nanoseconds: pts)).int("count", count)
        case .finished(let f): return f.record
        case .finishFailed(let why):
            var r = Record("writer.finish-failed").word("reason", why.word)
            if case .writerFailed(let f) = why { r = r.word("failure", f.rawValue) }
            return r
        case .failed(let why, let v, let a):
            return Record("writer.failed").word("reason", why.rawValue).int("lostFrames", v).int("lostAudioBuffers", a)
        case .cancelled(let n): return Record("writer.cancelled").int("discardedFrames", n)
        case .secondFinish(let status):
            return Record("rejected").word("input", "writer.finish").word("reason", "secondFinish").word("status", status.rawValue)
        case .refused(let why): return why.record
        }
    }
}

/// Why the writer refused a call.
public enum MovieWriterRefusal: Hashable, Sendable, RecordConvertible {
    case sessionAlreadyStarted
    /// Append before `startSession`.
    case sessionNotStarted
    /// The writer is completed, failed or cancelled.
    case notWriting(MovieWriterStatus)
    case nonIncreasingPTS(MovieTrack, lastNanoseconds: Int64, gotNanoseconds: Int64)
    case beforeSessionStart(MovieTrack, startNanoseconds: Int64, gotNanoseconds: Int64)
    /// The take was made without that track (muted: no audio track).
    case noSuchTrack(MovieTrack)
    case nonPositiveDuration(MovieTrack, durationNanoseconds: Int64)
    case endBeforeStart(startNanoseconds: Int64, endNanoseconds: Int64)
    /// PTS + duration does not fit Int64 nanoseconds.
    case endPastRange(MovieTrack)
    case sampleLimit(Int)

    public var record: Record {
        let r = Record("rejected").word("input", "writer")
        func ns(_ v: Int64) -> Value { .duration(Duration(nanoseconds: v)) }
        switch self {
        case .sessionAlreadyStarted: return r.word("reason", "sessionAlreadyStarted")
        case .sessionNotStarted: return r.word("reason", "sessionNotStarted")
        case .notWriting(let s): return r.word("reason", "notWriting").word("status", s.rawValue)
        case .nonIncreasingPTS(let t, let last, let got):
            return r.word("reason", "nonIncreasingPTS").word("track", t.rawValue).with("last", ns(last)).with("pts", ns(got))
        case .beforeSessionStart(let t, let start, let got):
            return r.word("reason", "beforeSessionStart").word("track", t.rawValue).with("start", ns(start)).with("pts", ns(got))
        case .noSuchTrack(let t): return r.word("reason", "noSuchTrack").word("track", t.rawValue)
        case .nonPositiveDuration(let t, let d): return r.word("reason", "nonPositiveDuration").word("track", t.rawValue).int64("duration", d)
        case .endBeforeStart(let start, let end): return r.word("reason", "endBeforeStart").with("start", ns(start)).with("end", ns(end))
        case .endPastRange(let t): return r.word("reason", "endPastRange").word("track", t.rawValue)
        case .sampleLimit(let n): return r.word("reason", "sampleLimit").word("limit", "maxSamples").int("value", n)
        }
    }
}
