import LockstepCore
import Platform

/// One decoded bundle row, with where it starts in the file.
struct QuoteRecord: Sendable, Equatable {
    var id: String
    var text: String
    var author: String
    var category: String
    var line: Int
    var column: Int
}

/// The background importer between two batches.
struct ImportJob: Sendable {
    var label: String
    var records: [QuoteRecord]
    var version: Int
    var next = 0
    /// Ids stored when the import began (the article's `existing`; not updated in the loop).
    var existing: Set<String>
    /// Inserted since the last save: lost if the app is killed.
    var pending: [QuoteRecord] = []
    var inserted = 0
    var skipped = 0
    var saves = 0
    var timer: TimerID?
}

public struct QuoteCollection: Sendable, Equatable {
    var name: String
    var createdAt: Instant
    /// Quote ids, in the order added.
    var quoteIDs: [String]
}

public struct QuotesState: Sendable {
    /// The SwiftData store: table `quote` (id, text, author, category, isFavorite, seq).
    var store = ObjectStore()
    /// `userDefaults["library.importedVersion"]` (0 when missing).
    var importedVersion = 0
    var job: ImportJob?
    var launches = 0
    /// Insertion counter: the store's physical order, what an unsorted fetch returns.
    var seq: Int64 = 0
    /// The day's pinned pick (D1): padded day key and quote id.
    var pinned: (day: String, id: String)?
    var recents = RecentList<String>(capacity: Quotes.maxRecents, key: { $0.lowercased() })
    var recentsCorrupt = false
    var searchText = ""
    var collections: [QuoteCollection] = []
    var days = DayLog()
    /// Read instants, for the seconds-based streak (fault `streakInSeconds` only).
    var readInstants: [Instant] = []
    /// Distinct quote ids read (achievement "read 100 quotes").
    var readIDs: Set<String> = []
    var achievements: [String] = []
    /// The zone the tracker captured at launch (`Calendar.current` copied once).
    var launchZone: Zone = .utc
    /// Favourites the user has set (history for an invariant; not written to the state).
    var favoriteTally = 0
    var theme: ThemeSetting = .auto
    var system: Appearance = .light
}
