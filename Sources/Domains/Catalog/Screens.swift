import LockstepCore
import Platform

/// The app's screens: the list (search, filter, swipe), the detail, the code sheet.
enum Screens {
    static func handle(_ s: inout CatalogState, _ event: CatalogEvent, _ world: inout World<Catalog>) {
        let kind = Catalog.kind(of: event)
        // With the sheet up only its own buttons reach the app.
        if s.showCode {
            switch event {
            case .copy, .dismissSheet: break
            default:
                world.reject(kind, "sheet-showing")
                return
            }
        }
        switch event {
        case .search(let q):
            guard onList(s, kind, &world) else { return }
            let limit = s.ledger.limit(Catalog.Limit.queryScalars) ?? 0
            let scalars = q.unicodeScalars.count
            guard scalars <= limit else {
                world.reject(kind, "limit") { $0.word("limit", Catalog.Limit.queryScalars).int("value", limit).int("scalars", scalars).string("kept", s.query) }
                return
            }
            s.query = q
            emitResults(s, &world)
        case .filter(let choice):
            guard onList(s, kind, &world) else { return }
            s.tag = choice.tag
            emitResults(s, &world)
        case .swipe(let id):
            guard onList(s, kind, &world), let item = known(s, id, kind, &world) else { return }
            guard Discovery.results(s.registry, query: s.query, tag: s.tag).contains(item) else {
                world.reject(kind, "not-in-results") { $0.string("id", id) }
                return
            }
            toggleFavorite(&s, item, &world)
        case .open(let id):
            guard onList(s, kind, &world), let item = known(s, id, kind, &world) else { return }
            Detail.open(&s, item, &world)
        case .back:
            guard let id = s.navigation.popLast() else {
                world.reject(kind, "nothing-to-pop")
                return
            }
            world.emit(Record("back").string("from", id).word("screen", s.navigation.isEmpty ? "list" : "detail"))
        case .viewCode:
            guard let id = s.navigation.last else {
                world.reject(kind, "no-detail")
                return
            }
            Detail.showSheet(&s, id, &world)
        case .dismissSheet:
            guard s.showCode else {
                world.reject(kind, "no-sheet")
                return
            }
            s.showCode = false
            world.emit(Record("sheet.dismissed").string("id", s.navigation.last ?? ""))
        case .copy(let file):
            Detail.copy(&s, file, &world)
        case .colorPicked(let c, let continuously):
            guard picker(s, .colorPicker, kind, &world), finite(c, kind, &world) else { return }
            // The bug: the coordinator only forwards the final callback.
            if continuously && world.isOn(.finalColorOnly) { return }
            s.color = c
            s.colorUpdates += 1
            world.emit(colorRecord("color.binding", c).word("source", "picker").bool("continuously", continuously).int("updates", s.colorUpdates))
        case .colorBinding(let c):
            guard picker(s, .colorPicker, kind, &world), finite(c, kind, &world) else { return }
            s.color = c
            s.colorUpdates += 1
            world.emit(colorRecord("color.selected", c).word("source", "binding").int("updates", s.colorUpdates))
        case .propose(let w, let h):
            Detail.propose(&s, widthPt: w, heightPt: h, &world)
        case .datePickerStyle(let style):
            guard picker(s, .datePicker, kind, &world), let item = s.topItem else { return }
            s.dateStyle = style
            world.emit(Record("demo.variant").string("id", item.id).word("style", style.rawValue)
                .string("uiKit", style.uiKitDemo).string("swiftUI", style.swiftUIDemo))
        case .register, .unregister, .retitle, .bundle, .defaults, .lifecycle, .a11y, .env, .pasteboard:
            break
        }
    }

    static func emitResults(_ s: CatalogState, _ world: inout World<Catalog>) {
        let r = Discovery.results(s.registry, query: s.query, tag: s.tag)
        world.emit(Record("results").string("query", s.query).word("tag", s.tag?.rawValue ?? FilterChoice.all.rawValue)
            .int("count", r.count).with("ids", Launch.strings(r.map(\.id))))
    }

    static func isFavorite(_ s: CatalogState, _ item: CatalogItem, _ world: World<Catalog>) -> Bool {
        Discovery.contains(Discovery.favoriteSet(s.favoritesRaw), token(s, item, world))
    }

    static func token(_ s: CatalogState, _ item: CatalogItem, _ world: World<Catalog>) -> String {
        Discovery.token(item, in: s.registry, byTitle: world.isOn(.favoritesByTitle), byIndex: world.isOn(.favoritesByIndex))
    }

    private static func toggleFavorite(_ s: inout CatalogState, _ item: CatalogItem, _ world: inout World<Catalog>) {
        s.favoritesBefore = Discovery.favoriteSet(s.favoritesRaw)
        var (raw, on) = Discovery.toggle(s.favoritesRaw, token(s, item, world))
        if world.isOn(.pruneStaleFavorites) {
            let live = s.registry.map { token(s, $0, world) }
            raw = Discovery.favoriteSet(raw).filter { Discovery.contains(live, $0) }.joined(separator: ",")
        }
        s.favoritesRaw = raw
        if let key = s.favoritesKey {
            s.store.write(key, PlistValue.string(raw), &world)
        } else {
            Launch.unsaved(DefaultsKey.favorites, &world)
        }
        world.emit(Record("favorite").string("id", item.id).bool("on", on).string("stored", raw)
            .string("label", Discovery.label(isFavorite: isFavorite(s, item, world))))
        emitFavorites(s, &world)
    }

    /// The favourites screen: registry order; tokens of no live entry are skipped, and counted.
    static func emitFavorites(_ s: CatalogState, _ world: inout World<Catalog>) {
        let shown = s.registry.filter { isFavorite(s, $0, world) }
        let live = s.registry.map { token(s, $0, world) }
        let stale = Discovery.favoriteSet(s.favoritesRaw).filter { !Discovery.contains(live, $0) }
        var r = Record("favorites").int("count", shown.count).with("ids", Launch.strings(shown.map(\.id)))
        if !stale.isEmpty { r = r.with("notShown", Launch.strings(stale)) }
        world.emit(r)
    }

    private static func onList(_ s: CatalogState, _ kind: String, _ world: inout World<Catalog>) -> Bool {
        guard let top = s.navigation.last else { return true }
        world.reject(kind, "not-on-list") { $0.string("showing", top) }
        return false
    }

    private static func known(_ s: CatalogState, _ id: String, _ kind: String, _ world: inout World<Catalog>) -> CatalogItem? {
        if let item = s.registry.first(where: { $0.id.utf8.elementsEqual(id.utf8) }) { return item }
        world.reject(kind, "unknown-id") { $0.string("id", id) }
        return nil
    }

    private static func picker(_ s: CatalogState, _ behaviour: DemoBehaviour, _ kind: String, _ world: inout World<Catalog>) -> Bool {
        if let item = s.topItem, item.behaviour == behaviour { return true }
        world.reject(kind, "demo-not-shown") { $0.word("needs", behaviour.rawValue).string("showing", s.navigation.last ?? "list") }
        return false
    }

    private static func finite(_ c: RGBA, _ kind: String, _ world: inout World<Catalog>) -> Bool {
        if c.isFinite { return true }
        world.reject(kind, "not-finite") { $0.with("color", .tuple(c.components.map { .fixed($0, places: 4) })) }
        return false
    }

    static func colorRecord(_ name: String, _ c: RGBA) -> Record {
        Record(name).fixed("r", c.r, 4).fixed("g", c.g, 4).fixed("b", c.b, 4).fixed("a", c.a, 4)
    }
}
