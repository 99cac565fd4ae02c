/// Saturating arithmetic for microsecond times: callers may pass any Int64 (a scenario file is
/// input), and `+` on Int64 traps on overflow, so every time sum in the models goes through here.
enum SaturatingTime {
    /// `a + b`, pinned to Int64.min/max instead of trapping.
    static func add(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        if !overflow { return sum }
        return b > 0 ? Int64.max : Int64.min
    }

    /// `value` limited to `range`, so a configuration knob can never leave its documented bounds.
    static func clamp(_ value: Int64, to range: ClosedRange<Int64>) -> Int64 {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
