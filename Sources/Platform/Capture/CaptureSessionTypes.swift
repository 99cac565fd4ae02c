import LockstepCore

/// `AVCaptureSession.InterruptionReason`, with Apple's raw values. While interrupted the session
/// delivers no frames; it resumes by itself when the interruption ends.
public enum CaptureInterruptionReason: String, Hashable, Sendable, CaseIterable {
    case videoDeviceNotAvailableInBackground
    case audioDeviceInUseByAnotherClient
    case videoDeviceInUseByAnotherClient
    case videoDeviceNotAvailableWithMultipleForegroundApps
    case videoDeviceNotAvailableDueToSystemPressure

    /// `InterruptionReason.rawValue`.
    public var rawCode: Int {
        switch self {
        case .videoDeviceNotAvailableInBackground: 1
        case .audioDeviceInUseByAnotherClient: 2
        case .videoDeviceInUseByAnotherClient: 3
        case .videoDeviceNotAvailableWithMultipleForegroundApps: 4
        case .videoDeviceNotAvailableDueToSystemPressure: 5
        }
    }
}

/// The `AVError` codes a capture session's runtime-error notification carries in the model. A
/// media services reset is its own event (`camera mediaServicesReset`), because it also makes every
/// object of the session invalid (`MultiCamSession.mediaServicesReset()`).
public enum CaptureRuntimeError: String, Hashable, Sendable, CaseIterable {
    /// `hardwareCost > 1.0` when the session starts or streams.
    case sessionHardwareCostOverage
    /// A camera went away mid-session.
    case deviceWasDisconnected
    /// Anything else the scenario scripts.
    case unknown
}

/// `AVCaptureSession.Preset`: a multicam session accepts only `inputPriority` (each camera's
/// quality is its `activeFormat`).
public enum SessionPreset: String, Hashable, Sendable, CaseIterable {
    case inputPriority, high, medium, photo, hd1280x720, hd1920x1080, hd4K3840x2160
}

/// How an input or output is added. A multicam session refuses the implicit-connection APIs
/// (`addInput`, `addOutput`); the app must use `addInputWithNoConnections`,
/// `addOutputWithNoConnections` and wire connections itself.
public enum ConnectionForming: String, Hashable, Sendable, CaseIterable {
    case implicit, none
}

/// A camera input in the session, valid only in the session generation that made it.
public struct CaptureInputHandle: Hashable, Sendable {
    public var lens: CameraLens
    public var generation: Int

    public init(lens: CameraLens, generation: Int) {
        self.lens = lens
        self.generation = generation
    }
}

/// A video data output, valid only in its generation. Ids count outputs made in the session's
/// life (1, 2, ...), never reused, so a stale handle can never alias a new output.
public struct CaptureOutputHandle: Hashable, Sendable {
    public var id: Int
    public var generation: Int

    public init(id: Int, generation: Int) {
        self.id = id
        self.generation = generation
    }
}

/// A connection's id and generation.
public struct CaptureConnectionHandle: Hashable, Sendable {
    public var id: Int
    public var generation: Int

    public init(id: Int, generation: Int) {
        self.id = id
        self.generation = generation
    }
}

/// `AVCaptureConnection` from one camera's video port to one output, with the flags the focus
/// conversion depends on (rotation 90 on both cameras, the front mirrored): a golden pins them
/// next to focus outputs so that a change in the session cannot pass unnoticed.
public struct CaptureConnection: Hashable, Sendable, RecordConvertible {
    public var handle: CaptureConnectionHandle
    public var lens: CameraLens
    public var output: CaptureOutputHandle
    /// `videoRotationAngle`: 0, 90, 180 or 270.
    public var rotationDegrees: Int = 0
    public var automaticallyAdjustsMirroring = true
    public var isMirrored = false
    /// An individual camera stops streaming (and costs nothing) when all its connections are disabled.
    public var isEnabled = true

    /// `connection id=1 camera=wide output=1 rotation=90 autoMirror=false mirrored=false enabled=true generation=1`.
    public var record: Record {
        Record("connection").int("id", handle.id).word("camera", lens.rawValue).int("output", output.id)
            .int("rotation", rotationDegrees).bool("autoMirror", automaticallyAdjustsMirroring).bool("mirrored", isMirrored)
            .bool("enabled", isEnabled).int("generation", handle.generation)
    }
}

/// A camera's settings in the session model (its `AVCaptureDevice` properties).
public struct CameraState: Hashable, Sendable {
    public var lens: CameraLens
    public var activeFormatIndex: Int
    /// `activeVideoMinFrameDuration == activeVideoMaxFrameDuration == 1/fps`, or nil for the format's default.
    public var frameRateFPS: Int?
    public var zoomFactor: Double = 1
}

/// `AVCaptureMultiCamSession.isMultiCamSupported` is false on this profile: show the
/// unsupported-device screen (the Simulator always lands here).
public struct MultiCamUnsupported: Error, Hashable, Sendable, RecordConvertible {
    public var profile: String

    public var record: Record { Record("session.unsupported").word("profile", profile).bool("isMultiCamSupported", false) }
}
