import LockstepCore

/// One row on the fake server: what the device pushed (or another device wrote), whose it is,
/// and the server's own `updated_at`, stamped by its trigger from the server clock.
public struct SyncServerRow: Hashable, Sendable {
    public var entity: String
    public var id: String
    /// The root row (tank) this row belongs to; a root's scope is its own id.
    public var scope: String
    public var isRoot: Bool
    public var owner: String
    public var payload: String
    public var stamp: Instant

    public var record: Record {
        Record("server.row").word("entity", entity).string("id", id).string("scope", scope).word("owner", owner)
            .instant("stamp", stamp).digest("payload", FNV1a64.hash(Array(payload.utf8)))
    }
}

/// The fake backend (the article's Supabase/PostgREST with row-level security): its own clock
/// (device time + `skew`), a trigger that stamps `updated_at` on every write, and an access rule:
/// a root row belongs to the user who first wrote it (or a member it was shared with), a child row
/// is accepted only under a root the writer may edit, and reads return only rows under roots the
/// reader may see. A child under a root the server never saw is refused (`rls`). Limit `maxRows`.
public struct SyncServer: Hashable, Sendable {
    public static let maxRows = 200_000

    /// Server clock minus device clock.
    public var skew: Duration = .zero
    /// Ascending by (entity, id).
    public private(set) var rows: [SyncServerRow] = []
    /// `tank_members`: (root id, user) pairs granted access besides the owner, ascending.
    public private(set) var members: [SyncRef] = []

    public init() {}

    public func now(device: Instant) -> Instant { device + skew }

    public func ownerOf(root: String) -> String? { rows.first { $0.isRoot && $0.id == root }?.owner }

    /// `can_edit_tank` / `accessible_tank_ids`: the owner and members.
    public func canAccess(root: String, user: String) -> Bool {
        guard let owner = ownerOf(root: root) else { return false }
        return owner == user || members.contains(SyncRef(root, user))
    }

    public mutating func share(root: String, with user: String) {
        guard !members.contains(SyncRef(root, user)) else { return }
        members.append(SyncRef(root, user))
        members.sort { ($0.entity, $0.id) < ($1.entity, $1.id) }
    }

    /// A write by `user`, stamped `lateBy` before the server's now (a transaction that began
    /// earlier and committed now). Returns the server's verdict.
    public mutating func write(entity: String, id: String, scope: String, isRoot: Bool, payload: String, user: String,
                               deviceNow: Instant, lateBy: Duration = .zero) -> SyncAnswer {
        if isRoot {
            if let owner = ownerOf(root: id), owner != user, !members.contains(SyncRef(id, user)) { return .refused("rls") }
        } else if !canAccess(root: scope, user: user) {
            return .refused("rls")
        }
        let stamp = now(device: deviceNow) - lateBy
        let owner = isRoot ? (ownerOf(root: id) ?? user) : (ownerOf(root: scope) ?? user)
        let row = SyncServerRow(entity: entity, id: id, scope: isRoot ? id : scope, isRoot: isRoot, owner: owner, payload: payload, stamp: stamp)
        let i = rows.firstIndex { ($0.entity, $0.id) >= (entity, id) } ?? rows.count
        if i < rows.count, rows[i].entity == entity, rows[i].id == id {
            rows[i] = row
        } else {
            guard rows.count < SyncServer.maxRows else { return .refused("capacity") }
            rows.insert(row, at: i)
        }
        return .ok
    }

    /// Rows `user` may see with `updated_at > after` (all when nil), in stamp order, ties by
    /// (entity, id).
    public func changes(after: Instant?, user: String) -> [SyncServerRow] {
        rows.filter { r in (after.map { r.stamp > $0 } ?? true) && canAccess(root: r.scope, user: user) }
            .sorted { ($0.stamp, $0.entity, $0.id) < ($1.stamp, $1.entity, $1.id) }
    }

    public func write(to out: inout CanonicalWriter) {
        out.section("server skew=\(skew) rows=\(rows.count)") { w in
            for r in rows { w.record(r.record) }
            for m in members { w.record(Record("member").string("root", m.entity).word("user", m.id)) }
        }
    }
}
