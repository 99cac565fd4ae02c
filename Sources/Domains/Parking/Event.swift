import LockstepCore
import Platform

/// What reaches the model: the import's data (OSM ways, council kerbs, zones, bays, feed rows, the
/// city boundary, then `import`), the phone (camera changes, taps, the info button), the gateway's
/// transport, and the live-count side (realtime values, source polls, the car-park list).
public enum ParkingEvent: Sendable {
    case boundary(GeometryText)
    case way(id: Int64, highway: String?, access: String?, name: String?, tags: String, closed: Bool, geometry: GeometryText)
    case council(id: Int64, kind: String, hours: String?, geometry: GeometryText)
    case paidZone(id: Int64, geometry: GeometryText)
    case bay(id: Int64, street: String, paid: Bool, geometry: GeometryText)
    case row(id: String, feeState: String, feeSource: String, hours: String?, geometry: GeometryText)
    case runImport
    case camera(lat: Double, lon: Double, spanLat: Double, spanLon: Double)
    case tap(id: String)
    case info
    case payload(id: String)
    case realtime(site: String, source: String, free: Int?, capacity: Int?, updatedAt: Instant?)
    case sourcePoll(source: String, error: String?)
    case carParks
    case settled(GenerationToken)
    case network(NetworkEvent)
    case lifecycle(LifecycleLine)
}

public enum BayFee: String, CaseIterable, Sendable { case paid, free }

extension Parking {
    static let maxID: Int64 = 1 << 40
    static let maxTextBytes = 16_384

    /// Exactly one of `m=` (metres from the city origin) and `deg=` (lon,lat).
    static func geometry(_ m: String?, _ deg: String?, _ f: Fields) throws(ScenarioError) -> GeometryText {
        if f.isDeclaring { return GeometryText(unit: .metres, text: "") }
        switch (m, deg) {
        case (let m?, nil): return GeometryText(unit: .metres, text: m)
        case (nil, let d?): return GeometryText(unit: .degrees, text: d)
        case (nil, nil): throw f.error("give the geometry as m=\"e,n e,n\" (metres from the city origin) or deg=\"lon,lat lon,lat\"")
        default: throw f.error("give m= or deg=, not both", atAnyOf: ["m", "deg"])
        }
    }

    static func checkLength(_ s: String?, _ key: StaticString, _ f: Fields) throws(ScenarioError) {
        if !f.isDeclaring, let s, s.utf8.count > maxTextBytes { throw f.error("\(key) is \(s.utf8.count) bytes; at most \(maxTextBytes)", at: key) }
    }

