import LockstepCore
import Platform

extension Aquarium {
    static func overviewQuery(_ tank: String) -> String { "tankOverview:\(tank)" }

    /// The tank screen's query: the last reading of each enabled parameter, or "not tested yet".
    /// It reads the settings table and the readings table, and must say so.
    static func overview(_ s: AquariumState, tank: String, _ world: World<Aquarium>) -> String {
        guard let tid = s.tank(tank)?.id else { return "unknownTank" }
        let data: TankData
        do { data = try Derived.load(s, tankID: tid, codec: codec(world)) } catch { return "error=\(error.message)" }
        var parts: [String] = []
        for p in data.enabled {
            if let r = data.readings.last(where: { $0.parameter == p }) {
                parts.append("\(p.rawValue)=\(FixedDecimal.format(Units.fromCanonical(r.canonical, s.displayUnit(p), p), places: 3))")
            } else {
                parts.append("\(p.rawValue)=notTestedYet")
            }
        }
        return parts.joined(separator: " ")
    }

    static func watch(_ s: inout AquariumState, _ tank: String, _ on: Bool, _ world: inout World<Aquarium>) {
        let query = overviewQuery(tank)
        guard on else {
            guard s.watches.remove(query: query) else {
                world.reject("watch", "notWatching") { $0.word("tank", tank) }
                return
            }
            s.watchContent.removeAll { $0.query == query }
            world.emit(Record("watch.removed").string("query", query))
            return
        }
        guard s.tank(tank) != nil else {
            world.reject("watch", "unknownTank") { $0.word("tank", tank) }
            return
        }
        guard s.watches.watch(query: query) == nil else {
            world.reject("watch", "alreadyWatching") { $0.word("tank", tank) }
            return
        }
        let reads = world.isOn(.watchMissesReadings) ? [Schema.config] : [Schema.config, Schema.readings]
        switch s.watches.add(query: query, reads: reads) {
        case .failure(let e): world.reject("watch", "limit") { $0.string("message", e.message) }
        case .success:
            let content = overview(s, tank: tank, world)
            s.watchContent.append((query, content))
            world.emit(Record("watch.emit").string("query", query).int("emission", 1).string("shows", content))
        }
    }

    /// After a commit: the watches whose declared tables changed re-run and emit.
    static func afterWrite(_ s: inout AquariumState, _ world: inout World<Aquarium>) {
        let changed = s.store.takeChangedTables()
        guard !changed.isEmpty else { return }
        for w in s.watches.due(after: changed) { emitWatch(&s, w, &world) }
    }

    /// A display-unit change re-renders every screen (not a store change).
    static func refreshAllWatches(_ s: inout AquariumState, _ world: inout World<Aquarium>) {
        for w in s.watches.due(after: s.watches.watches.flatMap(\.reads)) { emitWatch(&s, w, &world) }
    }

    static func emitWatch(_ s: inout AquariumState, _ w: ObjectWatches.Watch, _ world: inout World<Aquarium>) {
        let tank = String(w.query.dropFirst("tankOverview:".count))
        let content = overview(s, tank: tank, world)
        if let i = s.watchContent.firstIndex(where: { $0.query == w.query }) { s.watchContent[i].content = content }
        world.emit(Record("watch.emit").string("query", w.query).int("emission", w.emissions).string("shows", content))
    }

    /// One series per parameter on a shared time axis: a dot at every real measurement, nothing
    /// synthesised (a gap is a straight segment between real dots).
    static func chart(_ s: AquariumState, _ tank: String, _ world: inout World<Aquarium>) {
        guard let tid = tankID(s, tank, "chart", &world), let data = loadOrRecord(s, tid, &world) else { return }
        var any = false
        for p in Parameter.allCases {
            let points = data.readings.filter { $0.parameter == p }
            guard !points.isEmpty else { continue }
            any = true
            let unit = s.displayUnit(p)
            let text = points.map { "\(CivilTime.iso8601UTC($0.measuredAt))=\(FixedDecimal.format(Units.fromCanonical($0.canonical, unit, p), places: 3))" }
            world.emit(Record("chart").word("tank", tank).word("param", p.rawValue).word("unit", unit.rawValue).int("dots", points.count)
                .string("points", text.joined(separator: " ")))
        }
        if !any { world.emit(Record("chart").word("tank", tank).word("series", "none")) }
    }
}
