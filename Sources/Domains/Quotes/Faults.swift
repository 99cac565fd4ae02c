import LockstepCore

/// The article's failure modes and the note's derived D-list, each switched back on by name and
/// caught by a golden through the quote shown, the rows stored or the streak displayed.
public enum QuotesFault: String, DomainFault {
    case hashValueDailyPick
    case unsortedOffsetFetch
    case importRewritesRows
    case streakInSeconds
    case streakZeroInMorning
    case streakStepsSeconds
    case deleteCascades
    case shareAtScaleTwo
    case hardcodedBlack
    case unpinnedDailyPick
    case correctionsViaImport
    case duplicateIDsUpsert
    case versionZeroSilent
    case paddedDailyKey
    case staleTrackerCalendar
    case trimmedSearchQuery

    public var summary: String {
        switch self {
        case .hashValueDailyPick: "the daily pick hashes with String.hashValue, seeded per launch: the quote changes on every launch (failure 1)"
        case .unsortedOffsetFetch: "the offset fetch has no sort order: the Nth row is the store's physical order, not the id order (failure 2)"
        case .importRewritesRows: "the importer upserts every row: an update resets favourites and rewrites text (failure 4)"
        case .streakInSeconds: "the streak counts 86,400-second spans from the first read: 23:50 and 00:10 are one day (failure 6)"
        case .streakZeroInMorning: "today's missing key breaks the streak at once: 0 in the morning before reading (failure 7)"
        case .streakStepsSeconds: "the streak steps back by 86,400 s, skipping the day after a 23-hour day (failure 8)"
        case .deleteCascades: "deleting a collection deletes its quotes (failure 10)"
        case .shareAtScaleTwo: "the card renders at scale 2: 2160×2700 px instead of the 1080×1350 post (failure 11)"
        case .hardcodedBlack: "text is hard-coded black: invisible on the dark surface under Auto (failure 12)"
        case .unpinnedDailyPick: "the day's pick is recomputed each time: an import mid-day changes today's quote (D1)"
        case .correctionsViaImport: "corrections go through the importer, which skips existing ids: typo fixes never arrive (D2)"
        case .duplicateIDsUpsert: "duplicate ids inside one file both pass the filter and the last silently wins (D3)"
        case .versionZeroSilent: "a bundle version 0 is compared with the missing stored 0 and never imports, silently (D4)"
        case .paddedDailyKey: "the daily key is zero-padded like the streak key, so every FNV index moves (D5)"
        case .staleTrackerCalendar: "the tracker keeps the calendar it captured at launch: after a flight days land in the old zone (D6)"
        case .trimmedSearchQuery: "the search query is trimmed for matching, unlike the article's predicate (D7)"
        }
    }
}
