import LockstepCore
import Platform

public enum TankType: String, CaseIterable, Sendable { case reef, freshwater, planted }
public enum SyncTrigger: String, CaseIterable, Sendable { case appRoot, resume, manual, accountScreen }
public enum ScreenName: String, CaseIterable, Sendable { case home, tank, account }
public enum ServerAction: String, CaseIterable, Sendable { case clock, write, share }

/// One save of the test form: the raw text of every field as typed ("" when untouched) and the
/// unit each field's picker showed (nil: the device's display unit).
public struct FormLine: Hashable, Sendable {
    var tank: String
    var session: String?
    var at: Instant?
    var texts: [String]
    var units: [String?]
}

/// A row another device wrote, landing on the fake server.
public struct ServerLine: Hashable, Sendable {
    var action: ServerAction
    var skewMs: Int64
    var entity: String
    var id: String?
    var tank: String
    var session: String?
    var parameter: Parameter?
    var value: Double?
    var unit: String?
    var at: Instant?
    var user: String?
    var lateMs: Int64
    var payload: String?
}

public enum AquariumEvent: Sendable {
    case tank(label: String, type: TankType)
    case params(tank: String, enabled: String?, khLimitDKH: Double?, phLimit: Double?)
    case test(FormLine)
    case edit(session: String, parameter: Parameter, text: String, unit: String?)
    case delete(session: String)
    case displayUnit(Parameter, String)
    case sync(SyncTrigger)
    case screen(ScreenName)
    case watch(tank: String, on: Bool)
    case chart(tank: String)
    case retry(seq: Int)
    case remote(SyncRemoteLine)
    case server(ServerLine)
    case account(user: String)
    case corrupt(table: String)
    case lifecycle(LifecycleLine)
}

extension Aquarium {
    static let labelRange = 1 ... 64

