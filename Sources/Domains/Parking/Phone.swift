import LockstepCore
import Platform

/// The phone: camera changes, the 250 ms settle, the fetch ring (30% of the span beyond each
/// edge, 1.6× per axis), drawing only what meets the viewport, and reassigning the drawn array
/// only when the ordered visible ids change.
extension Parking {
    /// Past this latitude span the kerb layer switches off for grid counts.
    static let zoomOutSpanDegrees = 0.02
    static let ringMargin = 0.3
    static let drawCapFault = 400
    static let gatewayURL = "https://api.easyfindparking.example/v1"
    static let netWake: @Sendable (NetTimer) -> ParkingEvent = { .network(.timer($0)) }

    static func camera(_ s: inout ParkingState, _ c: Camera, _ world: inout World<Parking>) {
        guard c.latitude.isFinite, c.longitude.isFinite, c.spanLatitude.isFinite, c.spanLongitude.isFinite else {
            world.reject("camera", "not-finite")
            return
        }
        guard c.spanLatitude > 0, c.spanLongitude > 0, c.spanLatitude <= 180, c.spanLongitude <= 360 else {
            world.reject("camera", "bad-span") { $0.fixed("spanLat", c.spanLatitude, 6).fixed("spanLon", c.spanLongitude, 6) }
            return
        }
        guard abs(c.latitude) <= 90, abs(c.longitude) <= 180 else {
            world.reject("camera", "bad-centre") { $0.fixed("lat", c.latitude, 6).fixed("lon", c.longitude, 6) }
            return
        }
        guard s.life.isActive || s.life.phase == .foregroundInactive else {
            world.reject("camera", "not-on-screen") { $0.word("phase", "\(s.life.phase)") }
            return
        }
        s.camera = c
        s.lastCameraAt = world.now
        let mode: MapMode = c.spanLatitude > zoomOutSpanDegrees ? .gridCounts : .kerbs
        if mode != s.mode {
            world.emit(Record("mode").word("from", s.mode.rawValue).word("to", mode.rawValue).fixed("spanLat", c.spanLatitude, 6))
            s.mode = mode
            if mode == .gridCounts { s.cells = [] }
        }
        redraw(&s, &world)
        if world.isOn(.fetchEveryCamera) {
            fetch(&s, &world)
        } else {
            s.debounce.poke(&world) { .settled($0) }
        }
    }

    /// The camera settled: fetch unless the viewport is still inside the last kerb ring.
    static func settled(_ s: inout ParkingState, _ token: GenerationToken, _ world: inout World<Parking>) {
        guard s.debounce.fire(token, &world) else { return }
        fetch(&s, &world)
    }

    static func ring(_ c: Camera) -> (BBox, clamped: Bool) {
        let v = c.viewport
        let dLat = c.spanLatitude * ringMargin, dLon = c.spanLongitude * ringMargin
        let raw = BBox(south: v.south - dLat, west: v.west - dLon, north: v.north + dLat, east: v.east + dLon)
        // No wrap across the antimeridian or over a pole: the ring stops at the edge of the map.
        let r = BBox(south: max(-90, raw.south), west: max(-180, raw.west), north: min(90, raw.north), east: min(180, raw.east))
        return (r, r != raw)
    }

