/// How entry fields are read on the mapped bytes (item 12).
enum FieldReadPath: Equatable, Sendable {
    /// `Data.copyBytes` per field: range + bridging machinery per read.
    case copyBytes
    /// One `withUnsafeBytes` + `loadUnaligned` per field.
    case loadUnaligned
}

/// Operation counts of one keystroke's suggestion query.
struct QueryShape: Equatable, Sendable {
    static let maxOperations = 10_000_000

    var probes: Int
    var entriesRead: Int
    var correctionSteps: Int

    /// nil when any count is negative or above `maxOperations` (keeps costs far from overflow).
    init?(probes: Int, entriesRead: Int, correctionSteps: Int) {
        for n in [probes, entriesRead, correctionSteps] where n < 0 || n > Self.maxOperations { return nil }
        self.probes = probes
        self.entriesRead = entriesRead
        self.correctionSteps = correctionSteps
    }

    /// Shape of a real prefix query: its probes plus every entry of the range read once.
    init?(range: PrefixRange, correctionSteps: Int = 0) {
        self.init(probes: range.probes, entriesRead: range.count, correctionSteps: correctionSteps)
    }

    /// Short prefix: 2 × 8 probes (~256 entries), 19 entries ranked. 0.31 ms → 0.12 ms.
    static let shortPrefix = QueryShape(probes: 16, entriesRead: 19, correctionSteps: 0)!
    /// Long misspelling, no completion: 2 × 20 probes (~1M entries), 431 entries read by the
    /// full correction scan, 2,627 correction steps. 15.81 ms → 11.5 ms.
    static let worstCaseMisspelling = QueryShape(probes: 40, entriesRead: 431, correctionSteps: 2_627)!
}

/// Virtual cost model of the suggestion pipeline, integer nanoseconds (item 12).
///
/// WHY a model: the deterministic harness cannot time wall clock, so per-operation costs are
/// fixed so the article's two measured query shapes come out exactly. Solving
/// copy − load = 2.5 µs per field from both deltas (190 µs / 76 fields, 4,310 µs / 1,724).
enum LatencyCostModel {
    static let fixedPerKeystrokeNanoseconds: Int64 = 50_000
    static let probeNanoseconds: Int64 = 2_000
    static let fieldsPerEntry: Int64 = 4
    static let copyBytesFieldNanoseconds: Int64 = 3_000
    static let loadUnalignedFieldNanoseconds: Int64 = 500
    static let correctionStepNanoseconds: Int64 = 4_000

    static func fieldReadNanoseconds(_ path: FieldReadPath) -> Int64 {
        path == .copyBytes ? copyBytesFieldNanoseconds : loadUnalignedFieldNanoseconds
    }

    static func costNanoseconds(_ shape: QueryShape, path: FieldReadPath) -> Int64 {
        fixedPerKeystrokeNanoseconds
            + Int64(shape.probes) * probeNanoseconds
            + Int64(shape.entriesRead) * fieldsPerEntry * fieldReadNanoseconds(path)
            + Int64(shape.correctionSteps) * correctionStepNanoseconds
    }
}

/// Per-keystroke latency samples judged by nearest-rank p95 against one frame.
///
/// WHY p95 per keystroke: a total over 1000 queries hides where the time went.
struct LatencyBudget: Sendable {
    /// 1000 ms / 60 = 16,666.67 µs, rounded to the nearest µs (half up) = 16,667 µs.
    static let frameBudgetNanoseconds: Int64 = 16_667_000
    static let maxSamples = 100_000

    private(set) var samplesNanoseconds: [Int64] = []
    /// The same samples kept sorted (binary insertion), so p95 after every keystroke costs a
    /// lookup instead of a sort: an hour of typing would otherwise sort 18,000 samples each time.
    private var sortedNanoseconds: [Int64] = []
    private(set) var droppedSampleCount = 0

    init() {}

    mutating func record(_ nanoseconds: Int64) {
        guard samplesNanoseconds.count < Self.maxSamples else { droppedSampleCount += 1; return }
        samplesNanoseconds.append(nanoseconds)
        var lo = 0, hi = sortedNanoseconds.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sortedNanoseconds[mid] <= nanoseconds { lo = mid + 1 } else { hi = mid }
        }
        sortedNanoseconds.insert(nanoseconds, at: lo)
    }

    /// Nearest rank: the ⌈0.95·n⌉-th smallest sample (1-based); nil with no samples.
    static func p95(_ samples: [Int64]) -> Int64? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = (95 * sorted.count + 99) / 100
        return sorted[rank - 1]
    }

    var p95Nanoseconds: Int64? {
        guard !sortedNanoseconds.isEmpty else { return nil }
        return sortedNanoseconds[(95 * sortedNanoseconds.count + 99) / 100 - 1]
    }

    /// Pass when p95 ≤ budget (inclusive); no samples passes vacuously.
    var passes: Bool { (p95Nanoseconds ?? 0) <= Self.frameBudgetNanoseconds }
}
