import LockstepCore
import LockstepRunner

/// One measured figure of `lockstep bench` and how it prints: name, best, median, unit, target and
/// the ratio to the target. A figure is a measurement, never a verdict: missing a target prints how
/// far off it is, and the exit code does not change.
public struct BenchFigure: Sendable {
    public enum Target: Sendable {
        case none
        /// Lower is better (`≤ 100 ns/event`).
        case atMost(Double)
        /// Higher is better (`≥ 200 MB/s`).
        case atLeast(Double)
    }

    public var name: String
    public var best: Double
    public var median: Double?
    public var unit: String
    public var target: Target
    public var note: String

    public init(_ name: String, best: Double, median: Double? = nil, unit: String, target: Target = .none, note: String = "") {
        self.name = name
        self.best = best
        self.median = median
        self.unit = unit
        self.target = target
        self.note = note
    }

    static let widths = (name: 38, value: 11, unit: 13, target: 15, ratio: 16)

    public static var headerLine: String {
        row("figure", "best", "median", "unit", "target", "vs target", "")
    }

    public var line: String {
        let targetText: String
        let ratioText: String
        switch target {
        case .none:
            targetText = ""
            ratioText = ""
        case .atMost(let t):
            targetText = "≤ " + BenchFigure.formatTarget(t)
            ratioText = BenchFigure.ratio(best > 0 ? t / best : .infinity)
        case .atLeast(let t):
            targetText = "≥ " + BenchFigure.formatTarget(t)
            ratioText = BenchFigure.ratio(best / t)
        }
        return BenchFigure.row(name, BenchFigure.format(best), median.map(BenchFigure.format) ?? "", unit, targetText, ratioText, note)
    }

    static func row(_ name: String, _ best: String, _ median: String, _ unit: String, _ target: String,
                    _ ratio: String, _ note: String) -> String {
        let w = widths
        let text = pad(name, w.name) + padLeft(best, w.value) + padLeft(median, w.value) + "  " + pad(unit, w.unit)
            + pad(target, w.target) + pad(ratio, w.ratio) + note
        return text.trimmingTrailingSpaces()
    }

    /// `2.6× headroom` when the target is met with room to spare, `1.4× short` when it is not.
    static func ratio(_ r: Double) -> String {
        guard r.isFinite else { return "" }
        return r >= 1 ? format(r) + "× headroom" : format(1 / r) + "× short"
    }

    /// Three significant digits below 1000 (`38.2`, `4.07`, `0.012`), whole numbers with thousands
    /// separators above (`1,234,567`). Pure integer formatting: no Foundation.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        if value < 0 { return "-" + format(-value) }
        let decimals = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard scaled < 9e18 else { return "huge" }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        var whole = String(units / divisor)
        if whole.count > 4 {  // group thousands: 12,345
            var grouped = ""
            for (i, c) in whole.enumerated() {
                if i > 0 && (whole.count - i) % 3 == 0 { grouped.append(",") }
                grouped.append(c)
            }
            whole = grouped
        }
        guard decimals > 0 else { return whole }
        var fraction = String(units % divisor)
        while fraction.count < decimals { fraction = "0" + fraction }
        return whole + "." + fraction
    }

    /// A target: whole numbers without decimals (`20`, `1,000,000`), others as `format`.
    public static func formatTarget(_ value: Double) -> String {
        value == value.rounded() && value >= 0 && value < 1e15 ? formatCount(Int(value)) : format(value)
    }

    /// A count: `32`, `1000`, `16,384`, `1,000,000`.
    public static func formatCount(_ n: Int) -> String {
        n >= 100 ? format(Double(n)) : String(n)
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    static func padLeft(_ s: String, _ width: Int) -> String {
        s.count >= width ? " " + s : String(repeating: " ", count: width - s.count) + s
    }
}
