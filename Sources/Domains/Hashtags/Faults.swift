import LockstepCore

/// The article's failure modes and the note's derived ones, each re-enabled by `set fault NAME`
/// or `--fault NAME` and each caught by a golden under `Golden/hashtags/` by what the user sees
/// or what is stored.
public enum HashtagsFault: String, DomainFault {
    case oldLimitThirty
    case asciiOnly
    case caseSensitiveDedup
    case editsWipedOnUpdate
    case readOnLaunch
    case silentCopy
    case scatteredLimit
    case reAddDuplicatesDefault
    case bundleDuplicate
    case corruptEditsOverwritten
    case stalePicks

    public var summary: String {
        switch self {
        case .oldLimitThirty:
            "the pick cap is the pre-December-2025 30: a sixth pick is taken and the copied post has more than 5 tags, so Instagram's comment won't post"
        case .asciiOnly:
            "the filter keeps [a-z0-9_] only: Hindi, Japanese, Arabic and accented tags are silently deleted"
        case .caseSensitiveDedup:
            "no lowercasing: #Travel and #travel are two tags and waste a slot"
        case .editsWipedOnUpdate:
            "an app update with new bundled categories starts the overlay afresh: the user's additions and removals are lost"
        case .readOnLaunch:
            "the app reads the pasteboard on launch and on appear to detect copied tags: the iOS 14 banner or the iOS 16 alert"
        case .silentCopy:
            "copy gives no haptic and no \"Copied n tags\" banner: users tap Copy three times to be sure"
        case .scatteredLimit:
            "the button title and the disabled rows use a literal 5 of their own: a new limit from remote config or limit.instagramTags reaches the cap only"
        case .reAddDuplicatesDefault:
            "re-adding a removed default clears the removal and also appends it to added: the tag shows twice"
        case .bundleDuplicate:
            "the merged list is not de-duplicated: a bundle update that adds a tag the user had added shows it twice"
        case .corruptEditsOverwritten:
            "an unreadable tag-edits.json reads as empty edits (try?) with no record and no quarantine: the next save overwrites the user's data"
        case .stalePicks:
            "a picked tag deleted from its category stays picked and is still copied"
        }
    }
}
