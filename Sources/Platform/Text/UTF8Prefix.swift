/// The longest prefix of UTF-8 text that fits a byte budget without cutting a scalar in two.
///
/// Byte limits are everywhere an app stores or sends text (a key-value entry, a field in a
/// binary record, a notification payload). `Array(bytes.prefix(n))` can end in the middle of `é`
/// or `😀`, and the next reader replaces the stray bytes or refuses the whole value. This keeps
/// whole scalars only, and says whether anything was left out, so the caller can record the cut
/// instead of storing a silently shorter value.
///
/// It cuts between scalars, not between characters: `e` + U+0301 with a budget of 1 keeps `e` and
/// drops the accent. That is what byte-limited storage does; cut with `String.prefix` first where
/// whole characters matter.
public struct UTF8Prefix: Sendable, Hashable {
    /// The kept bytes: well-formed UTF-8, at most the budget.
    public var bytes: [UInt8]
    /// True when the input was longer than `bytes` (something was left out).
    public var cut: Bool

    /// The prefix of valid UTF-8 `bytes`, checking the bytes it reads: everything it keeps and the
    /// scalar that did not fit. Throws at the first ill-formed sequence among them (bytes past
    /// that scalar are not read). `maxBytes` must not be negative (a precondition).
    public init(_ bytes: [UInt8], maxBytes: Int) throws(UTF8PrefixError) {
        precondition(maxBytes >= 0, "UTF8Prefix maxBytes must not be negative")
        var end = 0
        while end < bytes.count {
            switch UTF8Validation.scalarLength(bytes, at: end) {
            case .problem(let problem): throw UTF8PrefixError(byteOffset: end, problem: problem)
            case .scalar(let length):
                if end + length > maxBytes {
                    self.init(kept: Array(bytes[0..<end]), cut: true)
                    return
                }
                end += length
            }
        }
        self.init(kept: bytes, cut: false)
    }

    /// The prefix of `text`'s UTF-8, which is always valid, so this cannot fail.
    public init(_ text: String, maxBytes: Int) {
        precondition(maxBytes >= 0, "UTF8Prefix maxBytes must not be negative")
        let utf8 = Array(text.utf8)
        guard utf8.count > maxBytes else {
            self.init(kept: utf8, cut: false)
            return
        }
        // Back up from the budget to the start of the scalar it falls in: continuation bytes
        // are 10xxxxxx, and a scalar has at most three of them.
        var end = maxBytes
        while end > 0 && utf8[end] & 0xC0 == 0x80 { end -= 1 }
        self.init(kept: Array(utf8[0..<end]), cut: true)
    }

    private init(kept: [UInt8], cut: Bool) {
        self.bytes = kept
        self.cut = cut
    }

    /// The kept bytes as text.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// Why `UTF8Prefix` could not take a prefix: the bytes it read are not UTF-8.
public struct UTF8PrefixError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 0-based offset of the first byte of the ill-formed sequence.
    public var byteOffset: Int
    public var problem: UTF8Problem

    public init(byteOffset: Int, problem: UTF8Problem) {
        self.byteOffset = byteOffset
        self.problem = problem
    }

    public var description: String { "byte \(byteOffset): not UTF-8 (\(problem.rawValue))" }
}
