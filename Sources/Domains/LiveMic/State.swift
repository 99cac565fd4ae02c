import LockstepCore
import Platform

/// Everything Virtual Mic keeps: the device facts, the session, the engine, the events handler,
/// the view model.
public struct LiveMicState: Sendable {
    /// The OS release and the Info.plist declarations the app is checked against
    /// (`.microphoneUsageDescription`, `.backgroundAudio`), from the scenario's settings.
    public var device = Device(os: OSRelease(17, 0), capabilities: [.backgroundAudio, .microphoneUsageDescription])
    /// The user's preferences fed to `configure`.
    public var allowBluetoothMic = false
    public var preferEchoCancellation = true
    /// The app exited (a missing purpose string on microphone access); later events are refused.
    public var terminated = false

    public var life = AppLifecycle()
    public var session = AudioSession()
    public var engine: LiveEngine

    // AudioEventsHandler
    /// Set at the first `.began` of an interruption, cleared at `.ended`.
    public var wasLiveBeforeInterruption = false
    /// The engine (serial) the configuration-change observer is bound to.
    public var observerSerial: Int
    /// `onStateChange` calls so far.
    public var stateChanges = 0

    // MicViewModel
    public var isLive = false
    public var errorMessage: String?
    /// A start is waiting for the permission prompt (serialised: at most one start in flight).
    public var startPending = false

    // Derived indicators and counters.
    public var howling = false
    public var echoCancelledEnabled = false
    public var rejectedInputs = 0
    public var renderedFrames = 0
    public var droppedFrames = 0

    public init(engine: LiveEngine) {
        self.engine = engine
        observerSerial = engine.handle.serial
    }

    /// The mic-in-use indicator: an active recording session with a running engine.
    public var micInUse: Bool { session.isActive && engine.realRunning && session.category.hasInput }
}
