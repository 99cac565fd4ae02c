import Platform

/// The preview's decode (item 3): keep at most `bytes` of the body (a server that ignores `Range`
/// sends everything with 200), then drop up to 3 trailing bytes until the rest is UTF-8, because a
/// byte range can end inside a multi-byte character. A leading UTF-8 BOM is dropped first, as
/// `String(data:encoding: .utf8)` does (note D5), so preview and full-text offsets agree.
struct PreviewDecode: Hashable, Sendable {
    /// Bytes dropped from the end (0…3); nil when no trim decoded (not UTF-8).
    let trimmedBytes: Int?
    let text: String
    let bomDropped: Bool

    static func decode(_ body: [UInt8], maxBytes: Int, trims: Bool) -> PreviewDecode {
        let slice = Array(body.prefix(maxBytes))
        let (bytes, bom) = UTF8BOM.drop(from: slice)
        for trim in 0..<(trims ? 4 : 1) where trim <= bytes.count {
            if let text = UTF8Validation(bytes.dropLast(trim)).string {
                return PreviewDecode(trimmedBytes: trim, text: text, bomDropped: bom)
            }
        }
        return PreviewDecode(trimmedBytes: nil, text: "", bomDropped: bom)
    }
}

/// The article's reading statistics (items 1, 8, 13, 14, 16).
enum ReadingRules {
    static let wordsPerMinute = 250
    static let charactersPerPage = 1_800
    static let readThresholdPermille = 980

    /// `wordCount / 250 × 60` seconds, nil without a word count. Integer: 100,000 words → 24,000 s.
    static func estimateSeconds(words: Int?) -> Int64? {
        guard let w = words else { return nil }
        return Int64(w) * 60 / Int64(wordsPerMinute)
    }

    /// "About 6 h 40 min".
    static func estimateText(seconds: Int64) -> String {
        let minutes = seconds / 60
        return minutes >= 60 ? "About \(minutes / 60) h \(minutes % 60) min" : "About \(minutes) min"
    }

    /// Progress in permille of the text, 0 for an empty text.
    static func permille(offset: Int, of count: Int) -> Int {
        count == 0 ? 0 : offset * 1000 / count
    }
}
