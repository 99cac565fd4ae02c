import LockstepCore
import Platform

/// Everything the catalogue keeps: the device, the build it runs (registry and bundle), the
/// simulated OS services (lifecycle, `UserDefaults`, accessibility, the named limits) and the
/// screens' state.
public struct CatalogState: Sendable {
    public var device: Device
    public var life = AppLifecycle()
    public var store = KeyValueStore()
    public var a11y = Accessibility()
    public var ledger: BudgetLedger

    // The build: what the next launch ships.
    public var source: [CatalogItem] = BuiltInRegistry.items
    public var bundle: [String: [UInt8]] = BuiltInRegistry.bundle

    // The running app (reset at every launch).
    /// The validated registry every screen reads.
    public var registry: [CatalogItem] = []
    public var problems = 0
    public var query = ""
    public var tag: CatalogTag?
    /// `@AppStorage("favorites")`: comma-joined tokens (ids; titles or indices under the faults).
    public var favoritesRaw = ""
    /// Where favourites are written: `favorites`, or `favorites.recovered` after a corrupt load; nil
    /// when both are unreadable (nothing is written rather than overwrite either).
    public var favoritesKey: String? = DefaultsKey.favorites
    public var recents: RecentList<String>
    public var recentsKey: String? = DefaultsKey.recentlyViewed
    /// Detail screens pushed, by id (at most one: details have no links).
    public var navigation: [String] = []
    public var showCode = false
    /// Demo panes built so far (`built` records), in order: `id:UIKit`.
    public var builtCount = 0
    /// `UIPasteboard.general` (Platform): Copy writes one plain-text item.
    public var pasteboard = Pasteboard()
    public var color = RGBA.initial
    public var colorUpdates = 0
    public var dateStyle = DatePickerStyle.compact
    public var photoPrompts = 0

    /// Keys the last launch found unreadable: for the `unreadableKept` invariant only (history,
    /// left out of the written state).
    public var unreadableKeys: [String] = []
    /// The favourite tokens before the last toggle, and the snippet files the last launch's check
    /// reported: for the `favoritesKeepOthers` and `placeholderReported` invariants only.
    public var favoritesBefore: [String] = []
    public var reportedFiles: [String] = []

    public init(device: Device, ledger: BudgetLedger) {
        self.device = device
        self.ledger = ledger
        recents = RecentList(capacity: ledger.limit(Catalog.Limit.recents) ?? 15)
    }

    /// The item whose detail is on top, from the running registry.
    var topItem: CatalogItem? {
        guard let id = navigation.last else { return nil }
        return registry.first { $0.id == id }
    }
}
