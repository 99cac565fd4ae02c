/// What the hardware can do, which an app checks at run time (`CHHapticEngine.capabilitiesForHardware()
/// .supportsHaptics`, `AVCaptureMultiCamSession.isMultiCamSupported`): the same app and OS take a
/// different path on a device without it. A scenario's `supports=` lists them.
///
/// Add a case when a domain branches on new hardware (and say which API answers it).
public enum HardwareFeature: String, DeviceFlag {
    /// The Taptic Engine plays Core Haptics patterns (`supportsHaptics`).
    case haptics
    /// Several cameras can stream at once (`AVCaptureMultiCamSession.isMultiCamSupported`).
    case multicam
    /// An Apple Pencil is paired (`UITouch.TouchType.pencil` arrives).
    case pencil
    /// The TrueDepth front camera (face tracking, depth from the front).
    case trueDepth
    /// The LiDAR scanner (scene depth).
    case lidar
    /// NFC tag reading (`NFCNDEFReaderSession.readingAvailable`).
    case nfc
}
