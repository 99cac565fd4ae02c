import LockstepCore
import Platform

/// Routing a response to an aarti notification: Watch Now (or a tap on the body) deep-links into
/// the temple's player; Remind Later adds a one-off 5 minutes on, without opening the app.
enum Responses {
    static func respond(_ requested: String?, _ action: String, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        let id: String
        if let requested {
            id = requested
        } else {
            guard let latest = s.centre.delivered.last(where: { $0.presentation.isVisible }) else {
                world.reject("respond", "nothing-delivered") { $0.word("action", action) }
                return
            }
            id = latest.identifier
        }
        guard let r = s.centre.respond(id, action: action, &world) else { return }
        var backgroundRun = false
        var coldLaunch = false
        if r.opensApp {
            if !s.life.phase.processExists {
                coldLaunch = true
                Darshan.perform(s.life.handle(.launch(.user, .foreground), &world).actions, &s, &world)
            } else if !s.life.phase.isForeground {
                if s.life.phase == .suspended || s.life.phase == .background {
                    Darshan.perform(s.life.handle(.enterForeground, &world).actions, &s, &world)
                }
            }
        } else if !s.life.phase.processExists {
            coldLaunch = true
            Darshan.perform(s.life.handle(.launch(.notificationAction), &world).actions, &s, &world)
            backgroundRun = true
        } else if s.life.phase == .suspended {
            Darshan.perform(s.life.handle(.wake(.notificationAction), &world).actions, &s, &world)
            backgroundRun = true
        }
        handle(r, coldLaunch: coldLaunch, &s, &world)
        if r.opensApp && !s.life.isActive {
            Darshan.perform(s.life.handle(.becomeActive, &world).actions, &s, &world)
        }
        if backgroundRun {
            if case .launching = s.life.phase { Darshan.perform(s.life.handle(.enterBackground, &world).actions, &s, &world) }
            Darshan.perform(s.life.handle(.returned(end: true), &world).actions, &s, &world)
        }
    }

    static func handle(_ r: NotificationResponse, coldLaunch: Bool, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        guard s.delegateSet else {
            world.emit(Record("response.lost").string("id", r.identifier).string("action", r.action)
                .string("reason", "no notification delegate yet: it is set after launch finished").bool("coldLaunch", coldLaunch))
            return
        }
        guard let templeID = r.content.userInfo["templeID"], !templeID.isEmpty else {
            world.reject("response", "no-temple-id") { $0.string("id", r.identifier) }
            return
        }
        switch r.action {
        case DarshanConstants.watchNow, SystemNotificationAction.default:
            guard let t = s.temple(templeID) else {
                world.reject("deeplink", "unknown-temple") { $0.string("id", r.identifier).word("temple", templeID) }
                return
            }
            world.emit(Record("deeplink").string("id", r.identifier).word("temple", templeID).bool("coldLaunch", coldLaunch))
            Darshan.openTemple(t, &s, &world)
        case DarshanConstants.remindLater:
            remindLater(r, templeID, &s, &world)
        default:
            world.reject("response", "unhandled-action") { $0.string("id", r.identifier).string("action", r.action) }
        }
    }

    /// When the aarti the notification is about begins: stated by a Remind Later request, or the
    /// reminder's delivery instant plus its lead.
    static func aartiStart(_ r: NotificationResponse) -> Instant? {
        if let text = r.content.userInfo["startsAt"], case .success(let at) = CivilTime.parseISO8601(Substring(text), requireUTC: true) {
            return at
        }
        if let lead = r.content.userInfo["lead"].flatMap({ Int64($0) }) { return r.deliveredAt + .minutes(lead) }
        return nil
    }

    static func remindLater(_ r: NotificationResponse, _ templeID: String, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        let id = "later.\(templeID).\(world.uuid())"
        let fireAt = world.now + DarshanConstants.remindLaterDelay
        var content = r.content
        if let start = aartiStart(r) {
            content.userInfo["startsAt"] = CivilTime.iso8601UTC(start)
            if !world.isOn(.staleRemindLaterBody) {
                // Whole minutes from the later firing to the aarti, rounded down.
                let seconds = (start - fireAt).wholeSeconds
                let minutes = seconds >= 0 ? seconds / 60 : -((-seconds + 59) / 60)
                content.body = Reminders.body(minutes: Int(minutes))
            }
        }
        let result = s.centre.add(NotificationRequest(identifier: id, content: content,
                                                      trigger: .timeInterval(DarshanConstants.remindLaterDelay, repeats: false)),
                                  &world, wake: .notificationDue)
        world.emit(Record("remindLater").string("id", id).word("result", result.word).instant("fireAt", fireAt).string("body", content.body))
    }
}
