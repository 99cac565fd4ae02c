import LockstepCore

/// The canonical layout of a scenario or included file, behind `lockstep fmt`.
///
/// Lines are split by the reader's own tokenizer (`ScenarioReader.tokenize`), so a token here is
/// exactly a token there. The layout changes only whitespace:
/// - every line starts at column 1; runs of spaces and tabs between tokens become one space; trailing
///   blanks go; CRLF becomes LF; the file ends with one newline;
/// - blank lines: none at the start or end, at most one in a row;
/// - comment lines keep their text from `#` on (trailing blanks removed);
/// - event lines form blocks (a run of event lines; a blank, comment or header line ends a block),
///   and in each block the kind starts in one column: the time is padded to the block's widest time,
///   and to at least `minimumTimeWidth` characters, then one space.
///
/// Token text is never rewritten, quotes and escapes included: a domain may read a value's text as
/// written (`EventLine.rawText`), so `"tea"` and `tea`, or `1.50` and `1.5`, are not interchangeable.
/// After laying out, the result is split again and must give the same tokens, line for line; a
/// difference is an internal error and nothing is written.
public enum ScenarioLayout {
    /// The time column's least width: `+0.033`, `+1h30m` and `12.500` fit without moving a block.
    public static let minimumTimeWidth = 6

    /// One line as the formatter sees it.
    public enum Line: Equatable, Sendable {
        case blank
        /// From `#` to the end of the line, trailing blanks removed (bytes: a comment need not be UTF-8).
        case comment([UInt8])
        /// A header (or trailing `until`) line: the keyword, then its values as written.
        case header([[UInt8]])
        /// An event line: the time as written, then the kind and its arguments as written.
        case event(time: [UInt8], tokens: [[UInt8]])
    }

    /// The lines of `bytes`, split by the reader's tokenizer; the first lexical problem (with its line
    /// and column, under `path`) is thrown, as `lockstep run` would report it.
    public static func lines(_ bytes: [UInt8], path: String, limits: ScenarioLimits = .standard) throws(ScenarioError) -> [Line] {
        let splitter = try ScenarioReader(display: path, bytes: [], files: nil, limits: limits)
        let reader = try LineReader(path: path, bytes: bytes, limits: limits)
        var scratch = EventLine(path: path, buffer: [])
        var result: [Line] = []
        while let (start, end) = try reader.next() {
            guard reader.lineNumber <= limits.maxLinesPerFile else {
                throw reader.error(column: 1, "more than \(limits.maxLinesPerFile) lines in one file (the limit maxLinesPerFile)")
            }
            let line = try reader.buffer.withUnsafeBufferPointer { p throws(ScenarioError) -> Line in
                let type: ScenarioReader.LineType?
                do throws(Lexer.Problem) {
                    type = try splitter.tokenize(p, start, end, into: &scratch)
                } catch {
                    throw reader.error(column: error.at - start + 1, error.message)
                }
                guard let type else { return commentOrBlank(p, start, end) }
                var tokens: [[UInt8]] = []
                tokens.reserveCapacity(scratch.args.count + 1)
                var kindEnd = scratch.kindStart
                while kindEnd < end && !Lexer.isSpace(p[kindEnd]) { kindEnd += 1 }
                tokens.append(Array(p[scratch.kindStart..<kindEnd]))
                for arg in scratch.args { tokens.append(Array(p[arg.keyStart..<arg.valueEnd])) }
                switch type {
                case .header: return .header(tokens)
                case .event: return .event(time: Array(p[splitter.pendingTimeStart..<splitter.pendingTimeEnd]), tokens: tokens)
                }
            }
            result.append(line)
        }
        return result
    }

    static func commentOrBlank(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Line {
        var i = start
        while i < end && Lexer.isSpace(p[i]) { i += 1 }
        guard i < end else { return .blank }
        var last = end
        while last > i && (Lexer.isSpace(p[last - 1]) || p[last - 1] == 13) { last -= 1 }
        return .comment(Array(p[i..<last]))
    }

    /// The canonical text of `lines`.
    public static func render(_ lines: [Line]) -> [UInt8] {
        var out: [UInt8] = []
        var pendingBlank = false
        var index = 0
        func startLine() {
            if pendingBlank && !out.isEmpty { out.append(10) }
            pendingBlank = false
        }
        while index < lines.count {
            switch lines[index] {
            case .blank:
                pendingBlank = true
                index += 1
            case .comment(let text):
                startLine()
                out += text
                out.append(10)
                index += 1
            case .header(let tokens):
                startLine()
                append(tokens, to: &out)
                out.append(10)
                index += 1
            case .event:
                startLine()
                var blockEnd = index
                var width = minimumTimeWidth
                while blockEnd < lines.count, case .event(let time, _) = lines[blockEnd] {
                    width = max(width, time.count)
                    blockEnd += 1
                }
                for k in index..<blockEnd {
                    guard case .event(let time, let tokens) = lines[k] else { continue }
                    out += time
                    out += [UInt8](repeating: 32, count: width - time.count + 1)
                    append(tokens, to: &out)
                    out.append(10)
                }
                index = blockEnd
            }
        }
        return out
    }

    static func append(_ tokens: [[UInt8]], to out: inout [UInt8]) {
        for (i, token) in tokens.enumerated() {
            if i > 0 { out.append(32) }
            out += token
        }
    }

    /// The tokens of `lines` without blank lines: what must survive formatting unchanged.
    static func meaning(_ lines: [Line]) -> [Line] { lines.filter { $0 != .blank } }

    /// `bytes` in the canonical layout. Throws the file's first lexical error (then nothing should be
    /// written), or an internal error if the layout would change a token (never expected).
    public static func format(_ bytes: [UInt8], path: String, limits: ScenarioLimits = .standard) throws(ScenarioError) -> [UInt8] {
        let parsed = try lines(bytes, path: path, limits: limits)
        let out = render(parsed)
        let again: [Line]
        do { again = try lines(out, path: path, limits: limits) } catch {
            throw ScenarioError(path: path, line: error.line, column: error.column,
                                message: "internal: the formatted text does not read back (\(error.message)); the file was left as it is")
        }
        guard meaning(again) == meaning(parsed) else {
            throw ScenarioError(path: path, line: 1, column: 1,
                                message: "internal: formatting would change a token; the file was left as it is")
        }
        return out
    }
}
