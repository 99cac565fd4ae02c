import LockstepCore

/// The canonical state line of one pending request, prepared when the request changes so that
/// writing the centre's state (every step, for the state digest) copies bytes instead of
/// formatting every field of every request again.
///
/// The line is byte for byte the record `request id=… trigger=… next=… deliveries=… title=…
/// body=… category=… userInfo=…` (see `NotificationStateLines.requestRecord`). The parts that
/// only change when the request is replaced (`head`, `tail`) are kept apart from the parts that
/// change at each delivery (`next`, `deliveries`), so a delivery re-formats two numbers.
struct PendingStateLine: Sendable {
    let identifier: String
    /// `request id="…" trigger="…" next=`.
    private let head: [UInt8]
    /// ` title="…" body="…" category=… userInfo=…`.
    private let tail: [UInt8]
    /// The whole line, without indentation or newline.
    private(set) var line: String

    init(_ p: PendingNotification) {
        identifier = p.identifier
        var h: [UInt8] = []
        Record("request").string("id", p.identifier).string("trigger", p.request.trigger.summary).write(to: &h)
        h.append(contentsOf: " next=".utf8)
        head = h
        var t: [UInt8] = []
        let c = p.request.content
        // A record with an empty name writes ` key=value` for each field: exactly the tail.
        Record("").string("title", c.title).string("body", c.body)
            .word("category", c.categoryIdentifier.isEmpty ? "none" : c.categoryIdentifier)
            .with("userInfo", c.userInfoValue).write(to: &t)
        tail = t
        line = ""
        refresh(p)
    }

    /// Re-formats the parts a delivery or a zone change moves (`next`, `deliveries`).
    mutating func refresh(_ p: PendingNotification) {
        var bytes = head
        bytes.reserveCapacity(head.count + tail.count + 48)
        Value.instant(p.nextFire).write(to: &bytes)
        bytes.append(contentsOf: " deliveries=".utf8)
        appendDecimal(Int64(p.deliveries), to: &bytes)
        bytes.append(contentsOf: tail)
        line = String(decoding: bytes, as: UTF8.self)
    }
}

/// The records behind the centre's state lines, built field by field: the definition the
/// prepared lines must match (tests compare them), and the way lines are first made for
/// deliveries and categories, which never change once made.
enum NotificationStateLines {
    static func requestRecord(_ p: PendingNotification) -> Record {
        let c = p.request.content
        return Record("request").string("id", p.identifier).string("trigger", p.request.trigger.summary)
            .instant("next", p.nextFire).int("deliveries", p.deliveries)
            .string("title", c.title).string("body", c.body)
            .word("category", c.categoryIdentifier.isEmpty ? "none" : c.categoryIdentifier)
            .with("userInfo", c.userInfoValue)
    }

    static func deliveryRecord(_ d: NotificationDelivery) -> Record {
        Record("delivery").string("id", d.identifier).instant("at", d.at).word("presentation", d.presentation.rawValue)
    }

    static func categoryRecord(_ c: NotificationCategory) -> Record {
        Record("category").word("id", c.identifier).bool("reportsDismiss", c.reportsDismiss)
            .with("actions", .tuple(c.actions.map { a in
                .word(([a.identifier] + a.options.sorted().map(\.rawValue)).joined(separator: "+"))
            }))
    }

    static func line(_ r: Record) -> String { r.description }
}
