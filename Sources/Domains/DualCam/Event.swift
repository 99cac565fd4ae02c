import LockstepCore
import Platform

/// What the user, the cameras and the system do to DualCam, in one typed enum.
public enum DualCamEvent: Sendable {
    /// The app starts: the support gate, lens discovery, the session build.
    case launch
    /// The resolution picker (1280 for 720p, 1920 for 1080p).
    case selectResolution(targetWidth: Int)
    /// The back-lens picker (one back lens runs at a time).
    case selectLens(CameraLens)
    /// A pinch on one camera's tile.
    case pinch(camera: CameraPosition, zoomFactor: Double)
    /// The mute switch before a take (applies to the next take only).
    case setMuted(Bool)
    /// The aspect picker before a take.
    case setAspect(TakeAspect)
    /// The layout picker.
    case setLayout(CompositeLayout)
    /// The record button.
    case startRecording
    /// The stop button.
    case stopRecording
    /// A tap on a camera's tile, normalised portrait canvas 0...1 (x right, y down).
    case focusTap(camera: CameraPosition, x: Double, y: Double)
    /// An audio sample buffer from the microphone output.
    case audio(ptsNanoseconds: Int64, sampleCount: Int)
    /// A video sample buffer with no image buffer (the callback guards it away).
    case frameWithoutImage(camera: CameraPosition, ptsNanoseconds: Int64)
    /// Platform capture lines: camera frames, interruptions, media services reset, runtime errors,
    /// thermal and storage.
    case capture(CaptureSystemEvent)
    /// Timer: the GPU finished command buffer `id` (`addCompletedHandler`).
    case gpuComplete(commandBuffer: Int)
}
