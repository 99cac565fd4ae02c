import LockstepCore

/// What a system event meant, returned to the domain so it can react (stop voices on an
/// interruption, resume on `ended` with `shouldResume`, rebuild on a media services reset). Every
/// notice also became a record when `AudioSession.handle` emitted it.
public enum AudioSessionNotice: Hashable, Sendable {
    /// A scripted grant took effect now (the session was active): buffers change size.
    case granted(AudioGrant)
    /// A scripted grant was stored for the next activation.
    case grantScripted
    /// The system interrupted the session (it is now inactive). `wasActive` says whether the app
    /// was playing or recording when it happened.
    case interruptionBegan(wasActive: Bool)
    /// The interruption ended; the session is still inactive. Resume only if `shouldResume`, and
    /// only if the app was active before (`wasActive`).
    case interruptionEnded(shouldResume: Bool, wasActive: Bool)
    /// The route changed for a known reason.
    case routeChanged(AudioRouteChangeReason, from: AudioRoute, to: AudioRoute)
    /// Media services were reset: everything the app built is stale, the session is back to the
    /// system's defaults (category, preferences) and inactive. `generation` counts resets.
    case mediaServicesReset(generation: Int)
    /// The Silent switch moved; `muted` says whether this session is silenced by it.
    case silentSwitch(on: Bool, muted: Bool)
    /// `setActive(true)` is now allowed or refused.
    case activationPolicy(allowed: Bool)
    /// The user answered the record-permission prompt that `api` showed.
    case permissionAnswered(RecordPermissionState, api: RecordPermissionAPI)
    /// The Settings app changed the record permission.
    case permissionChanged(from: RecordPermissionState, to: RecordPermissionState)
    /// The scenario scripted what the input node reports (or returned to the route's format).
    case inputFormatChanged(AudioFormat)
    /// `.AVAudioEngineConfigurationChange`: every engine the app runs was stopped by the system;
    /// `input` is the input node's format now. Rebuild the graph with it and restart if the app
    /// meant to be running.
    case engineConfigurationChanged(input: AudioFormat)
    /// The device's echo-cancelled input availability changed.
    case echoCancelledInputAvailability(available: Bool, enabled: Bool)
    /// The event was ignored (unknown raw value, `ended` without `began`, a nested `began`).
    case ignored(String)
    /// The event carried an unusable value (a grant of 0 Hz); nothing changed.
    case rejected(String)
}

/// Records of the audio session, in one place so the vocabulary in `docs/platform.md` is the code's.
enum AudioRecords {
    static func route(_ r: AudioRoute) -> Value { .word(r.output.rawValue) }

    static func grant(_ name: String, _ g: AudioGrant) -> Record {
        Record(name).fixed("sampleRate", g.sampleRateHz, 1).fixed("ioBufferMs", g.ioBufferSeconds * 1000, 3)
            .fixed("frames", g.ioBufferFrames, 1)
    }
}
