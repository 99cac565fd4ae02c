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
///   refused with a `rejected` record (input `temple` or `aarti`). A live URL that is not `.m3u8`
///   is a warning. Every refused or ignored input is `rejected input=... reason=...`.
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

    /// Counts, tokens and times as the scenario writes them; the domain refuses what is out of its
    /// own ranges with a record (hour 25 is `rejected input=aarti`, not a parse error).
    static let wholeNumbers = -1_000_000...1_000_000

    public static let events: [EventKind<DarshanEvent>] = [
        LifecycleVocabulary.eventKind { .lifecycle($0) },
        EventKind("temple", "Adds a temple to the catalog.") { f throws(ScenarioError) in
            let id = try f("id", .word)
            let name = try f("name", .text, "display name")
            let city = try f("city", .text)
            let latitude = try f("lat", .number, "latitude, degrees")
            let longitude = try f("lon", .number, "longitude, degrees")
            let zone = try f("zone", .text, "IANA zone of the temple")
            let live = try f.optional("live", .text, "HLS URL")
            let recorded = try f.optional("recorded", .text, "recorded video URLs, comma-separated")
            return .addTemple(TempleInput(id: id, name: name, city: city, latitude: latitude, longitude: longitude, zoneName: zone,
                                          liveURL: live, recorded: recorded?.split(separator: ",").map(String.init) ?? []))
        },
        EventKind("aarti", "Adds an aarti (temple wall-clock time).") { f throws(ScenarioError) in
            .addAarti(temple: try f("temple", .word), key: try f("id", .word), name: try f("name", .text),
                      hour: try f("hour", .int, in: wholeNumbers), minute: try f("minute", .int, in: wholeNumbers))
        },
        EventKind("removeTemple", "Removes a temple and its reminders.") { f throws(ScenarioError) in .removeTemple(id: try f("id", .word)) },
        EventKind("show", "Shows a temple's aarti times at the temple and on the device.") { f throws(ScenarioError) in
            .show(temple: try f("temple", .word))
        },
        EventKind("open", "Opens a temple's darshan screen and starts its stream.") { f throws(ScenarioError) in
            .open(temple: try f("temple", .word))
        },
        EventKind("status", "Scripted status of the player item a play() call created.") { f throws(ScenarioError) in
            .itemStatus(token: try f("token", .int, in: wholeNumbers), status: try f("status", .choice(ItemStatus.self)))
        },
        EventKind("pip", "A picture-in-picture window button.") { f throws(ScenarioError) in
            .pip(try f.argument("button", .choice(PiPButton.self)))
        },
        EventKind("navigate", "Pushes a screen or pops the top one.") { f throws(ScenarioError) in
            let action = try f.argument("action", .choice(NavigateAction.self))
            let screen = try f.optional("screen", .word, "push only")
            switch (action, screen) {
            case (.push, let screen?): return .navigate(push: screen)
            case (.push, nil):
                // The declaration pass reads no line, so it has no screen.
                if f.isDeclaring { return .navigate(push: "") }
                throw f.error("navigate push needs screen=NAME")
            case (.pop, nil): return .navigate(push: nil)
            case (.pop, _?): throw f.error("'screen' does not apply to 'navigate pop'", at: "screen")
            }
        },
        EventKind("speed", "Chooses a playback speed.") { f throws(ScenarioError) in .setSpeed(try f("rate", .number)) },
        EventKind("setReminder", "Sets (or changes) an aarti reminder.") { f throws(ScenarioError) in
            .setReminder(temple: try f("temple", .word), aarti: try f("aarti", .word),
                         lead: try f("lead", .int, in: wholeNumbers, "minutes: 5, 10, 15 or 30"),
                         timeSensitive: try f("timeSensitive", .bool, default: false))
        },
        EventKind("cancelReminder", "Turns an aarti reminder off.") { f throws(ScenarioError) in
            .cancelReminder(temple: try f("temple", .word), aarti: try f("aarti", .word))
        },
        EventKind("respond", "The user answers a delivered notification.") { f throws(ScenarioError) in
            .respond(id: try f.optional("id", .word, "request identifier (default: the latest visible delivery)"),
                     action: try f("action", .word, "WATCH_NOW | REMIND_LATER | default | dismiss | …"))
        },
        EventKind("widget", "WidgetKit asks for the next-aarti timeline (adds the widget).") { _ throws(ScenarioError) in .widgetRequest },
        EventKind("maps", "Open in Maps.") { f throws(ScenarioError) in .openInMaps(temple: try f("temple", .word)) },
        EventKind("osUpdate", "The device updates iOS.") { f throws(ScenarioError) in
            .osUpdate(major: try f("major", .int, in: 17...40), minor: try f("minor", .int, default: 0, in: 0...9))
        },
        EventKind("settings", "Notification permission changed in Settings.") { f throws(ScenarioError) in
            .settings(try f("notifications", .choice(PermissionAnswer.self)).authorization)
        },
        EventKind("audit", "Lists pending notifications.") { _ throws(ScenarioError) in .audit },
    ]

    public struct Settings: Sendable {
        public var permission: PermissionAnswer
        public var launched: Bool
        public var os: Int
        public var backgroundAudio: Bool
        public var playerView: PlayerView

        public init(permission: PermissionAnswer = .granted, launched: Bool = true, os: Int = 18, backgroundAudio: Bool = true,
                    playerView: PlayerView = .viewController) {
            self.permission = permission
            self.launched = launched
            self.os = os
            self.backgroundAudio = backgroundAudio
            self.playerView = playerView
        }
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(permission: try s("permission", .choice(PermissionAnswer.self), default: .granted, "the user's answer to the permission prompt"),
                 launched: try s("launched", .bool, default: true, "start with the app launched and active"),
                 os: try s("os", .int, default: 18, in: 17...40, "iOS major version (the app supports 17.6 and later)"),
                 backgroundAudio: try s("backgroundAudio", .bool, default: true, "the Audio, AirPlay, and Picture in Picture background mode"),
                 playerView: try s("playerView", .choice(PlayerView.self), default: .viewController,
                                   "AVPlayerViewController, an AVPlayerLayer with AVPictureInPictureController, or a bare layer"))
    }

    /// The notification centre writes every pending request into the state, so a digest per step
    /// would dominate a long run (a year of 30 daily reminders); every 32nd step keeps divergence
    /// localisation within a screenful of steps.
    public static var digestInterval: Int { 32 }
    public static let generators: [Generator<DarshanEvent>] = DarshanGenerators.all

    public static func kind(of event: DarshanEvent) -> String {
        switch event {
        case .lifecycle: LifecycleVocabulary.kind
        case .addTemple: "temple"
        case .addAarti: "aarti"
        case .removeTemple: "removeTemple"
        case .show: "show"
        case .open: "open"
        case .itemStatus: "status"
        case .pip: "pip"
        case .navigate: "navigate"
        case .setSpeed: "speed"
        case .setReminder: "setReminder"
        case .cancelReminder: "cancelReminder"
        case .respond: "respond"
        case .widgetRequest: "widget"
        case .openInMaps: "maps"
        case .osUpdate: "osUpdate"
        case .settings: "settings"
        case .audit: "audit"
        case .notificationDue: NotificationCentre.timerKind
        case .widgetReload: WidgetReload.timerKind
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<Darshan>) throws(ScenarioError) -> DarshanState {
        var s = DarshanState()
        s.permissionAnswer = settings.permission.authorization
        s.device.os = OSRelease(settings.os, 0)
        s.device.capabilities.set(.backgroundAudio, settings.backgroundAudio)
        s.playerView = settings.playerView
        s.navigation = []
        if settings.launched {
            perform(s.life.handle(.launch(.user, .foreground), &world).actions, &s, &world)
            perform(s.life.handle(.becomeActive, &world).actions, &s, &world)
        }
        return s
    }

    public static func write(_ s: DarshanState, to out: inout CanonicalWriter) {
        s.life.write(to: &out)
        s.centre.write(to: &out)
        out.section("app") { w in
            w.bool("delegateSet", s.delegateSet)
            w.word("os", s.device.os.description)
            w.write("nav", s.navigation.isEmpty ? .word("none") : PictureInPicture.navValue(s))
            for t in s.temples {
                w.record(Record("temple").word("id", t.id).word("zone", t.zone.name)
                    .with("aartis", t.aartis.isEmpty ? .word("none") : .tuple(t.aartis.map { .word("\($0.key)@\($0.time.hhmm)") })))
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
            w.record(Record("audio").word("category", s.audio.category.rawValue).word("mode", s.audio.mode.rawValue).bool("active", s.audio.active))
            w.record(Record("pip").bool("active", s.pip.active).int("started", s.pip.started).int("restored", s.pip.restored)
                .bool("backgroundMode", s.device.has(.backgroundAudio)).word("playerView", s.playerView.rawValue))
            w.record(Record("widget").int("entries", s.widget.entries.count)
                .with("policy", s.widget.policy.map { .instant($0) } ?? .word(s.widget.reloads == 0 ? "none" : "never"))
                .with("nextReload", s.widget.reloadAt.map { .instant($0) } ?? .word("none")).int("reloads", s.widget.reloads))
        }
    }
}
