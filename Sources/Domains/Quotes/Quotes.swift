import LockstepCore
import Platform

/// `quotes`: Facts and Quotes, an offline library of about 50,000 curated quotes and facts with a
/// server-less quote of the day, search with recent searches, favourites and collections, reading
/// streaks and achievements, sharing as a 1080×1350 card or as text, and a Light/Dark/Auto theme.
///
/// Source: seed article `001_6956b43c84091d36.txt`, section "Building an offline quotes app in
/// SwiftUI". Modelled: the one-time background import of the bundled JSON (only new ids, a save at
/// every record index that is a multiple of 2,000 and is new, plus a final save, then the stored
/// version), stable ids, the daily pick (FNV-1a 64 of the unpadded local day key, modulo the
/// count, then an offset fetch sorted by id), search (case- and diacritic-insensitive over text,
/// author and category, sorted by author, query not trimmed), recent searches (spaces and tabs
/// trimmed, case-insensitive de-duplication, newest first, 8 kept, shown only while the search text
/// is empty), favourites as a virtual query, collections (add is idempotent, delete nullifies),
/// streaks in calendar days with the padded key (today does not break the chain until it is over),
/// achievements computed from the data, the share card spec and text payload, theme resolution with
/// semantic tokens, "Unknown" for an empty author.
///
/// Choices where the article is silent (GAPs), following the note except where said:
/// - The ObjectStore keeps rows in code-point order of the id; the "sort by id" fetch is that
///   order. Bundles should use fixed-width ids (synthetic ones are `q00000`...) so code-point and
///   numeric (`localizedStandard`) order agree. An unsorted fetch (fault) is insertion order.
/// - The import runs as timer steps (`importStep`, 1 ms apart), one per save: a `kill` loses rows
///   not yet saved and leaves the stored version unbumped, so the next launch retries.
/// - D1: the first pick of a local day is pinned (day key and id, persisted) so an import later
///   that day does not change today's quote; the pin is replaced on the next day.
/// - D2: a separate `corrections` file updates text, author and category by id, never
///   `isFavorite` or collections; unknown ids are refused per row.
/// - D3: a file with a duplicate id is refused whole (`duplicate-id`, line:column of the second).
/// - D4: a bundle version below 1 is refused (`bad-version`), never skipped silently.
/// - D6: a date-line flight still loses a day (pinned in `streakDateLine`), as the article's rule
///   gives; the tracker takes the zone of each event (the harness passes the calendar every time).
/// - D7: the query is matched untrimmed (only history is trimmed).
/// - Rows with an empty id or text are refused one by one with their line:column; the import goes
///   on. An empty author is stored as "Unknown" with a record.
/// - Search folding is `SearchFolding` (NFD, marks dropped, full case folding). Equal authors tie by
///   id. At most 20 result ids are listed in a record, with the full count.
/// - Recent-search de-duplication folds case with `lowercased()` (the article's
///   `caseInsensitiveCompare`); diacritics are kept distinct. A corrupt stored list reads as `[]`
///   with a record and is overwritten on the next submit.
/// - "7-day streak" is the longest run ≥ 7 (stays earned after a break); "read 100 quotes" counts
///   distinct ids read.
/// - Tokens: surface #FFFFFF/#1C1C1E, surfaceElevated #F2F2F7/#2C2C2E, textPrimary #000000/#FFFFFF,
///   textSecondary #3C3C43/#EBEBF5 (light/dark; the article names tokens, not values).
/// - A card render failure shares an empty payload, with a record saying so (the article's `Data()`).
public enum Quotes: Domain {
    public static let entry = DomainEntry(Self.self)

    public typealias State = QuotesState
    public typealias Event = QuotesEvent
    public typealias Fault = QuotesFault

    public static let name = "quotes"
    public static let summary = "Facts and Quotes: batched import of new ids only, FNV-1a daily pick on the unpadded local day key with a sorted offset fetch, folded search, 8 recent searches, favourites, collections, calendar-day streaks, share card and theme tokens (seed 001, \"Building an offline quotes app in SwiftUI\")."

    static let maxRecents = 8
    static let saveEvery = 2_000
    static let maxListedResults = 20

    static func bundle(_ f: inout Fields) throws(ScenarioError) -> BundleSource {
        let file = try f.optional("bundle", .file, "the bundled JSON, an array of {id, text, author, category}")
        let synthetic = try f.optional("synthetic", .int, in: 0...QuoteBundle.maxRecords, "a generated library of this many quotes instead of a file")
        if f.isDeclaring { return .synthetic(count: 0) }
        switch (file, synthetic) {
        case (let bytes?, nil): return .bytes(bytes)
        case (nil, let n?): return .synthetic(count: n)
        case (nil, nil): throw f.error("give bundle=FILE or synthetic=N")
        case (_?, _?): throw f.error("give bundle= or synthetic=, not both", atAnyOf: ["bundle", "synthetic"])
        }
    }

