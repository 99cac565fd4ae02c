import LockstepCore

/// Record helpers: seconds of audio with three decimals, bounded transcript text.
enum Out {
    /// Seconds of audio: three decimals for whole milliseconds, all nine otherwise (so a word at
    /// 49.349999999 s never prints as 49.350).
    static func seconds(_ nanos: Int64) -> Value {
        nanos % 1_000_000 == 0 ? .fixed(Double(nanos) / 1e9, places: 3) : .duration(.nanoseconds(nanos))
    }

    /// Texts up to this many UTF-8 bytes are written whole; longer ones as length, tail and digest.
    static let maxInlineTextBytes = 120
    static let tailCharacters = 48

    /// Adds `text=` (short) or `chars= tail= digest=` (long) to a record.
    static func text(_ r: Record, _ key: String, _ text: String) -> Record {
        let bytes = text.utf8.count
        if bytes <= maxInlineTextBytes { return r.string(key, text) }
        return r.int("chars", bytes).string("tail", "…" + String(text.suffix(tailCharacters)))
            .digest("digest", FNV1a64.hash(text.utf8))
    }
}
