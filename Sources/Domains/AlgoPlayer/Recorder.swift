/// Builds an array algorithm's steps: each `record` appends a full snapshot (bars, action, the
/// active indices, the current sorted set, a caption). A value passed `inout` through recursive
/// algorithms, so merge sort and quick sort stay readable as algorithms. No timers, no async: the
/// same input gives the same steps on every run.
struct StepRecorder {
    private(set) var steps: [ArrayStep] = []
    var bars: [Bar]
    var sorted: Set<Int> = []

    /// Ids are the input offsets; the first step is the article's "Start with N unsorted values."
    init(_ values: [Int]) {
        bars = values.enumerated().map { Bar(id: $0.offset, value: $0.element) }
        record(.compare, [], "Start with \(values.count) unsorted values.")
    }

    mutating func record(_ action: ArrayAction, _ active: Set<Int>, _ caption: String) {
        steps.append(ArrayStep(bars: bars, action: action, active: active, sorted: sorted, caption: caption))
    }

    /// The closing step: every index final. `tinyInputNoDone` leaves it out for n ≤ 1 (the article's
    /// early return), so a one-element run never says "Sorted."
    mutating func finish(skipForTinyInput: Bool) -> [ArrayStep] {
        if skipForTinyInput && bars.count <= 1 { return steps }
        sorted = Set(bars.indices)
        record(.done, [], "Sorted.")
        return steps
    }
}