    public static let events: [EventKind<AquariumEvent>] = [
        EventKind("tank", "Creates a tank (and its parameter settings) with a device-made UUID v7.") { f throws(ScenarioError) in
            .tank(label: try f("id", .word, "the scenario's name for the tank"), type: try f("type", .choice(TankType.self), "reef, freshwater or planted"))
        },
        EventKind("params", "Changes a tank's parameter settings (synced).") { f throws(ScenarioError) in
            let tank = try f("tank", .word)
            let enabled = try f.optional("enabled", .text, "comma-separated parameters shown on the form")
            let kh = try f.optional("khLimit", .number, in: 0 ... 100, "alkalinity rule, dKH/day")
            let ph = try f.optional("phLimit", .number, in: 0 ... 14, "pH drift rule, per day")
            return .params(tank: tank, enabled: enabled, khLimitDKH: kh, phLimit: ph)
        },
        EventKind("test", "Saves the water-test form: each field's text as typed, blank when untouched.") { f throws(ScenarioError) in
            let tank = try f("tank", .word)
            let session = try f.optional("session", .word, "the session's name; a repeat upserts")
            let at = try f.optional("at", .instant, "when the test was taken (default now)")
            let texts = [try f("ammonia", .text, default: ""), try f("nitrite", .text, default: ""), try f("nitrate", .text, default: ""),
                         try f("ph", .text, default: ""), try f("kh", .text, default: ""), try f("temp", .text, default: ""),
                         try f("salinity", .text, default: "")]
            let units: [String?] = [try f.optional("ammoniaUnit", .word), try f.optional("nitriteUnit", .word), try f.optional("nitrateUnit", .word),
                                    try f.optional("phUnit", .word), try f.optional("khUnit", .word), try f.optional("tempUnit", .word),
                                    try f.optional("salinityUnit", .word)]
            if !f.isDeclaring, texts.contains(where: { $0.unicodeScalars.count > 64 }) { throw f.error("a field holds at most 64 characters") }
            return .test(FormLine(tank: tank, session: session, at: at, texts: texts, units: units))
        },
        EventKind("edit", "Edits one saved reading.") { f throws(ScenarioError) in
            .edit(session: try f("session", .word), parameter: try f("param", .choice(Parameter.self)), text: try f("text", .text),
                  unit: try f.optional("unit", .word))
        },
        EventKind("delete", "Deletes a session: tombstones it and its readings (deleted_at), queued like any write.") { f throws(ScenarioError) in
            .delete(session: try f("session", .word))
        },
        EventKind("displayUnit", "Device setting: the unit a parameter is shown in.") { f throws(ScenarioError) in
            .displayUnit(try f("param", .choice(Parameter.self)), try f("unit", .word))
        },
        EventKind("sync", "Runs a sync pass: push, then pull.") { f throws(ScenarioError) in
            .sync(try f("trigger", .choice(SyncTrigger.self), default: .manual))
        },
        EventKind("screen", "The user opens a screen (the account screen also syncs).") { f throws(ScenarioError) in
            .screen(try f("name", .choice(ScreenName.self)))
        },
        EventKind("watch", "The tank screen subscribes to (on=true) or leaves (on=false) its overview query.") { f throws(ScenarioError) in
            .watch(tank: try f("tank", .word), on: try f("on", .bool, default: true))
        },
        EventKind("chart", "Shows the tank's chart series: one per parameter, real dots only.") { f throws(ScenarioError) in
            .chart(tank: try f("tank", .word))
        },
        EventKind("retry", "\"Try again\" on a dead-lettered write.") { f throws(ScenarioError) in
            .retry(seq: try f("seq", .int, in: 1 ... 1_000_000))
        },
        SyncVocabulary.eventKind { .remote($0) },
        EventKind("server", "The fake server: clock skew, a row another device wrote, a tank shared with a user.") { f throws(ScenarioError) in
            let action = try f.argument("action", .choice(ServerAction.self), "clock, write or share")
            let skew = try f("skewMs", .integer, default: 0, in: -86_400_000 ... 86_400_000, "clock: server minus device, ms")
            let entity = try f("entity", .word, default: Schema.readings, "write: the table")
            let id = try f.optional("id", .text, "write: the row id (local:LABEL or local:SESSION/PARAM for a local row; default a new id)")
            let tank = try f("tank", .word, default: "", "write/share: the tank's name")
            let session = try f.optional("session", .word)
            let param = try f.optional("param", .choice(Parameter.self))
            let value = try f.optional("value", .number)
            let unit = try f.optional("unit", .word)
            let at = try f.optional("at", .instant)
            let user = try f.optional("user", .word, "write: the writer (default the device's user); share: the member")
            let late = try f("lateMs", .integer, default: 0, in: 0 ... 86_400_000, "write: stamped this long before the server's now")
            let payload = try f.optional("payload", .string, "write: the row text verbatim (malformed rows)")
            if !f.isDeclaring, action != .clock, tank.isEmpty { throw f.error("server \(action.rawValue) needs tank=NAME") }
            return .server(ServerLine(action: action, skewMs: skew, entity: entity, id: id, tank: tank, session: session, parameter: param,
                                      value: value, unit: unit, at: at, user: user, lateMs: late, payload: payload))
        },
        EventKind("account", "Signs in as another user: local data of the previous account is wiped.") { f throws(ScenarioError) in
            .account(user: try f("user", .word))
        },
        EventKind("corrupt", "Damages a local table: its reads fail (a record), never empty data.") { f throws(ScenarioError) in
            .corrupt(table: try f("table", .word))
        },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
    ]

    public static func kind(of event: AquariumEvent) -> String {
        switch event {
        case .tank: "tank"
        case .params: "params"
        case .test: "test"
        case .edit: "edit"
        case .delete: "delete"
        case .displayUnit: "displayUnit"
        case .sync: "sync"
        case .screen: "screen"
        case .watch: "watch"
        case .chart: "chart"
        case .retry: "retry"
        case .remote: SyncVocabulary.kind
        case .server: "server"
        case .account: "account"
        case .corrupt: "corrupt"
        case .lifecycle: LifecycleVocabulary.kind
        }
    }
}
