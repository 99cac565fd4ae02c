/// A list of values at key times, evaluated at a progress (SVG 1.1 "Attributes that define
/// animation values over time", D2–D6; CSS keyframe tracks use it too, E5).
struct KeyframeTrack: Hashable, Sendable {
    enum CalcMode: String, Hashable, Sendable { case linear, discrete, paced, spline }

    /// The values at the key times (named apart from `Dictionary.values` for the lint).
    var keyValues: [AnimValue]
    /// One per value (computed when the source gave none).
    var keyTimes: [Double]
    var calcMode: CalcMode
    /// Segment j's curve: SMIL `keySplines`, or a CSS keyframe's timing function.
    var easing: [TimingFunction]

    /// D2's implicit key times: j/(n − 1), or j/n for discrete.
    static func evenKeyTimes(count n: Int, discrete: Bool) -> [Double] {
        if n <= 1 { return [0] }
        let denominator = Double(discrete ? n : n - 1)
        return (0..<n).map { Double($0) / denominator }
    }

    /// D6's key times from the distances between values; `nil` if a pair has no distance.
    static func pacedKeyTimes(_ values: [AnimValue]) -> [Double]? {
        if values.count <= 1 { return [0] }
        var sums: [Double] = [0]
        var total = 0.0
        for j in 1 ..< values.count {
            guard let d = AnimValue.distance(values[j - 1], values[j]) else { return nil }
            total += d
            sums.append(total)
        }
        if total == 0 { return evenKeyTimes(count: values.count, discrete: false) }
        var keys = sums.map { $0 / total }
        keys[keys.count - 1] = 1
        return keys
    }

    /// The value at progress `p` (D3–D5). SMIL readers make a list with keywords `.discrete` (D4);
    /// a CSS track keeps `.linear`, and a keyword pair flips halfway, as CSS animates discretely. `beforeFlag` reaches CSS step easing (E4).
    func value(at p: Double, beforeFlag: Bool = false) -> AnimValue {
        let n = keyValues.count
        precondition(n >= 1 && keyTimes.count == n)
        if n == 1 { return keyValues[0] }
        if calcMode == .discrete {
            var j = 0
            while j + 1 < n, keyTimes[j + 1] <= p { j += 1 }
            return keyValues[j]
        }
        var j = 0
        while j + 1 <= n - 2, keyTimes[j + 1] <= p { j += 1 }
        let span = keyTimes[j + 1] - keyTimes[j]
        if span <= 0 { return keyValues[j + 1] }
        var u = (p - keyTimes[j]) / span
        if j < easing.count { u = easing[j].output(u, beforeFlag: beforeFlag) }
        let a = keyValues[j], b = keyValues[j + 1]
        if !a.isInterpolable || !b.isInterpolable || !AnimValue.compatible(a, b) {
            // CSS discrete animation (and a keyword met inside a linear list) flips halfway.
            return u < 0.5 ? a : b
        }
        return AnimValue.lerp(a, b, u)
    }
}
