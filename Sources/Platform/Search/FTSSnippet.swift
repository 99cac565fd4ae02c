/// FTS5's `snippet()` for one column, as SQLite 3.40 computes it: the best-scoring window of N
/// tokens (1000 for a phrase's first instance in it, 1 for each repeat; a sentence start earns
/// 120 at token 0 and 100 elsewhere), centred on its instances or started at the sentence, then
/// rendered with each coalesced instance between the marks and the ellipsis where text is cut.
public enum FTSSnippet {
    /// Token positions that start a sentence: 0, and any token whose preceding bytes, after at
    /// least one ASCII space, tab, CR or LF, end in `.` or `:`.
    static func sentenceStarts(_ row: FTSRow) -> [Int] {
        let bytes = Array(row.text.utf8)
        var out = [0]
        for t in row.tokens where t.position > 0 {
            var i = t.startByte - 1
            while i >= 0, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i -= 1 }
            if i != t.startByte - 1 && i >= 0 && (bytes[i] == 0x2E || bytes[i] == 0x3A) { out.append(t.position) }
        }
        return out
    }

    /// The window score at `start`, and the centred start FTS5 derives from the counted instances.
    static func score(_ inst: [FTSInstance], _ sizes: [Int], start: Int, window: Int, docTokens: Int) -> (score: Int, centred: Int) {
        var seen = [Bool](repeating: false, count: sizes.count)
        var score = 0, first = -1, last = 0
        for x in inst where x.position >= start && x.position < start + window {
            score += seen[x.phrase] ? 1 : 1000
            seen[x.phrase] = true
            if first < 0 { first = x.position }
            last = x.position + sizes[x.phrase]
        }
        var adj = first - (window - (last - first)) / 2
        if adj + window > docTokens { adj = docTokens - window }
        if adj < 0 { adj = 0 }
        return (score, adj)
    }

    /// Coalesced spans (inclusive token ranges) of the instances, overlapping ones merged.
    static func spans(_ inst: [FTSInstance], _ sizes: [Int]) -> [(start: Int, end: Int)] {
        var out: [(start: Int, end: Int)] = []
        for x in inst {
            let end = x.position - 1 + sizes[x.phrase]
            if let lastSpan = out.last, x.position <= lastSpan.end {
                out[out.count - 1].end = max(lastSpan.end, end)
            } else {
                out.append((x.position, end))
            }
        }
        return out
    }

    public static func render(_ row: FTSRow, _ inst: [FTSInstance], _ sizes: [Int], open: String, close: String,
                              ellipsis: String, window: Int) -> String {
        let n = row.tokens.count
        var best = 0, bestStart = 0
        let starts = sentenceStarts(row)
        for x in inst {
            let s = score(inst, sizes, start: x.position, window: window, docTokens: n)
            if s.score > best { best = s.score; bestStart = s.centred }
            if n > window {
                var jj = 0
                while jj < starts.count - 1 && starts[jj + 1] <= x.position { jj += 1 }
                if starts[jj] < x.position {
                    let t = score(inst, sizes, start: starts[jj], window: window, docTokens: n).score + (starts[jj] == 0 ? 120 : 100)
                    if t > best { best = t; bestStart = starts[jj] }
                }
            }
        }
        let bytes = Array(row.text.utf8)
        var out: [UInt8] = []
        func append(_ s: String) { out.append(contentsOf: s.utf8) }
        func copy(_ a: Int, _ b: Int) { if b > a { out.append(contentsOf: bytes[a..<b]) } }
        let rangeStart = bestStart, rangeEnd = bestStart + window - 1
        if rangeStart > 0 { append(ellipsis) }
        let allSpans = spans(inst, sizes)
        var k = 0
        while k < allSpans.count && allSpans[k].start < rangeStart { k += 1 }
        var offset = 0
        for t in row.tokens {
            let pos = t.position
            if pos < rangeStart || pos > rangeEnd { continue }
            if rangeStart > 0 && pos == rangeStart { offset = t.startByte }
            let span: (start: Int, end: Int)? = k < allSpans.count ? allSpans[k] : nil
            if let span, pos == span.start {
                copy(offset, t.startByte)
                append(open)
                offset = t.startByte
            }
            if let span, pos == span.end {
                copy(offset, t.endByte)
                append(close)
                offset = t.endByte
                k += 1
            }
            if pos == rangeEnd {
                copy(offset, t.endByte)
                offset = t.endByte
                if let span, pos >= span.start && pos < span.end { append(close) }
            }
        }
        if rangeEnd >= n - 1 { copy(offset, bytes.count) } else { append(ellipsis) }
        return String(decoding: out, as: UTF8.self)
    }
}
