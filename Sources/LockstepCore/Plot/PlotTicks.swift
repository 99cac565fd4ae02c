/// One tick on an axis: where (data units) and what it says.
struct PlotTick: Equatable {
    var value: Double
    var label: String
}

/// "Nice" ticks: multiples of a step of 1, 2 or 5 × 10^k.
///
/// The rule: the smallest such step that puts at most `maxTicks` multiples in the range. Since the
/// steps grow by at most 2.5× each, that gives 4 to 10 ticks (0...20.3 → step 5: 0, 5, ... 20;
/// 80...170 → step 10: 80, 90, ... 170). No logarithms: the exponent comes from a bounded loop
/// multiplying or dividing by ten, and labels are printed from integers, so they are exact.
enum PlotTicks {
    static let maxTicks = 10

    /// Ticks within `low...high` (a tick within a millionth of a step outside counts as inside),
    /// ascending; empty when the range is empty, not finite, or too narrow for its offset to tell
    /// ticks apart (more than 2^53 steps from zero).
    static func ticks(low: Double, high: Double) -> [PlotTick] {
        let span = high - low
        guard low.isFinite, high.isFinite, span.isFinite, span > 0 else { return [] }
        // The exponent e with 10^e <= span < 10^(e+1), within rounding: the candidates below
        // start a decade lower than needed, so an exponent one off still finds the right step.
        var exponent = 0
        var power = 1.0
        while power * 10 <= span && exponent < 400 { power *= 10; exponent += 1 }
        while power > span && exponent > -400 { power /= 10; exponent -= 1 }
        for k in (exponent - 1)...(exponent + 1) {
            for mantissa in [1, 2, 5] {
                let step = value(units: mantissa, exponent: k)
                let first = (low / step - 1e-6).rounded(.up)
                let last = (high / step + 1e-6).rounded(.down)
                guard first.isFinite, last.isFinite, first.magnitude < 0x1p53, last.magnitude < 0x1p53 else { return [] }
                guard last - first + 1 <= Double(maxTicks) else { continue }
                return (Int(first)...max(Int(first), Int(last))).map { index in
                    PlotTick(value: value(units: index * mantissa, exponent: k), label: label(units: index * mantissa, exponent: k))
                }
            }
        }
        return []
    }

    /// `units` × 10^`exponent`: exact while the power of ten is (up to 10^22), correctly rounded
    /// for negative exponents down to -22 (one division of exact values).
    static func value(units: Int, exponent: Int) -> Double {
        var power = 1.0
        for _ in 0..<exponent.magnitude { power *= 10 }
        return exponent >= 0 ? Double(units) * power : Double(units) / power
    }

    /// `units` × 10^`exponent` in decimal: every tick of an axis shares the exponent, so they all
    /// get the same number of decimals, the fewest that tell them apart (`0.0 0.5 1.0`,
    /// `80 90 100`). Outside 10^-9...10^6 steps, scientific: `2.5e-12`, `1.5e8`.
    static func label(units: Int, exponent: Int) -> String {
        let sign = units < 0 ? "-" : ""
        var digits = String(units.magnitude)
        if units == 0 && (exponent > 6 || exponent < -9) { return "0" }
        if exponent >= 0 && exponent <= 6 {
            return units == 0 ? "0" : sign + digits + String(repeating: "0", count: exponent)
        }
        if exponent < 0 && exponent >= -9 {
            let places = -exponent
            if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
            return sign + digits.dropLast(places) + "." + digits.suffix(places)
        }
        // Scientific: one digit before the point, trailing zeros dropped.
        let power = exponent + digits.count - 1
        var fraction = digits.dropFirst()
        while fraction.last == "0" { fraction = fraction.dropLast() }
        return sign + digits.prefix(1) + (fraction.isEmpty ? "" : "." + fraction) + "e\(power)"
    }
}
