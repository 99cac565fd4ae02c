import LockstepCore
import Platform

/// A scenario's name for a row (`t1`, `s1`) and the UUID v7 the device made for it.
struct Label: Hashable, Sendable {
    var label: String
    var id: String
    /// For a session: its tank's label.
    var tank: String
}

/// Everything the app keeps. The store, the outbox (inside `sync`) and the display units are on
/// disk and survive launches; `watches` and `formError` are in memory.
public struct AquariumState: Sendable {
    var store = Schema.emptyStore()
    var watches = ObjectWatches()
    /// The last content each watch emitted, by query, to show what the screen displays.
    var watchContent: [(query: String, content: String)] = []
    var sync = SyncLog()
    var user: String
    var tanks: [Label] = []
    var sessions: [Label] = []
    /// Device setting, aligned with `Parameter.allCases`; not synced.
    var displayUnits: [UnitID] = Parameter.allCases.map(\.defaultDisplay)
    var idRNG: SeededRNG
    var ids = 0
    var formError: String?
    var life = AppLifecycle()
    var screen = "home"
    var syncPasses = 0

    // Evidence for invariants, kept out of `write` (no digest depends on it).
    var blankRowsWritten = 0
    var stageFromUnmeasured = false
    var stallFromUnmeasured = false
    var launchWithoutSync = false
    var childSentBeforeTank = false

    init(user: String, idRNG: SeededRNG) {
        self.user = user
        self.idRNG = idRNG
    }

    func displayUnit(_ p: Parameter) -> UnitID { displayUnits[Parameter.allCases.firstIndex(of: p)!] }

    func tank(_ label: String) -> Label? { tanks.first { $0.label == label } }
    func session(_ label: String) -> Label? { sessions.first { $0.label == label } }

    /// A session's scenario label, or the first 8 characters of its id when it came from elsewhere.
    func sessionLabel(id: String) -> String { sessions.first { $0.id == id }?.label ?? String(id.prefix(8)) }
    func tankLabel(id: String) -> String { tanks.first { $0.id == id }?.label ?? String(id.prefix(8)) }
}
