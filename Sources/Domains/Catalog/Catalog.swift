import LockstepCore
import Platform

/// `catalog`: Catalog - UI, a reference app for browsing and trying iOS UI components (controls,
/// pickers, views) in one place: each component has a live UIKit demo and a parallel SwiftUI demo
/// side by side, with copyable code snippets, tag filters, search, favourites and a recently
/// viewed list, and no account.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building a live iOS component catalogue".
/// Modelled, all from the article: the one data-driven registry every screen reads (list, search,
/// favourites, recents, detail) and its validation at launch (unique, stable ids; snippet files in
/// the bundle; checklist 1, 4 and 6); lazy demo construction (nothing built until a detail opens);
/// the results filter (tag, then title search; registry order; the query is not trimmed); the
/// favourites string (`split` dropping empty pieces, toggle, `sorted().joined(",")`, the swipe
/// label "Favorite"/"Unfavorite"); recently viewed (move to front on the detail's appearance, a cap
/// of 15); the detail's panes "UIKit" then "SwiftUI" then "View code"; the snippet sheet (header =
/// text after the last `.`, body from `<name>.swift.txt` or exactly `// Snippet missing`, Copy to
/// the pasteboard); the bridge's `sizeThatFits` (width = proposal or the expanded size, height =
/// max(fitted, intrinsic)); the colour picker coordinator reporting continuous and final changes and
/// the binding pushed back; the date picker's three styles; OS gating (listing minimum iOS 17.6,
/// the native SwiftUI `WebView` from iOS 26 with the `WKWebView` wrapper below); PhotosPicker and
/// PHPicker needing no photo permission.
///
/// Shared services reused from Platform: `SearchFolding` (the folded title search standing in for
/// `localizedStandardContains`), `RecentList` (recents), `KeyValueStore` (`UserDefaults`),
/// `BudgetLedger` (named limits), `Accessibility` (`a11y`), `AppLifecycle` (`lifecycle`), `Device`
/// with `DeviceVocabulary` (the `os`, `idiom`, ... settings, the `env` event, `available(_:since:)`
/// for the WebView gate), `Pasteboard` with its vocabulary (Copy), `UTF8Validation` (snippets).
///
/// Choices where the article is silent (GAPs):
/// - Search folds with `SearchFolding` (NFD, drop Mn/Me marks, full case folding, NFC) instead of
///   Foundation's locale-dependent tables; no locale is injected (none changes these titles). The
///   query is matched untrimmed, as the article's verified behaviour: `" "` matches titles with a
///   space, `"date  picker"` nothing. Only titles are searched. A query over `queryScalars` (256)
///   is refused, the old query kept.
/// - Favourites: the set is sorted by UTF-8 bytes (the article's `sorted()` is the same for its
///   ASCII ids). An id no longer in the registry is skipped on screen and kept in storage.
/// - Recents use the Platform `RecentList` key, which folds ASCII case (`Slider` and `slider`
///   would be one entry; the registry's ids are lower case). A stored list longer than the cap, or
///   with repeats, is loaded capped with a record naming what was left out.
/// - Stored defaults that are unreadable or of the wrong type (favourites not a string, recents
///   holding a non-string) are reported and never overwritten: the app writes to
///   `<key>.recovered` from then on (read first at the next launch while the original stays
///   unreadable). The string elements of a damaged recents array are shown (salvaged).
/// - Registry validation: duplicate ids (the later entry is left out), empty ids and ids with a
///   comma are left out of the running app; no demo, no tags, no snippet files, a snippet that is
///   missing, not UTF-8, empty or not the pane's demo are reported and the entry shown. Every
///   finding is a `registry.problem` record and the `registry.report` says `ok=false`. A snippet's
///   text is its pane's descriptor (the demo runs the snippet's code), so "doesn't match" is
///   checkable; a gated SwiftUI pane's snippet holds both branches.
/// - Demos are descriptors (this project's wording of the article's demo facts), built at each
///   push of the detail (SwiftUI rebuilds the view); only then a `built` record.
/// - `open` works from the list screens only (a detail has no links; `back` pops); with the code
///   sheet up, only `copy` and `dismissSheet` are accepted. Unknown ids are refused.
/// - Copy of a placeholder (`// Snippet missing`) is refused: the user would paste a comment.
///   Copy writes one `public.plain-text` item owned by the app, not local-only, never expiring
///   (`UIPasteboard.general.string = code`), and is announced ("Copied <file>") for VoiceOver.
/// - Colour callbacks and binding changes need the colour picker's detail on screen; NaN
///   components are refused, values outside 0...1 kept (extended sRGB). The starting colour is
///   systemBlue (0, 0.478, 1, 1).
/// - Sizing: `layoutFittingExpandedSize.width` is 10,000,000 pt; a fake view's fitting height does
///   not depend on the width; both heights (when not `noIntrinsicMetric`) scale with the Dynamic
///   Type text size (`TextSizeCategory.scale`). Proposals that are negative, NaN or infinite are
///   refused; an omitted width is the unspecified proposal.
/// - Date picker heights: compact 34 pt intrinsic, inline 330 pt fitted, wheels 216 pt intrinsic.
/// - A demo's own state starts again at each push (SwiftUI `@State`): the date picker shows
///   `.compact`, the colour pickers the starting colour.
/// - The registry: eight entries (the article's slider and the components it names); the font
///   picker is UIKit-only (SwiftUI has no font picker). What a demo does beyond showing itself is
///   data (`DemoBehaviour`: colour picker, date picker, photo picker), not a per-component switch.
/// - A bridged view with neither a fitted nor an intrinsic height (the WKWebView) is 0 pt high by
///   the article's rule too; the golden shows it rather than hiding it.
/// - The WebView entry has two panes like every entry (UIKit `WKWebView`; SwiftUI: native
///   `WebView` or the `LegacyWebView` wrapper, labelled "iOS 26.0+"); the article's three-way
///   comparison is those two panes across OS versions. A fallback is recorded by
///   `Device.available` (`availability.fallback api=WebView requires=26.0 os=17.6`).
/// - Opening the photo pickers' demo records that it runs out of process with no permission
///   prompt and no `NSPhotoLibraryUsageDescription`.
/// - A swipe needs its row on screen (the id in the current results); search and filter need the
///   list on top. Accessibility changes are accepted at any time.
/// - The app's screens take input while it is on screen (from launch to background); the build
///   (`register`, `unregister`, `retitle`, `bundle`), `defaults` and `env` lines only while it is
///   not running, standing for a new version installed, data left by an earlier run, or an OS
///   update (which restarts apps). The shared `pasteboard` lines (other apps copying) are
///   accepted at any time.
/// - An OS below the listing's iOS 17.6 is a settings error at `os` (the App Store would not
///   install the app).
/// - Limits (`limit.NAME`): `recents` 15, `registryItems` 100 (a `register` past it is refused),
///   `queryScalars` 256.
///
/// Faults: `Faults.swift`. Invariants and the explorer: `Invariants.swift`, `Explorer.swift`.
public enum Catalog: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = CatalogState
    public typealias Event = CatalogEvent
    public typealias Fault = CatalogFault

    public static let name = "catalog"
    public static let summary = "Catalog - UI: one validated component registry behind search, tags, favourites, recents, detail panes, snippets, bridge sizing and OS gating (seed 001, \"Building a live iOS component catalogue\")."

    /// The listing's minimum: "Supports iOS 17.6 and later".
    public static let minimumOS = OSRelease(17, 6)

    public enum Limit {
        public static let recents = "recents"
        public static let registryItems = "registryItems"
        public static let queryScalars = "queryScalars"
    }

    public static let limits = [
        BudgetLimit(Limit.recents, 15, "recently viewed ids kept (the article's prefix(15))"),
        BudgetLimit(Limit.registryItems, 100, "entries the build's registry may hold"),
        BudgetLimit(Limit.queryScalars, 256, "Unicode scalars in a search query"),
    ]

    public struct Settings: Sendable {
        public var device: Device
        public var limits: BudgetOverrides
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        // The shared device settings (`os`, `idiom`, ...); an OS below the listing's 17.6 is an error at `os`.
        let device = try DeviceVocabulary.settings(&s, default: Device(os: minimumOS), minimumOS: minimumOS)
        let limits = try BudgetLedger.overrides(&s, for: Catalog.limits)
        return Settings(device: device, limits: limits)
    }

    public static func start(_ settings: Settings, _ world: inout World<Catalog>) throws(ScenarioError) -> CatalogState {
        let ledger = BudgetLedger(limits, overrides: settings.limits, &world)
        let s = CatalogState(device: settings.device, ledger: ledger)
        world.emit(s.device)
        return s
    }

    public static func kind(of event: CatalogEvent) -> String {
        switch event {
        case .register: "register"
        case .unregister: "unregister"
        case .retitle: "retitle"
        case .bundle: "bundle"
        case .defaults: "defaults"
        case .search: "search"
        case .filter: "filter"
        case .swipe: "swipe"
        case .open: "open"
        case .back: "back"
        case .viewCode: "viewCode"
        case .dismissSheet: "dismissSheet"
        case .copy: "copy"
        case .colorPicked: "colorPicked"
        case .colorBinding: "colorBinding"
        case .propose: "propose"
        case .datePickerStyle: "datePickerStyle"
        case .lifecycle: LifecycleVocabulary.kind
        case .a11y: AccessibilityVocabulary.kind
        case .env: DeviceVocabulary.kind
        case .pasteboard: PasteboardVocabulary.kind
        }
    }

    public static func write(_ s: CatalogState, to out: inout CanonicalWriter) {
        out.word("os", s.device.os.description)
        s.life.write(to: &out)
        s.a11y.write(to: &out)
        s.ledger.write(to: &out)
        out.list("build", s.source) { w, _, item in w.record(itemRecord(item, name: "item")) }
        out.section("bundle count=\(s.bundle.count)") { w in
            for name in s.bundle.keys.sorted() {
                let bytes = s.bundle[name]!
                w.record(Record("resource").string("name", name).int("bytes", bytes.count).digest("digest", FNV1a64.hash(bytes)))
            }
        }
        out.write("registry", s.registry.isEmpty ? .word("none") : .tuple(s.registry.map { .string($0.id) }))
        out.int("problems", s.problems)
        out.string("query", s.query)
        out.word("tag", s.tag?.rawValue ?? "All")
        out.string("favoritesRaw", s.favoritesRaw)
        out.write("favoritesKey", s.favoritesKey.map { .string($0) } ?? .word("none"))
        s.recents.write("recents", to: &out)
        out.write("recentsKey", s.recentsKey.map { .string($0) } ?? .word("none"))
        out.write("navigation", s.navigation.isEmpty ? .word("none") : .tuple(s.navigation.map { .string($0) }))
        out.bool("showCode", s.showCode)
        out.int("built", s.builtCount)
        s.pasteboard.write(to: &out)
        out.write("color", .tuple(s.color.components.map { .fixed($0, places: 4) }))
        out.int("colorUpdates", s.colorUpdates)
        out.word("dateStyle", s.dateStyle.rawValue)
        out.int("photoPrompts", s.photoPrompts)
        s.store.write(to: &out)
    }

    /// One entry as the state and `registry.item` records show it.
    static func itemRecord(_ item: CatalogItem, name: String) -> Record {
        var r = Record(name).string("id", item.id).string("title", item.title).with("tags", item.tagValue)
            .with("panes", panesValue(item)).with("snippets", item.snippetFiles.isEmpty ? .word("none") : .tuple(item.snippetFiles.map { .string($0) }))
        if let gate = item.swiftUIGate { r = r.word("swiftUIMin", gate.minimum.description) }
        if item.behaviour != .plain { r = r.word("behaviour", item.behaviour.rawValue) }
        return r
    }

    static func panesValue(_ item: CatalogItem) -> Value {
        var panes: [Value] = []
        if item.uiKitDemo != nil { panes.append(.word("UIKit")) }
        if item.swiftUIDemo != nil { panes.append(.word("SwiftUI")) }
        return panes.isEmpty ? .word("none") : .tuple(panes)
    }
}
