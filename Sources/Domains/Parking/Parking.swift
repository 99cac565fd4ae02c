import LockstepCore
import Platform

/// `parking`: Easy Find Parking, a free iPhone and iPad map of free street parking in Berlin,
/// Madrid, Barcelona, València and Kraków. A gateway derives kerb-side claims from OSM tags
/// (Berlin) or from what each council charges for ("likely free" is the complement), keeps every
/// claim's provenance, and the phone fetches and draws a viewport's kerbs; car parks show live
/// counts labelled by freshness.
///
/// Source: seed article `003_59898ac5466271ab.txt`, "Mapping free street parking from open data
/// with PostGIS and MapKit". Modelled, all of it: reading both OSM parking schemes with `=no` as a
/// value; closed car-park ways as polygons; the complement (inside the boundary, the highway
/// whitelist, lower(access) not private/no/customers, nothing regulated within 25 m of the 3 m
/// kerb line, geodesic metres); fee_state plus fee_source on every row and the claim function;
/// Madrid's grey bands as `municipal_outside_zone`; unreadable hours charged; the stroke styles
/// (teal dashed [3, 7] butt caps for inferred); the fetch ring (30% beyond each edge), the 250 ms
/// settle, skipping inside the ring, clipping to the viewport, reassigning only on changed ids;
/// the slim four-property payload at 6 decimals; nearest-first limit 1,500 and no draw cap;
/// València's clustering (street, fee state, 300 m grid; hull diameter); the zoomed-out 8 × 8
/// counts with logarithmic circles; the 15-minute freshness (inclusive), stale numbers kept,
/// Indigo's kill switch, source health; the 2,000-kerb regression guard; credits per city.
///
/// Choices where the article is silent (GAPs), following the note's addendum B1–B8 except where said:
/// - Sides follow node order; left is +90° from the direction of travel. Offsets are 3 m in
///   metres per segment at its mean latitude with bevel joins (B1), not EPSG:3857 (within 7 mm).
/// - Distances: point–segment on a plane centred at the point with WGS84 metres per degree (B2),
///   segments crossing are 0, a line inside a polygon is 0; clearance is inclusive (≤ 25 m
///   rejects). Candidate pairs more than 40 m apart by bounding box are not measured.
/// - Rejection order: outsideBoundary, highwayExcluded, accessExcluded (trimmed, lowercased), then
///   clearance per side (B3). `ST_Within` is every vertex inside the boundary ring. The complement
///   ignores the street's own parking tags and runs for every city but Berlin, whose layer is
///   OSM tags only. OSM tag rows are read in every city.
/// - Tag table: B4 exactly; deprecated keys also fall back to their `:both` forms. Council kinds:
///   B5 (blue/green paid or conditional with hours, Madrid grey outside the zone, `free` the
///   council's free kerb, anything else UNKNOWN but regulated). València's bays count as regulated
///   individually. Hours: B6's subset; with no holiday list, charged if either answer is.
/// - Clusters: B7 (eps 5 m, minpoints 1, cells of the city plane). Source ids:
///   `osm-`/`council-`/`complement-<country>-<city>-<id>[-side]`, `bay-<country>-<city>-<smallest bay id>`.
/// - Zoomed out compares the **latitude** span with 0.02° (the note proposed the larger span; with
///   it the note's own ring example, lat [41.38, 41.40] × lon [2.16, 2.19], would be a grid view).
///   The grid counts kerbs by their mean vertex over the viewport (not the ring); circle radius is
///   6 + 18 × log10(count)/log10(max) points, 24 when the largest count is 1.
/// - The ring clamps at ±90° and ±180° (no antimeridian wrap) with a `ring.clamped` record. A
///   camera with a non-finite value, a span ≤ 0 or past 180°/360°, or a centre off the map is
///   refused. A grid view refetches on every settle (counts depend on the exact viewport).
/// - The fetch goes through the scripted transport: the scenario decides when the gateway
///   answers; a 200 is answered from the published table at that moment, replacing the held
///   features; a failure keeps the previous ring. A response to an older request is stale.
/// - Kerbs are clipped by bounding box (MapKit culls overlays by box). Visible ids are in id order.
/// - Live counts: a negative count or one above capacity is invalid and shown as no count; an
///   updatedAt in the future is live with a `realtime.skew` record. Disabled sources (default
///   `indigo`) show "realtime off". A poll earlier than 300 s after the last one is refused.
/// - Lifecycle: a camera change off screen is refused; `pause` drops an armed settle, `refresh`
///   settles again, a memory warning keeps only the drawn kerbs and forgets the ring (so the next
///   settle refetches), a new process starts with nothing held (the app has no offline cache).
/// - The regression guard samples with the seeded stream `guard` (all rows when 2,000 or fewer).
/// - Faults (`ParkingFault`): the note's failure modes 1–13 (two each for 7, 10 and 11) and the
///   article's stated rules whose breach a user would see (access case, bare free, fat payload,
///   truncation order, clipping, settle, ring skip); each caught by a golden.
/// - Bad data (geometry, tags) is refused per feature with the column inside the value; the
///   import goes on. Unknown fee strings decode to the `.unknown` claim and are flagged.
public enum Parking: Domain {
    public static let entry = DomainEntry(Self.self)

