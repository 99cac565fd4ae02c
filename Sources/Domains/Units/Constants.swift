/// One entry of the bundled constants table (data, not code): CODATA 2018 values as text, so no
/// digit is lost; since the 2019 SI redefinition c, h, e, k and N_A are exact by definition.
struct PhysicalConstant: Sendable {
    let id: String
    let name: String
    let symbol: String
    let value: String
    let unit: String
    let uncertainty: String
    let exact: Bool
}

enum ConstantsTable {
    /// The most results a query lists; more are counted, not shown.
    static let maxResults = 20

    static let bundled: [PhysicalConstant] = [
        PhysicalConstant(id: "c", name: "speed of light in vacuum", symbol: "c", value: "299792458", unit: "m/s", uncertainty: "0", exact: true),
        PhysicalConstant(id: "h", name: "Planck constant", symbol: "h", value: "6.62607015e-34", unit: "J s", uncertainty: "0", exact: true),
        PhysicalConstant(id: "e", name: "elementary charge", symbol: "e", value: "1.602176634e-19", unit: "C", uncertainty: "0", exact: true),
        PhysicalConstant(id: "k", name: "Boltzmann constant", symbol: "k", value: "1.380649e-23", unit: "J/K", uncertainty: "0", exact: true),
        PhysicalConstant(id: "NA", name: "Avogadro constant", symbol: "N_A", value: "6.02214076e23", unit: "1/mol", uncertainty: "0", exact: true),
        PhysicalConstant(id: "G", name: "Newtonian constant of gravitation", symbol: "G", value: "6.67430e-11", unit: "m3/(kg s2)", uncertainty: "0.00015e-11", exact: false),
        PhysicalConstant(id: "me", name: "electron mass", symbol: "m_e", value: "9.1093837015e-31", unit: "kg", uncertainty: "0.0000000028e-31", exact: false),
        PhysicalConstant(id: "alpha", name: "fine-structure constant", symbol: "alpha", value: "7.2973525693e-3", unit: "1", uncertainty: "0.0000000011e-3", exact: false),
    ]

    /// ASCII case-insensitive substring match on ID, name or symbol, in table order.
    static func query(_ text: String, in table: [PhysicalConstant]) -> [PhysicalConstant] {
        let needle = lower(text.trimmingSpaces)
        if needle.isEmpty { return table }
        return table.filter { c in
            lower(c.id).contains(needle) || lower(c.name).contains(needle) || lower(c.symbol).contains(needle)
        }
    }

    static func lower(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { ($0 >= "A" && $0 <= "Z") ? Unicode.Scalar($0.value + 32)! : $0 }))
    }
}

extension String {
    /// Without leading and trailing U+0020 and tab (not newlines, as the article's `.whitespaces`).
    var trimmingSpaces: String {
        let scalars = Array(unicodeScalars)
        func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\u{00A0}" }
        var lo = 0, hi = scalars.count
        while lo < hi, isSpace(scalars[lo]) { lo += 1 }
        while hi > lo, isSpace(scalars[hi - 1]) { hi -= 1 }
        return String(String.UnicodeScalarView(scalars[lo..<hi]))
    }
}
