/// Which side of the phone a camera faces (`AVCaptureDevice.Position`).
public enum CameraPosition: String, Hashable, Sendable, CaseIterable {
    case back, front
}

/// One physical camera, as the multicam session connects to it (never the virtual multi-lens
/// device: its seamless zoom reaches across lenses, which the multicam format check cannot reason
/// about, so lens choice and zoom are separate controls).
///
/// The back lenses are listed in the order lens discovery probes them (ultra-wide, wide,
/// telephoto: the dual-camera note's proposal for the unspecified `allCases` order).
public enum CameraLens: String, Hashable, Sendable, CaseIterable {
    case ultraWide, wide, telephoto, front

    public var position: CameraPosition { self == .front ? .front : .back }

    /// `AVCaptureDevice.DeviceType`'s name for it (the front camera of the seeds is its
    /// wide-angle one).
    public var deviceType: String {
        switch self {
        case .ultraWide: "builtInUltraWideCamera"
        case .wide, .front: "builtInWideAngleCamera"
        case .telephoto: "builtInTelephotoCamera"
        }
    }

    /// The back lenses in discovery order.
    public static let backLenses: [CameraLens] = [.ultraWide, .wide, .telephoto]
}
