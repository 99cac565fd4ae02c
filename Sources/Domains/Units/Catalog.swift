import Platform

/// One unit: a stable ID (what history stores, never the symbol), its symbol from Platform's
/// `UnitSymbols`, its dimension and its converter.
public struct UnitDef: Hashable, Sendable {
    public let id: String
    public let symbol: String
    public let dimensionID: String
    public var converter: Converter
}

/// A category as the picker lists it: its units in the app's order, and the pair it opens with.
public struct UnitCategory: Hashable, Sendable {
    public let id: String
    public var units: [UnitDef]
    public let defaultFrom: String
    public let defaultTo: String

    func unit(_ id: String) -> UnitDef? { units.first { $0.id == id } }
}

/// The pinned catalogue (the article's 30+ categories are not listed; this subset carries exact
/// reference factors, never Foundation's rounded ones). One base unit per dimension: m, kg,
/// kg/m³, s/m, K, L/100km.
public enum Catalog {
    /// The IDs scenarios may name, in the picker's order.
    public static let categoryIDs = ["length", "mass", "density", "pace", "temperature", "fuel"]

    /// 0 °F is 255.372… K: 273.15 − 32 × 5/9, in doubles.
    static let fahrenheitCoefficient = 5.0 / 9.0
    static let fahrenheitConstant = 273.15 - 32.0 * (5.0 / 9.0)
    /// L/100km = k / mpg(US): k = 100 × 3.785411784 L / 1.609344 km = 235.2145833… (exact US
    /// gallon and mile).
    static let fuelK = 100.0 * 3.785411784 / 1.609344

    static func def(_ id: String, _ dimension: String, _ converter: Converter) -> UnitDef {
        UnitDef(id: id, symbol: symbolOf(id), dimensionID: dimension, converter: converter)
    }

    static func symbolOf(_ id: String) -> String {
        UnitSymbols.symbol(id) ?? id
    }

    static func lin(_ c: Double, _ k: Double = 0) -> Converter { .linear(coefficient: c, constant: k) }

    /// The shipped registry, with exact factors (international yard and pound, 1959).
    public static let builtIn: [UnitCategory] = [
        UnitCategory(id: "length", units: [
            def("mm", "length", lin(0.001)), def("cm", "length", lin(0.01)), def("m", "length", lin(1)),
            def("km", "length", lin(1000)), def("in", "length", lin(0.0254)), def("ft", "length", lin(0.3048)),
            def("yd", "length", lin(0.9144)), def("mi", "length", lin(1609.344)), def("nmi", "length", lin(1852)),
        ], defaultFrom: "km", defaultTo: "mi"),
        UnitCategory(id: "mass", units: [
            def("g", "mass", lin(0.001)), def("kg", "mass", lin(1)), def("lb", "mass", lin(0.45359237)),
        ], defaultFrom: "kg", defaultTo: "lb"),
        UnitCategory(id: "density", units: [
            def("kg/m3", "density", lin(1)), def("g/cm3", "density", lin(1000)), def("g/L", "density", lin(1)),
            def("lb/ft3", "density", lin(16.018463)),
        ], defaultFrom: "g/cm3", defaultTo: "lb/ft3"),
        UnitCategory(id: "pace", units: [
            def("s/m", "pace", lin(1)), def("min/km", "pace", lin(60.0 / 1000.0)),
            def("min/mi", "pace", lin(60.0 / 1609.344)), def("km/h", "pace", .reciprocal(k: 3.6)),
        ], defaultFrom: "min/km", defaultTo: "km/h"),
        UnitCategory(id: "temperature", units: [
            def("C", "temperature", lin(1, 273.15)), def("F", "temperature", lin(fahrenheitCoefficient, fahrenheitConstant)),
            def("K", "temperature", lin(1)),
        ], defaultFrom: "C", defaultTo: "F"),
        UnitCategory(id: "fuel", units: [
            def("L/100km", "fuel", lin(1)), def("mpg", "fuel", .reciprocal(k: fuelK)),
        ], defaultFrom: "L/100km", defaultTo: "mpg"),
    ]
}
