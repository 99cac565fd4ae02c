import LockstepCore
import Platform

/// Starting a take and the ONE finalize path every stop goes through.
extension DualCam {
    static func startRecording(_ s: inout DualCamState, _ world: inout World<DualCam>) {
        guard s.supported == true else { world.reject("startRecording", "unsupported"); return }
        guard let session = s.session, s.built, session.isRunning else {
            world.reject("startRecording", "sessionNotRunning")
            return
        }
        if let reason = session.interruption {
            world.reject("startRecording", "interrupted") { $0.word("by", reason.rawValue) }
            return
        }
        guard s.take == nil else { world.reject("startRecording", "alreadyRecording") { $0.int("take", s.take?.number ?? 0) }; return }
        let free = s.conditions.freeBytes
        guard CapturePolicy.canStart(freeBytes: free) else {
            world.reject("startRecording", "lowStorage") { $0.int64("freeBytes", free).int64("minBytesToStart", CapturePolicy.minBytesToStart) }
            return
        }
        s.takesStarted += 1
        // Muting is not creating the audio track: fixed for the take.
        let writer = MovieWriter(settings: MovieWriterSettings(videoBitsPerSecond: CapturePolicy.videoBitsPerSecond, hasAudioTrack: !s.muted))
        s.take = Take(number: s.takesStarted, writer: writer, muted: s.muted, aspect: s.aspect, layout: s.layout,
                      freeBytesAtReading: free, writtenBytesAtReading: 0)
        world.emit(Record("take.started").int("take", s.takesStarted).bool("audioTrack", !s.muted).word("aspect", s.aspect.rawValue)
            .word("layout", s.layout.rawValue).int64("bitrate", CapturePolicy.videoBitsPerSecond).int64("freeBytes", free))
    }

    /// The single stop: the writer is marked finished and finishes (`finishWriting`); the take
    /// summary says why it ended. The user's button and all automatic stops call this.
    static func finalize(_ s: inout DualCamState, _ reason: StopReason, _ world: inout World<DualCam>) {
        guard var take = s.take else { return }
        drainGPU(&s, &world)
        take = s.take ?? take
        s.finalizeCalls += 1
        s.stops[reason, default: 0] += 1
        let outcome: MovieWriterOutcome
        if reason != .user && world.isOn(.secondTeardownPath) {
            outcome = take.writer.cancel()  // the other teardown: tears down, never finishes
        } else {
            outcome = take.writer.finish()
        }
        world.emit(outcome)
        // A take with no frame has nothing to save (its writer never started); any other must be saved.
        if take.writer.file == nil, take.writer.videoFrames > 0 { s.unsavedFinalizes += 1 }
        s.take = nil
        emitSummary(take, reason, &world)
        if s.settings.snapshots, let last = take.lastFileFrame, take.writer.file != nil {
            world.artifact("take\(take.number)-last.png", Snapshot.png(last))
        }
    }

    static func emitSummary(_ take: Take, _ reason: StopReason, _ world: inout World<DualCam>) {
        let w = take.writer
        world.emit(Record("take.summary").int("take", take.number).word("reason", reason.rawValue)
            .with("start", w.sessionStartNanoseconds.map { .duration(Duration(nanoseconds: $0)) } ?? .word("none"))
            .with("end", w.file.map { .duration(Duration(nanoseconds: $0.endPTSNanoseconds)) } ?? .word("none"))
            .int("videoFrames", w.videoFrames).int("audioBuffers", w.audioBuffers).bool("audioTrack", w.settings.hasAudioTrack)
            .int64("bitrate", w.settings.videoBitsPerSecond).word("aspect", take.aspect.rawValue).word("writer", w.status.rawValue)
            .bool("saved", w.file != nil).digest("preview", take.previewHash.value).digest("file", take.fileHash.value))
    }

    /// A take the system destroyed (critical heat ignored, disk full): everything is lost.
    static func lose(_ s: inout DualCamState, _ failure: MovieWriterFailure, _ world: inout World<DualCam>) {
        guard var take = s.take else { return }
        world.emit(take.writer.fail(failure))
        s.take = nil
        s.takesLost += 1
        world.emit(Record("take.lost").int("take", take.number).word("reason", failure.rawValue).int("framesLost", take.writer.videoFrames))
    }

    /// The storage policy while recording: free space is the last reading minus what the take
    /// wrote since; below 100 MiB the take stops through finalize. If the disk actually fills
    /// (only when the policy is off), the writer fails and the take is lost.
    static func checkStorage(_ s: inout DualCamState, nowPTS: Int64?, _ world: inout World<DualCam>) {
        guard let take = s.take else { return }
        let written = nowPTS.map { take.writer.estimatedBytes(atNanoseconds: $0) } ?? take.writtenBytesAtReading
        let free = take.freeBytesAtReading - (written - take.writtenBytesAtReading)
        if free <= 0 {
            world.emit(Record("storage.full").int("take", take.number).int64("writtenBytes", written))
            lose(&s, .diskFull, &world)
            return
        }
        s.take?.lastCheckedFreeBytes = free
        guard !world.isOn(.storageIgnored) else { return }
        if CapturePolicy.mustStop(freeBytes: free) {
            world.emit(Record("storage.decision").int64("freeBytes", free).int64("minBytesToContinue", CapturePolicy.minBytesToContinue)
                .word("action", "stopRecording"))
            finalize(&s, .storageLow, &world)
        }
    }
}
