import LockstepCore
import Platform

/// `bibleReader`: Bible Study AI – Read Offline, an offline-first Bible reader. The text ships as a
/// read-only database with a full-text index; highlights live in a separate user store mirrored
/// to CloudKit across the user's devices; the two are joined only by a canonical integer verse id.
/// A Verse-of-the-Day widget shows a verse picked from the local calendar day.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building an offline-first Bible reader on iOS".
/// Modelled: verse ids (book·10⁶ + chapter·10³ + verse), the read-only text opened immutable (a
/// missing bundle is `openFailed` and the rest keeps working), the chapter range query
/// `start … start+999`, the search builder (split on non-letters/numbers, `w*` pieces, empty → no
/// query), FTS5 `unicode61 remove_diacritics 2` matching with bm25 ranking and
/// `snippet(…, '[', ']', '…', 12)` through Platform `Search` (every row of the note's real-SQLite
/// table reproduced), highlights toggled (insert with no translation, or delete every row of the
/// verse) and synced through Platform `Cloud`, keep-newest-per-verse on read, the widget timeline
/// (day-of-year pick, reload at the next local midnight via `DayKey`), app updates that replace
/// only the text.
///
/// Choices where the article is silent (GAPs):
/// - D1 fixed: pieces are sent quoted, `"w"*`: for ordinary words the same rows, ranks and
///   snippets (the addendum checked 1,640 pairs); the as-written failure is the fault
///   `bareOperatorTerms`, which logs `search.ftsStepError` and shows no results, as the article's
///   loop does.
/// - `limit <= 0` is treated as the default 100 with a `search.limitDefaulted` record.
/// - Ties in the highlight dedupe go to the larger UUID string; an unknown colour is shown as given.
/// - D2 fixed: the reload is `DayKey.nextLocalMidnight`; D3 fixed: the timeline carries a second
///   entry dated tomorrow. D4 pinned as written: a toggle in another colour removes the highlight.
/// - D5: the list has 31 entries, so day 365 → 23 and day 366 → 24, and 1 January → 0.
/// - D8 pinned: `x²` is one token, zero hits, no error. CJK runs are single tokens (`愛*` finds only
///   a whole-run prefix): a pinned limitation of unicode61.
/// - Two devices, `A` and `B`; `cloud` lines script the network. A device's rows are the newest
///   record per row id in its replica, and a delete is a `deleted` record for that row id.
/// - Not modelled in this pass: read-aloud (the note's A8 timing; Platform `SpeechSynthesizer`
///   exists for it), notes, plans, prayers, search debounce and history, the CloudKit model lint,
///   versification (done at build time by definition), a user-store load failure (D6), the TTS
///   callback race (D7).
public enum BibleReader: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = BibleReaderState
    public typealias Event = BibleReaderEvent
    public typealias Fault = BibleReaderFault

    public static let name = "bibleReader"
    public static let summary = "Bible Study AI: canonical verse ids, read-only text with an FTS5-exact search (unicode61, prefix terms, bm25, snippets), highlights synced without duplicates, a DST-safe Verse-of-the-Day widget (seed 001, \"Building an offline-first Bible reader on iOS\")."


    public static let events: [EventKind<BibleReaderEvent>] = [
        EventKind("launch", "The app starts on a device.") { f throws(ScenarioError) in
            .launch(device: try f("device", .word, default: "A", "A or B"), bundle: try f("bundle", .choice(BundleKind.self), default: .fixture, "the text bundle"))
        },
        EventKind("openChapter", "The reader opens a chapter in a translation.") { f throws(ScenarioError) in
            .openChapter(device: try f("device", .word, default: "A"), book: try f("book", .int, in: 1...66, "canonical book number"),
                         chapter: try f("chapter", .int, in: 1...999), translation: try f("translation", .word, default: "KJV"))
        },
        EventKind("search", "The user submits a search.") { f throws(ScenarioError) in
            .search(device: try f("device", .word, default: "A"), query: try f("q", .text), translation: try f("translation", .word, default: "KJV"),
                    limit: try f("limit", .int, default: 100, in: -1_000...10_000))
        },
        EventKind("toggleHighlight", "The user taps highlight on a verse.") { f throws(ScenarioError) in
            .toggleHighlight(device: try f("device", .word, default: "A"), verse: try f("verse", .integer, "a verse id, book·10⁶ + chapter·10³ + verse"),
                             color: try f("color", .word, default: "yellow"))
        },
        EventKind("appUpdate", "An app update replaces bible.sqlite (a wording fix).") { f throws(ScenarioError) in
            .appUpdate(device: try f("device", .word, default: "A"))
        },
        EventKind("verseWidget", "WidgetKit calls the widget extension.") { f throws(ScenarioError) in
            .widget(try f("call", .choice(WidgetRequest.self)))
        },
        CloudVocabulary.eventKind { .cloud($0) },
    ]

    public static func kind(of event: BibleReaderEvent) -> String {
        switch event {
        case .launch: "launch"
        case .openChapter: "openChapter"
        case .search: "search"
        case .toggleHighlight: "toggleHighlight"
        case .appUpdate: "appUpdate"
        case .widget: "verseWidget"
        case .cloud: CloudVocabulary.kind
        }
    }

    public static func start(_ settings: NoSettings, _ world: inout World<BibleReader>) throws(ScenarioError) -> BibleReaderState {
        BibleReaderState(cloud: Cloud(devices: BibleReaderState.devices, rng: world.rng("cloud")))
    }

    public static func write(_ s: BibleReaderState, to out: inout CanonicalWriter) {
        out.record(Record("text").int("version", s.textVersion).int("rows", s.text?.rows.count ?? 0))
        out.list("launched", s.launched.sorted()) { w, _, d in w.word("device", d) }
        for d in BibleReaderState.devices {
            out.list("store.\(d)", rows(s, d)) { w, _, r in
                w.record(Record("row").string("id", r.uuid).int64("verse", r.verseID).word("color", r.color)
                    .word("translation", r.translation ?? "nil").instant("createdAt", r.createdAt))
            }
        }
        s.cloud.write(to: &out)
        out.record(Record("counts").int("searches", s.searches).int("widgetCalls", s.widgetCalls))
    }
}
