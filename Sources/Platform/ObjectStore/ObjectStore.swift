import LockstepCore

/// A small in-memory relational store with the semantics an offline-first app relies on (the
/// Drift/SQLite or Core Data model of a domain): typed tables, upsert on a unique key, atomic
/// transactions, cascade/nullify delete rules, filtered and paged fetches in code-point order,
/// corrupt tables that fail their reads, and watches that re-emit only when a table they declared
/// changes (`ObjectWatches`).
///
/// Value semantics make a transaction exact: the body runs on a copy, and the copy replaces the
/// store only if every statement succeeded. Limits: `maxTables`, `maxRowsPerTable` (settable, said
/// in the error when hit).
public struct ObjectStore: Hashable, Sendable {
    public static let maxTables = 64
    public static let defaultMaxRowsPerTable = 100_000

    struct Table: Hashable, Sendable {
        var schema: ObjectSchema
        /// Ascending by key (code-point order for text keys), so fetches never depend on hashing.
        var rows: [ObjectRow] = []
        var corruptReason: String?
    }

    private(set) var tables: [Table] = []
    public private(set) var maxRowsPerTable: Int
    /// Tables written since the last `takeChangedTables()`, ascending, without repeats.
    public private(set) var changedTables: [String] = []
    public private(set) var statementCount = 0

    public init(maxRowsPerTable: Int = ObjectStore.defaultMaxRowsPerTable) {
        precondition(maxRowsPerTable > 0, "a table holds at least one row")
        self.maxRowsPerTable = maxRowsPerTable
    }

    public var tableNames: [String] { tables.map(\.schema.name) }

    // MARK: Schema

    public mutating func create(_ schema: ObjectSchema) throws(ObjectStoreError) {
        if let why = schema.problem { throw .badSchema(why) }
        guard tableIndex(schema.name) == nil else { throw .tableExists(schema.name) }
        guard tables.count < ObjectStore.maxTables else { throw .limit(what: "tables", limit: ObjectStore.maxTables) }
        for r in schema.references where r.parent != schema.name && tableIndex(r.parent) == nil {
            throw .badSchema("table \(schema.name): parent table \(r.parent) does not exist")
        }
        tables.append(Table(schema: schema))
        tables.sort { CodePoint.precedes($0.schema.name, $1.schema.name) }
    }

    public func schema(_ table: String) -> ObjectSchema? { tableIndex(table).map { tables[$0].schema } }

    // MARK: Writes

    /// Inserts the row, or replaces the row with the same key. Columns not given are null (and
    /// must be nullable); unknown columns and wrong types are errors.
    public mutating func upsert(_ table: String, _ given: [(String, ObjectValue)]) throws(ObjectStoreError) {
        let t = try writableTable(table)
        let row = try makeRow(tables[t].schema, given)
        let key = row.cells[tables[t].schema.keyIndex]
        let (i, found) = position(t, key)
        if found {
            tables[t].rows[i] = row
        } else {
            guard tables[t].rows.count < maxRowsPerTable else { throw .limit(what: "rows in \(table)", limit: maxRowsPerTable) }
            tables[t].rows.insert(row, at: i)
        }
        touched(table)
    }

    /// Changes the named columns of the row with `key`.
    public mutating func update(_ table: String, key: ObjectValue, set changes: [(String, ObjectValue)]) throws(ObjectStoreError) {
        let t = try writableTable(table)
        let (i, found) = position(t, key)
        guard found else { throw .notFound(table: table, key: Self.keyText(key)) }
        var row = tables[t].rows[i]
        for (c, v) in changes {
            guard let ci = tables[t].schema.index(of: c) else { throw .unknownColumn(table: table, column: c) }
            try Self.check(tables[t].schema, ci, v)
            guard ci != tables[t].schema.keyIndex else { throw .badSchema("\(table): the key column cannot be updated") }
            row.cells[ci] = v
        }
        tables[t].rows[i] = row
        touched(table)
    }

