/// Shell-style name patterns for `--filter`: `*` any run of characters (including `/`), `?` one
/// character, `[abc]` / `[a-z]` / `[!a]` one character from (or not from) a set; anything else
/// matches itself. No brace expansion or `**`: a pattern is short, and `*` already crosses folders.
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let characters: [Character]

    /// Longest pattern accepted: a filter is typed by a person.
    public static let maxPatternLength = 256

    public init(_ pattern: String) throws(UsageError) {
        guard !pattern.isEmpty else { throw UsageError("--filter needs a pattern (e.g. 'chalk/*undo*')") }
        guard pattern.count <= Glob.maxPatternLength else {
            throw UsageError("--filter pattern is \(pattern.count) characters, over the limit of \(Glob.maxPatternLength)")
        }
        var open = false
        for c in pattern { if c == "[" { open = true } else if c == "]" { open = false } }
        guard !open else { throw UsageError("--filter '\(pattern)': '[' without a closing ']'") }
        self.pattern = pattern
        characters = Array(pattern)
    }

    public var description: String { pattern }

    /// Whether the whole of `name` matches. Iterative with one backtrack point per `*`, so the cost
    /// is bounded by pattern length × name length, never exponential.
    public func matches(_ name: String) -> Bool {
        let s = Array(name)
        var p = 0, i = 0
        var starP = -1, starI = 0
        while i < s.count {
            if p < characters.count, characters[p] == "*" {
                starP = p; starI = i; p += 1
            } else if p < characters.count, let next = matchOne(at: p, s[i]) {
                p = next; i += 1
            } else if starP >= 0 {
                p = starP + 1; starI += 1; i = starI
            } else {
                return false
            }
        }
        while p < characters.count, characters[p] == "*" { p += 1 }
        return p == characters.count
    }

    /// If the pattern element at `p` matches `c`, the index after that element.
    private func matchOne(at p: Int, _ c: Character) -> Int? {
        switch characters[p] {
        case "?": return p + 1
        case "[":
            var q = p + 1
            let negated = q < characters.count && characters[q] == "!"
            if negated { q += 1 }
            var found = false
            var first = true
            while q < characters.count, characters[q] != "]" || first {
                first = false
                if q + 2 < characters.count, characters[q + 1] == "-", characters[q + 2] != "]" {
                    if characters[q] <= c && c <= characters[q + 2] { found = true }
                    q += 3
                } else {
                    if characters[q] == c { found = true }
                    q += 1
                }
            }
            return found != negated ? q + 1 : nil
        default:
            return characters[p] == c ? p + 1 : nil
        }
    }
}
