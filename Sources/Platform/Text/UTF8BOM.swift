/// The UTF-8 byte order mark, EF BB BF (U+FEFF), that some editors put at the start of a file.
///
/// It is not part of the text: left in, it becomes an invisible first character, so a file's first
/// key, tag or line compares unequal to the same text typed by hand. `String(decoding:as:)` keeps
/// it (as U+FEFF), and readers in other libraries differ, so a domain drops it itself, with
/// `drop(from:)`, where its format allows one.
public enum UTF8BOM {
    /// EF BB BF.
    public static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `bytes` without one leading BOM, and whether there was one. Only the very start counts: a
    /// second BOM right after the first, or one further in, is U+FEFF text and stays (a reader
    /// that stripped every one would change the text, not just its encoding).
    public static func drop(from bytes: [UInt8]) -> (bytes: [UInt8], dropped: Bool) {
        guard bytes.starts(with: UTF8BOM.bytes) else { return (bytes, false) }
        return (Array(bytes[UTF8BOM.bytes.count...]), true)
    }
}
