/// How one unit reaches its dimension's base unit. Every unit knows only that relationship, so a
/// dimension of N units needs N of them, and A→B is always A → base → B (the article's base-unit
/// model, instead of an N² table of pair factors).
public enum Converter: Hashable, Sendable {
    /// `base = value × coefficient + constant`. The coefficient is "how many base units in one of
    /// this unit" (a mile is 1609.344 m), the rule that keeps factors the right way up.
    case linear(coefficient: Double, constant: Double)
    /// `base = k / value`, and back `value = k / base`; a zero on either side is +∞, never a trap
    /// (km/h against s/m, mpg against L/100km).
    case reciprocal(k: Double)

    /// The value in base units. Plain IEEE arithmetic only.
    func toBase(_ value: Double) -> Double {
        switch self {
        case .linear(let c, let k): value * c + k
        case .reciprocal(let k): value == 0 ? .infinity : k / value
        }
    }

    /// The value in this unit, from base units.
    func fromBase(_ base: Double) -> Double {
        switch self {
        case .linear(let c, let k): (base - k) / c
        case .reciprocal(let k): base == 0 ? .infinity : k / base
        }
    }

    /// The coefficient a temperature difference scales by: a linear unit's coefficient, 1 for
    /// anything else (as the article's `TemperatureDelta` does).
    var differenceCoefficient: Double {
        switch self {
        case .linear(let c, _): c
        case .reciprocal: 1
        }
    }

    var isReciprocal: Bool { if case .reciprocal = self { true } else { false } }
}
