import LockstepCore

/// `ObjectStore` as an App Group container shared by processes (the app and its widget or an
/// extension), interleaved by `AppGroup`.
///
/// - **Snapshot:** the store itself, by value: a process's read is a copy taken at its read step, so
///   what it computes from never changes under it, and it cannot write through it. Reads of a
///   corrupt table from the snapshot throw (`ObjectStoreError.corrupt`), and taking the snapshot
///   names each corrupt table in a `store.error` record with the reading process: never empty data.
/// - **Keys are rows:** an `AppGroupWrite` key is `TABLE/KEY` (`ObjectStore.groupKey`; the first
///   `/` ends the table name, so a table shared this way has none in its name), its value
///   the whole row to upsert, or nil to delete that row for real (with the tables' cascade and
///   nullify rules). So two processes that write different rows never conflict.
/// - **Conflicts: last writer wins, never silently.** A commit that rewrites a row another process
///   committed after this one's read is `AppGroup`'s `appgroup.lost-update` record (the group keeps
///   the versions by key); the row then holds the later commit. That is what two processes saving
///   the same SQLite row without a merge-policy check get; the record is what makes it visible.
///   Keep rows small and per-item where both sides write (a counter row both bump loses one bump).
/// - **Refusals:** a write the store cannot take (unknown table, a key that does not parse for the
///   table's key type, a row for another table or key, a schema or limit error, a corrupt table, a
///   delete of a missing row) changes nothing, is a `store.error` record with `process=`, and is
///   `.denied(.rejected)`, so the group does not count it as that key's latest write.
extension ObjectStore: AppGroupStore {
    public typealias Snapshot = ObjectStore
    public typealias Value = ObjectRow

    /// The App Group key of row `key` of `table`: `TABLE/KEY` (text keys as they are, int keys in decimal).
    public static func groupKey(_ table: String, _ key: ObjectValue) -> String { "\(table)/\(keyText(key))" }

    /// Upserts `row` under its group key (the value of its table's key column). A row for a table
    /// this store does not have gets a key that `commit` refuses.
    public func groupWrite(_ row: ObjectRow) -> AppGroupWrite<ObjectRow> {
        guard let s = schema(row.table) else { return AppGroupWrite("\(row.table)/?", row) }
        return AppGroupWrite(Self.groupKey(row.table, row[s.key]), row)
    }

    /// Deletes row `key` of `table` when committed.
    public static func groupDelete(_ table: String, _ key: ObjectValue) -> AppGroupWrite<ObjectRow> {
        AppGroupWrite(groupKey(table, key), nil)
    }

    public mutating func snapshot<D: Domain>(by process: String, _ world: inout World<D>) -> ObjectStore {
        for t in tables {
            if let why = t.corruptReason {
                world.emit(ObjectStoreError.corrupt(table: t.schema.name, reason: why).record.word("process", process).word("op", "snapshot"))
            }
        }
        return self
    }

    public mutating func commit<D: Domain>(_ key: String, _ value: ObjectRow?, by process: String, _ world: inout World<D>) -> StoreWrite {
        do throws(ObjectStoreError) {
            let (table, rowKey) = try parseGroupKey(key)
            if let row = value {
                guard row.table == table else { throw .aborted("group key \(key) names table \(table), the row is for \(row.table)") }
                let keyColumn = schema(table)!.key
                guard row[keyColumn] == rowKey else { throw .aborted("group key \(key) does not match the row's \(keyColumn) \(Self.keyText(row[keyColumn]))") }
                try upsert(table, Array(zip(row.columns, row.cells)))
            } else {
                try delete(table, key: rowKey)
            }
            return .written
        } catch {
            world.emit(error.record.word("process", process).string("key", key))
            return .denied(.rejected)
        }
    }

    /// `TABLE/KEY` back to the table and a key of its key column's type.
    private func parseGroupKey(_ key: String) throws(ObjectStoreError) -> (String, ObjectValue) {
        guard let slash = key.firstIndex(of: "/") else { throw .aborted("group key \(key) is not TABLE/KEY") }
        let table = String(key[..<slash])
        let text = String(key[key.index(after: slash)...])
        guard let s = schema(table) else { throw .unknownTable(table) }
        switch s.columns[s.keyIndex].type {
        case .text: return (table, .text(text))
        case .int:
            guard let i = Int64(text) else { throw .typeMismatch(table: table, column: s.key, expected: .int, got: "\"\(text)\"") }
            return (table, .int(i))
        case .real, .bool:
            throw .badSchema("table \(table): a \(s.columns[s.keyIndex].type.rawValue) key cannot be shared by group key")
        }
    }
}
