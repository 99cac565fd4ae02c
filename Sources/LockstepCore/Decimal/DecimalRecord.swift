/// Writing decimals into traces and state: the canonical text as a bare token (`rate=0.92`,
/// `result=99.999999999999999999999999999999999996`), never quoted and never through a Double.
///
/// It is a `Value.word`: canonical text has no spaces, `=` or quotes, so it is a valid word, and
/// Value keeps its cases. A scenario reads it back with `DecimalNumber(parsing:)`.
extension Value {
    public static func decimal(_ value: DecimalNumber) -> Value { .word(value.canonicalText) }
}

extension Record {
    /// `key=<canonical decimal>`.
    public func decimal(_ key: String, _ value: DecimalNumber) -> Record { with(key, .decimal(value)) }
}

extension CanonicalWriter {
    /// `key=<canonical decimal>` on its own line.
    public mutating func decimal(_ key: String, _ value: DecimalNumber) { write(key, .decimal(value)) }
}

extension ValueList {
    /// A canonical decimal as one item of a tuple.
    public mutating func decimal(_ value: DecimalNumber) { add(.decimal(value)) }
}
