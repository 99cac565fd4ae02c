/// One output record: a name and `key=value` fields in the order the domain declares them.
///
/// `stamp x=12.500 y=3.250 size=4.100 atlas=7`. Built with a small fluent API so that a domain's
/// `Output` enum reads like the trace it produces:
///
/// ```swift
/// Record("counted").int("reps", 3).fixed("angleDegrees", 87.25, 1)
/// ```
public struct Record: Hashable, Sendable, CustomStringConvertible {
    public struct Field: Hashable, Sendable {
        /// `nil` for a positional value (`zone Europe/Paris`).
        public var key: String?
        public var value: Value

        public init(_ key: String?, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    public var name: String
    public var fields: [Field]

    public init(_ name: String, _ fields: [Field] = []) {
        self.name = name
        self.fields = fields
    }

    public func with(_ key: String, _ value: Value) -> Record {
        var copy = self
        copy.fields.append(Field(key, value))
        return copy
    }
    public func int(_ key: String, _ v: Int) -> Record { with(key, .int(Int64(v))) }
    public func int64(_ key: String, _ v: Int64) -> Record { with(key, .int(v)) }
    public func fixed(_ key: String, _ v: Double, _ places: Int) -> Record { with(key, .fixed(v, places: places)) }
    public func fixed(_ key: String, _ v: Float, _ places: Int) -> Record { with(key, .fixed(Double(v), places: places)) }
    public func word(_ key: String, _ w: String) -> Record { with(key, .word(w)) }
    public func string(_ key: String, _ s: String) -> Record { with(key, .string(s)) }
    public func bool(_ key: String, _ b: Bool) -> Record { with(key, .bool(b)) }
    public func digest(_ key: String, _ d: UInt64) -> Record { with(key, .digest(d)) }
    public func instant(_ key: String, _ t: Instant) -> Record { with(key, .instant(t)) }
    public func duration(_ key: String, _ d: Duration) -> Record { with(key, .duration(d)) }
    /// A field without a key.
    public func positional(_ value: Value) -> Record {
        var copy = self
        copy.fields.append(Field(nil, value))
        return copy
    }

    /// `name key=value key=value`.
    public func write(to out: inout [UInt8]) {
        out.append(contentsOf: name.utf8)
        for field in fields {
            out.append(32)
            if let key = field.key {
                out.append(contentsOf: key.utf8)
                out.append(61)
            }
            field.value.write(to: &out)
        }
    }

    public var description: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// A domain's typed output. Domains declare an `enum Output: RecordConvertible` and emit cases;
/// the runner only ever sees the records.
public protocol RecordConvertible {
    var record: Record { get }
}

extension Record: RecordConvertible {
    public var record: Record { self }
}