    public static let events: [EventKind<QuotesEvent>] = [
        EventKind("launch", "Launches the app; imports the bundle when the stored version is older.") { f throws(ScenarioError) in
            let b = try bundle(&f)
            return .launch(bundle: b, version: try f("version", .int, in: -1_000...1_000_000, "the bundle's version"))
        },
        EventKind("remote", "The optional daily-new-quotes JSON, through the same importer.") { f throws(ScenarioError) in
            let b = try bundle(&f)
            return .remote(bundle: b, version: try f("version", .int, in: -1_000...1_000_000))
        },
        EventKind("corrections", "Typo fixes by id (text, author, category).") { f throws(ScenarioError) in
            .corrections(bundle: try bundle(&f))
        },
        EventKind("kill", "The app is killed.") { _ throws(ScenarioError) in .kill },
        EventKind("open", "Shows the quote of the day.") { _ throws(ScenarioError) in .open },
        EventKind("search", "Search text, per keystroke.") { f throws(ScenarioError) in .search(try f("q", .text)) },
        EventKind("submit", "Submits a search term to the history.") { f throws(ScenarioError) in .submit(try f("q", .text)) },
        EventKind("suggestions", "Shows recent searches.") { _ throws(ScenarioError) in .suggestions },
        EventKind("pick", "Picks a suggestion.") { f throws(ScenarioError) in .pick(try f("term", .text)) },
        EventKind("corruptRecents", "Overwrites the stored recent searches with non-JSON bytes.") { _ throws(ScenarioError) in .corruptRecents },
        EventKind("favorite", "Toggles a quote's favourite flag.") { f throws(ScenarioError) in .favorite(try f("id", .text)) },
        EventKind("collection", "Creates a collection.") { f throws(ScenarioError) in .createCollection(try f("name", .text)) },
        EventKind("collect", "Adds a quote to a collection.") { f throws(ScenarioError) in
            .collect(quoteID: try f("id", .text), collection: try f("name", .text))
        },
        EventKind("dropCollection", "Deletes a collection.") { f throws(ScenarioError) in .deleteCollection(try f("name", .text)) },
        EventKind("read", "Reads a quote (default: today's).") { f throws(ScenarioError) in .read(try f.optional("id", .text)) },
        EventKind("streak", "Shows the current streak.") { _ throws(ScenarioError) in .streak },
        EventKind("share", "Shares a quote.") { f throws(ScenarioError) in
            let id = try f("id", .text)
            let kind = try f("as", .choice(ShareKind.self))
            return .share(id, kind, renderFails: try f("renderFails", .bool, default: false, "the image renderer returns nil"))
        },
        EventKind("theme", "Sets the stored theme.") { f throws(ScenarioError) in .theme(try f("setting", .choice(ThemeSetting.self))) },
        EventKind("appearance", "The system appearance changes.") { f throws(ScenarioError) in .appearance(try f("mode", .choice(Appearance.self))) },
    ]

    public static func kind(of event: QuotesEvent) -> String {
        switch event {
        case .launch: "launch"
        case .remote: "remote"
        case .corrections: "corrections"
        case .kill: "kill"
        case .importStep: "importStep"
        case .open: "open"
        case .search: "search"
        case .submit: "submit"
        case .suggestions: "suggestions"
        case .pick: "pick"
        case .corruptRecents: "corruptRecents"
        case .favorite: "favorite"
        case .createCollection: "collection"
        case .collect: "collect"
        case .deleteCollection: "dropCollection"
        case .read: "read"
        case .streak: "streak"
        case .share: "share"
        case .theme: "theme"
        case .appearance: "appearance"
        }
    }

    public static func start(_ settings: NoSettings, _ world: inout World<Quotes>) throws(ScenarioError) -> QuotesState {
        var s = QuotesState()
        do {
            try s.store.create(ObjectSchema("quote", columns: [
                ObjectColumn("id", .text), ObjectColumn("text", .text), ObjectColumn("author", .text),
                ObjectColumn("category", .text), ObjectColumn("isFavorite", .bool), ObjectColumn("seq", .int),
            ]))
        } catch { preconditionFailure("the quote schema is valid: \(error.message)") }
        s.launchZone = world.zone
        return s
    }

    public static func write(_ s: QuotesState, to out: inout CanonicalWriter) {
        out.int("importedVersion", s.importedVersion)
        out.int("launches", s.launches)
        s.store.write(to: &out, rows: s.store.count("quote") <= 64)
        if let j = s.job {
            out.record(Record("job").word("label", j.label).int("next", j.next).int("of", j.records.count).int("pending", j.pending.count).int("saves", j.saves))
        } else {
            out.word("job", "none")
        }
        out.string("pinned", s.pinned.map { "\($0.day) \($0.id)" } ?? "none")
        s.recents.write("recents", to: &out)
        out.bool("recentsCorrupt", s.recentsCorrupt)
        out.string("searchText", s.searchText)
        out.list("collections", s.collections) { w, _, c in
            w.record(Record("collection").string("name", c.name).instant("createdAt", c.createdAt).string("ids", c.quoteIDs.joined(separator: " ")))
        }
        out.string("days", s.days.days.map(\.padded).joined(separator: " "))
        out.int("reads", s.readInstants.count)
        out.int("distinctRead", s.readIDs.count)
        out.string("achievements", s.achievements.joined(separator: " "))
        out.word("launchZone", s.launchZone.name)
        out.word("theme", s.theme.rawValue)
        out.word("system", s.system.rawValue)
    }
}
