import LockstepCore
import Platform

/// Categories and search over the catalogue loaded from the host (see `Catalog`).
extension Wallpapers {
    static let catalogHost = "https://api.example/wallpapers"

    static func selectCategory(_ s: inout WallpapersState, _ id: String, _ world: inout World<Wallpapers>) {
        let url = URLText.with(catalogHost, query: [("category", id)])
        switch s.net.send(HTTPRequest(.get, url, timeout: .seconds(30)), tag: "catalog", &world, wake: wake) {
        case .sent(let rid):
            s.loads[rid.rawValue] = .catalog(category: id)
            world.emit(Record("catalog.requested").word("category", id).int("request", rid.rawValue))
        case .failedNow: world.emit(Record("catalog.failed").word("category", id).word("reason", "offline"))
        case .refused: world.emit(Record("catalog.failed").word("category", id).word("reason", "refused"))
        }
    }

    static func catalogArrived(_ s: inout WallpapersState, _ done: TransportCompletion, category: String, _ world: inout World<Wallpapers>) {
        guard case .response(let response) = done.result else {
            if case .failure(let kind) = done.result { world.emit(Record("catalog.failed").word("category", category).word("reason", kind.rawValue)) }
            return
        }
        guard response.status == 200 else {
            world.emit(Record("catalog.failed").word("category", category).word("reason", "status").int("status", response.status))
            return
        }
        let (items, bad, over) = Catalog.parse(response.body)
        for n in bad { world.emit(Record("catalog.badLine").word("category", category).int("line", n)) }
        if over > 0 { world.emit(Record("catalog.truncated").word("category", category).int("limit", Catalog.maxItems).int("dropped", over)) }
        if !world.isOn(.unlicensedImages) {
            for item in items where item.license == nil {
                world.emit(Record("catalog.hidden").string("name", item.name).word("reason", "noLicense"))
            }
        }
        s.catalog.category = category
        s.catalog.items = items
        emitCatalog(s, &world)
    }

    static func search(_ s: inout WallpapersState, _ text: String, _ world: inout World<Wallpapers>) {
        guard s.catalog.category != nil else {
            world.reject("search", "no-catalog") { $0.string("text", text) }
            return
        }
        s.catalog.query = text
        emitCatalog(s, &world)
    }

    static func emitCatalog(_ s: WallpapersState, _ world: inout World<Wallpapers>) {
        let shown = s.catalog.visible(showUnlicensed: world.isOn(.unlicensedImages))
        world.emit(Record("catalog.shown").word("category", s.catalog.category ?? "none").string("query", s.catalog.query)
            .int("count", shown.count).string("names", shown.map(\.name).joined(separator: ",")))
    }
}
