import LockstepCore
import Platform

/// Live car-park counts: the gateway decides freshness (15 minutes, inclusive) against its own
/// clock, keeps a stale number but drops the claim that it is current, and honours a per-source
/// kill switch (Indigo reported zero occupancy everywhere). Sources are pulled every 300 s and
/// each one's last success and error are kept.
extension Parking {
    static let staleAfter = Duration.minutes(15)
    static let pollInterval = Duration.seconds(300)

    enum Freshness: String { case none, live, stale, off, invalid }

    static func freshness(_ site: Site, now: Instant, disabled: Bool) -> (Freshness, age: Duration?) {
        if disabled { return (.off, nil) }
        if let f = site.free, f < 0 || (site.capacity.map { f > $0 } ?? false) { return (.invalid, nil) }
        guard let at = site.updatedAt else { return (.none, nil) }
        let age = now - at
        return (age <= staleAfter ? .live : .stale, age)
    }

    static func realtime(_ s: inout ParkingState, site id: String, _ site: Site, _ world: inout World<Parking>) {
        guard s.sites[id] != nil || s.sites.count < maxSites else {
            world.reject("realtime", "limit") { $0.word("limit", "maxSites").int("value", maxSites) }
            return
        }
        s.sites[id] = site
        var r = Record("realtime.stored").string("site", id).word("source", site.source)
        if let f = site.free { r = r.int("free", f) }
        if let c = site.capacity { r = r.int("capacity", c) }
        world.emit(r)
    }

    static func carParks(_ s: inout ParkingState, _ world: inout World<Parking>) {
        for id in s.sites.keys.sorted() {
            let site = s.sites[id]!
            let disabled = s.disabledSources.contains(site.source) && !world.isOn(.indigoZerosShown)
            if s.disabledSources.contains(site.source) && !disabled { s.disabledShown = true }
            var (fresh, age) = freshness(site, now: world.now, disabled: disabled)
            if fresh == .stale && world.isOn(.staleShownAsCurrent) { fresh = .live; s.staleShownLive = true }
            let display: String
            switch fresh {
            case .live: display = site.free.map { "\($0) free" } ?? "no live count"
            case .stale:
                let minutes = (age?.nanoseconds ?? 0) / Duration.minutes(1).nanoseconds
                display = site.free.map { "\($0) free when last seen, \(minutes) min ago" } ?? "no live count"
            case .none: display = "no live count"
            case .off: display = "no live count (realtime off for \(site.source))"
            case .invalid: display = "no live count (count out of range)"
            }
            let current = fresh == .live && site.free != nil
            var r = Record("carPark.label").string("site", id).word("source", site.source).word("freshness", fresh.rawValue)
                .bool("realtime_is_current", current).word("tint", current ? "green" : "gray").string("display", display)
            if let age { r = r.duration("age", age) }
            world.emit(r)
            if let age, age < .zero { world.emit(Record("realtime.skew").string("site", id).duration("aheadBy", -age)) }
        }
    }

    static func sourcePoll(_ s: inout ParkingState, source: String, error: String?, _ world: inout World<Parking>) {
        var h = s.health[source] ?? SourceHealth()
        if let last = h.lastPoll, world.now - last < pollInterval {
            world.reject("sourcePoll", "early") { $0.word("source", source).instant("nextAt", last + pollInterval) }
            return
        }
        guard s.health[source] != nil || s.health.count < maxSites else {
            world.reject("sourcePoll", "limit") { $0.word("limit", "maxSources").int("value", maxSites) }
            return
        }
        h.lastPoll = world.now
        if let error { h.lastError = error; h.lastErrorAt = world.now } else { h.lastSuccess = world.now }
        s.health[source] = h
        var r = Record("source.health").word("source", source).word("result", error == nil ? "ok" : "error")
        r = r.with("lastSuccess", h.lastSuccess.map { .instant($0) } ?? .word("never"))
        if let e = h.lastError { r = r.string("lastError", e) }
        world.emit(r)
    }

    static let maxSites = 10_000
}
