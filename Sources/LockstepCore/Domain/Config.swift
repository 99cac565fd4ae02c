/// A scenario's `set KEY VALUE` settings, validated against the domain's `configKeys`.
public struct Config: Sendable {
    /// The `set` lines: argument 0 is the key, argument 1 the value.
    public var lines: [EventLine]
    /// Active faults, sorted.
    public var faults: [String]

    public init(lines: [EventLine] = [], faults: [String] = []) {
        self.lines = lines
        self.faults = faults
    }

    func line(_ key: String) -> EventLine? { lines.first { $0.rawText(0) == key } }

    public func has(_ key: String) -> Bool { line(key) != nil }

    public func double(_ key: String, default value: Double, in range: ClosedRange<Double>? = nil) throws(ScenarioError) -> Double {
        guard let l = line(key) else { return value }
        let v = try l.double(at: 1)
        if let range, !range.contains(v) {
            throw l.location(ofArg: 1).error("\(key)=\(l.rawText(1)) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }

    public func int(_ key: String, default value: Int64, in range: ClosedRange<Int64>? = nil) throws(ScenarioError) -> Int64 {
        guard let l = line(key) else { return value }
        let v = try l.int(at: 1)
        if let range, !range.contains(v) {
            throw l.location(ofArg: 1).error("\(key)=\(l.rawText(1)) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }

    public func word(_ key: String, default value: String) throws(ScenarioError) -> String {
        guard let l = line(key) else { return value }
        return try l.word(at: 1)
    }

    public func text(_ key: String, default value: String) throws(ScenarioError) -> String {
        guard let l = line(key) else { return value }
        return try l.text(at: 1)
    }

    public func bool(_ key: String, default value: Bool) throws(ScenarioError) -> Bool {
        guard let l = line(key) else { return value }
        return try l.bool(at: 1)
    }

    public func choice<E: CaseIterable & RawRepresentable>(_ key: String, default value: E) throws(ScenarioError) -> E
    where E.RawValue == String {
        guard let l = line(key) else { return value }
        return try l.choice(at: 1)
    }

    /// The bytes of a `file` setting, read by the runner.
    public func file(_ key: String) throws(ScenarioError) -> [UInt8]? {
        guard let l = line(key) else { return nil }
        return try l.file(at: 1)
    }

    /// A typed error at the value of `key`.
    public func error(_ key: String, _ message: String) -> ScenarioError {
        guard let l = line(key) else { return ScenarioError(path: "", line: 0, column: 0, message: message) }
        return l.location(ofArg: 1).error(message)
    }
}
