import LockstepCore
import Platform

/// The tuner's state: session and engine, the rolling window, the smoother, the reference pitch,
/// the preset and mode, and the last readings.
public struct TunerState: Sendable {
    var session: AudioSession
    var life = AppLifecycle()
    var os: OSRelease
    var screenVisible = false
    var engineRunning = false
    var tapInstalled = false
    /// The format the tap was installed with; buffers in another format are refused.
    var tapFormat: PCMFormat?
    var window = RollingWindow()
    var smoother = ReadingSmoother()
    var detector = PitchDetector()
    var matchByHz = false
    var presetsIgnoreReference = false
    var releasesMic = true
    var a4Hz = 440.0
    var premium: Bool
    var presetID = TuningPresets.standard.id
    var autoMode = false
    var manualString = 0
    var windows = 0
    var readings = 0
    var gated = 0
    var buffersRefused = 0
    /// Buffers that arrived with no tap installed (the engine stopped): dropped, counted.
    var buffersWithoutTap = 0
    var lastDisplayedHz: Double?

    init(session: AudioSession, os: OSRelease, premium: Bool) {
        self.session = session
        self.os = os
        self.premium = premium
    }

    var preset: TuningPreset { TuningPresets.preset(id: presetID) ?? TuningPresets.standard }
}