    /// Deletes the row with `key` for real, applying every table's delete rule to its children
    /// (cascade recursively, nullify the reference). Returns how many rows were deleted in all.
    @discardableResult
    public mutating func delete(_ table: String, key: ObjectValue) throws(ObjectStoreError) -> Int {
        let t = try writableTable(table)
        let (i, found) = position(t, key)
        guard found else { throw .notFound(table: table, key: Self.keyText(key)) }
        tables[t].rows.remove(at: i)
        touched(table)
        var deleted = 1
        // Bounded: each level deletes at least one row, and rows are finite.
        for c in tables.indices {
            for ref in tables[c].schema.references where ref.parent == table {
                guard let ci = tables[c].schema.index(of: ref.column) else { continue }
                let childName = tables[c].schema.name
                let children = tables[c].rows.filter { $0.cells[ci] == key }
                guard !children.isEmpty else { continue }
                switch ref.rule {
                case .cascade:
                    let keyIndex = tables[c].schema.keyIndex
                    for child in children { deleted += try delete(childName, key: child.cells[keyIndex]) }
                case .nullify:
                    for r in tables[c].rows.indices where tables[c].rows[r].cells[ci] == key { tables[c].rows[r].cells[ci] = .null }
                    touched(childName)
                }
            }
        }
        return deleted
    }

    /// Runs `body` atomically: all its statements, or (when it throws) none of them. The changed
    /// tables of a rolled-back transaction are not reported.
    public mutating func transaction(_ body: (inout ObjectStore) throws(ObjectStoreError) -> Void) throws(ObjectStoreError) {
        var copy = self
        try body(&copy)
        self = copy
    }

    // MARK: Reads

    /// Rows of `table` matching `predicate`, ordered by `order` (the key when nil; ties by key),
    /// then `offset`/`limit` applied. A corrupt table is an error, never an empty list.
    public func fetch(_ table: String, where predicate: ObjectPredicate = .all, order: ObjectOrder? = nil,
                      offset: Int = 0, limit: Int? = nil) throws(ObjectStoreError) -> [ObjectRow] {
        guard let t = tableIndex(table) else { throw .unknownTable(table) }
        if let why = tables[t].corruptReason { throw .corrupt(table: table, reason: why) }
        var rows = tables[t].rows.filter { predicate.matches($0) }
        if let order {
            guard tables[t].schema.index(of: order.column) != nil else { throw .unknownColumn(table: table, column: order.column) }
            // A stable sort on top of key order keeps ties in key order.
            let keyed = rows.enumerated().map { ($0.offset, $0.element) }
            rows = keyed.sorted { a, b in
                let x = a.1[order.column], y = b.1[order.column]
                if x != y { return order.descending ? ObjectValue.precedes(y, x) : ObjectValue.precedes(x, y) }
                return a.0 < b.0
            }.map(\.1)
        }
        let start = min(max(offset, 0), rows.count)
        let end = limit.map { min(start + max($0, 0), rows.count) } ?? rows.count
        return Array(rows[start..<end])
    }

    /// The row with `key`, or nil.
    public func row(_ table: String, key: ObjectValue) throws(ObjectStoreError) -> ObjectRow? {
        guard let t = tableIndex(table) else { throw .unknownTable(table) }
        if let why = tables[t].corruptReason { throw .corrupt(table: table, reason: why) }
        let (i, found) = position(t, key)
        return found ? tables[t].rows[i] : nil
    }

    public func count(_ table: String) -> Int { tableIndex(table).map { tables[$0].rows.count } ?? 0 }

    // MARK: Damage and change tracking

    /// Damages `table` (an injected fault): its reads and writes fail until `repair`.
    public mutating func corrupt(_ table: String, reason: String) throws(ObjectStoreError) {
        guard let t = tableIndex(table) else { throw .unknownTable(table) }
        tables[t].corruptReason = reason
    }

