import LockstepCore

/// Why a statement, a transaction or a read failed. A failing statement inside a transaction
/// rolls the whole transaction back; the error says which statement and why.
public enum ObjectStoreError: Error, Hashable, Sendable {
    case unknownTable(String)
    case tableExists(String)
    case badSchema(String)
    case unknownColumn(table: String, column: String)
    case missingColumn(table: String, column: String)
    case typeMismatch(table: String, column: String, expected: ObjectColumnType, got: String)
    case notFound(table: String, key: String)
    /// A limit was hit: `what` names it (`rows`, `tables`, `watches`), `limit` its value.
    case limit(what: String, limit: Int)
    /// The table's file is damaged: reads fail instead of returning empty data.
    case corrupt(table: String, reason: String)
    /// A caller's own refusal inside a transaction (a form field that does not parse).
    case aborted(String)

    public var message: String {
        switch self {
        case .unknownTable(let t): "no table \(t)"
        case .tableExists(let t): "table \(t) already exists"
        case .badSchema(let why): why
        case .unknownColumn(let t, let c): "table \(t) has no column \(c)"
        case .missingColumn(let t, let c): "\(t).\(c) is not nullable and was not given"
        case .typeMismatch(let t, let c, let e, let g): "\(t).\(c) expects \(e.rawValue), got \(g)"
        case .notFound(let t, let k): "no row \(k) in \(t)"
        case .limit(let w, let l): "\(w) limit \(l) reached"
        case .corrupt(let t, let r): "table \(t) is corrupt (\(r))"
        case .aborted(let why): why
        }
    }

    /// `store.error reason=… message="…"`.
    public var record: Record {
        let reason: String
        switch self {
        case .unknownTable: reason = "unknownTable"
        case .tableExists: reason = "tableExists"
        case .badSchema: reason = "badSchema"
        case .unknownColumn: reason = "unknownColumn"
        case .missingColumn: reason = "missingColumn"
        case .typeMismatch: reason = "typeMismatch"
        case .notFound: reason = "notFound"
        case .limit: reason = "limit"
        case .corrupt: reason = "corrupt"
        case .aborted: reason = "aborted"
        }
        return Record("store.error").word("reason", reason).string("message", message)
    }
}
