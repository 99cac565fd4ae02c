/// The digits and separators of one CLDR numbering system as a locale uses it (CLDR
/// `<symbols numberSystem=...>`). Each separator is one scalar; `minusSign` may carry a bidi mark.
public struct NumberingSystem: Hashable, Sendable {
    /// The CLDR name: `latn` (ASCII digits) or `arab` (Arabic-Indic digits U+0660...U+0669).
    public let name: String
    /// The scalar for digit 0; digits 1...9 follow it in Unicode (true for `latn` and `arab`).
    public let zero: Unicode.Scalar
    public let decimalSeparator: Unicode.Scalar
    public let groupingSeparator: Unicode.Scalar
    /// Other scalars the parser accepts in a grouping position (fr_FR: U+00A0 and U+0020 for
    /// U+202F, because no keyboard types U+202F).
    public let groupingAlternatives: [Unicode.Scalar]
    /// What the formatter writes for a negative number (ar `latn`: U+200E then `-`).
    public let minusSign: String

    public init(name: String, zero: Unicode.Scalar, decimalSeparator: Unicode.Scalar, groupingSeparator: Unicode.Scalar,
                groupingAlternatives: [Unicode.Scalar] = [], minusSign: String = "-") {
        self.name = name
        self.zero = zero
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.groupingAlternatives = groupingAlternatives
        self.minusSign = minusSign
    }

    /// The digit's value when `s` is one of this system's digits.
    public func digitValue(_ s: Unicode.Scalar) -> UInt8? {
        let v = Int(s.value) - Int(zero.value)
        return (0...9).contains(v) ? UInt8(v) : nil
    }

    /// The scalar for digit `d` (0...9).
    public func digit(_ d: UInt8) -> Unicode.Scalar { Unicode.Scalar(zero.value + UInt32(d))! }

    public func isGrouping(_ s: Unicode.Scalar) -> Bool { s == groupingSeparator || groupingAlternatives.contains(s) }
}
