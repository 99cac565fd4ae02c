import LockstepCore

/// Whether the app can send the user to its page in the Settings app
/// (`UIApplication.openSettingsURLString`, `app-settings:`).
///
/// A denied permission is final from the app's side: the prompt never shows again, and the only
/// way back is a switch in Settings. So after a denial the app must offer the link (a denied
/// camera with no way out is a failure mode the scanner seed names). Before a denial the link
/// is refused, each case with its reason, because offering it then sends the user somewhere that
/// cannot help: nothing asked yet (ask first), already allowed, restricted (Screen Time or a device
/// profile decides, not the user), or a limited photo selection (the in-app picker,
/// `presentLimitedLibraryPicker`, is the way to change that).
public enum SettingsLinkOutcome: Hashable, Sendable, RecordConvertible {
    /// The URL the system opens: the app's own page in Settings.
    public static let url = "app-settings:"

    case offered(permission: String)
    case refused(permission: String, reason: SettingsLinkRefusal)

    public var isOffered: Bool {
        if case .offered = self { return true }
        return false
    }

    public var record: Record {
        switch self {
        case .offered(let p): return Record("settings.link").word("permission", p).string("url", SettingsLinkOutcome.url)
        case .refused(let p, let reason):
            return Record("rejected").word("input", "settingsLink").word("reason", reason.rawValue).word("permission", p)
        }
    }
}

/// Why the Settings link is not offered.
public enum SettingsLinkRefusal: String, Hashable, Sendable, CaseIterable {
    /// `notDetermined`: the app should ask (the prompt is the user's first chance to decide).
    case notAskedYet
    /// `authorized`: there is nothing to fix.
    case alreadyAllowed
    /// `restricted`: the user cannot change it in Settings either.
    case restricted
    /// Photos `limited`: the selection is changed with the limited-library picker, not in Settings.
    case limitedSelection
}
