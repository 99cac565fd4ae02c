import LockstepCore

/// What happens to child rows when a parent row is deleted for real (hard delete). Soft deletes
/// (tombstones) are ordinary updates and trigger neither.
public enum ObjectDeleteRule: String, Hashable, Sendable {
    /// Children are deleted too, recursively.
    case cascade
    /// The children's reference column is set to null (it must be nullable).
    case nullify
}

/// One declared column.
public struct ObjectColumn: Hashable, Sendable {
    public var name: String
    public var type: ObjectColumnType
    public var nullable: Bool
    public init(_ name: String, _ type: ObjectColumnType, nullable: Bool = false) {
        self.name = name
        self.type = type
        self.nullable = nullable
    }
}

/// A reference from a column of this table to the key of `parent`, with its delete rule.
public struct ObjectReference: Hashable, Sendable {
    public var column: String
    public var parent: String
    public var rule: ObjectDeleteRule
    public init(_ column: String, parent: String, rule: ObjectDeleteRule) {
        self.column = column
        self.parent = parent
        self.rule = rule
    }
}

/// A table's declaration: typed columns, the unique key column upserts match on, references.
public struct ObjectSchema: Hashable, Sendable {
    /// At most this many columns per table.
    public static let maxColumns = 64

    public var name: String
    public var columns: [ObjectColumn]
    /// The unique attribute: an upsert with an existing key replaces that row.
    public var key: String
    public var references: [ObjectReference]

    public init(_ name: String, columns: [ObjectColumn], key: String = "id", references: [ObjectReference] = []) {
        self.name = name
        self.columns = columns
        self.key = key
        self.references = references
    }

    public func index(of column: String) -> Int? { columns.firstIndex { $0.name == column } }
    var keyIndex: Int { index(of: key) ?? 0 }

    /// Why this declaration is unusable, or nil.
    var problem: String? {
        if columns.isEmpty || columns.count > ObjectSchema.maxColumns {
            return "table \(name) has \(columns.count) columns; 1...\(ObjectSchema.maxColumns) allowed"
        }
        for (i, c) in columns.enumerated() where columns[..<i].contains(where: { $0.name == c.name }) {
            return "table \(name) declares column \(c.name) twice"
        }
        guard let k = index(of: key) else { return "table \(name) has no key column \(key)" }
        if columns[k].nullable { return "table \(name): key column \(key) must not be nullable" }
        for r in references {
            guard let i = index(of: r.column) else { return "table \(name): reference column \(r.column) is not declared" }
            if r.rule == .nullify, !columns[i].nullable { return "table \(name): \(r.column) must be nullable to be nullified" }
        }
        return nil
    }
}
