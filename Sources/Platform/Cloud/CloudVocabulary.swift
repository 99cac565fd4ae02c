import LockstepCore

/// The standard scenario spelling of the cloud's side of a multi-device app (`Cloud`):
///
/// ```
/// 1   cloud deliver to=ipad                      every record queued for the iPad, in a seeded order
/// 1   cloud deliver from=phone to=ipad partial=2 two of the phone's queued records; the rest later
/// 2   cloud deliver to=ipad dup=1                also one record the iPad already had, again
/// 2   cloud deliver to=ipad drop=1               one chosen record is lost in transit (fetch recovers it)
/// 3   cloud offline device=ipad                  saves queue in the outbox; deliveries are deferred
/// 4   cloud online device=ipad                   back: pushes the outbox (autoPush)
/// 5   cloud push device=phone                    pushes the outbox now
/// 6   cloud fetch device=ipad                    full catch-up: everything queued or lost, push order
/// ```
///
/// Device names are checked by the cloud (an unknown one is a `cloud.refused` record: the
/// vocabulary does not know the domain's devices); everything else is checked here, at its column.
///
/// A domain adds `CloudVocabulary.eventKind { .cloud($0) }` to its `events`, names it with
/// `CloudVocabulary.kind` in `kind(of:)`, passes the line to `Cloud.handle` and writes it back with
/// `CloudVocabulary.text(of:)`.
public enum CloudVocabulary {
    public static let kind = "cloud"
    public static let actionWords = ["deliver", "fetch", "push", "offline", "online"]

    public static let spec = EventSpec(
        kind, "The cloud's side of multi-device sync (Platform): deliver, fetch, push, offline, online",
        positional: [FieldSpec("action", .word(choices: actionWords), "deliver | fetch | push | offline | online")],
        fields: [
            .optional("to", .word, "deliver: the receiving device"),
            .optional("from", .word, "deliver: only records from this device (default: any)"),
            .optional("partial", .integer, "deliver: at most this many records, 1...\(Cloud<String>.maxBatch) (default: all)"),
            .optional("dup", .integer, "deliver: this many records the device already had, again, 0...\(Cloud<String>.maxDuplicates)"),
            .optional("drop", .integer, "deliver: this many of the chosen records lost in transit, 0...\(Cloud<String>.maxDuplicates)"),
            .optional("device", .word, "fetch, push, offline, online: the device"),
        ])

    /// Decodes a `cloud` line; a field that does not belong to its action, a missing device, a
    /// count out of range and a bad device name are errors at their column.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> CloudLine {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'cloud ACTION' with ACTION one of: \(actionWords.joined(separator: ", "))")
        }
        let action = try line.word(at: first)
        func only(_ allowed: [StaticString]) throws(ScenarioError) {
            let all: [StaticString] = ["to", "from", "partial", "dup", "drop", "device"]
            for key in all where line.has(key) && !allowed.contains(where: { $0.description == key.description }) {
                throw line.error("'\(key)' does not apply to 'cloud \(action)'", at: key)
            }
        }
        func device(_ key: StaticString) throws(ScenarioError) -> String {
            guard let i = line.index(of: key) else { throw line.error("'cloud \(action)' needs \(key)=DEVICE") }
            let name = try line.word(at: i)
            guard Cloud<String>.isDeviceName(name) else {
                throw line.valueLocation(i).error("\(key)=\(name) is not a device name (1...\(Cloud<String>.maxNameBytes) letters, digits, - or _)")
            }
            return name
        }
        func count(_ key: StaticString, _ range: ClosedRange<Int64>, _ limit: String) throws(ScenarioError) -> Int? {
            guard let i = line.index(of: key) else { return nil }
            let n = try line.int(at: i)
            guard range.contains(n) else {
                throw line.valueLocation(i).error("\(key)=\(n) is out of range \(range.lowerBound)...\(range.upperBound) (\(limit))")
            }
            return Int(n)
        }
        switch action {
        case "deliver":
            try only(["to", "from", "partial", "dup", "drop"])
            let to = try device("to")
            let from = line.has("from") ? try device("from") : nil
            if let from, from == to {
                throw line.valueLocation(line.index(of: "from")!).error("from=\(from) is the receiving device; the cloud never delivers a device's own records back")
            }
            let partial = try count("partial", 1...Int64(Cloud<String>.maxBatch), "maxBatch")
            let dup = try count("dup", 0...Int64(Cloud<String>.maxDuplicates), "maxDuplicates") ?? 0
            let drop = try count("drop", 0...Int64(Cloud<String>.maxDuplicates), "maxDuplicates") ?? 0
            if let partial, drop > partial {
                throw line.valueLocation(line.index(of: "drop")!).error("drop=\(drop) is more than partial=\(partial): only chosen records can be lost")
            }
            return .deliver(to: to, from: from, partial: partial, duplicates: dup, drops: drop)
        case "fetch", "push", "offline", "online":
            try only(["device"])
            let d = try device("device")
            switch action {
            case "fetch": return .fetch(device: d)
            case "push": return .push(device: d)
            default: return .network(device: d, online: action == "online")
            }
        default:
            throw line.location(ofArg: first).error("unknown cloud action '\(action)'; expected one of: \(actionWords.joined(separator: ", "))")
        }
    }

    /// The `cloud` kind for a domain's `events`: `wrap` puts the decoded line into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (CloudLine) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? .push(device: "") : try decode(line))
        }
    }

    /// The line `decode` reads back as `line`, for `Domain.text(of:)`.
    public static func text(of line: CloudLine) -> String? {
        switch line {
        case .deliver(let to, let from, let partial, let duplicates, let drops):
            var out = LineText(kind).word("deliver").word("to", to)
            if let from { out = out.word("from", from) }
            if let partial { out = out.int("partial", partial) }
            if duplicates != 0 { out = out.int("dup", duplicates) }
            if drops != 0 { out = out.int("drop", drops) }
            return out.line
        case .fetch(let d): return LineText(kind).word("fetch").word("device", d).line
        case .push(let d): return LineText(kind).word("push").word("device", d).line
        case .network(let d, let on): return LineText(kind).word(on ? "online" : "offline").word("device", d).line
        }
    }
}
