import LockstepCore
import Platform

extension Parking {
    /// Staged inputs are bounded: each list at most this long.
    static let maxStaged = 200_000

    public static func reduce(_ s: inout ParkingState, _ event: ParkingEvent, _ world: inout World<Parking>) {
        s.assignedUnchanged = false
        s.fetchSentEarly = false
        s.fetchInsideRing = false
        s.staleShownLive = false
        s.disabledShown = false
        s.unreadableShownFree = false
        switch event {
        case .boundary(let g):
            guard let pts = points(g, s, "boundary", &world) else { return }
            guard pts.count >= 3 else { world.reject("boundary", "bad-geometry") { $0.string("why", "a polygon needs at least 3 points, got \(pts.count)") }; return }
            s.boundary = pts
            world.emit(Record("boundary.set").int("vertices", pts.count).bool("closed", pts.first == pts.last))
        case .way(let id, let highway, let access, let name, let tagText, let closed, let g):
            guard staged(s.ways.count, "way", &world), let pts = points(g, s, "way", id: String(id), &world) else { return }
            let tags: [OSMTag]
            switch OSMTags.parse(tagText) {
            case .success(let t): tags = t
            case .failure(let e):
                world.reject("way", "bad-tags") { $0.int("id", Int(id)).int("column", e.column).string("why", e.why) }
                return
            }
            if closed && pts.count < 4 {
                world.reject("way", "bad-geometry") { $0.int("id", Int(id)).string("why", "a closed way needs at least 4 points, got \(pts.count)") }
                return
            }
            if !closed && pts.count < 2 {
                world.reject("way", "bad-geometry") { $0.int("id", Int(id)).string("why", "a line needs at least 2 points, got \(pts.count)") }
                return
            }
            s.ways.append(OSMWay(id: id, highway: highway, access: access, name: name, tags: tags, closed: closed, points: pts))
        case .council(let id, let kind, let hours, let g):
            guard staged(s.council.count, "council", &world), let pts = line(g, s, "council", id, &world) else { return }
            s.council.append(CouncilRecord(id: id, kind: kind, hours: hours, points: pts))
        case .paidZone(let id, let g):
            guard staged(s.zones.count, "paidZone", &world), let pts = points(g, s, "paidZone", id: String(id), &world) else { return }
            guard pts.count >= 3 else { world.reject("paidZone", "bad-geometry") { $0.int("id", Int(id)).string("why", "a polygon needs at least 3 points") }; return }
            s.zones.append(pts)
        case .bay(let id, let street, let paid, let g):
            guard staged(s.bays.count, "bay", &world), let pts = points(g, s, "bay", id: String(id), &world) else { return }
            s.bays.append(Bay(id: id, street: street, paid: paid, points: pts))
        case .row(let id, let state, let source, let hours, let g):
            guard staged(s.rawRows.count, "row", &world), let pts = points(g, s, "row", id: id, &world) else { return }
            s.rawRows.append(KerbRow(sourceID: id, feeState: state, feeSource: source, hours: hours, points: pts, fromFeed: true))
        case .runImport:
            runImport(&s, &world)
        case .camera(let lat, let lon, let sl, let so):
            camera(&s, Camera(latitude: lat, longitude: lon, spanLatitude: sl, spanLongitude: so), &world)
        case .settled(let token):
            settled(&s, token, &world)
        case .tap(let id):
            tap(&s, id, &world)
        case .info:
            world.emit(Record("credits").word("city", s.city.rawValue).string("lines", s.city.credits.joined(separator: "; ")))
        case .payload(let id):
            guard let r = s.rows.first(where: { $0.sourceID == id }) else {
                world.reject("payload", "no-row") { $0.string("id", id) }
                return
            }
            world.emit(Record("feature").string("json", Gateway.featureJSON(r, fat: world.isOn(.fatPayload))))
        case .realtime(let site, let source, let free, let capacity, let at):
            realtime(&s, site: site, Site(source: source, free: free, capacity: capacity, updatedAt: at), &world)
        case .sourcePoll(let source, let error):
            sourcePoll(&s, source: source, error: error, &world)
        case .carParks:
            carParks(&s, &world)
        case .network(let e):
            if let done = s.net.handle(e, &world, wake: netWake) { completed(&s, done, &world) }
        case .lifecycle(let line):
            lifecycle(&s, line, &world)
        }
    }

    /// The map off screen fetches nothing: `pause` drops an armed settle; `refresh` settles again
    /// (a fetch unless the viewport is inside the ring); `releaseMemory` keeps only drawn kerbs
    /// and forgets the ring;
    /// a new process has nothing in memory (the app has no offline cache).
    static func lifecycle(_ s: inout ParkingState, _ line: LifecycleLine, _ world: inout World<Parking>) {
        let t = s.life.handle(line.event, &world)
        for action in t.actions {
            switch action {
            case .pause:
                if s.debounce.fireAt != nil { s.debounce.cancel(&world) }
            case .refresh:
                if s.camera != nil { s.debounce.poke(&world) { .settled($0) } }
            case .releaseMemory:
                let before = s.features.count
                let keep = Set(s.drawn)
                s.features = s.features.filter { keep.contains($0.key) }
                s.fetchedRing = nil  // what was dropped must be fetched again, not skipped as "inside the ring"
                s.fetchedMode = nil
                world.emit(Record("features.released").int("dropped", before - s.features.count).int("kept", s.features.count))
            case .discardMemory, .loadFromDisk:
                s.features = [:]
                s.drawn = []
                s.fetchedRing = nil
                s.fetchedMode = nil
                s.cells = []
                s.camera = nil
                s.mode = .kerbs
                s.debounce = Debouncer("camera", quiet: .milliseconds(250))
                for p in s.pending.keys.sorted() { s.net.cancel(RequestID(p), &world) }
                s.pending = [:]
            case .saveState:
                break  // nothing on the phone outlives the process but the camera (MapKit's own)
            }
        }
    }

    static func staged(_ count: Int, _ input: String, _ world: inout World<Parking>) -> Bool {
        guard count < maxStaged else {
            world.reject(input, "limit") { $0.word("limit", "maxStaged").int("value", maxStaged) }
            return false
        }
        return true
    }

    /// The geometry's points, or a `bad-geometry` record with the column inside the value.
    static func points(_ g: GeometryText, _ s: ParkingState, _ input: String, id: String? = nil, _ world: inout World<Parking>) -> [GeoPoint]? {
        switch g.points(origin: s.city.origin) {
        case .success(let p): return p
        case .failure(let e):
            world.reject(input, "bad-geometry") { r in
                let base = id.map { r.string("id", $0) } ?? r
                return base.word("field", g.unit == .metres ? "m" : "deg").int("column", e.column).string("why", e.why)
            }
            return nil
        }
    }

    static func line(_ g: GeometryText, _ s: ParkingState, _ input: String, _ id: Int64, _ world: inout World<Parking>) -> [GeoPoint]? {
        guard let pts = points(g, s, input, id: String(id), &world) else { return nil }
        guard pts.count >= 2 else {
            world.reject(input, "bad-geometry") { $0.int("id", Int(id)).string("why", "a line needs at least 2 points, got \(pts.count)") }
            return nil
        }
        return pts
    }
}
