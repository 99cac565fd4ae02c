import LockstepCore

/// How a quote is shared: as a rendered card or as words.
public enum ShareKind: String, CaseIterable, Sendable { case text, image }

/// The stored theme choice (`appStorage["theme"]`); `auto` follows the system.
public enum ThemeSetting: String, CaseIterable, Sendable { case auto, light, dark }

/// The system's light or dark appearance.
public enum Appearance: String, CaseIterable, Sendable { case light, dark }

/// Where a bundle came from: bytes in a scenario fixture, or a seeded synthetic library.
public enum BundleSource: Sendable, Equatable {
    case bytes([UInt8])
    /// `count` records `q00000`, `q00001`, ... (fixed-width ids), deterministic text and authors.
    case synthetic(count: Int)
}

public enum QuotesEvent: Sendable {
    /// App launch (or relaunch): runs the import when the stored version is older than `version`.
    case launch(bundle: BundleSource, version: Int)
    /// The optional "daily new quotes" JSON, fed through the same importer.
    case remote(bundle: BundleSource, version: Int)
    /// Typo fixes by id (D2): updates text and author only, never favourites or collections.
    case corrections(bundle: BundleSource)
    /// The app is killed: a running import stops; rows not yet saved are lost.
    case kill
    /// The background importer's next batch (a timer).
    case importStep
    /// Shows the quote of the day for the local day now.
    case open
    case search(String)
    case submit(String)
    /// Shows the recent-search suggestions (only while the search text is empty).
    case suggestions
    case pick(String)
    /// The stored recent-search value is overwritten with bytes that are not JSON.
    case corruptRecents
    case favorite(String)
    case createCollection(String)
    case collect(quoteID: String, collection: String)
    case deleteCollection(String)
    /// Reads a quote (nil: today's quote); drives the streak.
    case read(String?)
    case streak
    case share(String, ShareKind, renderFails: Bool)
    case theme(ThemeSetting)
    case appearance(Appearance)
}
