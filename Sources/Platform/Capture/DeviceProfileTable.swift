/// The built-in device profiles: fixtures for scenarios (`set cameraProfile iPhoneXS`), with
/// plausible formats and budgets, not Apple's published data. Each camera's first format is its
/// full-sensor photo format, which is not multicam and is the default active format.
///
/// | profile | multicam | cameras | hardware budget (px/s) | sustained (px/s) |
/// |---|---|---|---|---|
/// | `iPhoneXS` | yes (A12) | wide, telephoto, front | 110,000,000 | 90,000,000 |
/// | `iPhone15Pro` | yes | ultraWide, wide, telephoto, front | 540,000,000 | 400,000,000 |
/// | `iPhone8` | no (A11) | wide, front | — | — |
/// | `simulator` | no | none | — | — |
///
/// The `iPhoneXS` budget is the dual-camera note's calibration: two 1080p30 streams cost 1.131
/// (the seed's "dual 1080p exceeds the budget easily on many devices"), two 720p30 streams 0.503.
/// On `iPhone15Pro` two 1080p30 streams cost 0.230 and two 4K60 streams 1.843.
extension DeviceProfile {
    public static let iPhoneXS = DeviceProfile(
        name: "iPhoneXS", isMultiCamSupported: true,
        cameras: [
            CameraProfile(.wide, formats: [
                CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false),
                CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true),
                CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 30)], multiCam: true),
                CaptureFormat(1920, 1440, fps: [FrameRateRange(1, 30)], multiCam: true),
                CaptureFormat(3840, 2160, fps: [FrameRateRange(1, 30)], multiCam: false),
                CaptureFormat(1280, 720, fps: [FrameRateRange(1, 240)], multiCam: false, binned: true),
            ], maxZoomFactor: 10),
            CameraProfile(.telephoto, formats: [
                CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false),
                CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true),
                CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 30)], multiCam: true),
            ], maxZoomFactor: 10),
            CameraProfile(.front, formats: [
                CaptureFormat(3088, 2320, fps: [FrameRateRange(1, 30)], multiCam: false),
                CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true),
                CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 30)], multiCam: true),
                CaptureFormat(1920, 1440, fps: [FrameRateRange(1, 30)], multiCam: true),
            ], maxZoomFactor: 1),
        ],
        hardwarePixelRateBudget: 110_000_000, sustainedPixelRate: 90_000_000)

    public static let iPhone15Pro = DeviceProfile(
        name: "iPhone15Pro", isMultiCamSupported: true,
        cameras: [
            CameraProfile(.ultraWide, formats: [
                CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false),
                CaptureFormat(1280, 720, fps: [FrameRateRange(1, 60)], multiCam: true, binned: true),
                CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 60)], multiCam: true),
                CaptureFormat(3840, 2160, fps: [FrameRateRange(1, 60)], multiCam: true),
            ], maxZoomFactor: 5),
            CameraProfile(.wide, formats: [
                CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false),
                CaptureFormat(1280, 720, fps: [FrameRateRange(1, 60)], multiCam: true, binned: true),
                CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 60)], multiCam: true),
                CaptureFormat(1920, 1440, fps: [FrameRateRange(1, 30)], multiCam: true),
                CaptureFormat(3840, 2160, fps: [FrameRateRange(1, 60)], multiCam: true),
                CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 240)], multiCam: false, binned: true),
            ], maxZoomFactor: 15),
            CameraProfile(.telephoto, formats: [
                CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false),
                CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 60)], multiCam: true),
                CaptureFormat(3840, 2160, fps: [FrameRateRange(1, 60)], multiCam: true),
            ], maxZoomFactor: 15),
            CameraProfile(.front, formats: [
                CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false),
                CaptureFormat(1280, 720, fps: [FrameRateRange(1, 60)], multiCam: true, binned: true),
                CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 60)], multiCam: true),
                CaptureFormat(3840, 2160, fps: [FrameRateRange(1, 60)], multiCam: true),
            ], maxZoomFactor: 1),
        ],
        hardwarePixelRateBudget: 540_000_000, sustainedPixelRate: 400_000_000)

    /// A11: one camera at a time only.
    public static let iPhone8 = DeviceProfile(
        name: "iPhone8", isMultiCamSupported: false,
        cameras: [
            CameraProfile(.wide, formats: [
                CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false),
                CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 60)], multiCam: false),
            ], maxZoomFactor: 10),
            CameraProfile(.front, formats: [
                CaptureFormat(3088, 2320, fps: [FrameRateRange(1, 30)], multiCam: false),
                CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 30)], multiCam: false),
            ], maxZoomFactor: 1),
        ],
        hardwarePixelRateBudget: 1, sustainedPixelRate: 1)

    /// The Simulator: no cameras, and `isMultiCamSupported` is false there, always.
    public static let simulator = DeviceProfile(name: "simulator", isMultiCamSupported: false, cameras: [],
                                                hardwarePixelRateBudget: 1, sustainedPixelRate: 1)

    /// Every built-in profile, in this order.
    public static let builtIn: [DeviceProfile] = [.iPhoneXS, .iPhone15Pro, .iPhone8, .simulator]

    /// The built-in profile called `name`, if any.
    public static func named(_ name: String) -> DeviceProfile? { builtIn.first { $0.name == name } }
}
