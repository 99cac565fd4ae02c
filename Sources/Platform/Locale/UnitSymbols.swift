/// Abbreviated unit symbols by the stable unit IDs the units domain uses ("km", "mi"), the
/// same in every locale here (CLDR's short forms for these agree across en, de, fr, es, ja;
/// the harness writes "value symbol" with one plain space, so "50 °F", not CLDR en's "50°F").
public enum UnitSymbols {
    /// (unit ID, symbol), by category: length (mm...nmi in the app's order), mass, density,
    /// pace and speed, temperature, fuel.
    public static let table: [(id: String, symbol: String)] = [
        ("mm", "mm"), ("cm", "cm"), ("m", "m"), ("km", "km"), ("in", "in"), ("ft", "ft"), ("yd", "yd"),
        ("mi", "mi"), ("nmi", "nmi"),
        ("g", "g"), ("kg", "kg"), ("lb", "lb"),
        ("kg/m3", "kg/m³"), ("g/cm3", "g/cm³"), ("g/L", "g/L"), ("lb/ft3", "lb/ft³"),
        ("s/m", "s/m"), ("min/km", "min/km"), ("min/mi", "min/mi"), ("km/h", "km/h"),
        ("C", "°C"), ("F", "°F"), ("K", "K"),
        ("L/100km", "L/100km"), ("mpg", "mpg"),
    ]

    /// The symbol for a unit ID, or nil for an ID not in the table.
    public static func symbol(_ id: String) -> String? { table.first { $0.id == id }?.symbol }
}
