import LockstepCore
import Platform

/// The capture callback, on its one serial queue: audio to the writer while recording; a front
/// frame replaces the held one (only the newest is kept); a back frame is the clock: with a front
/// held, it is composited once, and that one texture is both the preview and, while recording,
/// the file's frame at the back frame's PTS.
extension DualCam {
    /// Audio samples are 48 kHz (GAP: the article names no rate).
    static let audioSampleRateHz = 48_000

    static func frame(_ s: inout DualCamState, _ frame: CameraFrame, _ world: inout World<DualCam>) {
        guard var session = s.session else { world.reject("camera.frame", "noSession"); return }
        let delivery = session.deliver(frame)
        s.session = session
        switch delivery {
        case .dropped:
            s.framesIgnoredStale += 1
            world.emit(delivery)
        case .sessionFailed:
            world.emit(delivery)
            if s.take != nil { finalize(&s, .runtimeError, &world) }
        case .delivered:
            let held = HeldBuffer(index: frame.index, ptsNanoseconds: frame.ptsNanoseconds)
            if frame.position == .front { s.compositor.newestFront = held } else { s.compositor.newestBack = held }
            if frame.position == .front {
                if s.latestFront != nil, !s.frontUsed { s.frontFramesDiscarded += 1 }
                s.latestFront = held
                s.frontUsed = false
                return
            }
            backFrame(&s, held, &world)
        }
    }

    static func backFrame(_ s: inout DualCamState, _ back: HeldBuffer, _ world: inout World<DualCam>) {
        guard let front = s.latestFront else {
            s.backFramesWithoutFront += 1
            world.emit(Record("composite.skipped").int64("back", back.index).duration("pts", Duration(nanoseconds: back.ptsNanoseconds))
                .word("reason", "noFront"))
            return
        }
        s.frontUsed = true
        let mirrored = s.session?.connections.first { $0.lens == .front }?.isMirrored ?? false
        let layout = s.take?.layout ?? s.layout
        encodeComposite(&s, back: back, front: front, layout: layout, frontMirrored: mirrored, recording: s.take != nil, &world)
    }

    /// The composite is ready (at once, or when the GPU completes): preview, then the file.
    static func composed(_ s: inout DualCamState, _ frame: CompositeFrame, back: HeldBuffer, recording: Bool, _ world: inout World<DualCam>) {
        s.composites += 1
        // The split-path bug: the file is rendered by its own path, which misses the front mirroring
        // the preview layer applies.
        var fileFrame = frame
        if world.isOn(.splitPreviewPath) {
            fileFrame.tiles = frame.tiles.map { var t = $0; t.mirrored = false; return t }
        }
        guard recording, var take = s.take else {
            world.emit(Record("composite").duration("pts", Duration(nanoseconds: back.ptsNanoseconds)).word("preview", frame.description)
                .word("file", "none"))
            return
        }
        if take.writer.status == .unknown { world.emit(take.writer.startSession(atNanoseconds: back.ptsNanoseconds)) }
        let clock = CameraFrameClock(framesPerSecond: 30)
        let durationNanoseconds = clock.map { $0.ptsNanoseconds(ofFrame: back.index + 1) - $0.ptsNanoseconds(ofFrame: back.index) } ?? 33_333_333
        let appended = take.writer.append(.video(ptsNanoseconds: back.ptsNanoseconds, durationNanoseconds: durationNanoseconds))
        var fileText = "none"
        if case .appended = appended {
            // Compared frame by frame: what the preview showed and what the file got for the same frame.
            take.previewHash.update(frame.description.utf8)
            take.previewFrames += 1
            take.lastFileFrame = fileFrame
            take.fileHash.update(fileFrame.description.utf8)
            take.fileFrames += 1
            take.lastVideoPTSNanoseconds = back.ptsNanoseconds
            take.framesSinceStorageCheck += 1
            fileText = fileFrame == frame ? "same" : fileFrame.description
        }
        world.emit(Record("composite").duration("pts", Duration(nanoseconds: back.ptsNanoseconds)).word("preview", frame.description)
            .word("file", fileText).int("take", take.number))
        if case .appended = appended {} else { world.emit(appended) }
        let check = take.framesSinceStorageCheck >= CapturePolicy.storageCheckEveryFrames
        if check { take.framesSinceStorageCheck = 0 }
        s.take = take
        if check { checkStorage(&s, nowPTS: back.ptsNanoseconds + durationNanoseconds, &world) }
    }

    static func audio(_ s: inout DualCamState, pts: Int64, sampleCount: Int, _ world: inout World<DualCam>) {
        guard var take = s.take else { s.audioIgnoredIdle += 1; return }
        guard take.writer.settings.hasAudioTrack else {
            // A muted take has no audio track: counted, and said once per take.
            if take.audioIgnoredNoTrack == 0 { world.emit(Record("audio.ignored").int("take", take.number).word("reason", "noAudioTrack")) }
            take.audioIgnoredNoTrack += 1
            s.take = take
            return
        }
        let outcome = take.writer.append(.audio(ptsNanoseconds: pts, sampleCount: sampleCount, sampleRateHz: audioSampleRateHz))
        if case .appended = outcome {} else { world.emit(outcome) }
        s.take = take
    }
}
