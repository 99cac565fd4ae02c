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
    /// The sine that made `samples`, for a batch made as one (`mic sine=`, `gen tone`); nil for a
    /// `samples=` batch. The reducer never reads it: it is how `LiveMic.text(of:)` writes a batch
    /// of thousands of samples as one line the decoder computes again.
    public var sine: MicSine?
    public init(samples: [Float], sampleRateHz: Double?, channels: Int?, sine: MicSine? = nil) {
        self.samples = samples
        self.sampleRateHz = sampleRateHz
        self.channels = channels
        self.sine = sine
    }
}

/// A sine batch as `mic sine=HZ frames=N amplitude=A first=K` writes it: `frames` frames of the
/// tone from frame `firstFrame` on (0 for a batch that starts at phase 0; `gen tone`'s later
/// buffers carry the phase on).
public struct MicSine: Sendable, Equatable {
    public var hz: Double
    public var amplitude: Double
    public var frames: Int
    public var firstFrame: Int64
    public init(hz: Double, amplitude: Double, frames: Int, firstFrame: Int64) {
        self.hz = hz
        self.amplitude = amplitude
        self.frames = frames
        self.firstFrame = firstFrame
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
