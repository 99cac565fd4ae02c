import LockstepCore
import Platform

/// The recorder side: start, interruptions (pause, resume into the same file, or finalise), the
/// stop paths, and the one `finalise` every stop path goes through.
enum Recording {
    /// `.playAndRecord` with the speaker as default output and Bluetooth HFP allowed (a recorder that
    /// also plays takes back).
    static let options: [AudioCategoryOption] = [.allowBluetoothHFP, .defaultToSpeaker]

    static func start(_ s: inout TranscriptionState, name: String, rate: Int, quality: RecordingQuality,
                      _ world: inout World<Transcription>) {
        if let r = s.recorder {
            s.rejectedInputs += 1
            world.reject("record", "take-open") { $0.string("open", r.name).string("note", "stop it first") }
            return
        }
        if s.takes.contains(where: { $0.name == name }) {
            s.rejectedInputs += 1
            world.reject("record", "name-taken") { $0.string("name", name).string("note", "recording would overwrite it") }
            return
        }
        // Platform's synchronous prompt: the scripted answer arrives with the `record` itself (the
        // scenario's `mic answer=`), not as a later `audio permission answer=` line.
        if s.session.promptRecordPermissionAnsweredAtOnce() {
            world.emit(Record("mic.prompt").word("answer", s.permission.rawValue))
        }
        guard s.permission == .granted else {
            world.reject("record", "permission-denied")
            return
        }
        s.session.setCategory(.playAndRecord, mode: .default, options: options, &world)
        guard s.session.setActive(true, &world) else {
            world.reject("record", "activation-failed")
            return
        }
        s.recorder = Recorder(name: name, sampleRateHz: rate, quality: quality, runningSince: world.now,
                              generation: s.session.generation)
        s.observingInterruptions = true
        s.vadTimerRunning = true
        world.emit(Record("recording.settings").word("format", "kAudioFormatMPEG4AAC").word("container", "m4a")
            .int("sampleRate", rate).int("channels", 1).word("quality", quality.rawValue).int("qualityRaw", quality.rawAVValue))
        world.emit(Record("recording.started").string("uri", name + ".m4a").word("input", s.session.route.input.rawValue))
    }

    static func stop(_ s: inout TranscriptionState, _ world: inout World<Transcription>) {
        guard let r = s.recorder else {
            world.reject("record", "no-open-take") { $0.word("action", "stop") }
            return
        }
        if s.interruptedRecording {
            // The second stop path: the user stops while a call has paused the take.
            if world.isOn(.stopWhilePausedDoesNotSave) {
                s.recorder = nil
                s.interruptedRecording = false
                s.observingInterruptions = false
                world.emit(Record("recording.stopped").string("uri", r.uri).word("path", "stopWhilePaused"))
                return
            }
            finalise(&s, reason: "stopWhilePaused", &world)
        } else {
            finalise(&s, reason: "userStop", &world)
        }
        s.session.setActive(false, notifyOthers: true, &world)
    }

    /// The one finalise: `updateMeters`, `currentTime`, `stop()`, forget the recorder, stop
    /// observing interruptions; the captured part becomes a take.
    static func finalise(_ s: inout TranscriptionState, reason: String, _ world: inout World<Transcription>) {
        guard var r = s.recorder else { return }
        let duration = r.currentTimeNanos(at: world.now)
        r.capturedNanos = duration
        r.runningSince = nil
        s.recorder = nil
        s.interruptedRecording = false
        s.observingInterruptions = false
        s.vadTimerRunning = false
        if s.takes.count >= TranscriptionState.maxTakes {
            let dropped = s.takes.removeFirst()
            world.emit(Record("recording.limit").int("maxTakes", TranscriptionState.maxTakes).string("forgot", dropped.name)
                .string("note", "the file stays on disk; only the list entry is dropped"))
        }
        s.takes.append(Take(name: r.name, durationNanos: duration, sampleRateHz: r.sampleRateHz, quality: r.quality, reason: reason))
        world.emit(Record("recording.finalised").string("uri", r.uri).with("duration", Out.seconds(duration))
            .word("reason", reason).int("pauses", r.pauses).int("resumes", r.resumes).int("takes", s.takes.count))
    }

    static func audio(_ s: inout TranscriptionState, _ event: AudioSystemEvent, _ world: inout World<Transcription>) {
        let notice = s.session.handle(event, &world)
        switch notice {
        case .interruptionBegan:
            guard var r = s.recorder else { return }
            if world.isOn(.finaliseOnInterruptionBegan) {
                finalise(&s, reason: "interruptionBegan", &world)
                return
            }
            r.capturedNanos = r.currentTimeNanos(at: world.now)
            r.runningSince = nil
            r.phase = .paused
            r.pauses += 1
            s.recorder = r
            s.vadTimerRunning = false
            s.interruptedRecording = true
            world.emit(Record("onRecordingPaused").with("currentTime", Out.seconds(r.capturedNanos)).string("note", "file kept open, not finalised"))
        case .interruptionEnded(let shouldResume, _):
            guard s.interruptedRecording, var r = s.recorder else {
                world.reject("audio", "no-paused-take") { $0.word("event", "interruptionEnded") }
                return
            }
            s.interruptedRecording = false
            // `try? setActive(true)`: the app ignores the error; `record()` then fails if the
            // session is not active or the recorder is from before a media services reset.
            let active = s.session.setActive(true, &world)
            if active && r.generation == s.session.generation {
                r.phase = .recording
                r.runningSince = world.now
                r.resumes += 1
                s.recorder = r
                // GAP: the quoted code stops the VAD timer on began and never restarts it; the
                // model restarts it on a successful resume.
                s.vadTimerRunning = true
                world.emit(Record("onRecordingResumed").string("uri", r.uri).with("currentTime", Out.seconds(r.capturedNanos))
                    .bool("shouldResume", shouldResume).string("note", "shouldResume is not consulted; record() decides"))
            } else {
                let duration = r.capturedNanos
                finalise(&s, reason: "resumeFailed", &world)
                world.emit(Record("onRecordingInterrupted").string("uri", r.uri).with("duration", Out.seconds(duration)))
            }
        case .mediaServicesReset:
            guard let r = s.recorder else { return }
            // GAP: the recorder died with the media server; finalise so the captured part is kept.
            let duration = r.currentTimeNanos(at: world.now)
            finalise(&s, reason: "mediaServicesReset", &world)
            world.emit(Record("onRecordingInterrupted").string("uri", r.uri).with("duration", Out.seconds(duration)))
        case .routeChanged(_, _, let to):
            guard s.recorder != nil else { return }
            world.emit(Record("recording.route").word("input", to.input.rawValue).string("note", "the recorder keeps writing the same file"))
        default:
            return
        }
    }
}