    static func fetch(_ s: inout ParkingState, _ world: inout World<Parking>) {
        guard let c = s.camera else { return }
        let viewport = c.viewport
        if s.mode == .kerbs, !world.isOn(.noRingSkip), s.fetchedMode == .kerbs, let ring = s.fetchedRing, ring.contains(viewport) {
            world.emit(Record("fetch.skipped").word("reason", "insideRing").string("viewport", viewport.text).string("ring", ring.text))
            return
        }
        if s.mode == .kerbs, !world.isOn(.noRingSkip), let p = s.pending.keys.sorted().map({ s.pending[$0]! }).first(where: { $0.mode == .kerbs && $0.ring.contains(viewport) }) {
            world.emit(Record("fetch.skipped").word("reason", "ringInFlight").string("viewport", viewport.text).string("ring", p.ring.text))
            return
        }
        if let last = s.lastCameraAt, world.now - last < s.debounce.quiet { s.fetchSentEarly = true }
        if s.mode == .kerbs, s.fetchedMode == .kerbs, let ring = s.fetchedRing, ring.contains(viewport) { s.fetchInsideRing = true }
        let (ring, clamped) = ring(c)
        if clamped { world.emit(Record("ring.clamped").string("ring", ring.text)) }
        let url: String, tag: String, box: BBox
        switch s.mode {
        case .kerbs: (url, tag, box) = ("\(gatewayURL)/kerbs?bbox=\(ring.text)", "kerbs", ring)
        case .gridCounts: (url, tag, box) = ("\(gatewayURL)/kerb-counts?bbox=\(viewport.text)&grid=\(Gateway.gridSize)", "counts", viewport)
        }
        let token = s.fetches.restart()
        switch s.net.send(HTTPRequest(.get, url, timeout: .seconds(15)), tag: tag, &world, wake: netWake) {
        case .sent(let id):
            s.pending[id.rawValue] = PendingFetch(ring: box, viewport: viewport, mode: s.mode, generation: token)
        case .failedNow(let done):
            s.pending[done.id.rawValue] = PendingFetch(ring: box, viewport: viewport, mode: s.mode, generation: token)
            completed(&s, done, &world)
        case .refused: break
        }
    }

    /// The gateway answered (or the request failed). A 200 is answered from the published table
    /// as it is now; an older request than the newest is stale and dropped.
    static func completed(_ s: inout ParkingState, _ done: TransportCompletion, _ world: inout World<Parking>) {
        guard let p = s.pending.removeValue(forKey: done.id.rawValue) else {
            world.reject("net", "no-waiter") { $0.int("request", done.id.rawValue) }
            return
        }
        guard s.fetches.accept(p.generation, &world) else { return }
        guard let response = done.result.response, response.status == 200 else {
            let why: String
            switch done.result {
            case .response(let r): why = "status\(r.status)"
            case .failure(let f): why = f.rawValue
            }
            world.emit(Record("fetch.failed").int("request", done.id.rawValue).word("why", why).word("kept", s.fetchedRing == nil ? "nothing" : "previousRing"))
            return
        }
        switch p.mode {
        case .kerbs:
            let centre = GeoPoint(latitude: (p.ring.south + p.ring.north) / 2, longitude: (p.ring.west + p.ring.east) / 2)
            let (rows, matched) = Gateway.query(s.rows, box: p.ring, centre: centre, limit: s.serverLimit, unordered: world.isOn(.unorderedLimit))
            let fat = world.isOn(.fatPayload)
            let bytes = Gateway.payload(rows, fat: fat).utf8.count
            world.emit(Record("fetch.response").int("request", done.id.rawValue).int("features", rows.count).int("matched", matched)
                .int("truncated", matched - rows.count).int("bytes", bytes))
            if matched > rows.count {
                world.emit(Record("limit").word("name", "serverLimit").int("value", s.serverLimit).int("dropped", matched - rows.count))
            }
            var features: [String: Feature] = [:]
            for r in rows { features[r.sourceID] = Gateway.feature(r, fat: fat) }
            s.features = features
            s.fetchedRing = p.ring
            s.fetchedMode = .kerbs
            if s.mode == .kerbs { redraw(&s, &world) }
        case .gridCounts:
            let cells = Gateway.grid(s.rows, viewport: p.viewport, linear: world.isOn(.linearCircles))
            s.cells = cells
            s.fetchedMode = .gridCounts
            world.emit(Record("grid").int("request", done.id.rawValue).int("cells", cells.count).int("kerbs", cells.reduce(0) { $0 + $1.count }))
            for c in cells {
                world.emit(Record("grid.cell").int("row", c.row).int("col", c.col).int("count", c.count).fixed("radius", c.radiusPoints, 3))
            }
        }
    }

