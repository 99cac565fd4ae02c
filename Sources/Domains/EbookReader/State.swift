import LockstepCore
import Platform

/// A request the app is waiting on.
struct PendingFetch: Hashable, Sendable {
    enum Purpose: String, Hashable, Sendable { case preview, download }
    let bookID: String
    let purpose: Purpose
    /// The preview's byte budget (the Range asked for).
    let bytes: Int
}

/// One catalog entry (the SwiftData `Book` model). Persisted: survives `relaunch`.
struct Book: Hashable, Sendable {
    let id: String
    var title: String
    var author: String
    var wordCount: Int?
    var language: String
    var remoteURL: String
    /// `"<id>.txt"` once downloaded; `isDownloaded` is `localFileName != nil`.
    var localFileName: String?
    /// Reading position in UTF-16 units of the decoded text.
    var progressOffset = 0
    /// Under the `progressAsScrollOffset` fault: the scroll offset saved instead of a character.
    var savedScrollY: Double?
    /// The furthest offset reached (pages read count only forward progress past it).
    var furthestOffset = 0
    var lastOpened: Instant?
    var countedAsRead = false
}

enum MarkKind: String, Hashable, Sendable, CaseIterable { case bookmark, highlight }

/// A bookmark or highlight, in UTF-16 units of the book's text; cascade-deleted with its book.
struct Mark: Hashable, Sendable {
    let id: Int
    let bookID: String
    let kind: MarkKind
    let location: Int
    let length: Int
    let created: Instant
}

public enum ReaderTheme: String, Hashable, Sendable, CaseIterable {
    case light, sepia, dark

    /// (background, text) as 0…1 RGB, from the article's three themes.
    var colours: (background: [Double], text: [Double]) {
        switch self {
        case .light: ([1, 1, 1], [0, 0, 0])
        case .sepia: ([0.98, 0.95, 0.88], [0.26, 0.20, 0.14])
        case .dark: ([0.08, 0.08, 0.08], [0.85, 0.85, 0.85])
        }
    }
}

/// `UIContentSizeCategory`, with Apple's published body point sizes (L = 17 is ×1.0).
public enum SizeCategory: String, Hashable, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, ax1, ax2, ax3, ax4, ax5

    var bodyPoints: Int {
        switch self {
        case .xSmall: 14
        case .small: 15
        case .medium: 16
        case .large: 17
        case .xLarge: 19
        case .xxLarge: 21
        case .xxxLarge: 23
        case .ax1: 28
        case .ax2: 33
        case .ax3: 40
        case .ax4: 47
        case .ax5: 53
        }
    }

    var scale: Double { Double(bodyPoints) / 17 }
}

struct ReaderSettings: Hashable, Sendable {
    var fontName = "Georgia"
    var fontSize = 19.0
    /// A multiple of the line height.
    var lineHeight = 1.45
    var margin = 24.0
    var theme = ReaderTheme.sepia
}

/// What the text view was last laid out with: the rebuild guard compares against it.
struct LayoutKey: Hashable, Sendable {
    var settings: ReaderSettings
    var category: SizeCategory
    var viewWidth: Double
}

/// The open reader screen (not persisted: `relaunch` closes it).
struct ReaderScreen: Hashable, Sendable {
    let bookID: String
    /// The decoded text in UTF-16 units.
    let units: [UInt16]
    var layout: TextLayout
    var applied: LayoutKey?
    var contentOffsetY = 0.0
    /// Where the last restore put the view; a scroll end with no movement since keeps the offset.
    var restoredY: Double?
    /// The selection the edit menu was built for.
    var selection: [SpeechRange] = []
    var rebuilds = 0
}

/// `ReadingClock`: counts only between resume and pause, at most 30 minutes a session.
struct ReadingClock: Hashable, Sendable {
    static let sessionCap = Duration.minutes(30)
    var startedAt: Instant?
    var total = Duration.zero
}

public struct EbookReaderState: Sendable {
    var books: [String: Book] = [:]
    var marks: [Mark] = []
    var nextMarkID = 1
    var files = FileStore()
    /// Paths with `isExcludedFromBackup = true`, sorted.
    var excludedFromBackup: [String] = []
    var network = ScriptedTransport()
    /// In-flight requests: request id → (book id, what for).
    var requests: [RequestID: PendingFetch] = [:]
    var settings = ReaderSettings()
    var category = SizeCategory.large
    var viewWidth = 390.0
    var viewHeight = 844.0
    var reader: ReaderScreen?
    var clock = ReadingClock()
    var isActive = true
    var readerVisible = false
    var pagesRead = 0
    var booksRead = 0
    var progressSaves = 0
    /// Local days with ≥ 1 s of counted reading (persisted).
    var readingDays = DayLog()
    /// One-shot file-system failures armed by `fsFail`.
    var failMove = false
    var failSetResourceValues = false
    var tempCounter = 0
    // Read-aloud.
    var speech = SpeechSynthesizer()
    var audio = AudioSession()
    var speechTimer: TimerID?
    /// Utterance id → (book, global UTF-16 offset of its first unit).
    var utteranceBase: [Int: Int] = [:]
    /// Utterance id → global UTF-16 offset one past its last unit (its paragraph's end).
    var utteranceEnd: [Int: Int] = [:]
    var lastSpokenOffset: Int?
}
