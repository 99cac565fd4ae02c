import LockstepCore

/// How read-aloud drives the shared audio session: `.playback` with `.spokenAudio` (speech plays
/// with the Silent switch on and ducks other audio), active while anything is queued, released with
/// `notifyOthers` when the queue empties; an interruption (a phone call) pauses speech at once.
extension SpeechSynthesizer {
    /// Reacts to an audio-session notice. `interruptionBegan` pauses mid-word (the word is spoken
    /// again on resume); `interruptionEnded(shouldResume: true)` resumes only a pause the
    /// interruption caused, and asks for the session again. Anything else changes nothing.
    public mutating func handle(_ notice: AudioSessionNotice, nowMs: Int64) -> [SpeechCallback] {
        switch notice {
        case .interruptionBegan:
            guard paused == nil, head != nil, case .success(let out) = pause(.immediate, nowMs: nowMs) else { return advance(to: nowMs) }
            pausedByInterruption = true
            return out
        case .interruptionEnded(let shouldResume, _):
            guard shouldResume, pausedByInterruption, case .success(let out) = resume(nowMs: nowMs) else { return advance(to: nowMs) }
            return [.session(active: true, atMs: nowMs)] + out
        default:
            return advance(to: nowMs)
        }
    }
}

extension AudioSession {
    /// Applies the synthesizer's session requests in order: configure `.playback`/`.spokenAudio`
    /// and activate on `session(active: true)`, deactivate (notifying others) on `false`.
    /// Returns whether the session ended active.
    @discardableResult
    public mutating func applySpeech<D: Domain>(_ callbacks: [SpeechCallback], _ world: inout World<D>) -> Bool {
        for case .session(let active, _) in callbacks {
            if active {
                if category != .playback || mode != .spokenAudio {
                    setCategory(.playback, mode: .spokenAudio, options: [.duckOthers], &world)
                }
                if !isActive { setActive(true, &world) }
            } else if isActive {
                setActive(false, notifyOthers: true, &world)
            }
        }
        return isActive
    }
}
