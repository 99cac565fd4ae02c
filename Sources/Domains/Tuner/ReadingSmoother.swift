/// Median-of-5 plus exponential smoothing of raw pitch readings (spec item 7).
///
/// WHY: the median rejects single-frame outliers and the 0.35 blend steadies the needle; the
/// resets (silence, jumps > 80 cents ≈ "more than a semitone") make the next note start clean
/// instead of gliding from the previous string (failure mode 8). Note (failure 13): an octave
/// slip is 1200 cents, so the reset fires before the median can reject it — pinned as coded.
struct ReadingSmoother {
    /// Fault hooks for regression scenarios.
    enum Variant: Equatable, Sendable {
        case faithful
        /// Never reset: nil input returns nil but keeps history; jumps are blended in.
        case noReset
    }

    static let historySize = 5
    static let alpha = 0.35
    static let jumpResetCents = 80.0

    var variant: Variant = .faithful
    private(set) var recent: [Double] = []
    private(set) var displayed: Double?

    init(variant: Variant = .faithful) { self.variant = variant }

    /// Feeds one raw reading (nil = silence / no pitch) and returns the value to display.
    /// A non-finite or non-positive value is treated like nil (it is not a pitch).
    mutating func push(_ frequencyHz: Double?) -> Double? {
        guard let f = frequencyHz, f.isFinite, f > 0 else {
            if variant == .faithful { reset() }
            return nil
        }
        if variant == .faithful, let shown = displayed,
           let jump = NoteMath.cents(from: f, to: shown), jump.magnitude > ReadingSmoother.jumpResetCents {
            reset()
        }
        recent.append(f)
        if recent.count > ReadingSmoother.historySize { recent.removeFirst(recent.count - ReadingSmoother.historySize) }
        let median = recent.sorted()[recent.count / 2]   // upper median for even counts
        let next: Double
        if let shown = displayed {
            next = shown + ReadingSmoother.alpha * (median - shown)
        } else {
            next = median
        }
        displayed = next
        return next
    }

    mutating func reset() {
        recent.removeAll(keepingCapacity: true)
        displayed = nil
    }
}
