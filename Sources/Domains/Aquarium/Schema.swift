import LockstepCore
import Platform

/// The local database (Drift in the app; Platform `ObjectStore` here) and how its rows travel:
/// the synced tables, their push ranks (parents first) and the row text used as the outbox
/// payload and the server's copy.
enum Schema {
    static let tanks = "tanks"
    static let config = "tank_parameter_config"
    static let sessions = "test_sessions"
    static let readings = "readings"

    static let tanksEntity = SyncEntity(tanks, rank: 0, isRoot: true)
    static let configEntity = SyncEntity(config, rank: 1)
    static let sessionsEntity = SyncEntity(sessions, rank: 2)
    static let readingsEntity = SyncEntity(readings, rank: 3)
    static let entities = [tanksEntity, configEntity, sessionsEntity, readingsEntity]

    static func entity(_ name: String) -> SyncEntity? { entities.first { $0.name == name } }

    static let tables: [ObjectSchema] = [
        ObjectSchema(tanks, columns: [
            ObjectColumn("id", .text), ObjectColumn("owner_id", .text), ObjectColumn("type", .text),
            ObjectColumn("updated_at", .text), ObjectColumn("deleted_at", .text, nullable: true),
        ]),
        ObjectSchema(config, columns: [
            ObjectColumn("id", .text), ObjectColumn("tank_id", .text), ObjectColumn("enabled", .text),
            ObjectColumn("kh_limit", .real, nullable: true), ObjectColumn("ph_limit", .real, nullable: true),
            ObjectColumn("updated_at", .text),
        ], references: [ObjectReference("tank_id", parent: tanks, rule: .cascade)]),
        ObjectSchema(sessions, columns: [
            ObjectColumn("id", .text), ObjectColumn("tank_id", .text), ObjectColumn("measured_at", .text),
            ObjectColumn("updated_at", .text), ObjectColumn("deleted_at", .text, nullable: true),
        ], references: [ObjectReference("tank_id", parent: tanks, rule: .cascade)]),
        // No nullable value column: an untested parameter has no row at all.
        ObjectSchema(readings, columns: [
            ObjectColumn("id", .text), ObjectColumn("tank_id", .text), ObjectColumn("session_id", .text, nullable: true),
            ObjectColumn("parameter", .text), ObjectColumn("value_canonical", .real), ObjectColumn("entered_value", .real),
            ObjectColumn("entered_unit", .text), ObjectColumn("measured_at", .text), ObjectColumn("updated_at", .text),
            ObjectColumn("deleted_at", .text, nullable: true),
        ], references: [ObjectReference("tank_id", parent: tanks, rule: .cascade),
                        ObjectReference("session_id", parent: sessions, rule: .nullify)]),
    ]

    static func emptyStore() -> ObjectStore {
        var s = ObjectStore(maxRowsPerTable: 50_000)
        for t in tables { try! s.create(t) }  // the declarations are constants, pinned by a test
        return s
    }

    // MARK: Row text

    /// `col=value col=value ...` in schema order, nulls left out; reals in shortest round-trip form.
    static func payload(_ row: ObjectRow) -> String {
        var parts: [String] = []
        for (c, v) in zip(row.columns, row.cells) {
            switch v {
            case .null: continue
            case .text(let s): parts.append("\(c)=\(s)")
            case .real(let d): parts.append("\(c)=\(d.description)")
            case .int(let i): parts.append("\(c)=\(i)")
            case .bool(let b): parts.append("\(c)=\(b)")
            }
        }
        return parts.joined(separator: " ")
    }

    /// Why a pulled row's text cannot be applied.
    struct PayloadError: Error { var reason: String }

    /// Parses a row's text against its table: unknown or repeated columns, values of the wrong
    /// type, non-finite numbers, instants without a zone and a missing `updated_at` are errors.
    static func parse(_ text: String, table: String) -> Result<[(String, ObjectValue)], PayloadError> {
        guard let schema = tables.first(where: { $0.name == table }) else { return .failure(PayloadError(reason: "unknownEntity")) }
        guard text.utf8.count <= 4_096 else { return .failure(PayloadError(reason: "tooLong")) }
        var out: [(String, ObjectValue)] = []
        for token in text.split(separator: " ") {
            guard let eq = token.firstIndex(of: "=") else { return .failure(PayloadError(reason: "malformed")) }
            let key = String(token[..<eq]), raw = String(token[token.index(after: eq)...])
            guard let col = schema.columns.first(where: { $0.name == key }) else { return .failure(PayloadError(reason: "unknownColumn")) }
            guard !out.contains(where: { $0.0 == key }) else { return .failure(PayloadError(reason: "repeatedColumn")) }
            switch col.type {
            case .real:
                guard let d = Double(raw), d.isFinite else { return .failure(PayloadError(reason: "badNumber")) }
                out.append((key, .real(d)))
            case .text:
                if key.hasSuffix("_at") {
                    guard case .success = CivilTime.parseISO8601(Substring(raw), requireUTC: false) else {
                        return .failure(PayloadError(reason: "badTimestamp"))
                    }
                }
                out.append((key, .text(raw)))
            case .int:
                guard let i = Int64(raw) else { return .failure(PayloadError(reason: "badNumber")) }
                out.append((key, .int(i)))
            case .bool:
                guard raw == "true" || raw == "false" else { return .failure(PayloadError(reason: "badBool")) }
                out.append((key, .bool(raw == "true")))
            }
        }
        guard out.contains(where: { $0.0 == "updated_at" }) else { return .failure(PayloadError(reason: "missingUpdatedAt")) }
        for col in schema.columns where !col.nullable && !out.contains(where: { $0.0 == col.name }) {
            return .failure(PayloadError(reason: "missingColumn"))
        }
        return .success(out)
    }
}

/// Stored instants: UTC text with a `Z` (`store_date_time_values_as_text`), so reading back in a
/// non-UTC device zone changes nothing. Under `localTimeReadBack` the text is the device's wall
/// time without a zone and is read back as if it were UTC (Drift's default read as local time).
struct StampCodec {
    var zone: Zone
    var localBug: Bool

    func encode(_ t: Instant) -> String {
        guard localBug else { return CivilTime.iso8601UTC(t) }
        let wall = t + .seconds(Int64(zone.offsetSeconds(at: t)))
        return String(CivilTime.iso8601UTC(wall).dropLast())
    }

    func decode(_ text: String) -> Instant? {
        let withZone = text.hasSuffix("Z") || text.contains("+") || text.dropFirst(10).contains("-") ? text : text + "Z"
        if case .success(let t) = CivilTime.parseISO8601(Substring(withZone), requireUTC: false) { return t }
        return nil
    }
}