    public mutating func repair(_ table: String) { if let t = tableIndex(table) { tables[t].corruptReason = nil } }

    public func isCorrupt(_ table: String) -> Bool { tableIndex(table).map { tables[$0].corruptReason != nil } ?? false }

    /// The tables written since the last call, ascending; clears the list.
    public mutating func takeChangedTables() -> [String] {
        defer { changedTables = [] }
        return changedTables
    }

    // MARK: Internals

    private func tableIndex(_ name: String) -> Int? { tables.firstIndex { $0.schema.name == name } }

    private func writableTable(_ name: String) throws(ObjectStoreError) -> Int {
        guard let t = tableIndex(name) else { throw .unknownTable(name) }
        if let why = tables[t].corruptReason { throw .corrupt(table: name, reason: why) }
        return t
    }

    private mutating func touched(_ table: String) {
        statementCount += 1
        guard !changedTables.contains(table) else { return }
        changedTables.append(table)
        changedTables.sort(by: CodePoint.precedes)
    }

    private func makeRow(_ schema: ObjectSchema, _ given: [(String, ObjectValue)]) throws(ObjectStoreError) -> ObjectRow {
        var values = [ObjectValue](repeating: .null, count: schema.columns.count)
        var seen = [Bool](repeating: false, count: schema.columns.count)
        for (c, v) in given {
            guard let i = schema.index(of: c) else { throw .unknownColumn(table: schema.name, column: c) }
            try Self.check(schema, i, v)
            values[i] = v
            seen[i] = true
        }
        for (i, col) in schema.columns.enumerated() where !seen[i] && !col.nullable {
            throw .missingColumn(table: schema.name, column: col.name)
        }
        return ObjectRow(table: schema.name, columns: schema.columns.map(\.name), cells: values)
    }

    private static func check(_ schema: ObjectSchema, _ i: Int, _ v: ObjectValue) throws(ObjectStoreError) {
        let col = schema.columns[i]
        guard let type = v.type else {
            if col.nullable { return }
            throw .typeMismatch(table: schema.name, column: col.name, expected: col.type, got: "null")
        }
        guard type == col.type else { throw .typeMismatch(table: schema.name, column: col.name, expected: col.type, got: type.rawValue) }
        if case .real(let d) = v, !d.isFinite {
            throw .typeMismatch(table: schema.name, column: col.name, expected: .real, got: "a non-finite number")
        }
    }

    /// Binary search by key: the insertion point and whether the key is there.
    private func position(_ t: Int, _ key: ObjectValue) -> (Int, Bool) {
        let k = tables[t].schema.keyIndex
        var low = 0
        var high = tables[t].rows.count
        while low < high {  // bounded: the range halves each pass
            let mid = (low + high) / 2
            if ObjectValue.precedes(tables[t].rows[mid].cells[k], key) { low = mid + 1 } else { high = mid }
        }
        return (low, low < tables[t].rows.count && tables[t].rows[low].cells[k] == key)
    }

    static func keyText(_ v: ObjectValue) -> String {
        switch v {
        case .text(let s): s
        case .int(let i): String(i)
        default: "\(v.value)"
        }
    }

    // MARK: State

    /// `store tables=N { table NAME rows=N [corrupt=…] { row ... } }`, every row listed.
    public func write(to out: inout CanonicalWriter) { write(to: &out, rows: true) }

    /// The same, with `rows: false` listing only each table's header (a large store's digest).
    public func write(to out: inout CanonicalWriter, rows: Bool) {
        out.section("store tables=\(tables.count)") { w in
            for t in tables {
                var header = "table \(t.schema.name) rows=\(t.rows.count)"
                if let c = t.corruptReason { header += " corrupt=\(c)" }
                w.section(header) { w in
                    if rows { for r in t.rows { w.record(r.record) } }
                }
            }
        }
    }
}
