/// How a formatter drops digits. Only ties differ: anything past the half rounds away from
/// zero, anything short of it toward zero, in every mode.
public enum RoundingMode: String, CaseIterable, Hashable, Sendable {
    /// A tie goes to the even last digit (0.0025 → 0.002, 0.0015 → 0.002): the display default,
    /// as NumberFormatter and ICU do it.
    case halfEven
    /// A tie goes away from zero (2.5 → 3, −2.5 → −3; ICU's halfUp, `Double.rounded()`).
    case halfUp
    /// A tie goes toward zero (2.5 → 2, −2.5 → −2; ICU's halfDown).
    case halfDown
}

extension NumberText {
    /// The number rounded to `fractionDigits` places (negative: to tens, hundreds...), exactly,
    /// on its decimal digits. A result of zero has no sign.
    public func rounded(fractionDigits: Int, _ mode: RoundingMode = .halfEven) -> NumberText {
        let drop = scale - fractionDigits
        guard drop > 0 else { return self }
        // Pad on the left so at least one digit is kept.
        let padded = [UInt8](repeating: 0, count: max(0, drop + 1 - digits.count)) + digits
        var kept = Array(padded.prefix(padded.count - drop))
        let dropped = padded.suffix(drop)
        let first = dropped.first!
        let restNonZero = dropped.dropFirst().contains { $0 != 0 }
        let up: Bool
        if first > 5 || (first == 5 && restNonZero) { up = true }
        else if first < 5 { up = false }
        else {
            switch mode {
            case .halfEven: up = kept.last! % 2 == 1
            case .halfUp: up = true
            case .halfDown: up = false
            }
        }
        if up {
            var i = kept.count - 1
            while i >= 0 {
                if kept[i] == 9 { kept[i] = 0; i -= 1 } else { kept[i] += 1; break }
            }
            if i < 0 { kept.insert(1, at: 0) }
        }
        return NumberText(negative: isNegative, digits: kept, scale: fractionDigits)
    }

    /// The position of the leading digit: 0 for 1...9.99, 3 for 1234, −3 for 0.00123; nil for zero.
    var leadingExponent: Int? { digits.isEmpty ? nil : digits.count - 1 - scale }

    /// The number rounded to at most `significantDigits` significant digits (at least 1).
    public func rounded(significantDigits: Int, _ mode: RoundingMode = .halfEven) -> NumberText {
        guard let lead = leadingExponent else { return self }
        return rounded(fractionDigits: max(1, significantDigits) - 1 - lead, mode)
    }

    /// The number's fraction digits, canonical (trailing zeros dropped).
    var fractionDigitCount: Int { scale }
}
