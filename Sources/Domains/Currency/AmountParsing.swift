import LockstepCore
import Platform

/// What the user typed, read strictly in their locale (never NumberFormatter's lenient parse,
/// which reads "12.5.3" as 12.5 and "1,5" in en_US as 1): `LocaleNumberParser` reads the whole
/// string, then `DecimalNumber` takes its canonical text, so no Double is ever involved.
enum AmountParsing {
    /// The amount, or nil with the reason the field does not parse (empty is nil with no reason:
    /// an empty field is normal, not an error).
    static func parse(_ text: String, _ locale: LocaleID, viaDouble: Bool) -> (amount: DecimalNumber?, problem: Record?) {
        if text.isEmpty { return (nil, nil) }
        let parsed: ParsedNumber
        do {
            parsed = try LocaleNumberParser.parse(text, locale: locale)
        } catch {
            return (nil, Record("amount.invalid").string("input", text).int("offset", error.scalarOffset).string("why", error.message))
        }
        let amount: DecimalNumber
        do {
            amount = try DecimalNumber(parsing: parsed.number.text)
        } catch {
            return (nil, Record("amount.invalid").string("input", text).int("offset", error.offset).string("why", error.message))
        }
        if viaDouble {
            // Fault formatterViaDouble: NumberFormatter without generatesDecimalNumbers parses to
            // a Double first; the Decimal then carries the binary value.
            guard let d = Double(parsed.number.text), let exact = DoubleExpansion.decimal(d) else { return (nil, nil) }
            return (exact, nil)
        }
        return (amount, nil)
    }

    /// A short word for an arithmetic failure, for records.
    static func word(_ error: DecimalArithmeticError) -> String {
        switch error {
        case .overflow: "overflow"
        case .divisionByZero: "divisionByZero"
        case .underflow: "underflow"
        }
    }
}
