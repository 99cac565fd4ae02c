import LockstepCore
import Platform

/// A reading as the views see it, read back from the store.
struct Reading: Hashable, Sendable {
    var id: String
    var session: String?
    var parameter: Parameter
    var canonical: Double
    var entered: Double
    var unit: String
    var measuredAt: Instant
}

/// One session's values. Nulls exist only here: a parameter not measured is nil.
struct Snapshot: Hashable, Sendable {
    var session: String
    var measuredAt: Instant
    var values: [Double?] = Array(repeating: nil, count: Parameter.allCases.count)

    subscript(_ p: Parameter) -> Double? {
        get { values[Parameter.allCases.firstIndex(of: p)!] }
        set { values[Parameter.allCases.firstIndex(of: p)!] = newValue }
    }

    var ammoniaClear: Bool { self[.ammonia].map { $0 <= Cycling.effectivelyZero } ?? false }
    var nitriteClear: Bool { self[.nitrite].map { $0 <= Cycling.effectivelyZero } ?? false }
    var nitratePresent: Bool { self[.nitrate].map { $0 > 0 } ?? false }
    var passesCompletionTest: Bool { ammoniaClear && nitriteClear && nitratePresent }
    var measuresCycle: Bool { self[.ammonia] != nil || self[.nitrite] != nil }
}

/// The tank's data as read from the store, or the store's error.
struct TankData {
    var type: TankType
    var readings: [Reading]
    /// Sorted by time, then id.
    var snapshots: [Snapshot]
    var enabled: [Parameter]
    var khLimit: Double?
    var phLimit: Double?
}

enum Derived {
    /// Reads everything the views need for `tankID`. A corrupt table is an error, never empty data.
    static func load(_ s: AquariumState, tankID: String, codec: StampCodec) throws(ObjectStoreError) -> TankData {
        let tankRow = try s.store.row(Schema.tanks, key: .text(tankID))
        let type = tankRow?["type"].text.flatMap(TankType.init(rawValue:)) ?? .freshwater
        let cfg = try s.store.fetch(Schema.config, where: .equals("tank_id", .text(tankID))).first
        let enabled = cfg?["enabled"].text.map(parseEnabled) ?? Parameter.allCases
        let live: ObjectPredicate = .and([.equals("tank_id", .text(tankID)), .isNull("deleted_at")])
        let sessionRows = try s.store.fetch(Schema.sessions, where: live)
        let readingRows = try s.store.fetch(Schema.readings, where: live)
        var readings: [Reading] = []
        for r in readingRows {
            guard let p = r["parameter"].text.flatMap(Parameter.init(rawValue:)), let v = r["value_canonical"].real,
                  let at = r["measured_at"].text.flatMap(codec.decode) else { continue }
            readings.append(Reading(id: r["id"].text ?? "", session: r["session_id"].text, parameter: p, canonical: v,
                                    entered: r["entered_value"].real ?? v, unit: r["entered_unit"].text ?? "", measuredAt: at))
        }
        readings.sort { ($0.measuredAt, $0.id) < ($1.measuredAt, $1.id) }
        var snaps: [Snapshot] = []
        for row in sessionRows {
            guard let id = row["id"].text, let at = row["measured_at"].text.flatMap(codec.decode) else { continue }
            var snap = Snapshot(session: id, measuredAt: at)
            for r in readings where r.session == id { snap[r.parameter] = r.canonical }
            snaps.append(snap)
        }
        snaps.sort { ($0.measuredAt, $0.session) < ($1.measuredAt, $1.session) }
        return TankData(type: type, readings: readings, snapshots: snaps, enabled: enabled,
                        khLimit: cfg?["kh_limit"].real, phLimit: cfg?["ph_limit"].real)
    }

    static func parseEnabled(_ text: String) -> [Parameter] {
        text.split(separator: ",").compactMap { Parameter(rawValue: String($0)) }
    }

    // MARK: Cycling

    struct Stage: Hashable {
        var label: String
        var from: String?
        var streak: Int
        var fromUnmeasured: Bool
    }

    /// The stage from the newest session that measured ammonia or nitrite (falling back to the
    /// newest session); cycled after two passing sessions in a row among the sessions that
    /// measured either (GAP: a KH-only session neither breaks nor resets the streak).
    static func stage(_ snaps: [Snapshot], newestOnly: Bool) -> Stage {
        guard let newest = snaps.last else { return Stage(label: Cycling.settingUp, from: nil, streak: 0, fromUnmeasured: false) }
        let latest = newestOnly ? newest : (snaps.last { $0.measuresCycle } ?? newest)
        let chain = newestOnly ? snaps : snaps.filter { $0.measuresCycle || $0.session == latest.session }
        var streak = 0
        for snap in chain.reversed() {
            guard snap.passesCompletionTest else { break }
            streak += 1
        }
        let label = streak >= 2 ? Cycling.cycled : streak == 1 ? Cycling.confirming : Cycling.settingUp
        let unmeasured = !latest.measuresCycle && snaps.contains { $0.measuresCycle }
        return Stage(label: label, from: latest.session, streak: streak, fromUnmeasured: unmeasured)
    }

    // MARK: Stall detection

    /// For each checked parameter, the session the stall check reads: the newest one that measured
    /// it (GAP: the stall criteria themselves are not given; only the selection rule is modelled).
    static let stallParameters: [Parameter] = [.ammonia, .nitrite, .nitrate, .kh, .ph]

    static func stallSources(_ snaps: [Snapshot], newestOnly: Bool) -> [(Parameter, Snapshot?)] {
        stallParameters.map { p in
            if newestOnly { return (p, snaps.last.flatMap { $0[p] != nil ? $0 : nil }) }
            return (p, snaps.last { $0[p] != nil })
        }
    }

    // MARK: Rates

    enum RateVerdict: Equatable {
        case ok(perDay: Double, limit: Double)
        case alert(perDay: Double, limit: Double)
        case underTwelveHours(Duration)
        case noLimit
        case first
    }

    /// A new reading against the newest earlier reading of the same parameter.
    static func rate(new: Reading, previous: Reading?, limitCanonical: Double?) -> RateVerdict {
        guard let prev = previous else { return .first }
        let gap = new.measuredAt - prev.measuredAt
        guard gap >= RateRule.minimumGap else { return .underTwelveHours(gap) }
        guard let limit = limitCanonical else { return .noLimit }
        let perDay = (new.canonical - prev.canonical) / (Double(gap.nanoseconds) / 86_400e9)
        return abs(perDay) > limit ? .alert(perDay: perDay, limit: limit) : .ok(perDay: perDay, limit: limit)
    }

    /// The rule for `p` on this tank, canonical units per day; nil when there is none.
    static func limit(_ p: Parameter, _ data: TankData) -> Double? {
        switch p {
        case .kh: return data.khLimit.map { $0 / Units.dKHPerMeqL }
        case .ph: return data.type == .planted ? nil : data.phLimit
        default: return nil
        }
    }
}