    /// Visible ids: held features whose box meets the viewport, in id order. The array is
    /// reassigned only when that ordered list changes.
    static func redraw(_ s: inout ParkingState, _ world: inout World<Parking>) {
        var visible: [String] = []
        if s.mode == .kerbs, let c = s.camera {
            let v = c.viewport
            for id in s.featureOrder where world.isOn(.drawWholeRing) || s.features[id]!.bbox.intersects(v) { visible.append(id) }
        }
        if world.isOn(.drawCap400), visible.count > drawCapFault { visible = Array(visible.prefix(drawCapFault)) }
        if visible == s.drawn && !world.isOn(.reassignEveryCamera) { return }
        s.assignedUnchanged = visible == s.drawn
        let old = Set(s.drawn)
        let added = visible.filter { !old.contains($0) }
        let removed = s.drawn.count - (visible.count - added.count)
        s.drawn = visible
        s.assignments += 1
        var r = Record("drawn.assigned").int("count", visible.count).int("added", added.count).int("removed", removed).int("assignment", s.assignments)
        if visible.count <= 12 { r = r.string("ids", visible.joined(separator: ",")) }
        world.emit(r)
        for id in added.prefix(24) { world.emit(polylineRecord(s, s.features[id]!, world)) }
        if added.count > 24 { world.emit(Record("polyline.more").int("count", added.count - 24)) }
    }

    static func polylineRecord(_ s: ParkingState, _ f: Feature, _ world: World<Parking>) -> Record {
        let claim = Claim.of(feeState: f.feeState, feeSource: f.feeSource, hours: f.hours, trustBareFree: world.isOn(.bareFreeTrusted))
        let stroke = KerbStroke.of(claim, mintSolid: world.isOn(.inferredLooksConfirmed))
        return stroke.add(to: Record("polyline").string("id", f.id).word("claim", claim.word)).int("points", f.points.count)
    }

    /// A tap on a kerb: its claim, whether it is charged right now in the city's time, and why.
    static func tap(_ s: inout ParkingState, _ id: String, _ world: inout World<Parking>) {
        guard let f = s.features[id], s.drawn.contains(id) else {
            world.reject("tap", "not-drawn") { $0.string("id", id) }
            return
        }
        let claim = Claim.of(feeState: f.feeState, feeSource: f.feeSource, hours: f.hours, trustBareFree: world.isOn(.bareFreeTrusted))
        let charge = Charge.at(world.now, claim: claim, zone: s.zone, holidays: s.holidays, unreadableIsFree: world.isOn(.unreadableHoursFree))
        let local = s.zone.formatLocal(world.now)
        var r = Record("kerb").string("id", id).word("claim", claim.word).word("chargedNow", charge.word).string("local", local)
        if let h = f.hours { r = r.string("hours", h) }
        if case .unreadable(let column, let why) = charge { r = r.word("hoursUnreadable", "true").int("column", column).string("why", why) }
        r = r.string("says", says(claim, charge))
        if FeeState(rawValue: f.feeState) == nil || FeeSource(rawValue: f.feeSource) == nil {
            r = r.string("provenance", "\(f.feeState)/\(f.feeSource) unrecognised")
        }
        // The rule, whatever the code path: hours that cannot be read never show as free now.
        if case .conditional(let hours) = claim, charge == .notCharged {
            if hours == nil { s.unreadableShownFree = true }
            if let hours, case .failure = OpeningHours.parse(hours) { s.unreadableShownFree = true }
        }
        world.emit(r)
    }

    /// The sheet's sentence: never a stronger phrasing than the claim.
    static func says(_ claim: Claim, _ charge: Charge) -> String {
        switch claim {
        case .cityFree: return "Free (published by the council)"
        case .signpostedFree: return "Free (signposted)"
        case .likelyFree: return "Likely free (nothing regulated within 25 m)"
        case .paid: return "Paid"
        case .unknown: return "No information"
        case .conditional:
            switch charge {
            case .charged: return "Paid now"
            case .unreadable: return "Paid now (hours unreadable)"
            default: return "Free now"
            }
        }
    }
}
