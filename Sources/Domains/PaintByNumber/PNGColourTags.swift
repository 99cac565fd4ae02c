/// Finds colour-space chunks (`sRGB`, `gAMA`, `iCCP`, `cHRM`) in a PNG file.
///
/// Lockstep's decoder skips ancillary chunks, so a tagged id PNG decodes to its raw bytes — which
/// is what the id map needs. A decoder that honoured the tag would convert R and G and break every
/// id, so the domain reports the tags it ignored (silence is a bug) instead of refusing the file.
public enum PNGColourTags {
    static let names: [[UInt8]] = ["sRGB", "gAMA", "iCCP", "cHRM"].map { Array($0.utf8) }

    /// The colour-space chunk names present, in file order; stops at the first malformed chunk
    /// header (the decoder reports that), and after at most 4096 chunks.
    public static func find(_ png: [UInt8]) -> [String] {
        var found: [String] = []
        var p = 8
        var chunks = 0
        while p + 8 <= png.count && chunks < 4096 {
            let length = Int(png[p]) << 24 | Int(png[p + 1]) << 16 | Int(png[p + 2]) << 8 | Int(png[p + 3])
            let type = Array(png[(p + 4)..<(p + 8)])
            if names.contains(type) { found.append(String(decoding: type, as: UTF8.self)) }
            if type == Array("IEND".utf8) { break }
            p += 12 + length
            chunks += 1
        }
        return found
    }
}
