/// `application/x-www-form-urlencoded` bodies and query strings in one canonical spelling, so a
/// request is keyed by what it says, not by the order the app happened to add its fields:
///
/// - fields sorted by name, then value (code point order of the UTF-8 bytes);
/// - every byte outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`) percent-encoded with
///   uppercase hex, so `+` is `%2B` and a space is `%20`, never `+`. A literal `+` left unescaped
///   is the classic bug: the server reads it as a space and a `+` in a token or an email breaks.
///
/// `decode` is strict: a `%` not followed by two hex digits, a field without `=`, or bytes that are
/// not UTF-8 after unescaping are errors with the byte offset; a `+` is read as a space (what
/// servers do), so a round trip through `encode` is exact.
public enum FormURLEncoding {
    /// `a=1&b=x%20y`, fields sorted.
    public static func encode(_ fields: [(String, String)]) -> String {
        let sorted = fields.sorted { a, b in
            a.0 != b.0 ? Array(a.0.utf8).lexicographicallyPrecedes(Array(b.0.utf8)) : Array(a.1.utf8).lexicographicallyPrecedes(Array(b.1.utf8))
        }
        return sorted.map { percentEncode($0.0) + "=" + percentEncode($0.1) }.joined(separator: "&")
    }

    /// Each byte of `s`'s UTF-8 outside the unreserved set as `%XX`.
    public static func percentEncode(_ s: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for b in s.utf8 {
            if isUnreserved(b) {
                out.append(b)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The fields of `text` in the order written.
    public static func decode(_ text: String) throws(FormDecodeError) -> [(String, String)] {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return [] }
        var fields: [(String, String)] = []
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            let part = bytes[start..<end]
            guard let eq = part.firstIndex(of: UInt8(ascii: "=")) else {
                throw FormDecodeError(byteOffset: start, message: "a field without '=' (expected name=value)")
            }
            fields.append((try unescape(bytes, start..<eq), try unescape(bytes, (eq + 1)..<end)))
            start = end + 1
        }
        return fields
    }

    static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
    }

    private static func unescape(_ bytes: [UInt8], _ range: Range<Int>) throws(FormDecodeError) -> String {
        var out: [UInt8] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < range.upperBound, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) else {
                    throw FormDecodeError(byteOffset: i, message: "'%' must be followed by two hex digits")
                }
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
                i += 1
            }
        }
        guard let text = UTF8Validation(out).string else {
            throw FormDecodeError(byteOffset: range.lowerBound, message: "the unescaped bytes are not UTF-8")
        }
        return text
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }
}

/// Why a form body or query does not decode, and where (a byte offset into its UTF-8).
public struct FormDecodeError: Error, Hashable, Sendable {
    public var byteOffset: Int
    public var message: String

    public init(byteOffset: Int, message: String) {
        self.byteOffset = byteOffset
        self.message = message
    }
}

/// URLs with a query in canonical form: `URLText.with("https://h/p", query: [("b", "2"), ("a", "1")])`
/// is `https://h/p?a=1&b=2`, so the same request always has the same key.
///
/// `redacted` hides secret query values (`revoke?token=…`, an OAuth `code`) the way `HTTPHeaders`
/// hides secret headers, so URLs in records, state and the audit never carry a token.
public enum URLText {
    /// Query names whose values never reach a trace: OAuth's and the usual password fields.
    public static let alwaysRedacted: Set<String> = [
        "access_token", "client_secret", "code", "code_verifier", "id_token", "password", "refresh_token", "token",
    ]

    public static func with(_ base: String, query: [(String, String)]) -> String {
        query.isEmpty ? base : base + (base.contains("?") ? "&" : "?") + FormURLEncoding.encode(query)
    }

    /// `url` with the value of every query field named in `alwaysRedacted` or `extra` replaced by
    /// `<redacted len=N>` (N = the value's length as written). Everything else is kept byte for byte.
    public static func redacted(_ url: String, _ extra: Set<String> = []) -> String {
        guard let q = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[q...].firstIndex(of: "#") ?? url.endIndex
        let query = url[url.index(after: q)..<fragmentStart]
        let fields = query.split(separator: "&", omittingEmptySubsequences: false).map { field -> String in
            guard let eq = field.firstIndex(of: "=") else { return String(field) }
            let name = String(field[..<eq])
            guard alwaysRedacted.contains(name) || extra.contains(name) else { return String(field) }
            return name + "=<redacted len=\(field[field.index(after: eq)...].utf8.count)>"
        }
        return String(url[...q]) + fields.joined(separator: "&") + String(url[fragmentStart...])
    }
}
