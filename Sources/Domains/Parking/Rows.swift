import LockstepCore
import Platform

/// `fee_state`: what a kerb costs, as the schema stores it.
public enum FeeState: String, CaseIterable, Sendable {
    case FREE, PAID, CONDITIONAL, UNKNOWN
}

/// `fee_source`: where a row's claim comes from. Never a bare "free": every row has both.
public enum FeeSource: String, CaseIterable, Sendable {
    case municipal_free, osm_tag, operator_feed, municipal_paid_complement, municipal_outside_zone, municipal_paid
}

/// One `street_parking` row. fee_state and fee_source are kept as the strings stored, so a row with
/// an unknown string (a hand-entered or feed row) decodes to the `.unknown` claim, never to free.
struct KerbRow: Hashable, Sendable {
    var sourceID: String
    var feeState: String
    var feeSource: String
    /// `opening_hours` as written (CONDITIONAL rows); nil is SQL null.
    var hours: String?
    var points: [GeoPoint]
    /// Clustered bays (València); nil for every other row.
    var bayCount: Int?
    /// The way a derived or tagged row came from (for the whitelist and access invariants).
    var highway: String?
    var access: String?
    /// A row given as stored (`row`), not made by the pipeline.
    var fromFeed = false

    var record: Record {
        var r = Record("row").string("id", sourceID).word("fee_state", feeState).word("fee_source", feeSource)
        if let hours { r = r.string("hours", hours) }
        if let bayCount { r = r.int("bays", bayCount) }
        return r
    }
}

/// An OSM way as the import sees it.
struct OSMWay: Hashable, Sendable {
    var id: Int64
    var highway: String?
    var access: String?
    var name: String?
    var tags: [OSMTag]
    var closed: Bool
    var points: [GeoPoint]

    func tag(_ key: String) -> String? { tags.first(where: { $0.key == key })?.value }
}

struct OSMTag: Hashable, Sendable {
    var key: String
    var value: String
}

/// A council record (B5): a kerb segment or band with its kind and optional hours.
struct CouncilRecord: Hashable, Sendable {
    var id: Int64
    var kind: String
    var hours: String?
    var points: [GeoPoint]
}

/// A València bay: a point or short line, a street name (nameless bays exist) and paid or free.
struct Bay: Hashable, Sendable {
    var id: Int64
    var street: String
    var paid: Bool
    var points: [GeoPoint]
}

/// A regulated geometry (B3): a council kerb (line) or a paid zone (polygon).
enum RegulatedGeometry: Hashable, Sendable {
    case line([GeoPoint])
    case polygon([GeoPoint])
}
