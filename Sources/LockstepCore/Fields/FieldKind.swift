/// What a field holds and how its text becomes a typed value: `.integer`, `.number`, `.word`,
/// `.string`, `.bool`, `.duration`, `.instant`, `.choice(E.self)`, `.tuple(3)`, `.file`.
///
/// A field kind is the one place a value's syntax lives. The runner validates a line's syntax
/// against `type` before the domain sees it; `read` converts the validated text; `placeholder` is the
/// value a field has while its declaration is being collected (see `Fields`); `text` writes a default
/// for `lockstep list`.
public struct FieldKind<Value>: Sendable {
    public let type: FieldType
    public let placeholder: @Sendable () -> Value
    public let read: @Sendable (borrowing EventLine, Int) throws(ScenarioError) -> Value
    public let text: @Sendable (Value) -> String

    public init(type: FieldType, placeholder: @escaping @Sendable () -> Value,
                read: @escaping @Sendable (borrowing EventLine, Int) throws(ScenarioError) -> Value,
                text: @escaping @Sendable (Value) -> String) {
        self.type = type
        self.placeholder = placeholder
        self.read = read
        self.text = text
    }
}

extension FieldKind where Value == Int64 {
    /// A whole number that fits in `Int64`.
    public static var integer: FieldKind<Int64> {
        FieldKind(type: .integer, placeholder: { 0 }, read: { line, i throws(ScenarioError) in try line.int(at: i) },
                  text: { String($0) })
    }
}

extension FieldKind where Value == Int {
    /// A whole number, as `Int` (counts, indices, sizes).
    public static var int: FieldKind<Int> {
        FieldKind(type: .integer, placeholder: { 0 }, read: { line, i throws(ScenarioError) in
            let v = try line.int(at: i)
            guard let n = Int(exactly: v) else { throw line.valueLocation(i).error("\(line.rawText(i)) does not fit in a whole number") }
            return n
        }, text: { String($0) })
    }
}

extension FieldKind where Value == Double {
    /// Any number (also `nan`, `inf`, `-inf`: a domain that refuses them says so).
    public static var number: FieldKind<Double> {
        FieldKind(type: .number, placeholder: { 0 }, read: { line, i throws(ScenarioError) in try line.double(at: i) },
                  text: { "\($0)" })
    }
}

extension FieldKind where Value == Bool {
    /// `true` or `false`.
    public static var bool: FieldKind<Bool> {
        FieldKind(type: .bool, placeholder: { false }, read: { line, i throws(ScenarioError) in try line.bool(at: i) },
                  text: { $0 ? "true" : "false" })
    }
}

extension FieldKind where Value == String {
    /// A bare word: `pencil`, `Europe/Berlin`, `90s`.
    public static var word: FieldKind<String> {
        FieldKind(type: .word, placeholder: { "" }, read: { line, i throws(ScenarioError) in try line.word(at: i) },
                  text: { $0 })
    }

    /// A quoted string, unescaped.
    public static var string: FieldKind<String> {
        FieldKind(type: .string, placeholder: { "" }, read: { line, i throws(ScenarioError) in try line.string(at: i) },
                  text: { "\"\($0)\"" })
    }

    /// A word or a quoted string (names that may or may not need quotes).
    public static var text: FieldKind<String> {
        FieldKind(type: .any, placeholder: { "" }, read: { line, i throws(ScenarioError) in try line.text(at: i) },
                  text: { $0 })
    }
}

extension FieldKind where Value == Duration {
    /// A duration in the scenario's time syntax, exact to the nanosecond: `1.5` (seconds), `90s`,
    /// `250ms`, `2h30m`, `+2h30m`. Never read through a `Double`, so `0.1` is exactly 100 ms.
    public static var duration: FieldKind<Duration> {
        FieldKind(type: .duration, placeholder: { .zero }, read: { line, i throws(ScenarioError) in try line.duration(at: i) },
                  text: { Duration.formatSeconds($0.nanoseconds) + "s" })
    }
}

extension FieldKind where Value == Instant {
    /// An absolute instant, ISO 8601 with an offset: `2026-03-29T01:30:00Z`, `2026-03-29T03:30:00+02:00`.
    public static var instant: FieldKind<Instant> {
        FieldKind(type: .instant, placeholder: { .defaultStart }, read: { line, i throws(ScenarioError) in try line.instant(at: i) },
                  text: { $0.description })
    }
}

extension FieldKind where Value == [Double] {
    /// A tuple of numbers `1,2,3` with exactly `count` elements (0: any count).
    public static func tuple(_ count: Int = 0) -> FieldKind<[Double]> {
        FieldKind(type: .tuple(count: count), placeholder: { [Double](repeating: 0, count: count) },
                  read: { line, i throws(ScenarioError) in try line.doubles(at: i) },
                  text: { $0.map { "\($0)" }.joined(separator: ",") })
    }
}

extension FieldKind where Value == [UInt8] {
    /// A path (word or string) to a file under `Scenarios/`, read by the runner; the domain gets bytes.
    public static var file: FieldKind<[UInt8]> {
        FieldKind(type: .file, placeholder: { [] }, read: { line, i throws(ScenarioError) in try line.file(at: i) },
                  text: { _ in "" })
    }
}

extension FieldKind {
    /// A word naming a case of `E` (`pushUp`, `began`); `lockstep list` shows the cases.
    public static func choice<E: CaseIterable & RawRepresentable & Sendable>(_ type: E.Type) -> FieldKind<E>
    where E.RawValue == String {
        FieldKind<E>(type: .word(choices: E.allCases.map(\.rawValue)), placeholder: { E.allCases.first! },
                     read: { line, i throws(ScenarioError) in try line.choice(at: i) },
                     text: { $0.rawValue })
    }

    /// A kind whose value is checked or converted further: `.number.map("an iOS version") { ... }`.
    /// `transform` returns nil for a value it refuses; the error says what was expected, at the value.
    public func map<T>(_ expected: String, placeholder: @escaping @Sendable () -> T, text: @escaping @Sendable (T) -> String,
                       _ transform: @escaping @Sendable (Value, String) -> T?) -> FieldKind<T> {
        let base = self
        return FieldKind<T>(type: type, placeholder: placeholder, read: { line, i throws(ScenarioError) in
            let v = try base.read(line, i)
            guard let t = transform(v, line.rawText(i)) else {
                throw line.valueLocation(i).error("expected \(expected), found '\(line.rawText(i))'")
            }
            return t
        }, text: text)
    }
}
