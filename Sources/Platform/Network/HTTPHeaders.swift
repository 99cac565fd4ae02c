/// One header as the app set it or a scripted response carried it, its name lowercased.
public struct HTTPHeader: Hashable, Sendable {
    public var name: String
    public var value: String
}

/// A header list. Names compare case-insensitively (ASCII), as HTTP says, and are kept lowercased;
/// `set` replaces every earlier value of a name. Canonical order, used in records, state and the
/// request key, is by name (code point), then insertion order for a repeated name (`add`).
///
/// Secrets never reach a trace: `redactedPairs` replaces the values of `alwaysRedacted` (and the
/// names a domain adds) by `<redacted len=N>`, so a golden shows that a token was sent and how
/// long it was, never the token.
public struct HTTPHeaders: Hashable, Sendable {
    /// At most this many headers, and this many bytes per name plus value: far above what an app's
    /// request carries, low enough that a runaway loop of `add` is caught.
    public static let maxCount = 64
    public static let maxFieldBytes = 8192
    /// Values a record never shows.
    public static let alwaysRedacted: Set<String> = ["authorization", "cookie", "set-cookie", "proxy-authorization"]

    public private(set) var fields: [HTTPHeader] = []

    public init(_ pairs: [(String, String)] = []) {
        for (n, v) in pairs { add(n, v) }
    }

    /// The first value of `name` (any case), or nil.
    public subscript(name: String) -> String? {
        let key = HTTPHeaders.lowercased(name)
        return fields.first { $0.name == key }?.value
    }

    /// Sets `name` to `value`, replacing every earlier value. Returns false (and changes nothing)
    /// when that would pass `maxCount` or the field is over `maxFieldBytes`.
    @discardableResult
    public mutating func set(_ name: String, _ value: String) -> Bool {
        let key = HTTPHeaders.lowercased(name)
        let kept = fields.filter { $0.name != key }
        guard kept.count < HTTPHeaders.maxCount, key.utf8.count + value.utf8.count <= HTTPHeaders.maxFieldBytes else { return false }
        fields = kept
        insert(HTTPHeader(name: key, value: value))
        return true
    }

    /// Adds another value of `name` after any earlier ones. False (nothing changed) past the limits.
    @discardableResult
    public mutating func add(_ name: String, _ value: String) -> Bool {
        let key = HTTPHeaders.lowercased(name)
        guard fields.count < HTTPHeaders.maxCount, key.utf8.count + value.utf8.count <= HTTPHeaders.maxFieldBytes else { return false }
        insert(HTTPHeader(name: key, value: value))
        return true
    }

    /// Removes every value of `name`.
    public mutating func remove(_ name: String) {
        let key = HTTPHeaders.lowercased(name)
        fields.removeAll { $0.name == key }
    }

    /// (name, value) in canonical order.
    public var pairs: [(name: String, value: String)] { fields.map { ($0.name, $0.value) } }

    public var isEmpty: Bool { fields.isEmpty }

    /// The pairs with secret values replaced: `alwaysRedacted` plus `extra` (lowercase names).
    public func redactedPairs(_ extra: Set<String> = []) -> [(name: String, value: String)] {
        fields.map { f in
            HTTPHeaders.alwaysRedacted.contains(f.name) || extra.contains(f.name)
                ? (f.name, "<redacted len=\(f.value.utf8.count)>") : (f.name, f.value)
        }
    }

    /// `name: value` lines joined by "\n", redacted: the form records and state use (and the
    /// `headers=` field of a `net respond` line reads).
    public func text(redacting extra: Set<String> = []) -> String {
        redactedPairs(extra).map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    /// Keeps `fields` sorted by name; a repeated name goes after its earlier values.
    private mutating func insert(_ h: HTTPHeader) {
        let i = fields.firstIndex { $0.name > h.name } ?? fields.count
        fields.insert(h, at: i)
    }

    /// ASCII lowercasing: header names are ASCII tokens; anything else is left as it is.
    static func lowercased(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            out.unicodeScalars.append(u.value >= 65 && u.value <= 90 ? Unicode.Scalar(u.value + 32)! : u)
        }
        return out
    }
}
