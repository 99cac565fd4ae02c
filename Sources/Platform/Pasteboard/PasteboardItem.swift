import LockstepCore

/// One representation on the pasteboard: a uniform type identifier and its text
/// (`public.plain-text`, `public.url`, `public.html`). Binary types are out of scope: every app this
/// models copies and pastes text.
public struct PasteboardItem: Hashable, Sendable {
    /// The plain-text type every app in the seed articles writes (`UTType.plainText`).
    public static let plainTextType = "public.plain-text"

    public var type: String
    public var text: String

    public init(type: String = PasteboardItem.plainTextType, text: String) {
        self.type = type
        self.text = text
    }

    /// `public.plain-text`, `public.utf8-plain-text` and `public.text` all answer `string` and
    /// `hasStrings` (UIKit treats them as strings).
    public var isString: Bool {
        type == PasteboardItem.plainTextType || type == "public.utf8-plain-text" || type == "public.text"
    }
}

/// Whose content is on the pasteboard: it decides whether a read is a cross-app paste, the case the
/// privacy banner and alert exist for.
public enum PasteboardOwner: Hashable, Sendable {
    /// The app being modelled (or one of its extensions).
    case thisApp
    /// Another app, by name (`Notes`, `Safari`).
    case otherApp(String)

    /// `thisApp`, or the other app's name.
    public var name: String {
        switch self {
        case .thisApp: "thisApp"
        case .otherApp(let app): app
        }
    }
}

/// Who calls the pasteboard API: the app itself, or its custom keyboard extension, which reaches
/// the general pasteboard only with Full Access (`RequestsOpenAccess`) granted by the user.
public enum PasteboardClient: Hashable, Sendable {
    case app
    case keyboard(fullAccess: Bool)

    public var name: String {
        switch self {
        case .app: "app"
        case .keyboard(let full): full ? "keyboard" : "keyboardNoFullAccess"
        }
    }
}

/// How the app reads, which decides what the user is shown.
public enum PasteboardReadMode: String, CaseIterable, Hashable, Sendable {
    /// `UIPasteboard.general.string` (or `items`) from code: the read the privacy rules are about.
    case programmatic
    /// `hasStrings` / `hasURLs`: whether there is content, never the content; no banner, no alert.
    case hasStrings
    /// SwiftUI `PasteButton` (iOS 16): the tap is the user's consent; no banner, no alert.
    case pasteButton
    /// UIKit `UIPasteControl` (iOS 16): the same consent as `pasteButton`.
    case pasteControl

    /// The OS release that introduced this way of reading.
    public var introduced: OSRelease {
        switch self {
        case .programmatic, .hasStrings: OSRelease(10, 0)
        case .pasteButton, .pasteControl: OSRelease(16, 0)
        }
    }

    /// Whether the read carries the user's intent (a tap on a system paste control).
    public var carriesUserIntent: Bool { self == .pasteButton || self == .pasteControl }
}

/// What the user saw because of one read.
public enum PastePrompt: String, Hashable, Sendable {
    /// Nothing: the app's own content, a `hasStrings` query, or a paste control.
    case none
    /// iOS 14 and 15: "<App> pasted from <Other>" at the top of the screen; the read succeeds.
    case banner
    /// iOS 16 and later with "Paste from Other Apps" set to Ask: "Allow Paste?"; the read waits for
    /// the answer.
    case alert
}

/// Settings ▸ <App> ▸ Paste from Other Apps (iOS 16): what a programmatic cross-app read does.
public enum PastePermission: String, CaseIterable, Hashable, Sendable {
    /// The default: every programmatic cross-app read asks (`PastePrompt.alert`).
    case ask
    /// Reads succeed without asking.
    case allow
    /// Reads return nothing, without asking.
    case deny
}
