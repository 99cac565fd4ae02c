import LockstepCore
import Platform

/// A launch: validate the registry the build ships, load favourites and recents, show the list.
enum Launch {
    static func run(_ s: inout CatalogState, _ world: inout World<Catalog>) {
        world.emit(Record("catalog.launch").word("os", s.device.os.description).word("minimum", Catalog.minimumOS.description)
            .int("entries", s.source.count).int("resources", s.bundle.count))
        let outcome = Validation.check(s.source, bundle: s.bundle, checkSnippets: !world.isOn(.skipSnippetCheck),
                                       allowCommas: world.isOn(.allowCommaIds))
        for finding in outcome.findings { world.emit(finding.record) }
        s.registry = outcome.live
        s.problems = outcome.findings.count
        s.reportedFiles = outcome.findings.compactMap(\.file)
        world.emit(Record("registry.report").int("entries", s.source.count).int("live", s.registry.count)
            .int("problems", s.problems).bool("ok", s.problems == 0))
        resetScreens(&s)
        // What is unreadable is what this launch finds so: data restored since is fair to write.
        s.unreadableKeys = []
        loadFavorites(&s, &world)
        loadRecents(&s, &world)
        Screens.emitResults(s, &world)
    }

    /// The process ended: nothing in memory survives; the store and the build stay.
    static func discard(_ s: inout CatalogState) {
        s.registry = []
        s.problems = 0
        resetScreens(&s)
        s.favoritesRaw = ""
        s.recents.removeAll()
    }

    private static func resetScreens(_ s: inout CatalogState) {
        s.query = ""
        s.tag = nil
        s.navigation = []
        s.showCode = false
        s.color = RGBA.initial
        s.dateStyle = .compact
    }

    /// Reads one key as a typed value; a corrupt, denied or wrongly typed value is `unusable`.
    private static func read(_ s: inout CatalogState, _ key: String, _ world: inout World<Catalog>) -> LoadedDefault<PlistValue> {
        switch s.store.read(key, as: PlistValue.self, &world) {
        case .ok(let v): return .ok(v, from: key)
        case .missing: return .missing
        case .corrupt(let reason): return .unusable(reason: reason, salvaged: nil)
        case .denied(let d): return .unusable(reason: "denied: \(d.rawValue)", salvaged: nil)
        }
    }

    /// `@AppStorage("favorites")`: a string.
    static func loadFavorites(_ s: inout CatalogState, _ world: inout World<Catalog>) {
        func typed(_ r: LoadedDefault<PlistValue>) -> LoadedDefault<String> {
            switch r {
            case .ok(.string(let v), let from): return .ok(v, from: from)
            case .ok(let other, _): return .unusable(reason: "expected a string, found \(other.typeName)", salvaged: nil)
            case .missing: return .missing
            case .unusable(let reason, _): return .unusable(reason: reason, salvaged: nil)
            }
        }
        let primary = DefaultsKey.favorites
        let (value, key) = resolve(&s, primary, typed(read(&s, primary, &world)), &world) { s, k, w in typed(read(&s, k, &w)) }
        s.favoritesRaw = value ?? ""
        s.favoritesKey = key
        let set = Discovery.favoriteSet(s.favoritesRaw)
        world.emit(Record("favorites.loaded").string("raw", s.favoritesRaw).with("tokens", strings(set))
            .with("writesTo", key.map { .string($0) } ?? .word("none")))
    }

    /// `UserDefaults.stringArray(forKey: "recentlyViewed")`: an array of strings only.
    static func loadRecents(_ s: inout CatalogState, _ world: inout World<Catalog>) {
        s.recents = RecentList(capacity: s.ledger.limit(Catalog.Limit.recents) ?? 15)
        func typed(_ r: LoadedDefault<PlistValue>) -> LoadedDefault<[String]> {
            switch r {
            case .ok(.array(let items), let from):
                var out: [String] = []
                for case .string(let v) in items { out.append(v) }
                if out.count == items.count { return .ok(out, from: from) }
                return .unusable(reason: "\(items.count - out.count) of \(items.count) elements are not strings", salvaged: out)
            case .ok(let other, _): return .unusable(reason: "expected an array of strings, found \(other.typeName)", salvaged: nil)
            case .missing: return .missing
            case .unusable(let reason, _): return .unusable(reason: reason, salvaged: nil)
            }
        }
        let primary = DefaultsKey.recentlyViewed
        let first = typed(read(&s, primary, &world))
        if case .unusable = first { markUnreadable(&s, primary) }
        let value: [String]?
        let key: String?
        if world.isOn(.recentsWipedOnCorrupt), case .unusable = first {
            // The article's `stringArray(forKey:) ?? []`: nil for a damaged array, then written over.
            (value, key) = (nil, primary)
        } else {
            (value, key) = resolve(&s, primary, first, &world) { s, k, w in typed(read(&s, k, &w)) }
        }
        s.recentsKey = key
        let skipped = s.recents.load(value ?? [])
        if !skipped.isEmpty {
            world.emit(Record("recents.load-capped").int("stored", (value ?? []).count).int("kept", s.recents.count)
                .with("skipped", strings(skipped)).word("limit", Catalog.Limit.recents).int("value", s.recents.capacity))
        }
        world.emit(s.recents.record("recents").with("writesTo", key.map { .string($0) } ?? .word("none")))
    }

    /// The policy for an unusable stored value: report it, keep it, read `<key>.recovered` instead
    /// and write there from now on. Returns the value to show and the key to write (nil when both
    /// are unreadable: then nothing is written).
    private static func resolve<T>(_ s: inout CatalogState, _ primary: String, _ first: LoadedDefault<T>, _ world: inout World<Catalog>,
                                   _ reread: (inout CatalogState, String, inout World<Catalog>) -> LoadedDefault<T>) -> (T?, String?) {
        switch first {
        case .ok(let v, _): return (v, primary)
        case .missing: return (nil, primary)
        case .unusable(let reason, let salvaged):
            markUnreadable(&s, primary)
            let fallback = DefaultsKey.recovered(primary)
            let second = reread(&s, fallback, &world)
            if case .unusable = second { markUnreadable(&s, fallback) }
            switch second {
            case .ok(let v, _):
                world.emit(Record("defaults.unusable").string("key", primary).string("reason", reason).bool("kept", true)
                    .string("using", fallback))
                return (v, fallback)
            case .missing:
                world.emit(Record("defaults.unusable").string("key", primary).string("reason", reason).bool("kept", true)
                    .string("using", fallback).bool("salvaged", salvaged != nil))
                return (salvaged, fallback)
            case .unusable(let second, _):
                world.emit(Record("defaults.unusable").string("key", primary).string("reason", reason).bool("kept", true)
                    .string("alsoUnusable", fallback).string("secondReason", second).word("using", "none"))
                return (salvaged, nil)
            }
        }
    }

    /// A change kept in memory only, said so: both the key and its `.recovered` copy are unreadable.
    static func unsaved(_ key: String, _ world: inout World<Catalog>) {
        world.emit(Record("defaults.unsaved").string("key", key)
            .string("why", "\(key) and \(DefaultsKey.recovered(key)) are unreadable; neither is overwritten"))
    }

    private static func markUnreadable(_ s: inout CatalogState, _ key: String) {
        if !s.unreadableKeys.contains(key) { s.unreadableKeys.append(key) }
    }

    static func strings(_ v: [String]) -> Value { v.isEmpty ? .word("none") : .tuple(v.map { .string($0) }) }
}
