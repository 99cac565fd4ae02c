import LockstepCore
import Platform

extension Wallpapers {
    static let wake: @Sendable (NetTimer) -> WallpapersEvent = { .network(.timer($0)) }

    public static func reduce(_ s: inout WallpapersState, _ event: WallpapersEvent, _ world: inout World<Wallpapers>) {
        s.mainThreadNanoseconds = 0
        s.lastDecodeIncludedFullSource = false
        s.flags = StepFlags()
        switch event {
        case .cellAppear(let cell, let url, let w, let h): appear(&s, cell: cell, url: url, widthPoints: w, heightPoints: h, &world)
        case .cellDisappear(let cell): disappear(&s, cell: cell, &world)
        case .cellURL(let cell, let url): changeURL(&s, cell: cell, url: url, &world)
        case .detailOpen(let url): openDetail(&s, url: url, &world)
        case .detailClose: closeDetail(&s, &world)
        case .editorOpen: openEditor(&s, &world)
        case .editorSlider(let r, let d): slider(&s, radiusPixels: r, dim: d, &world)
        case .editorExport: export(&s, &world)
        case .save(let what): save(&s, what, &world)
        case .openPhotos: openPhotos(&s, &world)
        case .category(let id): selectCategory(&s, id, &world)
        case .search(let text): search(&s, text, &world)
        case .screen(let scale, let w, let h):
            let next = ScreenProfile(scale: scale, nativeWidthPixels: w, nativeHeightPixels: h)
            world.emit(Record("screen.changed").int("fromScale", s.screen.scale).int("scale", scale).int("nativeWidth", w).int("nativeHeight", h))
            s.screen = next
        case .network(let e):
            if let done = s.net.handle(e, &world, wake: wake) { completed(&s, done, &world) }
        case .capture(let e): capture(&s, e, &world)
        case .lifecycle(let line):
            let t = s.life.handle(line.event, &world)
            if line.event == .memoryWarning, !t.wasIgnored { memoryWarning(&s, &world) }
        }
        endOfStep(&s, &world)
    }

    /// A request finished: hand it to whoever waits for it.
    static func completed(_ s: inout WallpapersState, _ done: TransportCompletion, _ world: inout World<Wallpapers>) {
        guard let load = s.loads.removeValue(forKey: done.id.rawValue) else {
            world.reject("net", "no-waiter") { $0.int("request", done.id.rawValue) }
            return
        }
        switch load {
        case .thumbnail(let url, let cells, let w, let h): thumbnailArrived(&s, done, url: url, cells: cells, widthPixels: w, heightPixels: h, &world)
        case .detail(let url, let generation): detailArrived(&s, done, url: url, generation: generation, &world)
        case .catalog(let category): catalogArrived(&s, done, category: category, &world)
        }
    }

    /// The memory and cache lines, when they changed: the resident-bytes golden.
    static func endOfStep(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) {
        let resident = residentBytes(s)
        notePeak(&s, resident)
        if s.cache.totalCost != s.lastCacheTotal || s.cache.entries.count != s.lastCacheCount {
            world.emit(Record("cache").int("total", s.cache.totalCost).int("count", s.cache.entries.count).int("limit", s.cache.limitBytes))
            s.lastCacheTotal = s.cache.totalCost
            s.lastCacheCount = s.cache.entries.count
        }
        if resident != s.lastResidentBytes {
            world.emit(Record("memory").int("resident", resident).int("peak", s.peakResidentBytes))
            s.lastResidentBytes = resident
        }
    }

    static func notePeak(_ s: inout WallpapersState, _ bytes: Int) {
        if bytes > s.peakResidentBytes { s.peakResidentBytes = bytes }
    }

    static func memoryWarning(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) {
        if world.isOn(.ignoresMemoryWarning) {
            world.emit(Record("cache.kept").int("count", s.cache.entries.count).int("bytes", s.cache.totalCost))
            return
        }
        let bytes = s.cache.totalCost
        let dropped = s.cache.purge()
        world.emit(Record("cache.purged").int("count", dropped.count).int("bytes", bytes)
            .string("urls", dropped.map(\.url).joined(separator: ",")))
    }
}
