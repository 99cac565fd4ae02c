/// The region metadata file: a small line-oriented text format, parsed by hand (no Foundation).
///
/// ```
/// # comments and blank lines are ignored
/// numbrush-meta 1              first line that is not a comment: magic and version
/// palette e53935 1e88e5        palette colours as rrggbb hex; repeatable, appends
/// regions 0 1 1 0              colour number of region 1, 2, 3, …; repeatable, appends
/// ```
///
/// Tokens are separated by spaces or tabs; lines end with LF or CRLF. The file is at most
/// `maxBytes`; anything unexpected is an error naming its line. `encode` writes the canonical
/// form (16 regions per line) that `decode` reads back.
public enum MetaFormat {
    public static let magic = "numbrush-meta"
    public static let maxBytes = 1 << 20

    public static func decode(_ bytes: [UInt8]) throws(MetaError) -> RegionMeta {
        guard bytes.count <= maxBytes else { throw MetaError(line: 0, "file is \(bytes.count) bytes; at most \(maxBytes)") }
        var palette: [RGB8] = []
        var regions: [UInt8] = []
        var sawMagic = false
        var lineNumber = 0
        var start = 0
        // One pass over the lines; each line's tokens are split in place. Bounded by the byte count.
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            lineNumber += 1
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 13 { lineEnd -= 1 }
            let tokens = split(bytes, start, lineEnd)
            start = end + 1
            guard let first = tokens.first, first.first != 35 /* # */ else { continue }
            let keyword = String(decoding: first, as: UTF8.self)
            if !sawMagic {
                guard keyword == magic, tokens.count == 2, Array(tokens[1]) == Array("1".utf8) else {
                    throw MetaError(line: lineNumber, "expected '\(magic) 1' as the first line")
                }
                sawMagic = true
                continue
            }
            switch keyword {
            case "palette":
                for t in tokens.dropFirst() {
                    guard palette.count < RegionMeta.maxColours else {
                        throw MetaError(line: lineNumber, "more than \(RegionMeta.maxColours) palette colours (fill state stores colour+1 in one byte, so colour 255 would wrap to 0 = unfilled)")
                    }
                    guard let c = colour(t) else {
                        throw MetaError(line: lineNumber, "palette colour '\(String(decoding: t, as: UTF8.self))' is not six hex digits rrggbb")
                    }
                    palette.append(c)
                }
            case "regions":
                for t in tokens.dropFirst() {
                    guard regions.count < IdContract.maxRegions else {
                        throw MetaError(line: lineNumber, "more than \(IdContract.maxRegions) regions (the two-byte id ceiling)")
                    }
                    guard let v = decimal(t), v <= 254 else {
                        throw MetaError(line: lineNumber, "colour number '\(String(decoding: t, as: UTF8.self))' is not a whole number 0...254")
                    }
                    regions.append(UInt8(v))
                }
            default:
                throw MetaError(line: lineNumber, "unknown keyword '\(keyword)'; expected palette or regions")
            }
        }
        guard sawMagic else { throw MetaError(line: 0, "empty file; expected '\(magic) 1'") }
        guard !regions.isEmpty else { throw MetaError(line: 0, "no regions line; at least one region is needed") }
        return try RegionMeta(colorIndex: regions, palette: palette)
    }

    /// The canonical text of `meta`.
    public static func encode(_ meta: RegionMeta) -> [UInt8] {
        var out = Array("\(magic) 1\npalette".utf8)
        for c in meta.palette { out.append(32); out.append(contentsOf: c.hex.utf8) }
        out.append(10)
        for (i, c) in meta.colorIndex.enumerated() {
            if i % 16 == 0 { out.append(contentsOf: (i == 0 ? "regions" : "\nregions").utf8) }
            out.append(32)
            out.append(contentsOf: String(c).utf8)
        }
        out.append(10)
        return out
    }

    static func split(_ bytes: [UInt8], _ start: Int, _ end: Int) -> [ArraySlice<UInt8>] {
        var tokens: [ArraySlice<UInt8>] = []
        var i = start
        while i < end {
            while i < end && (bytes[i] == 32 || bytes[i] == 9) { i += 1 }
            let s = i
            while i < end && bytes[i] != 32 && bytes[i] != 9 { i += 1 }
            if i > s { tokens.append(bytes[s..<i]) }
        }
        return tokens
    }

    static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 97...102: c - 87
        case 65...70: c - 55
        default: nil
        }
    }

    static func colour(_ t: ArraySlice<UInt8>) -> RGB8? {
        guard t.count == 6 else { return nil }
        var v: [UInt8] = []
        var i = t.startIndex
        while i < t.endIndex {
            guard let hi = hexDigit(t[i]), let lo = hexDigit(t[i + 1]) else { return nil }
            v.append(hi << 4 | lo)
            i += 2
        }
        return RGB8(v[0], v[1], v[2])
    }

    static func decimal(_ t: ArraySlice<UInt8>) -> Int? {
        guard !t.isEmpty, t.count <= 6 else { return nil }
        var v = 0
        for c in t {
            guard c >= 48 && c <= 57 else { return nil }
            v = v * 10 + Int(c - 48)
        }
        return v
    }
}
