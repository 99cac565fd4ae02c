/// The deterministic stand-in for TextKit's layout (GAP: the article relies on UITextView; Linux
/// has none). Monospace: each UTF-16 unit advances `0.5 × effectiveSize`; a line holds
/// `max(1, floor((viewWidth − 2·margin) / advance))` units; paragraphs end at `\n` and hard-wrap
/// at that width (an empty paragraph is one empty line); a line is `effectiveSize × 1.2 ×
/// lineHeight` tall and each paragraph is followed by `paragraphSpacing`. The first line's top is
/// the 32 pt top inset. Enough to pin "the same sentence stays at the top after a font change".
struct TextLayout: Hashable, Sendable {
    static let insetTop = 32.0
    static let insetBottom = 48.0
    /// Lines at most (a 10-million-unit book at one unit a line is refused before this).
    static let maxLines = 4_000_000

    /// Each line's first UTF-16 offset, ascending.
    private(set) var lineStarts: [Int] = []
    /// Each line's top in document coordinates, ascending.
    private(set) var lineTops: [Double] = []
    private(set) var charsPerLine = 1
    private(set) var pitch = 0.0
    private(set) var contentHeight = 0.0
    let unitCount: Int

    init(units: [UInt16], effectiveSize: Double, lineHeight: Double, margin: Double, viewWidth: Double, paragraphSpacing: Double) {
        unitCount = units.count
        let advance = 0.5 * effectiveSize
        charsPerLine = max(1, Int(((viewWidth - 2 * margin) / advance).rounded(.down)))
        pitch = effectiveSize * 1.2 * lineHeight
        var y = TextLayout.insetTop
        var paragraphStart = 0
        var i = 0
        // One pass: at each `\n` (or the end) lay out the paragraph [paragraphStart, i).
        while i <= units.count {
            if i == units.count || units[i] == 0x0A {
                let length = i - paragraphStart
                var start = paragraphStart
                repeat {
                    lineStarts.append(start)
                    lineTops.append(y)
                    y += pitch
                    start += charsPerLine
                } while start < paragraphStart + length
                y += paragraphSpacing
                paragraphStart = i + 1
                if lineStarts.count >= TextLayout.maxLines { break }
            }
            i += 1
        }
        contentHeight = y + TextLayout.insetBottom
    }

    var lineCount: Int { lineStarts.count }

    /// The line containing UTF-16 `offset` (the last line starting at or before it).
    func line(containing offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// `closestPosition(to:)` for a document y: the first offset of the line whose top is the last
    /// at or above y (line 0 above the first line).
    func line(atY y: Double) -> Int {
        var lo = 0, hi = lineTops.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineTops[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    func top(ofLine k: Int) -> Double { lineTops[k] }
    func start(ofLine k: Int) -> Int { lineStarts[k] }
}
