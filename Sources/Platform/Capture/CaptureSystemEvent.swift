/// Something the user, the system or a scripted service does to a capture app, as the scenario
/// spells it (`CaptureVocabulary`). The domain routes each case to its model:
///
/// | case | model call |
/// |---|---|
/// | `cameraPermissionAnswer` | `CapturePermissions.answerCameraPrompt` |
/// | `cameraPermissionSettings` | `CapturePermissions.setCameraInSettings` |
/// | `photosAuthorization` | `CapturePermissions.applyPhotosLine` |
/// | `interruptionBegan`, `interruptionEnded`, `mediaServicesReset`, `runtimeError` | `MultiCamSession` |
/// | `frame` | `MultiCamSession.deliver` |
/// | `thermal`, `storage` | `DeviceConditions` |
/// | `visionResult` | `VisionRequests.complete` |
/// | `scanner` | `DataScanner.handle` |
/// | `documentCamera` | `DocumentCamera.complete` |
public enum CaptureSystemEvent: Hashable, Sendable {
    /// `camera permission answer=allow|deny`: the user's tap on the camera prompt.
    case cameraPermissionAnswer(CameraPermissionAnswer)
    /// `camera permission settings=STATUS`: changed in the Settings app.
    case cameraPermissionSettings(CameraAuthorizationStatus)
    /// `camera interruption began reason=WORD`.
    case interruptionBegan(CaptureInterruptionReason)
    /// `camera interruption ended`.
    case interruptionEnded
    /// `camera mediaServicesReset`.
    case mediaServicesReset
    /// `camera runtimeError [error=WORD]`.
    case runtimeError(CaptureRuntimeError)
    /// `camera frame camera=back pts=… [index=] [pattern=|fixture=]`, or one made by `gen cameraFrames`.
    case frame(CameraFrame)
    /// `photos auth=STATUS [level=addOnly|readWrite]`.
    case photosAuthorization(PhotosAuthorizationStatus, level: PhotosAccessLevel)
    /// `thermal level=WORD`.
    case thermal(ThermalState)
    /// `storage free=BYTES`.
    case storage(freeBytes: Int64)
    /// `vision result id=N …`.
    case visionResult(VisionResultLine)
    /// `scanner availability|didAdd|didRemove|didUpdate …`.
    case scanner(DataScannerEvent)
    /// `documentCamera finish|cancel|fail …`.
    case documentCamera(DocumentCameraEvent)
}
