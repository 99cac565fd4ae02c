import LockstepCore
import Platform

/// The temple catalog (the app's bundled fixture): validated line by line, never silently
/// repaired. A refused line is a `rejected` record naming the temple (and aarti) and leaves the
/// catalog as it was.
enum Catalog {
    static func reject(_ input: String, _ reason: String, temple: String, aarti: String? = nil, detail: String? = nil,
                       _ world: inout World<Darshan>) {
        world.reject(input, reason) { base in
            var r = base.word("temple", temple)
            if let aarti { r = r.word("aarti", aarti) }
            if let detail { r = r.string("detail", detail) }
            return r
        }
    }

    static func addTemple(_ input: TempleInput, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        guard s.temple(input.id) == nil else { return reject("temple", "duplicate-temple", temple: input.id, &world) }
        guard s.temples.count < DarshanConstants.maxTemples else {
            return reject("temple", "too-many-temples", temple: input.id, detail: "more than \(DarshanConstants.maxTemples) temples", &world)
        }
        let t: Temple
        switch input.validated() {
        case .success(let v): t = v
        case .failure(let e): return reject("temple", e.reason, temple: input.id, detail: e.detail, &world)
        }
        s.temples.append(t)
        var r = Record("catalog.temple").word("id", t.id).string("name", t.name).word("zone", t.zone.name)
            .word("live", t.liveURL == nil ? "none" : "yes").int("recordings", t.recorded.count)
        if let live = t.liveURL, !live.hasSuffix(".m3u8") { r = r.string("warning", "live URL is not an HLS playlist (.m3u8)") }
        if t.liveURL == nil && t.recorded.isEmpty { r = r.string("warning", "nothing to play: the screen will show unavailable") }
        world.emit(r)
        catalogChanged(&s, &world)
    }

    static func addAarti(_ templeID: String, key: String, name: String, hour: Int, minute: Int, _ s: inout DarshanState,
                         _ world: inout World<Darshan>) {
        func refuse(_ reason: String, _ detail: String? = nil) { reject("aarti", reason, temple: templeID, aarti: key, detail: detail, &world) }
        guard let i = s.temples.firstIndex(where: { $0.id == templeID }) else { return refuse("unknown-temple") }
        let time: TimeOfDay
        do throws(TimeOfDayError) {
            time = try TimeOfDay(hour: hour, minute: minute)
        } catch {
            switch error {
            case .hourOutOfRange: return refuse("hour-out-of-range", "\(error)")
            case .minuteOutOfRange: return refuse("minute-out-of-range", "\(error)")
            // init(hour:minute:) throws only the two above.
            default: return refuse("invalid-time", "\(error)")
            }
        }
        guard !name.isEmpty else { return refuse("empty-name") }
        guard s.temples[i].aarti(key) == nil else {
            return refuse("duplicate-aarti", "its reminder id aarti.\(templeID).\(key) would replace the other's")
        }
        guard s.temples[i].aartis.count < DarshanConstants.maxAartisPerTemple else {
            return refuse("too-many-aartis", "more than \(DarshanConstants.maxAartisPerTemple) aartis")
        }
        let a = Aarti(key: key, name: name, time: time)
        s.temples[i].aartis.append(a)
        let t = s.temples[i]
        world.emit(Record("catalog.aarti").word("temple", templeID).word("aarti", key).string("name", name)
            .word("at", "\(a.time.hhmm)@\(t.zone.name)"))
        catalogChanged(&s, &world)
    }

    static func removeTemple(_ id: String, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        guard s.temple(id) != nil else { return reject("removeTemple", "unknown-temple", temple: id, &world) }
        s.temples.removeAll { $0.id == id }
        let owned = s.reminders.keys.sorted().filter { s.reminders[$0]!.temple == id }
        var ids: [String] = []
        for k in owned {
            ids += s.reminders[k]!.requestIDs
            s.reminders[k] = nil
        }
        world.emit(Record("catalog.removed").word("temple", id).int("reminders", owned.count))
        if !ids.isEmpty { s.centre.remove(ids, &world, wake: .notificationDue) }
        catalogChanged(&s, &world)
    }

    /// The app reloads the widget's timeline after a catalog change, once the widget exists.
    static func catalogChanged(_ s: inout DarshanState, _ world: inout World<Darshan>) {
        if s.widget.reloads > 0 { WidgetReload.reload(&s, &world, reason: "catalog") }
    }

    /// The temple screen's aarti list: each aarti's next occurrence in UTC, at the temple and on
    /// the device, and the dual-time line the app shows.
    static func show(_ id: String, _ s: DarshanState, _ world: inout World<Darshan>) {
        guard let t = s.temple(id) else { return reject("show", "unknown-temple", temple: id, &world) }
        world.emit(Record("temple").word("id", t.id).string("name", t.name).word("zone", t.zone.name).int("aartis", t.aartis.count))
        for a in t.aartis {
            guard let next = a.time.nextOccurrence(after: world.now, in: t.zone) else { continue }
            world.emit(Record("aarti.next").word("aarti", a.key).instant("utc", next).word("temple", t.zone.formatLocal(next))
                .word("device", world.zone.formatLocal(next))
                .string("display", AartiClock.display(aartiName: a.name, at: next, temple: t.zone, device: world.zone)))
        }
    }
}