    public static let events: [EventKind<ParkingEvent>] = [
        EventKind("boundary", "The city boundary polygon (import)") { f throws(ScenarioError) in
            let m = try f.optional("m", .text, "east,north metre pairs from the city origin")
            let d = try f.optional("deg", .text, "lon,lat pairs")
            try checkLength(m, "m", f); try checkLength(d, "deg", f)
            return .boundary(try geometry(m, d, f))
        },
        EventKind("way", "An OSM way (street or closed area) as osm2pgsql stages it") { f throws(ScenarioError) in
            let id = try f("id", .integer, in: 1 ... maxID, "the OSM way id")
            let highway = try f.optional("highway", .word, "the highway tag")
            let access = try f.optional("access", .text, "the access tag, as written")
            let name = try f.optional("name", .text, "the street name")
            let tags = try f("tags", .text, default: "", "other tags: k=v|k=v")
            let closed = try f("closed", .bool, default: false, "first node equals last")
            let m = try f.optional("m", .text, "east,north metre pairs from the city origin")
            let d = try f.optional("deg", .text, "lon,lat pairs")
            try checkLength(tags, "tags", f); try checkLength(m, "m", f); try checkLength(d, "deg", f)
            return .way(id: id, highway: highway, access: access, name: name, tags: tags, closed: closed, geometry: try geometry(m, d, f))
        },
        EventKind("council", "A council kerb segment or band (Barcelona, Madrid SER, ...)") { f throws(ScenarioError) in
            let id = try f("id", .integer, in: 1 ... maxID, "the council's id")
            let kind = try f("kind", .word, "blue, green, grey (Madrid), delivery, free, or another colour")
            let hours = try f.optional("hours", .text, "charging hours (opening_hours subset); absent is charged at all times")
            let m = try f.optional("m", .text, "east,north metre pairs")
            let d = try f.optional("deg", .text, "lon,lat pairs")
            try checkLength(hours, "hours", f); try checkLength(m, "m", f); try checkLength(d, "deg", f)
            return .council(id: id, kind: kind, hours: hours, geometry: try geometry(m, d, f))
        },
        EventKind("paidZone", "A paid-zone polygon (Kraków)") { f throws(ScenarioError) in
            let id = try f("id", .integer, in: 1 ... maxID, "the zone id")
            let m = try f.optional("m", .text, "east,north metre pairs")
            let d = try f.optional("deg", .text, "lon,lat pairs")
            try checkLength(m, "m", f); try checkLength(d, "deg", f)
            return .paidZone(id: id, geometry: try geometry(m, d, f))
        },
        EventKind("bay", "One parking bay (València): a point or short line") { f throws(ScenarioError) in
            let id = try f("id", .integer, in: 1 ... maxID, "the bay id")
            let street = try f("street", .text, default: "", "the street name; empty for nameless bays")
            let fee = try f("fee", .choice(BayFee.self), "paid or free")
            let m = try f.optional("m", .text, "east,north metre pairs")
            let d = try f.optional("deg", .text, "lon,lat pairs")
            try checkLength(street, "street", f); try checkLength(m, "m", f); try checkLength(d, "deg", f)
            return .bay(id: id, street: street, paid: fee == .paid, geometry: try geometry(m, d, f))
        },
        EventKind("row", "A street_parking row as stored (operator feeds, hand-entered rows)") { f throws(ScenarioError) in
            let id = try f("id", .text, "source_id")
            let state = try f("feeState", .word, "fee_state as stored (FREE, PAID, CONDITIONAL, UNKNOWN or anything)")
            let source = try f("feeSource", .word, "fee_source as stored")
            let hours = try f.optional("hours", .text, "opening_hours")
            let m = try f.optional("m", .text, "east,north metre pairs")
            let d = try f.optional("deg", .text, "lon,lat pairs")
            try checkLength(hours, "hours", f); try checkLength(m, "m", f); try checkLength(d, "deg", f)
            if !f.isDeclaring, id.isEmpty || id.utf8.count > 256 { throw f.error("source_id must be 1...256 bytes", at: "id") }
            return .row(id: id, feeState: state, feeSource: source, hours: hours, geometry: try geometry(m, d, f))
        },
        EventKind("import", "Runs the pipeline over the staged data and publishes the table") { _ throws(ScenarioError) in .runImport },
        EventKind("camera", "The map camera changed (centre and span in degrees)") { f throws(ScenarioError) in
            .camera(lat: try f("lat", .number, "centre latitude"), lon: try f("lon", .number, "centre longitude"),
                    spanLat: try f("spanLat", .number, "latitude span, degrees"), spanLon: try f("spanLon", .number, "longitude span, degrees"))
        },
        EventKind("tap", "A tap on a drawn kerb") { f throws(ScenarioError) in
            let id = try f("id", .text, "the kerb's source_id")
            try checkLength(id, "id", f)
            return .tap(id: id)
        },
        EventKind("info", "The info button: the city's credits") { _ throws(ScenarioError) in .info },
        EventKind("payload", "The gateway's serialised Feature for one row (what goes over the wire)") { f throws(ScenarioError) in
            let id = try f("id", .text, "the row's source_id")
            try checkLength(id, "id", f)
            return .payload(id: id)
        },
        EventKind("realtime", "A ParkAPI realtime value for a car park") { f throws(ScenarioError) in
            let site = try f("site", .text, "the parking_site id")
            let source = try f("source", .word, "the ParkAPI source")
            let free = try f.optional("free", .int, in: -1_000_000 ... 1_000_000, "free spaces")
            let capacity = try f.optional("capacity", .int, in: 0 ... 1_000_000, "capacity")
            let at = try f.optional("updatedAt", .instant, "realtime_updated_at (UTC)")
            try checkLength(site, "site", f)
            return .realtime(site: site, source: source, free: free, capacity: capacity, updatedAt: at)
        },
        EventKind("sourcePoll", "The 300 s pull of one source finished (ok, or error=)") { f throws(ScenarioError) in
            let source = try f("source", .word, "the ParkAPI source")
            let error = try f.optional("error", .text, "what failed; absent is a success")
            try checkLength(error, "error", f)
            return .sourcePoll(source: source, error: error)
        },
        EventKind("carParks", "The car-park list: each site's count and freshness label") { _ throws(ScenarioError) in .carParks },
        NetVocabulary.eventKind { .network(.line($0)) },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
    ]

