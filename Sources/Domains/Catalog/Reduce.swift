import LockstepCore
import Platform

extension Catalog {
    public static func reduce(_ s: inout CatalogState, _ event: CatalogEvent, _ world: inout World<Catalog>) {
        switch event {
        case .register, .unregister, .retitle, .bundle, .defaults, .env:
            guard !s.life.phase.processExists else {
                world.reject(kind(of: event), "app-running") {
                    $0.word("phase", s.life.phase.word).string("why", "the build, the stored data and the OS change only while the app is not running")
                }
                return
            }
            Build.apply(&s, event, &world)
        case .lifecycle(let line):
            for action in s.life.handle(line.event, &world).actions {
                switch action {
                case .loadFromDisk: Launch.run(&s, &world)
                case .discardMemory: Launch.discard(&s)
                case .refresh, .pause, .saveState, .releaseMemory: break  // every write is immediate (UserDefaults)
                }
            }
        case .a11y(let change):
            s.a11y.apply(change, &world)
        case .pasteboard(let line):
            s.pasteboard.apply(line, &world)
        case .search, .filter, .swipe, .open, .back, .viewCode, .dismissSheet, .copy, .colorPicked, .colorBinding, .propose,
             .datePickerStyle:
            guard s.life.phase.isForeground else {
                world.reject(kind(of: event), "not-on-screen") { $0.word("phase", s.life.phase.word) }
                return
            }
            Screens.handle(&s, event, &world)
        }
    }
}

/// The build a launch ships: registry entries and bundle resources, and data left in the store.
enum Build {
    static func apply(_ s: inout CatalogState, _ event: CatalogEvent, _ world: inout World<Catalog>) {
        switch event {
        case .register(let spec):
            let limit = s.ledger.limit(Catalog.Limit.registryItems) ?? 0
            guard s.source.count < limit else {
                world.reject("register", "limit") { $0.string("id", spec.item.id).word("limit", Catalog.Limit.registryItems).int("value", limit) }
                return
            }
            let at = spec.at ?? s.source.count
            guard at <= s.source.count else {
                world.reject("register", "position-out-of-range") { $0.string("id", spec.item.id).int("at", at).int("entries", s.source.count) }
                return
            }
            s.source.insert(spec.item, at: at)
            world.emit(Catalog.itemRecord(spec.item, name: "build.register").int("index", at).int("entries", s.source.count))
        case .unregister(let id):
            guard let i = s.source.firstIndex(where: { $0.id.utf8.elementsEqual(id.utf8) }) else {
                world.reject("unregister", "unknown-id") { $0.string("id", id) }
                return
            }
            s.source.remove(at: i)
            world.emit(Record("build.unregister").string("id", id).int("index", i).int("entries", s.source.count))
        case .retitle(let id, let title):
            guard let i = s.source.firstIndex(where: { $0.id.utf8.elementsEqual(id.utf8) }) else {
                world.reject("retitle", "unknown-id") { $0.string("id", id) }
                return
            }
            let old = s.source[i].title
            s.source[i].title = title
            world.emit(Record("build.retitle").string("id", id).string("from", old).string("to", title))
        case .bundle(let name, let edit):
            switch edit {
            case .text(let t): put(&s, name, Array(t.utf8), &world)
            case .bytes(let b): put(&s, name, b, &world)
            case .remove:
                guard s.bundle.removeValue(forKey: name) != nil else {
                    world.reject("bundle", "unknown-resource") { $0.string("name", name) }
                    return
                }
                world.emit(Record("build.bundle").string("name", name).word("op", "remove").int("resources", s.bundle.count))
            }
        case .env(let change):
            s.device.apply(change, &world)
        case .defaults(let key, let seed):
            switch seed {
            case .value(let v): s.store.seed(key, v, &world)
            case .damaged(let reason): s.store.corrupt(key, reason: reason, &world)
            }
        default:
            break
        }
    }

    private static func put(_ s: inout CatalogState, _ name: String, _ bytes: [UInt8], _ world: inout World<Catalog>) {
        let existed = s.bundle[name] != nil
        s.bundle[name] = bytes
        world.emit(Record("build.bundle").string("name", name).word("op", existed ? "replace" : "add").int("bytes", bytes.count)
            .digest("digest", FNV1a64.hash(bytes)).int("resources", s.bundle.count))
    }
}
