import LockstepCore
import Platform

/// `ebookReader`: Novels Club, an offline reader for public-domain classics. The user browses the
/// catalog, previews a book with an HTTP Range request, downloads it into Application Support
/// (excluded from iCloud backup), reads with adjustable typography and Dynamic Type, highlights and
/// bookmarks passages, and listens with read-aloud. Progress, bookmarks and highlights are UTF-16
/// offsets, so they survive every re-layout; the reading clock counts only while the reader is on
/// screen and the app active, at most 30 minutes a session.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building an offline ebook reader for iOS".
/// Modelled: the reading-time estimate (250 wpm), the download (200 only, temp file moved at once to
/// `ApplicationSupport/Books/<id>.txt`, excluded from backup), the preview (`Range: bytes=0-N−1`,
/// 200 or 206, prefix, trim up to 3 bytes), the rebuild guard (`applied != settings`), themes,
/// Dynamic Type, save on scroll end only, restore after layout, percentage, highlights from both
/// edit-menu delegates (iOS ≤ 25 one range, iOS 26 several), bookmarks, cascade delete, the reading
/// clock with its cap, pages read (1,800 characters), books read, read-aloud.
///
/// Choices where the article is silent (GAPs):
/// - Layout: the monospace model of `TextLayout` (the note's item 7), insets (32, margin, 48, margin).
/// - Dynamic Type: the effective size is `fontSize × body(category) / 17` with Apple's body sizes;
///   paragraph spacing stays `fontSize × 0.6` as the article writes it.
/// - Known fonts: Georgia, Palatino, Charter, Iowan Old Style, New York; any other name falls back to
///   the system font with a `fontFallback` record.
/// - D1 fixed: a bookmark jump restores at once whether or not settings changed.
/// - D2 fixed: a scroll end with no movement since the last restore keeps the saved offset.
/// - D3: the 30-minute cap is kept (the note's known value 45 + 10 min = 2,400 s); the fault
///   `noSessionCap` removes it.
/// - D4: a preview that is not UTF-8 is empty with `notice=notUTF8`. D5: one decoder (BOM dropped)
///   for preview and full text. D6: ids must be `[A-Za-z0-9_-]`, at most 64 bytes. D7: a failed
///   `setResourceValues` still sets `localFileName` (the file is there) and retries the exclusion at
///   the next open.
/// - Highlights: one mark per non-empty range, exact duplicates skipped, a range splitting a
///   surrogate pair snapped outwards, negative or out-of-text ranges refused (`invalidRange`). On
///   iOS ≤ 25 the single-range delegate receives the first range of the selection.
/// - Pages read: floor(furthest offset / 1,800), counting forward progress only. A book counts as
///   read once, at ≥ 98.0 %.
/// - Streaks (item 15): Platform `DayLog` in calendar days; a reading day has ≥ 1 s of counted
///   time, credited when the clock pauses to each local day the counted span covers (zone of that
///   event); `streak` shows it, today not breaking the chain until it is over (`Streak.swift`).
/// - Voices: Platform `SpeechVocabulary` (`speech voice en-US=false`).
/// - Progress is saved by a scroll end, a bookmark jump, and read-aloud: at a pause or stop the last
///   word spoken, at the end of a paragraph its end.
/// - Read-aloud speaks from the saved offset to the end of its paragraph, then one utterance per
///   paragraph, at most 64 (`limit` record), in the book's language (`book lang=`), through
///   Platform's `SpeechSynthesizer` and the shared audio session in `.playback`.
/// - `relaunch` ends the process: the reader, speech and audio session are gone, the reading clock
///   is paused at that instant; the catalog, marks and files persist.
public enum EbookReader: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = EbookReaderState
    public typealias Event = EbookReaderEvent
    public typealias Fault = EbookReaderFault

    public static let name = "ebookReader"
    public static let summary = "Novels Club: Range previews, downloads to Application Support, UTF-16 progress that survives re-layout, highlights, reading clock, read-aloud (seed 001, \"Building an offline ebook reader for iOS\")."

    public static let knownFonts = ["Charter", "Georgia", "Iowan Old Style", "New York", "Palatino"]
    public static let maxBooks = 2_000
    public static let maxMarks = 10_000
    public static let maxBookBytes = 16 << 20
    public static let maxRanges = 64
    public static let maxIDBytes = 64

    static func parseRanges(_ text: String) -> [SpeechRange]? {
        var out: [SpeechRange] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: ":", omittingEmptySubsequences: false)
            guard pair.count == 2, let a = Int(pair[0]), let b = Int(pair[1]) else { return nil }
            out.append(SpeechRange(location: a, length: b))
        }
        return out
    }

    public static let events: [EventKind<EbookReaderEvent>] = [
        EventKind("book", "A catalog entry (metadata only).") { f throws(ScenarioError) in
            let id = try f("id", .text, "the book's id (becomes the file name)")
            let title = try f("title", .text, default: "Untitled", "the title")
            let author = try f("author", .text, default: "Anonymous", "the author")
            let words = try f.optional("words", .int, in: 0...100_000_000, "the word count, for the reading-time estimate")
            let lang = try f("lang", .word, default: "en-US", "the text's language (read-aloud voice)")
            if !f.isDeclaring, id.utf8.count > 256 { throw f.error("id is \(id.utf8.count) bytes; the limit is 256", at: "id") }
            return .book(id: id, title: title, author: author, words: words, language: lang)
        },
        EventKind("preview", "The user taps Preview: a Range request for the first bytes.") { f throws(ScenarioError) in
            .preview(book: try f("book", .text), bytes: try f("bytes", .int, default: 16_384, in: -1_000_000...(16 << 20), "the Range size"))
        },
        EventKind("download", "The user taps Download.") { f throws(ScenarioError) in .download(book: try f("book", .text)) },
        EventKind("fsFail", "The next download's file operation fails (fault injection).") { f throws(ScenarioError) in
            .fsFail(try f("op", .choice(FileOperation.self)))
        },
        EventKind("open", "The user opens a downloaded book (continue reading).") { f throws(ScenarioError) in .open(book: try f("book", .text)) },
        EventKind("viewport", "The text view's size.") { f throws(ScenarioError) in
            .viewport(width: try f("width", .number), height: try f("height", .number, default: 844))
        },
        EventKind("dynamicType", "The system text size (UIContentSizeCategory).") { f throws(ScenarioError) in
            .dynamicType(try f("size", .choice(SizeCategory.self)))
        },
        EventKind("settings", "The reader's typography settings (the whole value).") { f throws(ScenarioError) in
            .settings(SettingsLine(font: try f("font", .text, default: "Georgia"), size: try f("size", .number, default: 19),
                                   lineHeight: try f("lineHeight", .number, default: 1.45), margin: try f("margin", .number, default: 24),
                                   theme: try f("theme", .choice(ReaderTheme.self), default: .sepia)))
        },
        EventKind("scroll", "A scroll event: the content offset.") { f throws(ScenarioError) in .scroll(y: try f("y", .number)) },
        EventKind("scrollEnd", "The drag ended or the deceleration finished.") { f throws(ScenarioError) in
            .scrollEnd(try f("kind", .choice(ScrollEndKind.self)), decelerate: try f("decelerate", .bool, default: false, "dragEnd: willDecelerate"))
        },
        EventKind("select", "The user selects text: UTF-16 ranges location:length, on an iOS version.") { f throws(ScenarioError) in
            let text = try f("ranges", .text, "location:length,...")
            let os = try f("os", .int, default: 26, in: 16...40, "the iOS major version")
            var ranges: [SpeechRange] = []
            if !f.isDeclaring {
                guard let r = parseRanges(text) else { throw f.error("ranges must be location:length pairs joined by ','", at: "ranges") }
                guard r.count <= maxRanges else { throw f.error("\(r.count) ranges; the limit is \(maxRanges)", at: "ranges") }
                ranges = r
            }
            return .select(ranges: ranges, os: os)
        },
        EventKind("highlight", "The user taps Highlight in the edit menu.") { _ throws(ScenarioError) in .highlight },
        EventKind("bookmark", "The user bookmarks the current place.") { _ throws(ScenarioError) in .bookmark },
        EventKind("jump", "The user taps a bookmark in the list while reading.") { f throws(ScenarioError) in .jump(mark: try f("mark", .int)) },
        EventKind("deleteMark", "The user deletes a bookmark or highlight.") { f throws(ScenarioError) in .deleteMark(id: try f("id", .int)) },
        EventKind("deleteBook", "The user deletes a book.") { f throws(ScenarioError) in .deleteBook(book: try f("book", .text)) },
        EventKind("appear", "The reader screen appears.") { _ throws(ScenarioError) in .appear },
        EventKind("disappear", "The reader screen disappears.") { _ throws(ScenarioError) in .disappear },
        EventKind("scene", "The scene phase changes.") { f throws(ScenarioError) in .scene(try f("phase", .choice(ScenePhaseWord.self))) },
        EventKind("speak", "Read aloud from the current place.") { f throws(ScenarioError) in .speak(rate: try f("rate", .number, default: 0.5)) },
        EventKind("speechPause", "Pause read-aloud.") { f throws(ScenarioError) in .speechPause(try f("at", .choice(SpeechBoundary.self), default: .word)) },
        EventKind("speechResume", "Resume read-aloud.") { _ throws(ScenarioError) in .speechResume },
        EventKind("speechStop", "Stop read-aloud.") { f throws(ScenarioError) in .speechStop(try f("at", .choice(SpeechBoundary.self), default: .immediate)) },
        EventKind("streak", "The statistics screen shows the reading streak.") { _ throws(ScenarioError) in .streak },
        EventKind("relaunch", "The process is killed and launched again.") { _ throws(ScenarioError) in .relaunch },
        EventKind("purgeCaches", "The system purges Caches under storage pressure.") { _ throws(ScenarioError) in .purgeCaches },
        NetVocabulary.eventKind { .network(.line($0)) },
        AudioVocabulary.eventKind { .audio($0) },
        SpeechVocabulary.eventKind { .speech($0) },
    ]

    public static func kind(of event: EbookReaderEvent) -> String {
        switch event {
        case .book: "book"
        case .preview: "preview"
        case .download: "download"
        case .fsFail: "fsFail"
        case .open: "open"
        case .viewport: "viewport"
        case .dynamicType: "dynamicType"
        case .settings: "settings"
        case .scroll: "scroll"
        case .scrollEnd: "scrollEnd"
        case .select: "select"
        case .highlight: "highlight"
        case .bookmark: "bookmark"
        case .jump: "jump"
        case .deleteMark: "deleteMark"
        case .deleteBook: "deleteBook"
        case .appear: "appear"
        case .disappear: "disappear"
        case .scene: "scene"
        case .speak: "speak"
        case .speechPause: "speechPause"
        case .speechResume: "speechResume"
        case .speechStop: "speechStop"
        case .speech: SpeechVocabulary.kind
        case .speechWake: "speechWake"
        case .streak: "streak"
        case .relaunch: "relaunch"
        case .purgeCaches: "purgeCaches"
        case .network(let e): NetVocabulary.kind(of: e)
        case .audio: AudioVocabulary.kind
        }
    }

    public static func start(_ settings: NoSettings, _ world: inout World<EbookReader>) throws(ScenarioError) -> EbookReaderState {
        EbookReaderState()
    }

    public static func write(_ s: EbookReaderState, to out: inout CanonicalWriter) {
        out.list("books", s.books.keys.sorted()) { w, _, id in
            let b = s.books[id]!
            var r = Record("book").string("id", b.id).with("file", b.localFileName.map { .string($0) } ?? .word("none"))
                .int("progress", b.progressOffset).int("furthest", b.furthestOffset)
            if let y = b.savedScrollY { r = r.fixed("savedScrollY", y, 2) }
            w.record(r)
        }
        out.list("marks", s.marks) { w, _, m in
            w.record(Record("mark").int("id", m.id).string("book", m.bookID).word("kind", m.kind.rawValue).int("location", m.location).int("length", m.length))
        }
        s.files.write(to: &out)
        out.list("excludedFromBackup", s.excludedFromBackup) { w, _, p in w.string("path", p) }
        s.network.write(to: &out)
        var settings = Record("settings").string("font", s.settings.fontName).fixed("size", s.settings.fontSize, 2)
            .fixed("lineHeight", s.settings.lineHeight, 3).fixed("margin", s.settings.margin, 2).word("theme", s.settings.theme.rawValue)
        settings = settings.word("category", s.category.rawValue).fixed("viewWidth", s.viewWidth, 2)
        out.record(settings)
        if let r = s.reader {
            out.record(Record("reader").string("book", r.bookID).int("units", r.units.count).int("lines", r.layout.lineCount)
                .fixed("contentOffsetY", r.contentOffsetY, 2).int("rebuilds", r.rebuilds))
        } else {
            out.word("reader", "closed")
        }
        out.record(Record("clock").duration("total", s.clock.total).bool("running", s.clock.startedAt != nil)
            .bool("visible", s.readerVisible).bool("active", s.isActive))
        if s.readingDays.count > 0 {
            out.list("readingDays", s.readingDays.days) { w, _, d in w.string("day", d.padded) }
        }
        out.record(Record("stats").int("pagesRead", s.pagesRead).int("booksRead", s.booksRead).int("progressSaves", s.progressSaves))
        out.record(Record("speech").bool("speaking", s.speech.isSpeaking).bool("paused", s.speech.isPaused)
            .int("queued", s.speech.queuedCount).int("spokenWords", s.speech.spokenWords))
        s.audio.write(to: &out)
    }
}
