import LockstepCore
import Platform

/// Everything that can happen to Hashtags Creator: the editor's text field and buttons, the list's
/// swipe and drag, the PickFive screen, the system paste button, another app's pasteboard, a
/// remote config, relaunches and app updates, and Instagram reading what was copied.
public enum HashtagsEvent: Sendable {
    /// Typing into "Add tags (space or comma separated)": the field's whole new value.
    case textInput(String)
    /// Return in the field (`onSubmit`): `addTags()` for the category.
    case submit(category: String)
    /// The Add button: `addTags()`, only when it is enabled.
    case tapAdd(category: String)
    /// Swipe to delete one row.
    case swipeDelete(category: String, tag: String)
    /// EditButton drag: `onMove(fromOffsets:toOffset:)`.
    case move(category: String, fromOffsets: [Int], toOffset: Int)
    /// The category editor appears (the moment the article says never to read the pasteboard).
    case appear(category: String)
    /// A tap on the system PasteButton (iOS 16): the pasted strings go to `add`.
    case pasteButton(category: String)
    /// A row tap on PickFive for the category's tags.
    case pick(category: String, tag: String)
    /// The "Copy n of 5" button, with `Clipboard.copy`'s options.
    case copy(expiresAfter: Duration?, localOnly: Bool)
    /// A remote config that moves the platform's tag limit.
    case remoteConfig(tagLimit: Int)
    /// The process ends and the app is launched again: it reloads the bundle and tag-edits.json.
    case relaunch
    /// An app update ships new bundled categories (and relaunches the app).
    case bundleUpdate([UInt8])
    /// The user pastes into Instagram's caption: Instagram reads the pasteboard and posts or refuses.
    case pasteIntoInstagram
    /// The copy banner's lifetime is over (a timer; the serial of the banner it hides).
    case bannerHide(Int)
    /// The copied item's expiry instant has come (a timer, so the trace clears it on time).
    case pasteboardExpiry
    /// The shared device vocabulary: an OS update between launches, another device.
    case env(DeviceChange)
    /// The shared pasteboard vocabulary: another app copies or clears, the paste permission.
    case pasteboard(PasteboardLine)
}
