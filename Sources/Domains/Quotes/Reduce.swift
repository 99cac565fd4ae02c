import LockstepCore
import Platform

extension Quotes {
    public static func reduce(_ s: inout QuotesState, _ event: QuotesEvent, _ world: inout World<Quotes>) {
        switch event {
        case .launch(let bundle, let version):
            if s.job != nil { stopImport(&s, &world, why: "relaunch") }
            s.launches += 1
            s.launchZone = world.zone
            world.emit(Record("launched").int("launch", s.launches).int("storedVersion", s.importedVersion).int("quotes", s.store.count("quote")))
            startImport(&s, &world, label: "bundle", input: "launch", bundle: bundle, version: version)
        case .remote(let bundle, let version):
            guard s.job == nil else { world.reject("remote", "import-running"); return }
            startImport(&s, &world, label: "remote", input: "remote", bundle: bundle, version: version)
        case .corrections(let bundle):
            applyCorrections(&s, &world, bundle)
        case .kill:
            guard s.job != nil else { world.emit(Record("killed").int("lostRows", 0)); return }
            stopImport(&s, &world, why: "killed")
        case .importStep:
            importStep(&s, &world)
        case .open:
            openQuoteOfTheDay(&s, &world)
        case .search(let q):
            s.searchText = q
            search(s, &world, q)
        case .submit(let q):
            submit(&s, &world, q)
        case .suggestions:
            guard s.searchText.isEmpty else { world.reject("suggestions", "search-not-empty"); return }
            loadRecents(&s, &world)
            world.emit(s.recents.record("suggestions"))
        case .pick(let term):
            s.searchText = term
            search(s, &world, term)
            submit(&s, &world, term)
        case .corruptRecents:
            s.recentsCorrupt = true
            world.emit(Record("recents.stored").word("bytes", "corrupt"))
        case .favorite(let id):
            toggleFavorite(&s, &world, id)
        case .createCollection(let name):
            createCollection(&s, &world, name)
        case .collect(let id, let name):
            collect(&s, &world, id, name)
        case .deleteCollection(let name):
            deleteCollection(&s, &world, name)
        case .read(let id):
            read(&s, &world, id)
        case .streak:
            showStreak(s, &world)
        case .share(let id, let kind, let fails):
            share(s, &world, id, kind, renderFails: fails)
        case .theme(let t):
            s.theme = t
            showTheme(s, &world)
        case .appearance(let a):
            s.system = a
            showTheme(s, &world)
        }
    }

    // MARK: Store helpers

    static func quoteRow(_ s: QuotesState, _ id: String) -> ObjectRow? {
        (try? s.store.row("quote", key: .text(id))) ?? nil
    }

    static func favorites(_ s: QuotesState) -> [ObjectRow] {
        // The virtual Favorites collection: a query, never a stored list that can drift.
        (try? s.store.fetch("quote", where: .equals("isFavorite", .bool(true)), order: ObjectOrder("author"))) ?? []
    }

    static func emitFavorites(_ s: QuotesState, _ world: inout World<Quotes>) {
        let rows = favorites(s)
        if rows.isEmpty {
            world.emit(Record("favorites").int("count", 0).string("message", "No favourites yet").word("systemImage", "heart"))
        } else {
            world.emit(Record("favorites").int("count", rows.count).string("ids", rows.map { $0["id"].text ?? "" }.joined(separator: " ")))
        }
    }

    static func toggleFavorite(_ s: inout QuotesState, _ world: inout World<Quotes>, _ id: String) {
        guard let row = quoteRow(s, id) else { world.reject("favorite", "unknown-quote") { $0.string("id", id) }; return }
        let now = !(row["isFavorite"].bool ?? false)
        do { try s.store.update("quote", key: .text(id), set: [("isFavorite", .bool(now))]) } catch {
            world.reject("favorite", "store") { $0.string("why", error.message) }
            return
        }
        s.favoriteTally += now ? 1 : -1
        world.emit(Record("favorite").string("id", id).bool("isFavorite", now))
        emitFavorites(s, &world)
    }

    // MARK: Collections

    static let maxCollections = 256
    static let maxPerCollection = 10_000

    static func emitCollection(_ c: QuoteCollection, _ world: inout World<Quotes>) {
        world.emit(Record("collection").string("name", c.name).int("count", c.quoteIDs.count).string("ids", c.quoteIDs.joined(separator: " ")))
    }

    static func createCollection(_ s: inout QuotesState, _ world: inout World<Quotes>, _ name: String) {
        guard !name.isEmpty else { world.reject("collection", "empty-name"); return }
        guard !s.collections.contains(where: { $0.name == name }) else { world.reject("collection", "exists") { $0.string("name", name) }; return }
        guard s.collections.count < maxCollections else { world.reject("collection", "limit") { $0.int("limit", maxCollections) }; return }
        let c = QuoteCollection(name: name, createdAt: world.now, quoteIDs: [])
        s.collections.append(c)
        world.emit(Record("collection.created").string("name", name).instant("createdAt", world.now))
    }

    static func collect(_ s: inout QuotesState, _ world: inout World<Quotes>, _ id: String, _ name: String) {
        guard quoteRow(s, id) != nil else { world.reject("collect", "unknown-quote") { $0.string("id", id) }; return }
        guard let i = s.collections.firstIndex(where: { $0.name == name }) else {
            world.reject("collect", "unknown-collection") { $0.string("name", name) }
            return
        }
        if s.collections[i].quoteIDs.contains(id) {
            world.emit(Record("collect.noop").string("id", id).string("name", name).word("why", "already-in"))
            return
        }
        guard s.collections[i].quoteIDs.count < maxPerCollection else { world.reject("collect", "limit") { $0.int("limit", maxPerCollection) }; return }
        s.collections[i].quoteIDs.append(id)
        emitCollection(s.collections[i], &world)
    }

    static func deleteCollection(_ s: inout QuotesState, _ world: inout World<Quotes>, _ name: String) {
        guard let i = s.collections.firstIndex(where: { $0.name == name }) else {
            world.reject("dropCollection", "unknown-collection") { $0.string("name", name) }
            return
        }
        let c = s.collections.remove(at: i)
        var deleted = 0
        if world.isOn(.deleteCascades) {
            for id in c.quoteIDs { deleted += (try? s.store.delete("quote", key: .text(id))) ?? 0 }
        }
        world.emit(Record("collection.deleted").string("name", name).int("members", c.quoteIDs.count).int("quotesDeleted", deleted)
            .int("quotesLeft", s.store.count("quote")))
    }
}
