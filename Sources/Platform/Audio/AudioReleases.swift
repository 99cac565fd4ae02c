/// The releases the audio session's API paths change at.
extension OSRelease {
    /// `AVAudioApplication.requestRecordPermission()` replaces the session's API.
    public static let audioApplication = OSRelease(17, 0)
    /// The echo-cancelled input trio (`isEchoCancelledInputAvailable`, ...).
    public static let echoCancelledInput = OSRelease(18, 2)
}
