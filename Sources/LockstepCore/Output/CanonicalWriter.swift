/// Writes a domain's state in one canonical text form: the bytes behind every step digest and the
/// state summary at the end of a trace.
///
/// One `key=value` per line, nested sections indented by two spaces. Sets are written sorted
/// (and a domain writes a dictionary's entries in sorted key order), so the bytes never depend on hash order (Swift randomises it per process).
/// The buffer is reused between steps, so writing a small state allocates nothing.
public struct CanonicalWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var depth = 0

    public init() {}

    /// Empties the buffer, keeping its capacity.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        depth = 0
    }

    /// FNV-1a 64 of everything written so far.
    public var digest: UInt64 { FNV1a64.hash(bytes) }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func indent() {
        for _ in 0..<depth { bytes.append(32); bytes.append(32) }
    }

    public mutating func write(_ key: String, _ value: Value) {
        indent()
        Value.appendUTF8(key, to: &bytes)
        bytes.append(61)
        value.write(to: &bytes)
        bytes.append(10)
    }

    public mutating func int(_ key: String, _ v: Int) { write(key, .int(Int64(v))) }
    public mutating func fixed(_ key: String, _ v: Double, _ places: Int) { write(key, .fixed(v, places: places)) }
    public mutating func word(_ key: String, _ w: String) { write(key, .word(w)) }
    public mutating func string(_ key: String, _ s: String) { write(key, .string(s)) }
    public mutating func bool(_ key: String, _ b: Bool) { write(key, .bool(b)) }
    public mutating func instant(_ key: String, _ t: Instant) { write(key, .instant(t)) }

    /// A record on its own line (handy when state holds typed values that already describe themselves).
    public mutating func record(_ r: Record) {
        indent()
        r.write(to: &bytes)
        bytes.append(10)
    }

    /// `name {` … `}` with the body indented.
    public mutating func section(_ name: String, _ body: (inout CanonicalWriter) -> Void) {
        indent()
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: [32, 123, 10])
        depth += 1
        body(&self)
        depth -= 1
        indent()
        bytes.append(contentsOf: [125, 10])
    }

    /// A list in its own order (arrays are ordered; their order is meaningful state).
    public mutating func list<T>(_ name: String, _ items: [T], _ each: (inout CanonicalWriter, Int, T) -> Void) {
        section("\(name) count=\(items.count)") { w in
            for (i, item) in items.enumerated() { each(&w, i, item) }
        }
    }

    /// `key=v1,v2,...`: the same bytes as `write(key, .tuple([v1, v2, ...]))` without building
    /// the array (audio and camera domains write a few such lines at every step, and the array and
    /// its boxed values were most of the cost). `body` adds the values in order.
    public mutating func tuple(_ key: String, _ body: (inout ValueList) -> Void) {
        indent()
        Value.appendUTF8(key, to: &bytes)
        bytes.append(61)
        var list = ValueList()
        swap(&list.bytes, &bytes)  // moves the buffer in and out: no copy
        body(&list)
        swap(&list.bytes, &bytes)
        bytes.append(10)
    }

    /// A set, written sorted.
    public mutating func sortedSet<T: Comparable>(_ name: String, _ set: Set<T>, _ format: (T) -> Value) {
        let items = set.sorted()
        write(name, .tuple(items.map(format)))
    }
}

/// A domain state that can write itself canonically (optional convenience for nested values).
public protocol CanonicallyWritable {
    func write(to out: inout CanonicalWriter)
}

/// The values of one `CanonicalWriter.tuple` line, written straight into the writer's buffer,
/// comma-separated, each exactly as `Value.write` writes it.
public struct ValueList {
    @usableFromInline var bytes: [UInt8] = []
    @usableFromInline var count = 0

    @usableFromInline init() {}

    @inlinable public mutating func add(_ value: Value) {
        if count > 0 { bytes.append(44) }
        count += 1
        value.write(to: &bytes)
    }

    @inlinable public mutating func int(_ v: Int) { add(.int(Int64(v))) }
    /// `true` or `false`, the bytes appended directly.
    @inlinable public mutating func bool(_ b: Bool) {
        if count > 0 { bytes.append(44) }
        count += 1
        if b { bytes.append(contentsOf: [116, 114, 117, 101]) } else { bytes.append(contentsOf: [102, 97, 108, 115, 101]) }
    }
    @inlinable public mutating func word(_ w: String) { add(.word(w)) }
    @inlinable public mutating func fixed(_ v: Double, places: Int) { add(.fixed(v, places: places)) }
    /// One value whose bytes `body` appends itself (a composite word such as `48000.0Hz/1ch`,
    /// without building its `String` first). The bytes must be a valid word.
    @inlinable public mutating func custom(_ body: (inout [UInt8]) -> Void) {
        if count > 0 { bytes.append(44) }
        count += 1
        body(&bytes)
    }
    /// Several values, in order (a variable-length tail such as a set's members).
    @inlinable public mutating func add(contentsOf values: [Value]) { for v in values { add(v) } }
}
