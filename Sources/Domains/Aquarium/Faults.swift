import LockstepCore

/// The article's failure modes (the note's list 1–11), each switched back on by name and each
/// caught by what the user sees or what is stored.
public enum AquariumFault: String, DomainFault {
    case skippedStoredAsZero
    case cyclingFromNewest
    case stallFromNewest
    case slowSyncDeadLetters
    case syncOnlyOnAccountScreen
    case watchMissesReadings
    case nitrateRatioOnNitrite
    case localTimeReadBack
    case unknownUnitPassedThrough
    case lateCommitMissed
    case pulledRowClobbersLocalEdit

    public var summary: String {
        switch self {
        case .skippedStoredAsZero: "a blank field is saved as a 0 reading: a false overnight jump alert and a chart dip to zero (failure 1)"
        case .cyclingFromNewest: "the cycling banner reads the newest session, so a KH-only session drops it to Setting up (failure 2)"
        case .stallFromNewest: "stall checks read the newest session even when it did not measure the parameter (failure 3)"
        case .slowSyncDeadLetters: "timeouts use up attempts and dependents of an abandoned row are still pushed: a slow auth dead-letters the tank and RLS refuses its children (failure 4)"
        case .syncOnlyOnAccountScreen: "sync runs only while the account screen is open, not on launch or resume (failure 5)"
        case .watchMissesReadings: "the tank screen's query declares only the settings table, so a new test still shows \"not tested yet\" (failure 6)"
        case .nitrateRatioOnNitrite: "nitrite-N converts with 4.4 (the nitrate ratio's neighbour) instead of 3.284 (failure 7)"
        case .localTimeReadBack: "instants are stored as local wall time and read back as UTC: every time shifts by the zone offset (failure 8)"
        case .unknownUnitPassedThrough: "an unknown unit stores the number unconverted instead of refusing the save (failure 9)"
        case .lateCommitMissed: "the pull asks for updated_at > cursor with no overlap: a late-committing row is never seen (failure 10)"
        case .pulledRowClobbersLocalEdit: "a pulled row overwrites a local edit that has not been pushed yet (failure 11)"
        }
    }
}
