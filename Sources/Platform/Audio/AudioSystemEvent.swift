/// Something the system does to an app's audio session. The scenario spelling is
/// `audio <word> ...` (see `AudioVocabulary`); raw values are kept raw so that an unknown one can be
/// ignored explicitly, exactly as an app's `guard let ... = Type(rawValue:)` would.
public enum AudioSystemEvent: Hashable, Sendable {
    /// `audio grant sampleRate= ioBuffer=`: what the system grants from now on (applied at once if
    /// the session is active). `nil` returns to the default resolver (`AudioGrant.resolve`).
    case grant(AudioGrant?)
    /// `audio interruption began|ended [shouldResume=]` or `audio interruption raw=N [options=N]`:
    /// `AVAudioSessionInterruptionTypeKey` and `AVAudioSessionInterruptionOptionKey` as raw values.
    case interruption(typeRaw: UInt, optionsRaw: UInt?)
    /// `audio route reason=WORD|raw=N [output=DEVICE]`: a route change notification; the device is
    /// what is connected afterwards (unchanged if absent, built-in for `oldDeviceUnavailable`).
    case routeChange(reasonRaw: UInt, device: AudioDevice?)
    /// `audio mediaServicesReset`: every audio object the app built is invalid.
    case mediaServicesReset
    /// `audio silentSwitch on=true|false`: the ring/Silent switch.
    case silentSwitch(on: Bool)
    /// `audio activation allowed=false`: from now on `setActive(true)` fails (another app, a call,
    /// or a non-mixable session holds the hardware), until `allowed=true`.
    case activationPolicy(allowed: Bool)
    /// `audio permission answer=granted|denied`: the user's tap on the record-permission prompt on
    /// screen (ignored with a record when none is showing).
    case permissionAnswer(RecordPermissionState)
    /// `audio permission settings=granted|denied|undetermined`: the Settings app changed it.
    case permissionSettings(RecordPermissionState)
    /// `audio input sampleRate=N channels=N`: what `inputNode.outputFormat(forBus: 0)` reports from
    /// now on (`0 Hz / 0 ch`: no input); `audio input` alone returns to the route-derived format.
    /// A route change or a media services reset also returns to it (the hardware changed).
    case inputFormat(AudioFormat?)
    /// `audio engineConfigurationChange [sampleRate=N] [channels=N]`: the hardware I/O format
    /// changed (`.AVAudioEngineConfigurationChange`); every running engine was stopped by the system.
    case engineConfigurationChange(sampleRateHz: Double?, channels: Int?)
    /// `audio echoCancelledInput available=true|false`: whether this device and route offer
    /// echo-cancelled input (`isEchoCancelledInputAvailable`, iOS 18.2, 2024-or-later iPhones).
    case echoCancelledInputAvailability(Bool)

    /// The scenario word, also used in records.
    public var word: String {
        switch self {
        case .grant: "grant"
        case .interruption: "interruption"
        case .routeChange: "route"
        case .mediaServicesReset: "mediaServicesReset"
        case .silentSwitch: "silentSwitch"
        case .activationPolicy: "activation"
        case .permissionAnswer, .permissionSettings: "permission"
        case .inputFormat: "input"
        case .engineConfigurationChange: "engineConfigurationChange"
        case .echoCancelledInputAvailability: "echoCancelledInput"
        }
    }
}
