import LockstepCore

/// `lockstep list --json`: each domain's declarations as one JSON Lines record, for editors,
/// scenario generators and documentation tools. Keys are sorted; lists keep declaration order.
enum ListJSON {
    static func domain(_ d: DomainEntry) -> JSONValue {
        .object([
            ("name", .string(d.name)),
            ("summary", .string(d.summary)),
            ("events", .array(d.eventKinds.map { e in
                .object([
                    ("kind", .string(e.kind)), ("summary", .string(e.summary)),
                    ("positional", .array(e.positional.map(field))), ("fields", .array(e.fields.map(field))),
                    ("acceptsOtherKeys", .bool(e.acceptsOtherKeys)),
                ])
            })),
            ("settings", .array(d.configKeys.map { c in
                .object([("name", .string(c.name)), ("type", .string("\(c.type)")), ("default", .string(c.defaultText)),
                         ("summary", .string(c.summary))])
            })),
            ("generators", .array(d.generators.map { g in
                .object([("name", .string(g.name)), ("summary", .string(g.summary)), ("fields", .array(g.fields.map(field)))])
            })),
            ("faults", .array(d.faults.map { f in .object([("name", .string(f.name)), ("summary", .string(f.summary))]) })),
            ("invariants", .array(d.invariants.map { i in .object([("name", .string(i.name)), ("summary", .string(i.summary))]) })),
            ("explorer", .bool(d.explorer != nil)),
        ])
    }

    static func field(_ f: FieldSpec) -> JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(f.name)), ("type", .string("\(f.type)")), ("required", .bool(f.required))]
        if let d = f.defaultText { fields.append(("default", .string(d))) }
        if !f.summary.isEmpty { fields.append(("summary", .string(f.summary))) }
        return .object(fields)
    }
}
