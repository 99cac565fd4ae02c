import LockstepCore
import Platform

extension Aquarium {
    static let fieldKeys = ["ammonia", "nitrite", "nitrate", "ph", "kh", "temp", "salinity"]

    public static func text(of event: AquariumEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .tank(let label, let type): return line.word("id", label).choice("type", type).line
        case .params(let tank, let enabled, let kh, let ph):
            return line.word("tank", tank).optional(enabled) { $0.text("enabled", $1) }.optional(kh) { $0.number("khLimit", $1) }
                .optional(ph) { $0.number("phLimit", $1) }.line
        case .test(let f):
            var t = line.word("tank", f.tank).optional(f.session) { $0.word("session", $1) }.optional(f.at) { $0.instant("at", $1) }
            for (i, key) in fieldKeys.enumerated() {
                if !f.texts[i].isEmpty { t = t.text(key, f.texts[i]) }
                if let u = f.units[i] { t = t.word(key + "Unit", u) }
            }
            return t.line
        case .edit(let session, let p, let text, let unit):
            return line.word("session", session).choice("param", p).text("text", text).optional(unit) { $0.word("unit", $1) }.line
        case .delete(let session): return line.word("session", session).line
        case .displayUnit(let p, let unit): return line.choice("param", p).word("unit", unit).line
        case .sync(let trigger): return line.choice("trigger", trigger, default: .manual).line
        case .screen(let name): return line.choice("name", name).line
        case .watch(let tank, let on): return line.word("tank", tank).bool("on", on, default: true).line
        case .chart(let tank): return line.word("tank", tank).line
        case .retry(let seq): return line.int("seq", seq).line
        case .remote(let r): return SyncVocabulary.text(of: r)
        case .server(let x):
            var t = line.choice(x.action)
            switch x.action {
            case .clock: return t.int("skewMs", x.skewMs).line
            case .share: return t.word("tank", x.tank).optional(x.user) { $0.word("user", $1) }.line
            case .write:
                t = t.word("entity", x.entity).optional(x.id) { $0.text("id", $1) }.word("tank", x.tank)
                    .optional(x.session) { $0.word("session", $1) }.optional(x.parameter) { $0.choice("param", $1) }
                    .optional(x.value) { $0.number("value", $1) }.optional(x.unit) { $0.word("unit", $1) }
                    .optional(x.at) { $0.instant("at", $1) }.optional(x.user) { $0.word("user", $1) }
                if x.lateMs != 0 { t = t.int("lateMs", x.lateMs) }
                return t.optional(x.payload) { $0.string("payload", $1) }.line
            }
        case .account(let user): return line.word("user", user).line
        case .corrupt(let table): return line.word("table", table).line
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        }
    }
}
