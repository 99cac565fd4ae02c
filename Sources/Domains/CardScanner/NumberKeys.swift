/// Collector-number extraction and the two keys (A5): the literal key adds, the loose key only finds.
public struct NumberKeys: Equatable, Hashable, Sendable {
    /// Folded core plus variant marks ("045/195★").
    public var literal: String
    /// Marks dropped and leading zeros of every digit run stripped ("45/195").
    public var loose: String
    /// The literal with padding stripped, marks kept: the `unpadded` test of `decide()`.
    public var unpaddedLiteral: String

    /// Longest token that can be a collector number (A5 rule 4).
    static let maxTokenCharacters = 16
    static let marks: Set<Character> = ["★", "☆", "†"]

    /// The keys of a catalog's printed number, or nil when it is not a number by A5's shape.
    public static func of(_ printed: String) -> NumberKeys? { extract(from: printed).first }

    /// Every collector-number token in one OCR string, in reading order (A5).
    public static func extract(from text: String) -> [NumberKeys] {
        var tokens: [[Character]] = []
        var current: [Character] = []
        for ch in text {
            if let up = normalised(ch) {
                current.append(up)
            } else {
                if !current.isEmpty { tokens.append(current) }
                current = []
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens.compactMap(keys(ofToken:))
    }

    /// Uppercased kept character, or nil for a separator (everything outside A–Z, 0–9, `/`, `-`, marks).
    private static func normalised(_ ch: Character) -> Character? {
        guard let scalar = ch.unicodeScalars.first, ch.unicodeScalars.count == 1 else { return nil }
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x2F, 0x2D: return ch
        case 0x61...0x7A: return Character(Unicode.Scalar(scalar.value - 0x20)!)
        default: return marks.contains(ch) ? ch : nil
        }
    }

    private static func keys(ofToken raw: [Character]) -> NumberKeys? {
        // Trim `/` and `-` from the ends.
        var token = raw[...]
        while let f = token.first, f == "/" || f == "-" { token = token.dropFirst() }
        while let l = token.last, l == "/" || l == "-" { token = token.dropLast() }
        guard !token.isEmpty else { return nil }
        // Marks only as a suffix.
        var markStart = token.endIndex
        while markStart > token.startIndex, marks.contains(token[token.index(before: markStart)]) { markStart = token.index(before: markStart) }
        let core = Array(token[token.startIndex..<markStart])
        let suffix = String(token[markStart...])
        guard !core.isEmpty, !core.contains(where: { marks.contains($0) }) else { return nil }
        guard core.count + suffix.count <= maxTokenCharacters else { return nil }
        let folded = core.map(fold)
        guard folded.contains("/") || folded.contains("-") else { return nil }
        let parts = split(folded)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        let runs = digitRuns(folded)
        guard !runs.isEmpty, runs.contains(where: { $0.contains(where: { $0 != "0" }) }) else { return nil }
        if folded.contains("/"), let last = folded.split(separator: "/", omittingEmptySubsequences: false).last,
           !last.contains(where: { $0.isASCII && $0 >= "1" && $0 <= "9" }) {
            return nil
        }
        let literalCore = String(folded)
        let stripped = stripPadding(folded)
        return NumberKeys(literal: literalCore + suffix, loose: stripped, unpaddedLiteral: stripped + suffix)
    }

    /// The recognizer's look-alikes, folded to one canonical character: S→5, O→0, B→8.
    static func fold(_ c: Character) -> Character {
        switch c {
        case "S": "5"
        case "O": "0"
        case "B": "8"
        default: c
        }
    }

    private static func isDigit(_ c: Character) -> Bool { c.isASCII && c >= "0" && c <= "9" }

    private static func split(_ s: [Character]) -> [[Character]] {
        var parts: [[Character]] = [[]]
        for c in s {
            if c == "/" || c == "-" { parts.append([]) } else { parts[parts.count - 1].append(c) }
        }
        return parts
    }

    private static func digitRuns(_ s: [Character]) -> [[Character]] {
        var runs: [[Character]] = []
        var run: [Character] = []
        for c in s {
            if isDigit(c) { run.append(c) } else if !run.isEmpty { runs.append(run); run = [] }
        }
        if !run.isEmpty { runs.append(run) }
        return runs
    }

    /// Strips the leading zeros of every digit run (a run of zeros becomes one `0`).
    static func stripPadding(_ s: [Character]) -> String {
        var out = ""
        var run: [Character] = []
        func flush() {
            guard !run.isEmpty else { return }
            let trimmed = run.drop { $0 == "0" }
            out += trimmed.isEmpty ? "0" : String(trimmed)
            run = []
        }
        for c in s {
            if isDigit(c) { run.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return out
    }
}