    public typealias State = ParkingState
    public typealias Event = ParkingEvent
    public typealias Fault = ParkingFault

    public static let name = "parking"
    public static let summary = "Easy Find Parking: likely-free kerbs as the complement of council data (25 m geodesic clearance on the 3 m kerb line), OSM tags, provenance-ranked claims, opening hours in CET/CEST, a debounced fetch ring, València clusters, grid counts and live-count freshness (seed 003, \"Mapping free street parking from open data with PostGIS and MapKit\")."

    public struct Settings: Sendable {
        var city: City
        var serverLimit: Int
        var guardSample: Int
        var holidays: [String]?
        var disabledSources: [String]
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let city = try s("city", .choice(City.self), default: .barcelona, "which city's data and time zone")
        let limit = try s("serverLimit", .int, default: Gateway.defaultLimit, in: 1 ... 100_000, "the gateway's LIMIT (nearest first)")
        let sample = try s("guardSample", .int, default: 2_000, in: 1 ... 1_000_000, "derived kerbs the regression guard samples")
        let holidays = try s.optional("holidays", .text, "public holidays, local dates YYYY-MM-DD separated by commas; absent: no calendar")
        let disabled = try s("disabledSources", .text, default: "indigo", "sources whose realtime is off, comma separated")
        var list: [String]?
        if !s.isDeclaring, let holidays {
            let parts = holidays.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            for p in parts {
                let b = Array(p.utf8)
                let ok = b.count == 10 && b[4] == 45 && b[7] == 45 && b.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || (48...57).contains($0.element) }
                if !ok { throw s.error("holiday \"\(p)\" is not YYYY-MM-DD", at: "holidays") }
            }
            list = parts
        }
        let sources = disabled.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        return Settings(city: city, serverLimit: limit, guardSample: sample, holidays: list, disabledSources: sources)
    }

    public static func start(_ settings: Settings, _ world: inout World<Parking>) throws(ScenarioError) -> ParkingState {
        let zone: Zone
        do { zone = try Zone.named(settings.city.zoneName) } catch { preconditionFailure("the city zones are in the core's table") }
        world.emit(Record("launch").word("city", settings.city.rawValue).word("zone", zone.name).int("serverLimit", settings.serverLimit))
        var s = ParkingState(city: settings.city, zone: zone, holidays: settings.holidays, serverLimit: settings.serverLimit,
                             guardSample: settings.guardSample, disabledSources: settings.disabledSources)
        _ = s.life.handle(.launch(.user, .foreground), &world)
        _ = s.life.handle(.becomeActive, &world)
        return s
    }

    public static func write(_ s: ParkingState, to out: inout CanonicalWriter) {
        out.word("city", s.city.rawValue)
        out.record(Record("staged").int("ways", s.ways.count).int("council", s.council.count).int("zones", s.zones.count)
            .int("bays", s.bays.count).int("rows", s.rawRows.count).bool("boundary", s.boundary != nil))
        out.record(Record("published").int("imports", s.imports).int("rows", s.rows.count).int("carParks", s.carParks).int("guardViolations", s.guardViolations))
        out.list("rows", s.rows.count <= 64 ? s.rows : []) { w, _, r in w.record(r.record) }
        if let c = s.camera {
            out.record(Record("camera").fixed("lat", c.latitude, 6).fixed("lon", c.longitude, 6).fixed("spanLat", c.spanLatitude, 6).fixed("spanLon", c.spanLongitude, 6))
        } else {
            out.word("camera", "none")
        }
        out.word("mode", s.mode.rawValue)
        out.string("fetchedRing", s.fetchedRing?.text ?? "none")
        out.int("features", s.features.count)
        out.int("drawn", s.drawn.count)
        out.int("assignments", s.assignments)
        out.int("cells", s.cells.count)
        out.int("pendingFetches", s.pending.count)
        s.debounce.write(to: &out)
        out.section("sites count=\(s.sites.count)") { w in
            for id in s.sites.keys.sorted() {
                let site = s.sites[id]!
                var r = Record("site").string("id", id).word("source", site.source)
                if let f = site.free { r = r.int("free", f) }
                if let at = site.updatedAt { r = r.instant("updatedAt", at) }
                w.record(r)
            }
        }
        out.section("health count=\(s.health.count)") { w in
            for src in s.health.keys.sorted() {
                let h = s.health[src]!
                w.record(Record("source").word("name", src).with("lastSuccess", h.lastSuccess.map { .instant($0) } ?? .word("never"))
                    .string("lastError", h.lastError ?? ""))
            }
        }
        s.net.write(to: &out)
        s.life.write(to: &out)
    }
}
