import LockstepCore

/// The id a `PendingRequests` table gives a request when it is sent: 1, 2, 3, ... in send order,
/// never reused within a table, so a reply names exactly one request for the whole run (a reply
/// for id 3 after id 3 ended is late, never a reply to some newer request).
public struct RequestID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: RequestID, b: RequestID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}
