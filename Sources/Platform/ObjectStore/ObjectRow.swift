import LockstepCore

/// One stored row, its values in the schema's column order.
public struct ObjectRow: Hashable, Sendable {
    public let table: String
    public let columns: [String]
    public var cells: [ObjectValue]

    public init(table: String, columns: [String], cells: [ObjectValue]) {
        precondition(columns.count == cells.count, "a row has one value per column")
        self.table = table
        self.columns = columns
        self.cells = cells
    }

    /// The value of `column`; `.null` for a column the table does not have.
    public subscript(_ column: String) -> ObjectValue {
        guard let i = columns.firstIndex(of: column) else { return .null }
        return cells[i]
    }

    /// `row table=… col=value …` in column order, for state and records.
    public var record: Record {
        var r = Record("row").word("table", table)
        for (c, v) in zip(columns, cells) { r = r.with(c, v.value) }
        return r
    }
}

/// A filter on rows: every case is total (a missing column reads as null).
public indirect enum ObjectPredicate: Hashable, Sendable {
    case all
    case equals(String, ObjectValue)
    case isNull(String)
    case notNull(String)
    case greaterThan(String, ObjectValue)
    case and([ObjectPredicate])
    case not(ObjectPredicate)

    public func matches(_ row: ObjectRow) -> Bool {
        switch self {
        case .all: return true
        case .equals(let c, let v): return row[c] == v
        case .isNull(let c): return row[c].isNull
        case .notNull(let c): return !row[c].isNull
        case .greaterThan(let c, let v): return ObjectValue.precedes(v, row[c]) && row[c].type == v.type
        case .and(let ps): return ps.allSatisfy { $0.matches(row) }
        case .not(let p): return !p.matches(row)
        }
    }
}

/// How a fetch orders its rows: one column, ascending or descending, ties broken by the key.
public struct ObjectOrder: Hashable, Sendable {
    public var column: String
    public var descending: Bool
    public init(_ column: String, descending: Bool = false) {
        self.column = column
        self.descending = descending
    }
}
