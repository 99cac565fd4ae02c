/// "Did you mean …?" for a mistyped command, option, domain or scenario.
public enum DidYouMean {
    /// The known names closest to `typed` (edit distance at most a third of its length, at least 1,
    /// or `typed` is a prefix), best first, at most three.
    public static func suggestions(for typed: String, among known: [String]) -> [String] {
        let limit = max(1, typed.count / 3)
        var scored: [(distance: Int, name: String)] = []
        for name in known {
            let d = distance(typed.lowercased(), name.lowercased(), cap: limit + 1)
            if d <= limit || (typed.count >= 3 && name.lowercased().hasPrefix(typed.lowercased())) {
                scored.append((d, name))
            }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        var seen: [String] = []
        for s in scored where !seen.contains(s.name) { seen.append(s.name) }
        return Array(seen.prefix(3))
    }

    /// `; did you mean 'x'?` (or `'x' or 'y'`), or the empty string when nothing is close.
    public static func hint(for typed: String, among known: [String], quote: (String) -> String = { "'\($0)'" }) -> String {
        let found = suggestions(for: typed, among: known)
        guard !found.isEmpty else { return "" }
        return "; did you mean " + found.map(quote).joined(separator: " or ") + "?"
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit, giving up (returning
    /// `cap`) once every cell of a row is at least `cap`: names are short, and far ones do not matter.
    static func distance(_ a: String, _ b: String, cap: Int) -> Int {
        let x = Array(a), y = Array(b)
        if abs(x.count - y.count) >= cap { return cap }
        if x.isEmpty || y.isEmpty { return min(cap, max(x.count, y.count)) }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { v = min(v, previous2[j - 2] + 1) }
                current[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin >= cap { return cap }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return min(previous[y.count], cap)
    }
}
