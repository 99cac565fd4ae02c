import LockstepCore

/// Every request the app made through one transport, in order, so a golden can prove which
/// requests happened: how many, of which tag, and which ones (their keys). "No network used" is
/// `requests=0` in the `net.audit` record or the state.
public struct NetworkAudit: Hashable, Sendable, CanonicallyWritable {
    /// The keys kept, oldest first; past this only the counts grow (`keysDropped` says how many).
    public static let maxKeys = 256

    public struct TagCount: Hashable, Sendable {
        public var tag: String
        public var count: Int
    }

    /// Requests the app made, including those that failed at once because the device was offline
    /// and those refused by a limit.
    public private(set) var requests = 0
    /// Of those, how many failed at once offline.
    public private(set) var offlineFailures = 0
    /// Per tag, sorted by tag.
    public private(set) var byTag: [TagCount] = []
    /// `HTTPRequest.key` of each request, secrets redacted, in send order (at most `maxKeys`).
    public private(set) var keys: [String] = []
    public private(set) var keysDropped = 0

    public init() {}

    mutating func note(_ request: HTTPRequest, tag: String, offline: Bool, redacting extra: Set<String>) {
        requests += 1
        if offline { offlineFailures += 1 }
        if let i = byTag.firstIndex(where: { $0.tag == tag }) {
            byTag[i].count += 1
        } else {
            let at = byTag.firstIndex { $0.tag > tag } ?? byTag.count
            byTag.insert(TagCount(tag: tag, count: 1), at: at)
        }
        if keys.count < NetworkAudit.maxKeys { keys.append(request.key(redacting: extra)) } else { keysDropped += 1 }
    }

    /// How many requests of `tag` were made.
    public func count(tag: String) -> Int { byTag.first { $0.tag == tag }?.count ?? 0 }

    /// `net.audit table=NAME requests=N offline=K tags="rates:2 token:1"`.
    public func record(table: String) -> Record {
        Record("net.audit").word("table", table).int("requests", requests).int("offline", offlineFailures)
            .string("tags", byTag.map { "\($0.tag):\($0.count)" }.joined(separator: " "))
    }

    /// `audit { requests offline keysDropped request key=... }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("audit") { w in
            w.int("requests", requests)
            w.int("offline", offlineFailures)
            for t in byTag { w.record(Record("tag").word("name", t.tag).int("count", t.count)) }
            for k in keys { w.record(Record("request").string("key", k)) }
            if keysDropped > 0 { w.int("keysDropped", keysDropped) }
        }
    }
}