    public static func kind(of event: ParkingEvent) -> String {
        switch event {
        case .boundary: "boundary"
        case .way: "way"
        case .council: "council"
        case .paidZone: "paidZone"
        case .bay: "bay"
        case .row: "row"
        case .runImport: "import"
        case .camera: "camera"
        case .tap: "tap"
        case .info: "info"
        case .payload: "payload"
        case .realtime: "realtime"
        case .sourcePoll: "sourcePoll"
        case .carParks: "carParks"
        case .settled: Debouncer.timerKind
        case .network(let e): NetVocabulary.kind(of: e)
        case .lifecycle: LifecycleVocabulary.kind
        }
    }

    static func geo(_ line: LineText, _ g: GeometryText) -> LineText {
        g.unit == .metres ? line.string("m", g.text) : line.string("deg", g.text)
    }

    public static func text(of event: ParkingEvent) -> String? {
        switch event {
        case .boundary(let g): return geo(LineText("boundary"), g).line
        case .way(let id, let highway, let access, let name, let tags, let closed, let g):
            var l = LineText("way").int("id", id)
            if let highway { l = l.word("highway", highway) }
            if let access { l = l.string("access", access) }
            if let name { l = l.string("name", name) }
            l = l.string("tags", tags, default: "").bool("closed", closed, default: false)
            return geo(l, g).line
        case .council(let id, let kind, let hours, let g):
            var l = LineText("council").int("id", id).word("kind", kind)
            if let hours { l = l.string("hours", hours) }
            return geo(l, g).line
        case .paidZone(let id, let g): return geo(LineText("paidZone").int("id", id), g).line
        case .bay(let id, let street, let paid, let g):
            return geo(LineText("bay").int("id", id).string("street", street, default: "").choice("fee", paid ? BayFee.paid : .free), g).line
        case .row(let id, let state, let source, let hours, let g):
            var l = LineText("row").string("id", id).word("feeState", state).word("feeSource", source)
            if let hours { l = l.string("hours", hours) }
            return geo(l, g).line
        case .runImport: return LineText("import").line
        case .camera(let lat, let lon, let sl, let so):
            return LineText("camera").number("lat", lat).number("lon", lon).number("spanLat", sl).number("spanLon", so).line
        case .tap(let id): return LineText("tap").string("id", id).line
        case .info: return LineText("info").line
        case .payload(let id): return LineText("payload").string("id", id).line
        case .realtime(let site, let source, let free, let capacity, let at):
            var l = LineText("realtime").string("site", site).word("source", source)
            if let free { l = l.int("free", free) }
            if let capacity { l = l.int("capacity", capacity) }
            if let at { l = l.instant("updatedAt", at) }
            return l.line
        case .sourcePoll(let source, let error):
            var l = LineText("sourcePoll").word("source", source)
            if let error { l = l.string("error", error) }
            return l.line
        case .carParks: return LineText("carParks").line
        case .settled: return nil
        case .network(.line(let l)): return NetVocabulary.text(of: l)
        case .network(.timer): return nil
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        }
    }
}
