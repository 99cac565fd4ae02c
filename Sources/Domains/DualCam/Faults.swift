import LockstepCore

/// The article's failure modes, each re-enabled by `set fault NAME`, each caught by what the user
/// sees or what is stored (a golden under `Golden/dualCam/`, and invariants where a rule states it).
public enum DualCamFault: String, DomainFault {
    case implicitConnections
    case presetNotInputPriority
    case inputBeforeFormat
    case noRollback
    case resetWithoutRebuild
    case interruptionLeavesWriterOpen
    case thermalCriticalIgnored
    case thermalDropsMidTake
    case storageIgnored
    case secondTeardownPath
    case splitPreviewPath
    case swappedFocusFormulas
    case frontNotMirrored
    case frontZoomSilent
    case sharedUniformBuffer
    case textureReleasedEarly

    public var summary: String {
        switch self {
        case .implicitConnections: "inputs and outputs are added with addInput/addOutput: the multicam session refuses them and no session is built"
        case .presetNotInputPriority: "the session preset is set to .high: refused on a multicam session, the build fails"
        case .inputBeforeFormat: "inputs are added before the formats are chosen: the full-sensor default format is not multicam, canAddInput is false"
        case .noRollback: "a resolution over the hardware budget is committed and kept: the session dies on its next frame"
        case .resetWithoutRebuild: "after mediaServicesWereReset the old session objects are reused: no error, frames stop, the picture freezes"
        case .interruptionLeavesWriterOpen: "an interruption does not finalize the take: the writer is left half-open, a corrupt file"
        case .thermalCriticalIgnored: "critical heat does not stop the take: the system kills the session and the whole take is lost"
        case .thermalDropsMidTake: "serious heat drops to 720p during a take: the resolution is yanked mid-file"
        case .storageIgnored: "low storage does not stop the take: the disk fills, the writer fails and the whole take is lost"
        case .secondTeardownPath: "automatic stops use their own teardown, which cancels the writer instead of finishing it: only the user's stop saves"
        case .splitPreviewPath: "preview and file are rendered by separate paths: the file misses the front mirroring the preview shows"
        case .swappedFocusFormulas: "the front and back focus formulas are swapped: tapping top left focuses bottom right"
        case .frontNotMirrored: "the front connection is left unmirrored: the pure focus tests stay green while front focus is inverted"
        case .frontZoomSilent: "a pinch on the front camera (max zoom 1) does nothing and the UI says nothing"
        case .sharedUniformBuffer: "both tile draws write their uniforms to one shared buffer at offset 0: at execution both read the last write"
        case .textureReleasedEarly: "the Metal texture of a camera buffer is released at encode: the camera reuses the buffer before the GPU reads it"
        }
    }
}
