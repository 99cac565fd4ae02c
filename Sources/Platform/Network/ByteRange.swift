/// One `Range: bytes=…` request (RFC 9110 §14.1.2), the single-range forms apps send to resume a
/// download or read a file's header: `bytes=first-last` (inclusive) or `bytes=first-` (to the end).
/// Suffix ranges (`bytes=-500`) and multiple ranges are not modelled.
public struct ByteRange: Hashable, Sendable, CustomStringConvertible {
    /// Ranges are bounded by the largest body a scripted response may carry times a margin; a
    /// bigger offset is a scenario typo, not a real resume point.
    public static let maxOffset = 1 << 40

    public var first: Int
    /// Inclusive; nil for "to the end".
    public var last: Int?

    /// Nil for a negative `first`, `last < first`, or offsets past `maxOffset`.
    public init?(first: Int, last: Int? = nil) {
        guard first >= 0, first <= ByteRange.maxOffset else { return nil }
        if let l = last { guard l >= first, l <= ByteRange.maxOffset else { return nil } }
        self.first = first
        self.last = last
    }

    /// `bytes=0-99` or `bytes=100-`.
    public var headerValue: String { "bytes=\(first)-" + (last.map(String.init) ?? "") }
    public var description: String { headerValue }

    /// Reads `bytes=a-b` / `bytes=a-`; nil for anything else.
    public static func parse(_ s: String) -> ByteRange? {
        guard s.hasPrefix("bytes=") else { return nil }
        let spec = s.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2, let a = digits(spec[0]) else { return nil }
        if spec[1].isEmpty { return ByteRange(first: a) }
        guard let b = digits(spec[1]) else { return nil }
        return ByteRange(first: a, last: b)
    }

    /// Whether a resource of `length` bytes can serve it (RFC 9110: `first` must be inside).
    public func isSatisfiable(length: Int) -> Bool { first < length }

    /// The `Content-Range` a correct 206 for a resource of `length` bytes carries:
    /// `bytes first-min(last, length-1)/length`.
    public func contentRange(length: Int) -> String {
        "bytes \(first)-\(min(last ?? (length - 1), length - 1))/\(length)"
    }

    /// Reads a response's `Content-Range: bytes a-b/len` (len may be `*`): (a, b, len or nil).
    public static func parseContentRange(_ s: String) -> (first: Int, last: Int, length: Int?)? {
        guard s.hasPrefix("bytes ") else { return nil }
        let parts = s.dropFirst(6).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let ab = parts[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard ab.count == 2, let a = digits(ab[0]), let b = digits(ab[1]), b >= a else { return nil }
        if parts[1] == "*" { return (a, b, nil) }
        guard let len = digits(parts[1]), b < len else { return nil }
        return (a, b, len)
    }

    /// A run of 1...13 ASCII digits (no sign, no spaces) as an Int.
    private static func digits(_ s: Substring) -> Int? {
        guard !s.isEmpty, s.utf8.count <= 13, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return s.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
