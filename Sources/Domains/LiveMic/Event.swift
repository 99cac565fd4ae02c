import LockstepCore
import Platform

/// The user's controls, with the article's clamps (`Controls.clamp`).
public enum ControlName: String, CaseIterable, Sendable {
    /// `mainMixerNode.outputVolume`, 0...1.
    case volume
    /// `eq.globalGain` in dB, −24...24 (the unit's documented range is −96...24).
    case boostDB
    /// Low shelf (150 Hz) gain in dB, −12...12.
    case bassDB
    /// High shelf (6 kHz) gain in dB, −12...12.
    case trebleDB
    /// Reverb `wetDryMix` in percent, 0...100 (0 = fully dry).
    case reverbMix
}

/// One batch of microphone audio: interleaved Float32 samples, with the format the capture
/// reports (nil: whatever the graph is connected with).
public struct MicFrames: Sendable, Equatable {
    public var samples: [Float]
    public var sampleRateHz: Double?
    public var channels: Int?
    public init(samples: [Float], sampleRateHz: Double?, channels: Int?) {
        self.samples = samples
        self.sampleRateHz = sampleRateHz
        self.channels = channels
    }
}

/// Every input Virtual Mic reacts to.
public enum LiveMicEvent: Sendable {
    /// The big on/off button (`MicViewModel.toggle()`).
    case tap
    /// A slider moved; the value is not yet validated.
    case control(ControlName, Double)
    /// The voice-processing switch (stop, change, restart if it was running).
    case voiceProcessing(Bool)
    /// The speaker button (`overrideOutputAudioPort`).
    case speaker(Bool)
    /// The "use Bluetooth microphone" preference, fed to the next `configure`.
    case bluetoothMic(Bool)
    /// The "Open Settings" button shown after a denial.
    case openSettings
    /// Microphone audio arrives (render one buffer).
    case mic(MicFrames)
    /// What the system does to the session (shared `audio` vocabulary).
    case audio(AudioSystemEvent)
    case lifecycle(LifecycleLine)
}
