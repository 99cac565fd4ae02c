import LockstepCore

/// The article's failure modes (and the note's derived ones), each re-enabled by `set fault NAME`
/// and each caught by a golden under `Golden/catalog/` through what the user sees or what is
/// stored.
public enum CatalogFault: String, DomainFault {
    case skipSnippetCheck
    case noSizeThatFits
    case perScreenSwitch
    case favoritesByTitle
    case favoritesByIndex
    case photoPermissionJustInCase
    case ungatedWebView
    case finalColorOnly
    case recentsWipedOnCorrupt
    case pruneStaleFavorites
    case allowCommaIds

    public var summary: String {
        switch self {
        case .skipSnippetCheck:
            "failure 1: no manifest check of the snippet files, so a renamed, removed or stale snippet ships and the launch report says ok"
        case .noSizeThatFits:
            "failure 2: the bridged UIKit view has no sizeThatFits: without an intrinsic height it collapses to zero, or stretches to the whole proposed height"
        case .perScreenSwitch:
            "failure 3: the detail screen switches over a compiled-in table instead of reading the registry, so a renamed or added component disagrees between screens"
        case .favoritesByTitle:
            "failure 4: favourites are stored as titles, so renaming a component loses its favourite"
        case .favoritesByIndex:
            "failure 4: favourites are stored as registry positions, so reordering the catalogue moves them to other components"
        case .photoPermissionJustInCase:
            "failure 5: NSPhotoLibraryUsageDescription added just in case and the demo asks for photo access, though PhotosPicker and PHPicker run out of process and need none"
        case .ungatedWebView:
            "failure 6: the iOS 26 SwiftUI WebView demo is not gated, so opening it on iOS 17.6 crashes instead of showing the WKWebView wrapper"
        case .finalColorOnly:
            "failure 7: the colour picker coordinator reports only the final colour, dropping the continuous changes while dragging"
        case .recentsWipedOnCorrupt:
            "derived 8: stringArray(forKey:) returns nil for a stored array holding a non-string, so the app starts from [] and overwrites the stored value with [id]"
        case .pruneStaleFavorites:
            "derived 9: a favourite toggle rewrites only ids still in the registry, so a component removed in one version loses its favourite when it comes back"
        case .allowCommaIds:
            "derived 10: ids with a comma pass validation; favouriting \"a,b\" stores it comma-joined and it reads back as two other favourites"
        }
    }
}
