import LockstepCore
import Platform

public enum BundleKind: String, Hashable, Sendable, CaseIterable { case fixture, missing }
public enum WidgetRequest: String, Hashable, Sendable, CaseIterable { case timeline, snapshot, placeholder }

/// Recorded inputs and the cloud's scripted side.
public enum BibleReaderEvent: Hashable, Sendable {
    /// The app starts on `device` with the text bundle present or missing.
    case launch(device: String, bundle: BundleKind)
    case openChapter(device: String, book: Int, chapter: Int, translation: String)
    case search(device: String, query: String, translation: String, limit: Int)
    case toggleHighlight(device: String, verse: Int64, color: String)
    /// An app update replaces `bible.sqlite` (version 2 fixes one wording).
    case appUpdate(device: String)
    /// WidgetKit asks the widget extension (another process) for a timeline, snapshot or placeholder.
    case widget(WidgetRequest)
    case cloud(CloudLine)
}
