import LockstepCore
import Platform

/// One take: its writer (track set and aspect fixed at start) and the storage bookkeeping.
public struct Take: Sendable {
    public var number: Int
    public var writer: MovieWriter
    public var muted: Bool
    public var aspect: TakeAspect
    public var layout: CompositeLayout
    /// The last storage reading, and the bytes the take had written when it was taken: free space
    /// now is the reading minus what was written since (GAP: the app re-queries the volume; the
    /// model subtracts its own writes, by the writer's bitrate rule).
    public var freeBytesAtReading: Int64
    public var writtenBytesAtReading: Int64
    public var framesSinceStorageCheck = 0
    public var lastVideoPTSNanoseconds: Int64?
    /// What the preview showed and what the file got during this take, in order (digests).
    public var previewHash = FNV1a64()
    public var fileHash = FNV1a64()
    public var previewFrames = 0
    public var fileFrames = 0
    public var audioIgnoredNoTrack = 0
    /// The last frame the file got (for the snapshot artifact).
    public var lastFileFrame: CompositeFrame?
    /// Free space at the last storage check (reading or every 30 frames).
    public var lastCheckedFreeBytes: Int64?
}

/// Everything DualCam holds.
public struct DualCamState: Sendable {
    public var settings: DualCam.Settings
    public var profile: DeviceProfile
    /// nil before launch; false shows the unsupported-device screen.
    public var supported: Bool?
    public var session: MultiCamSession?
    /// True once the session is built in its current generation.
    public var built = false
    public var backOutput: CaptureOutputHandle?
    public var frontOutput: CaptureOutputHandle?
    public var availableBackLenses: [CameraLens] = []
    public var backLens: CameraLens = .wide
    public var appliedWidth: Int
    public var previousWidth: Int
    public var downgraded = false
    public var errorMessage: String?
    public var muted: Bool
    public var aspect: TakeAspect
    public var layout: CompositeLayout
    public var latestFront: HeldBuffer?
    /// Whether the held front has been composited (an unused one replaced is a discarded frame).
    public var frontUsed = false
    public var conditions = DeviceConditions()
    public var take: Take?
    public var takesStarted = 0
    public var compositor = Compositor()
    public var stops: [StopReason: Int] = [:]
    public var finalizeCalls = 0
    public var framesIgnoredStale = 0
    public var framesWithoutImage = 0
    public var backFramesWithoutFront = 0
    public var frontFramesDiscarded = 0
    public var audioIgnoredIdle = 0
    public var warnings: [String] = []
    /// Composites since launch (preview).
    public var composites = 0

    // History for the invariants (not written: no digest depends on them).
    public var everBuilt = false
    /// Finalize calls whose take was not saved.
    public var unsavedFinalizes = 0
    /// Takes the system destroyed (writer failed).
    public var takesLost = 0
    /// Resolution changes applied while a take was recording.
    public var resolutionChangesDuringTake = 0
    /// The last focus tap of this step: camera, canvas point and the sensor point sent.
    public var stepFocus: (camera: CameraPosition, x: Double, y: Double, u: Double, v: Double)?
    /// What a composite of this step drew that its encoding did not ask for.
    public var stepCompositeMismatch: String?
}
