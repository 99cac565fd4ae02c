import LockstepCore
import Platform

/// Everything Hashtags Creator keeps: the device, the bundled categories and the user's overlay,
/// the file store behind `tag-edits.json`, the editor's field, PickFive's picks, the platform
/// limit, the pasteboard and what the user was shown.
public struct HashtagsState: Sendable {
    /// The OS release the app runs on (iOS 12.0 and later).
    public var device = Device(os: OSRelease(17, 0))
    /// The normaliser's rules (faults and the `splitOnHash` extension).
    public var rules = Hashtag.Rules()
    /// Whether the merged list is de-duplicated (off only under the `bundleDuplicate` fault).
    public var dedupeMerged = true
    /// The current `categories.json` (kept so a relaunch reads it again).
    public var bundle: [UInt8] = []
    public var categories: [TagCategory] = []
    public var edits = UserEdits()
    /// The app's container: `Application Support/tag-edits.json` and a quarantined copy.
    public var files = FileStore()
    /// Saves so far (every mutation of `edits` saves, as the article's `didSet` does).
    public var saveCount = 0
    /// The text field's value.
    public var newTag = ""
    /// PickFive: the category whose tags are listed, and the picks in pick order.
    public var pickCategory: String?
    public var picked: [String] = []
    /// The named platform limit (`instagramTags`), overridable with `set limit.instagramTags N`
    /// and moved by `remoteConfig`; each pick spends one, each un-pick releases one.
    public var ledger = BudgetLedger(Hashtags.limits)
    public var pasteboard = Pasteboard()
    /// The "Copied n tags" banner while it shows, and the serial of the last one.
    public var banner: String?
    public var bannerSerial = 0
    public var bannerTimer: TimerID?
    /// Haptics played: `.selection` on every change of the picks, `.success` on every copy.
    public var selectionHaptics = 0
    public var successHaptics = 0
    public var launches = 0
    /// Instagram's verdicts on pasted captions.
    public var postsAccepted = 0
    public var postsRefused = 0
}
