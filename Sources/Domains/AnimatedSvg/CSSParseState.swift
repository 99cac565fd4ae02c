/// The mutable state of one parse: the prepared text, the diagnostics so far, and the counters
/// behind the limits. Kept in one value so every stage shares the same limits and one `stopped`
/// flag: once a limit is hit, the rest of the input is ignored everywhere.
struct CSSParseState {
    var source: CSSSource
    var diagnostics: [Diagnostic]
    /// Declarations kept so far, across rules, keyframes and `style`.
    var declarationCount = 0
    /// Top-level rules seen so far (qualified rules, `@keyframes` and skipped at-rules).
    var ruleCount = 0
    /// Set by a limit: nothing more is read.
    var stopped = false

    /// At most this many top-level rules per sheet.
    static let maxRules = 10_000
    /// At most this many declarations per sheet (or per `style` attribute).
    static let maxDeclarations = 10_000
    /// At most this many keyframe blocks in one `@keyframes` (section K's 256 keyframes).
    static let maxKeyframeBlocks = 256

    init(_ text: String, startingAt start: SvgLocation) {
        source = CSSSource(text, startingAt: start)
        diagnostics = source.diagnostics
    }

    mutating func report(_ kind: DiagnosticKind, _ code: String, at index: Int, _ detail: String) {
        diagnostics.append(Diagnostic(kind, code, at: source.location(index), detail))
    }

    /// Records a limit at `index` and stops the parse.
    mutating func stop(at index: Int, _ detail: String) {
        report(.reject, "limit", at: index, detail + "; the rest is ignored")
        stopped = true
    }

    /// Skips an at-rule whose `@` is at `index` (`atRule`): up to and including the first
    /// top-level `;`, or its whole `{}` block. Returns the index after it.
    mutating func skipAtRule(_ index: Int, end: Int) -> Int {
        let nameEnd = source.nameEnd(index + 1, end: end)
        report(.reject, "atRule", at: index, "unsupported at-rule @\(source.excerpt(index + 1..<nameEnd))")
        let stop = source.find([";", "{"], from: nameEnd, end: end)
        if stop == end { return end }
        if source[stop] == ";" { return stop + 1 }
        return source.skipComponent(stop, end: end).end
    }

    /// The block whose `{` is at `open`: its contents and the index after it. An unclosed block
    /// is closed at `end`, as CSS does, with one `declaration` diagnostic at the `{`.
    mutating func block(_ open: Int, end: Int) -> (contents: Range<Int>, next: Int) {
        let (blockEnd, closed) = source.skipComponent(open, end: end)
        if closed { return (open + 1..<blockEnd - 1, blockEnd) }
        report(.reject, "declaration", at: open, "block not closed before the end of input")
        return (open + 1..<blockEnd, blockEnd)
    }
}
