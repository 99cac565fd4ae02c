/// What the app declares in its Info.plist that the system checks when a feature is used, rather
/// than at signing: a missing one is a run-time failure (the app suspended, or ended), never a
/// build error, so scenarios must be able to leave it out.
///
/// Add a case when a domain branches on a new declaration (and say which key it stands for).
public enum Capability: String, DeviceFlag {
    /// `UIBackgroundModes` contains `audio` (Xcode: Background Modes, "Audio, AirPlay, and Picture
    /// in Picture"): audible playback or recording keeps the app running in the background, and a
    /// player can go picture-in-picture. Without it the app is suspended and its audio stops.
    case backgroundAudio
    /// `NSMicrophoneUsageDescription` is present. Without it the system ends the app at its first
    /// microphone access.
    case microphoneUsageDescription
}

/// What the app's code signature grants (its `.entitlements` file, backed by its provisioning
/// profile). A missing entitlement makes the API refuse or fail silently.
///
/// No domain branches on these yet; they are the ones the seeded apps depend on.
public enum Entitlement: String, DeviceFlag {
    /// `com.apple.security.application-groups`: a shared container between the app and its
    /// extensions (writes without it are dropped: `DropReason.missingEntitlement`).
    case appGroups
    /// `com.apple.developer.family-controls`: Screen Time's FamilyControls, DeviceActivity and
    /// ManagedSettings.
    case familyControls
    /// `com.apple.developer.usernotifications.time-sensitive`: time-sensitive notifications break
    /// through Focus; without it they are delivered as active.
    case timeSensitiveNotifications
}
