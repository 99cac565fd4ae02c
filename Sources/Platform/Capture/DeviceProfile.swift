import LockstepCore

/// One camera of a device profile: its formats and what its connections can do.
public struct CameraProfile: Hashable, Sendable {
    public var lens: CameraLens
    /// In the order `device.formats` lists them (the format chooser's "first match" depends on it).
    public var formats: [CaptureFormat]
    /// The active format before the app chooses one. On the built-in profiles it is the full-sensor
    /// photo format, which multicam does not support: an app that adds the input before choosing a
    /// format is refused, which is why the seed chooses formats first.
    public var defaultFormatIndex: Int
    /// `videoMaxZoomFactor` (1 on the front camera: no optical zoom, so a pinch there does nothing).
    public var maxZoomFactor: Double
    /// `isVideoRotationAngleSupported(90)` on its connections.
    public var supportsRotation: Bool
    /// `isVideoMirroringSupported` on its connections.
    public var supportsMirroring: Bool

    public init(_ lens: CameraLens, formats: [CaptureFormat], defaultFormatIndex: Int = 0, maxZoomFactor: Double = 1,
                supportsRotation: Bool = true, supportsMirroring: Bool = true) {
        self.lens = lens
        self.formats = formats
        self.defaultFormatIndex = formats.indices.contains(defaultFormatIndex) ? defaultFormatIndex : 0
        self.maxZoomFactor = maxZoomFactor.isFinite && maxZoomFactor >= 1 ? maxZoomFactor : 1
        self.supportsRotation = supportsRotation
        self.supportsMirroring = supportsMirroring
    }

    /// Whether any format may run in a multicam session (what lens discovery probes).
    public var hasMultiCamFormat: Bool { formats.contains { $0.isMultiCamSupported } }
}

/// The capture hardware of one device, in place of real hardware: whether multicam runs at all,
/// the cameras and their formats, and the budgets of the cost model.
///
/// `isMultiCamSupported` is the authority (false in the Simulator, always): never a model list.
/// The built-in profiles (`DeviceProfile.builtIn`) are fixtures with plausible numbers, not
/// Apple's data; a domain builds its own for a case they do not cover.
public struct DeviceProfile: Hashable, Sendable {
    /// A word: `iPhoneXS`.
    public var name: String
    /// `AVCaptureMultiCamSession.isMultiCamSupported`.
    public var isMultiCamSupported: Bool
    /// At most one per lens, in `CameraLens` order.
    public var cameras: [CameraProfile]
    /// Pixels per second the capture hardware can stream: the denominator of `hardwareCost`.
    public var hardwarePixelRateBudget: Int64
    /// Pixels per second the device can stream indefinitely (heat, power): the denominator of
    /// `systemPressureCost`. Lower than the hardware budget, so a configuration can be allowed and
    /// still not be sustainable.
    public var sustainedPixelRate: Int64

    public init(name: String, isMultiCamSupported: Bool, cameras: [CameraProfile], hardwarePixelRateBudget: Int64,
                sustainedPixelRate: Int64) {
        self.name = name
        self.isMultiCamSupported = isMultiCamSupported
        var seen: [CameraProfile] = []
        for lens in CameraLens.allCases {
            if let c = cameras.first(where: { $0.lens == lens }) { seen.append(c) }
        }
        self.cameras = seen
        self.hardwarePixelRateBudget = max(1, hardwarePixelRateBudget)
        self.sustainedPixelRate = max(1, sustainedPixelRate)
    }

    /// The camera behind `lens`, if the device has one.
    public func camera(_ lens: CameraLens) -> CameraProfile? { cameras.first { $0.lens == lens } }
}
