import LockstepCore
import Platform

/// `darshan`: Mandir Darshan, live darshan from Indian temples with a recorded fallback,
/// picture-in-picture, aarti reminders at temple time wherever the devotee lives (Watch Now /
/// Remind Later), a next-aarti widget and Open in Maps.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building a live temple darshan app for iOS"
/// (note `shared/domains/darshan.md`). Notifications go through `Platform.NotificationCentre`, the
/// process through `AppLifecycle`; the player, PiP, widget and MapKit are modelled here.
///
/// Choices where the article is silent (GAPs) or where this model deliberately differs:
/// - Catalog: `temple` and `aarti` scenario lines stand in for the bundled JSON. A temple's zone
///   must be an exact IANA name; a typo or an abbreviation (`IST`) is refused, never replaced by
///   the device zone. Out-of-range hours, minutes, coordinates, duplicate temple or aarti ids are
///   refused with a `catalog.rejected` record. A live URL that is not `.m3u8` is a warning.
/// - Aartis have an id word (`mangala`) besides their display name, and the reminder identifier
///   is `aarti.<temple>.<aarti-id>`: the article's `aarti.<temple>.<name>` would contain spaces and
///   two aartis with one name would silently share it (refused here as a duplicate id).
/// - Budget: at most 60 reminders (64 less 4 kept for Remind Later); a 61st is refused with a
///   record the user sees. Permission is requested at the first reminder; the answer is the
///   `permission` setting.
/// - Remind Later keeps the article's `later.<temple>.<UUID>` (seeded) and the same content, but
///   rewrites the body to the minutes actually left at its firing ("Begins in 5 minutes", "Begins
///   now", "Began 2 minutes ago"), using `startsAt` carried in `userInfo`.
/// - `start(temple)` clears the previous temple's badge first and a failure with no fallback shows
///   `unavailable`; status from a replaced item is ignored (token check).
/// - Recorded speed menu: 0.5, 1, 1.25, 1.5, 2; a rate must be one of them. Live: no menu.
/// - PiP: precondition (c) is the `playerView` setting (`viewController`, `pipLayer`, `plainLayer`);
///   (b) is `backgroundAudio`. Without (b) or (a) playback stops in the background; with both but
///   no PiP-capable view only the audio continues. Opening the app from its icon leaves the window
///   floating; its restore button restores: the darshan screen is pushed back if it is not on
///   top, then `completionHandler(true)`, same item.
///   Opening another temple closes the floating window. Leaving the darshan screen without PiP
///   pauses playback; the app-level session keeps the item.
/// - Widget: aartis at the same instant share one entry (the article's code would show all but
///   one for zero seconds); an empty catalog gives a placeholder and `.after(now + 1 h)`.
///   WidgetKit reloads at the policy instant (`timer:widget`), at most every 5 minutes and 40
///   times per UTC day. The widget exists from the first `widget` line; after that the app
///   reloads it on every catalog change.
/// - Time-sensitive delivery is a per-reminder flag, default off. The Wi-Fi-only option is not
///   modelled (the network is not an input here).
public enum Darshan: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = DarshanState
    public typealias Event = DarshanEvent

    public static let name = "darshan"
    public static let summary = "Mandir Darshan: temple-time aarti reminders (Watch Now/Remind Later), live/recorded fallback, PiP, next-aarti widget, Maps (seed 001, \"Building a live temple darshan app for iOS\")."

    public static var eventKinds: [EventSpec] {
        [
            LifecycleVocabulary.spec,
            EventSpec("temple", "Adds a temple to the catalog.", fields: [
                FieldSpec("id", .word), FieldSpec("name", .any, "display name"), FieldSpec("city", .any),
                FieldSpec("lat", .number, "latitude, degrees"), FieldSpec("lon", .number, "longitude, degrees"),
                FieldSpec("zone", .any, "IANA zone of the temple"), .optional("live", .any, "HLS URL"),
                .optional("recorded", .any, "recorded video URLs, comma-separated"),
            ]),
            EventSpec("aarti", "Adds an aarti (temple wall-clock time).", fields: [
                FieldSpec("temple", .word), FieldSpec("id", .word), FieldSpec("name", .any),
                FieldSpec("hour", .integer), FieldSpec("minute", .integer),
            ]),
            EventSpec("removeTemple", "Removes a temple and its reminders.", fields: [FieldSpec("id", .word)]),
            EventSpec("show", "Shows a temple's aarti times at the temple and on the device.", fields: [FieldSpec("temple", .word)]),
            EventSpec("open", "Opens a temple's darshan screen and starts its stream.", fields: [FieldSpec("temple", .word)]),
            EventSpec("status", "Scripted status of the player item a play() call created.", fields: [
                FieldSpec("token", .integer), FieldSpec("status", .word(choices: ItemStatus.allCases.map(\.rawValue)))]),
            EventSpec("pip", "A picture-in-picture window button.", positional: [
                FieldSpec("button", .word(choices: PiPButton.allCases.map(\.rawValue)))]),
            EventSpec("navigate", "Pushes a screen or pops the top one.", positional: [FieldSpec("action", .word(choices: ["push", "pop"]))],
                      fields: [.optional("screen", .word, "push only")]),
            EventSpec("speed", "Chooses a playback speed.", fields: [FieldSpec("rate", .number)]),
            EventSpec("setReminder", "Sets (or changes) an aarti reminder.", fields: [
                FieldSpec("temple", .word), FieldSpec("aarti", .word), FieldSpec("lead", .integer, "minutes: 5, 10, 15 or 30"),
                .optional("timeSensitive", .bool)]),
            EventSpec("cancelReminder", "Turns an aarti reminder off.", fields: [FieldSpec("temple", .word), FieldSpec("aarti", .word)]),
            EventSpec("respond", "The user answers a delivered notification.", fields: [
                .optional("id", .word, "request identifier (default: the latest visible delivery)"),
                FieldSpec("action", .word, "WATCH_NOW | REMIND_LATER | default | dismiss | …")]),
            EventSpec("widget", "WidgetKit asks for the next-aarti timeline (adds the widget)."),
            EventSpec("maps", "Open in Maps.", fields: [FieldSpec("temple", .word)]),
            EventSpec("osUpdate", "The device updates iOS.", fields: [FieldSpec("major", .integer), .optional("minor", .integer)]),
            EventSpec("settings", "Notification permission changed in Settings.", fields: [
                FieldSpec("notifications", .word(choices: ["granted", "denied", "provisional"]))]),
            EventSpec("audit", "Lists pending notifications."),
        ]
    }

    public static var configKeys: [ConfigSpec] {
        [
            ConfigSpec("permission", .word(choices: ["granted", "denied", "provisional"]), default: "granted",
                       "the user's answer to the permission prompt"),
            ConfigSpec("launched", .bool, default: "true", "start with the app launched and active"),
            ConfigSpec("os", .integer, default: "18", "iOS major version (the app supports 17.6 and later)"),
            ConfigSpec("backgroundAudio", .bool, default: "true", "the Audio, AirPlay, and Picture in Picture background mode"),
            ConfigSpec("playerView", .word(choices: ["viewController", "pipLayer", "plainLayer"]), default: "viewController",
                       "AVPlayerViewController, an AVPlayerLayer with AVPictureInPictureController, or a bare layer"),
        ]
    }

    /// The notification centre writes every pending request into the state, so a digest per step
    /// would dominate a long run (a year of 30 daily reminders); every 32nd step keeps divergence
    /// localisation within a screenful of steps.
    public static var digestInterval: Int { 32 }
    public static var faults: [FaultSpec] { DarshanFaults.all }
    public static var generators: [Generator<DarshanEvent>] { DarshanGenerators.all }

    public static func start(_ config: Config, _ world: inout World<DarshanEvent>) throws(ScenarioError) -> DarshanState {
        var s = DarshanState()
        s.permissionAnswer = NotificationAuthorization(rawValue: try config.word("permission", default: "granted")) ?? .granted
        s.osMajor = Int(try config.int("os", default: 18, in: 17...40))
        s.backgroundAudio = try config.bool("backgroundAudio", default: true)
        s.playerView = try config.word("playerView", default: "viewController")
        s.navigation = []
        if try config.bool("launched", default: true) {
            perform(s.life.handle(.launch(.user, .foreground), &world).actions, &s, &world)
            perform(s.life.handle(.becomeActive, &world).actions, &s, &world)
        }
        return s
    }

    public static func decode(_ line: EventLine) throws(ScenarioError) -> DarshanEvent {
        func int(_ key: StaticString) throws(ScenarioError) -> Int { Int(try line.int(key, in: -1_000_000...1_000_000)) }
        switch line.kind {
        case LifecycleVocabulary.kind: return .lifecycle(try LifecycleVocabulary.decode(line))
        case "temple":
            let recorded = line.has("recorded") ? try line.text("recorded").split(separator: ",").map(String.init) : []
            return .addTemple(TempleInput(id: try line.word("id"), name: try line.text("name"), city: try line.text("city"),
                                          latitude: try line.double("lat"), longitude: try line.double("lon"),
                                          zoneName: try line.text("zone"), liveURL: line.has("live") ? try line.text("live") : nil,
                                          recorded: recorded))
        case "aarti":
            return .addAarti(temple: try line.word("temple"), key: try line.word("id"), name: try line.text("name"),
                             hour: try int("hour"), minute: try int("minute"))
        case "removeTemple": return .removeTemple(id: try line.word("id"))
        case "show": return .show(temple: try line.word("temple"))
        case "open": return .open(temple: try line.word("temple"))
        case "status": return .itemStatus(token: try int("token"), status: try line.choice("status"))
        case "pip": return .pip(try line.choice(at: line.positionalIndices[0]))
        case "navigate":
            let action = try line.word(at: line.positionalIndices[0])
            if action == "push" {
                guard line.has("screen") else { throw line.error("navigate push needs screen=NAME") }
                return .navigate(push: try line.word("screen"))
            }
            if line.has("screen") { throw line.error("'screen' does not apply to 'navigate pop'", at: "screen") }
            return .navigate(push: nil)
        case "speed": return .setSpeed(try line.double("rate"))
        case "setReminder":
            return .setReminder(temple: try line.word("temple"), aarti: try line.word("aarti"), lead: try int("lead"),
                                timeSensitive: try line.bool("timeSensitive", default: false))
        case "cancelReminder": return .cancelReminder(temple: try line.word("temple"), aarti: try line.word("aarti"))
        case "respond": return .respond(id: line.has("id") ? try line.word("id") : nil, action: try line.word("action"))
        case "widget": return .widgetRequest
        case "maps": return .openInMaps(temple: try line.word("temple"))
        case "osUpdate":
            return .osUpdate(major: Int(try line.int("major", in: 17...40)), minor: Int(try line.int("minor", in: 0...9, default: 0)))
        case "settings": return .settings(NotificationAuthorization(rawValue: try line.word("notifications")) ?? .denied)
        case "audit": return .audit
        default: throw line.error("unknown event '\(line.kind)'")
        }
    }

    public static func write(_ s: DarshanState, to out: inout CanonicalWriter) {
        s.life.write(to: &out)
        s.centre.write(to: &out)
        out.section("app") { w in
            w.bool("delegateSet", s.delegateSet)
            w.word("os", "\(s.osMajor).\(s.osMinor)")
            w.write("nav", s.navigation.isEmpty ? .word("none") : PictureInPicture.navValue(s))
            for t in s.temples {
                w.record(Record("temple").word("id", t.id).word("zone", t.zone.name)
                    .with("aartis", t.aartis.isEmpty ? .word("none") : .tuple(t.aartis.map { .word("\($0.key)@\($0.hhmm)") })))
            }
            for k in s.reminders.keys.sorted() {
                let p = s.reminders[k]!
                w.record(Record("reminder").word("key", k).int("lead", p.lead).bool("timeSensitive", p.timeSensitive)
                    .int("requests", p.requestIDs.count))
            }
            let p = s.player
            w.record(Record("player").word("temple", p.templeID ?? "none").int("token", p.item?.token ?? 0)
                .word("attempt", p.item.map { $0.attemptIsLive ? "live" : "recorded" } ?? "none")
                .word("itemStatus", p.item?.status.rawValue ?? "none").word("badge", p.badge.rawValue).bool("isLive", p.isLive)
                .bool("playing", p.playing).fixed("defaultRate", p.defaultRate, 2).with("speeds", Player.speedsValue(p.speeds)))
            w.record(Record("audio").word("category", s.audio.category).word("mode", s.audio.mode).bool("active", s.audio.active))
            w.record(Record("pip").bool("active", s.pip.active).int("started", s.pip.started).int("restored", s.pip.restored)
                .bool("backgroundMode", s.backgroundAudio).word("playerView", s.playerView))
            w.record(Record("widget").int("entries", s.widget.entries.count)
                .with("policy", s.widget.policy.map { .instant($0) } ?? .word(s.widget.reloads == 0 ? "none" : "never"))
                .with("nextReload", s.widget.reloadAt.map { .instant($0) } ?? .word("none")).int("reloads", s.widget.reloads))
        }
    }
}
