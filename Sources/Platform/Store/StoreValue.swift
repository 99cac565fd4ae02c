/// A value that a store can hold, encoded to bytes without Codable (whose output is not pinned).
///
/// Decoding is strict: anything that is not exactly what `storeBytes` would produce is an error,
/// which the store reports as a `corrupt` read.
public protocol StoreValue {
    var storeBytes: [UInt8] { get }
    /// Decodes; throws a reason for a `corrupt` read.
    init(storeBytes: [UInt8]) throws(StoreDecodeError)
}

/// Why stored bytes did not decode.
public struct StoreDecodeError: Error, Hashable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

extension Array: StoreValue where Element == UInt8 {
    public var storeBytes: [UInt8] { self }
    public init(storeBytes: [UInt8]) { self = storeBytes }
}

extension String: StoreValue {
    /// UTF-8.
    public var storeBytes: [UInt8] { Array(utf8) }
    public init(storeBytes: [UInt8]) throws(StoreDecodeError) {
        guard let s = String(validating: storeBytes, as: UTF8.self) else { throw StoreDecodeError("not valid UTF-8") }
        self = s
    }
}

extension Int64: StoreValue {
    /// Decimal ASCII, `-` for negatives, no leading zeros or `+`: readable in a state dump.
    public var storeBytes: [UInt8] { Array(String(self).utf8) }
    public init(storeBytes: [UInt8]) throws(StoreDecodeError) {
        let text = String(decoding: storeBytes, as: UTF8.self)
        guard let v = Int64(text), String(v) == text else { throw StoreDecodeError("not a whole number: \(storeBytes.count) bytes") }
        self = v
    }
}

extension Int: StoreValue {
    public var storeBytes: [UInt8] { Int64(self).storeBytes }
    public init(storeBytes: [UInt8]) throws(StoreDecodeError) {
        let v = try Int64(storeBytes: storeBytes)
        guard let i = Int(exactly: v) else { throw StoreDecodeError("whole number out of range") }
        self = i
    }
}

extension Bool: StoreValue {
    /// `true` or `false`.
    public var storeBytes: [UInt8] { Array((self ? "true" : "false").utf8) }
    public init(storeBytes: [UInt8]) throws(StoreDecodeError) {
        switch String(decoding: storeBytes, as: UTF8.self) {
        case "true": self = true
        case "false": self = false
        default: throw StoreDecodeError("not true or false")
        }
    }
}
