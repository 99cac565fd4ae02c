import LockstepCore
import Platform

/// A parsed field, ready to store.
struct ReadingDraft: Hashable, Sendable {
    var parameter: Parameter
    var entered: Double
    var unit: String
    var canonical: Double
}

/// Why a save was refused: the exact text the form shows, and a reason word for the record.
struct FormError: Error, Hashable, Sendable {
    var reason: String
    var message: String
}

/// The form's rules: an untouched field makes no reading (never a zero); a field that does not
/// parse aborts the whole save; commas are decimal points; units must be the parameter's own.
enum Form {
    static func parse(_ form: FormLine, enabled: [Parameter], displayUnits: (Parameter) -> UnitID,
                      faults: FormFaults) -> Result<[ReadingDraft], FormError> {
        var drafts: [ReadingDraft] = []
        for p in Parameter.allCases where enabled.contains(p) {
            let i = Parameter.allCases.firstIndex(of: p)!
            let text = trim(form.texts[i])
            if text.isEmpty {
                if faults.blankAsZero {
                    let unit = form.units[i] ?? displayUnits(p).rawValue
                    let canonical = UnitID(rawValue: unit).flatMap { Units.toCanonical(0, $0, p) } ?? 0
                    drafts.append(ReadingDraft(parameter: p, entered: 0, unit: unit, canonical: canonical))
                }
                continue
            }
            switch field(p, text: text, unit: form.units[i] ?? displayUnits(p).rawValue, faults: faults) {
            case .success(let d): drafts.append(d)
            case .failure(let e): return .failure(e)
            }
        }
        return .success(drafts)
    }

    struct FormFaults {
        var blankAsZero = false
        var unknownUnitPassesThrough = false
        var nitriteFactor = Units.nitriteNFactor
    }

    /// One field's text (already trimmed, not empty) in `unit`.
    static func field(_ p: Parameter, text: String, unit: String, faults: FormFaults) -> Result<ReadingDraft, FormError> {
        let normalised = String(text.map { $0 == "," ? "." : $0 })
        // Swift's Double() also reads "nan", "inf" and hex floats; the app's rule is a finite decimal.
        guard isDecimal(normalised), let value = Double(normalised), value.isFinite else {
            return .failure(FormError(reason: "notANumber", message: "\(p.displayName): \"\(text)\" is not a number"))
        }
        let canonical: Double
        if let u = UnitID(rawValue: unit), let c = Units.toCanonical(value, u, p, nitriteFactor: faults.nitriteFactor) {
            canonical = c
        } else if faults.unknownUnitPassesThrough {
            canonical = value
        } else {
            return .failure(FormError(reason: "unknownUnit", message: "\(p.displayName): unknown unit \"\(unit)\""))
        }
        if p.isConcentration, value < 0 {
            return .failure(FormError(reason: "negative", message: "\(p.displayName): \"\(text)\" is below zero"))
        }
        if p == .ph, !(0 ... 14).contains(value) {
            return .failure(FormError(reason: "outOfRange", message: "pH: \"\(text)\" is outside 0...14"))
        }
        if p == .temp, canonical <= -FreeAmmonia.kelvinOffset {
            return .failure(FormError(reason: "belowAbsoluteZero", message: "Temperature: \"\(text)\" is at or below absolute zero"))
        }
        return .success(ReadingDraft(parameter: p, entered: value, unit: unit, canonical: canonical))
    }

    /// Digits with at most one point, an optional leading sign and an optional exponent: what
    /// Dart's `double.tryParse` reads, minus its non-finite spellings.
    static func isDecimal(_ s: String) -> Bool {
        var sawDigit = false, sawPoint = false, sawExp = false, prev: Character = " "
        for (i, c) in s.enumerated() {
            switch c {
            case "0"..."9": sawDigit = true
            case ".": if sawPoint || sawExp { return false }; sawPoint = true
            case "+", "-": if !(i == 0 || prev == "e" || prev == "E") { return false }
            case "e", "E": if sawExp || !sawDigit { return false }; sawExp = true
            default: return false
            }
            prev = c
        }
        return sawDigit && prev != "e" && prev != "E" && prev != "+" && prev != "-"
    }

    static func trim(_ s: String) -> String {
        var scalars = Substring(s)
        while let f = scalars.first, f == " " || f == "\t" { scalars.removeFirst() }
        while let l = scalars.last, l == " " || l == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
