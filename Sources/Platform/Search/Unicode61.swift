import LockstepCore

/// One token of FTS5's `unicode61 remove_diacritics 2` tokenizer: its folded text, its ordinal
/// position and the UTF-8 byte range it came from (the snippet copies the original bytes).
public struct FTSToken: Hashable, Sendable {
    public let text: String
    public let position: Int
    public let startByte: Int
    public let endByte: Int
}

/// FTS5's `unicode61 remove_diacritics 2`, reproduced from SQLite's own (Unicode 6.1) tables:
/// separators split, the 25 inner combining marks are dropped inside a token, and each scalar
/// folds to one scalar (case, and Latin diacritics). Works on scalars, never on `Character`s.
public enum Unicode61 {
    struct Tables: Sendable {
        /// Separator ranges, ascending and disjoint.
        let sepLow: [UInt32]
        let sepHigh: [UInt32]
        let innerLow: [UInt32]
        let innerHigh: [UInt32]
        /// Folded scalars, ascending, and their replacements.
        let foldFrom: [UInt32]
        let foldTo: [UInt32]
    }

    static let tables: Tables = {
        func ranges(_ text: String) -> ([UInt32], [UInt32]) {
            var lo: [UInt32] = [], hi: [UInt32] = []
            for part in text.split(separator: " ") {
                let ends = part.split(separator: "-")
                let a = UInt32(ends[0], radix: 16)!
                lo.append(a)
                hi.append(ends.count == 2 ? UInt32(ends[1], radix: 16)! : a)
            }
            return (lo, hi)
        }
        let sep = ranges(Unicode61TableText.sep)
        let inner = ranges(Unicode61TableText.inner)
        var from: [UInt32] = [], to: [UInt32] = []
        for part in Unicode61TableText.fold.split(separator: " ") {
            let kv = part.split(separator: ">")
            from.append(UInt32(kv[0], radix: 16)!)
            to.append(UInt32(kv[1], radix: 16)!)
        }
        return Tables(sepLow: sep.0, sepHigh: sep.1, innerLow: inner.0, innerHigh: inner.1, foldFrom: from, foldTo: to)
    }()

    /// The 6.1 counts the addendum states (checked by the tests): 8,021 separators in 402 ranges, 1,274 folds.
    public static var separatorCount: Int { zip(tables.sepLow, tables.sepHigh).reduce(0) { $0 + Int($1.1 - $1.0) + 1 } }
    public static var separatorRangeCount: Int { tables.sepLow.count }
    public static var foldCount: Int { tables.foldFrom.count }

    static func inRanges(_ v: UInt32, _ lo: [UInt32], _ hi: [UInt32]) -> Bool {
        // The last range whose low end is <= v.
        var a = 0, b = lo.count
        while a < b {
            let m = (a + b) / 2
            if lo[m] <= v { a = m + 1 } else { b = m }
        }
        return a > 0 && v <= hi[a - 1]
    }

    public static func isSeparator(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v == 0 { return true }
        if v < 0x80 { return !((0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)) }
        return inRanges(v, tables.sepLow, tables.sepHigh)
    }

    public static func isInnerMark(_ s: Unicode.Scalar) -> Bool { inRanges(s.value, tables.innerLow, tables.innerHigh) }

    public static func fold(_ s: Unicode.Scalar) -> Unicode.Scalar {
        let v = s.value
        if v < 0x80 { return (0x41...0x5A).contains(v) ? Unicode.Scalar(v + 0x20)! : s }
        var a = 0, b = tables.foldFrom.count
        while a < b {
            let m = (a + b) / 2
            if tables.foldFrom[m] < v { a = m + 1 } else { b = m }
        }
        if a < tables.foldFrom.count && tables.foldFrom[a] == v { return Unicode.Scalar(tables.foldTo[a]) ?? s }
        return s
    }

    /// Tokens longer than this many bytes are cut (a bound on one token; FTS5 has none that text reaches).
    public static let maxTokenBytes = 4_096

    /// The tokens of `text`, in order.
    public static func tokens(_ text: String) -> [FTSToken] {
        var out: [FTSToken] = []
        var current = String.UnicodeScalarView()
        var start = -1, end = 0, byte = 0
        func flush() {
            if start >= 0 { out.append(FTSToken(text: String(current), position: out.count, startByte: start, endByte: end)) }
            current = String.UnicodeScalarView()
            start = -1
        }
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            // U+FFFE and U+FFFF read as U+FFFD: separators, which the table already says.
            if isSeparator(scalar) {
                if start >= 0 && isInnerMark(scalar) {
                    end = byte + width  // consumed, dropped from the text
                } else {
                    flush()
                }
            } else {
                if start < 0 { start = byte }
                if end - start < maxTokenBytes { current.append(fold(scalar)) }
                end = byte + width
            }
            byte += width
        }
        flush()
        return out
    }
}
