/// The article's binary search, exactly: the window [low, high], mid = low + (high − low) / 2, a
/// "check" step per probe and a "discard" step per halving; returns at the first equal probe (so
/// among duplicates, whichever mid hits first). An empty array is one "window is empty" step.
enum Search {
    static func binary(_ sorted: [Int], target: Int) -> [SearchStep] {
        var steps: [SearchStep] = []
        var low = 0, high = sorted.count - 1
        while low <= high {  // bounded: the window shrinks each pass
            let mid = low + (high - low) / 2
            steps.append(SearchStep(low: low, high: high, mid: mid, found: nil, caption: "Check the middle: \(sorted[mid])."))
            if sorted[mid] == target {
                steps.append(SearchStep(low: low, high: high, mid: mid, found: mid, caption: "Found \(target) at index \(mid)."))
                return steps
            }
            if sorted[mid] < target {
                low = mid + 1
                steps.append(SearchStep(low: low, high: high, mid: nil, found: nil, caption: "\(sorted[mid]) < \(target): discard the left half."))
            } else {
                high = mid - 1
                steps.append(SearchStep(low: low, high: high, mid: nil, found: nil, caption: "\(sorted[mid]) > \(target): discard the right half."))
            }
        }
        steps.append(SearchStep(low: low, high: high, mid: nil, found: nil, caption: "The window is empty: \(target) isn't in the array."))
        return steps
    }
}
