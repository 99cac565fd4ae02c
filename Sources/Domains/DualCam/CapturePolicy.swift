import LockstepCore
import Platform

/// What the app does on a thermal change (the article's `thermalAction`).
public enum ThermalAction: String, Hashable, Sendable, CaseIterable {
    case none, stopRecording, dropTo720
}

/// The article's capture policy as pure functions: the storage thresholds, the video bitrate and
/// the thermal decision table.
public enum CapturePolicy {
    /// 10 Mbit/s video.
    public static let videoBitsPerSecond: Int64 = 10_000_000
    /// 200 MiB = 209,715,200 bytes needed to start a take.
    public static let minBytesToStart: Int64 = 200 * 1024 * 1024
    /// Below 100 MiB = 104,857,600 bytes a take is stopped (before the disk fills and the writer
    /// loses the whole file).
    public static let minBytesToContinue: Int64 = 100 * 1024 * 1024
    /// Storage is re-checked every this many appended video frames (one second at 30 fps) as well
    /// as on every storage reading. GAP: the article gives no cadence.
    public static let storageCheckEveryFrames = 30

    /// The deliberate asymmetry: at `serious`, drop to 720p only before a take (a heavy take on a
    /// hot phone gets interrupted), never mid-file; at `critical`, stop a take before the system
    /// kills the session.
    public static func thermalAction(level: ThermalState, isRecording: Bool, isHD1080: Bool) -> ThermalAction {
        switch level {
        case .critical: isRecording ? .stopRecording : .none
        case .serious: (!isRecording && isHD1080) ? .dropTo720 : .none
        case .nominal, .fair: .none
        }
    }

    /// `freeBytes >= minBytesToStart` (GAP: the article does not say `>=` or `>`; a threshold is met
    /// when reached, as Platform's `hasFree`).
    public static func canStart(freeBytes: Int64) -> Bool { freeBytes >= minBytesToStart }

    /// `freeBytes < minBytesToContinue` stops a take.
    public static func mustStop(freeBytes: Int64) -> Bool { freeBytes < minBytesToContinue }
}
