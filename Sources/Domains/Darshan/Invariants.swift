import LockstepCore
import Platform

/// Mandir Darshan's invariants (checked by the engine after every step), each the article's (or
/// the note's) rule as the devotee sees it. The explorer is in `Explorer.swift`.
///
/// Reminders:
/// - `remindersAtTempleTime`: every pending aarti reminder is for a temple and aarti in the
///   catalog and next fires at the aarti's wall time less the lead *in the temple's zone* ("05:55
///   in Kolkata", wherever the phone is and whatever its DST does). Faults `deviceZoneReminders`,
///   `storedAsDate`.
/// - `noReminderSilentlyDropped`: no step makes the centre discard a pending request (the system
///   keeps the soonest 64; the rest silently never fire). Faults `noBudget`, `individualDates`.
/// - `withinReminderBudget`: the app keeps at most 60 reminders and 60 aarti requests (64 less 4
///   for Remind Later). Faults `noBudget`, `individualDates`.
/// - `oneRequestPerReminder`: at most one pending aarti request per temple and aarti (one
///   repeating trigger under a stable identifier; changing the lead replaces it). Faults
///   `randomIdentifiers`, `individualDates`.
/// - `responseReachesApp`: a Watch Now, a tap or a Remind Later is acted on (a deep link, a later
///   request, or a refusal that says why), even when it launched the app: the delegate is set
///   before launch finishes. Fault `delegateSetLate`.
/// - `remindLaterSaysMinutesLeft`: a pending Remind Later request says the minutes left at its
///   firing (from the aarti's start it carries), not the original lead. Fault
///   `staleRemindLaterBody`.
///
/// Player:
/// - `playerPlaysOpenTemple`: there is one app-level player, and what it holds is the open
///   temple's live stream or its first recording (a late status of a replaced item never takes
///   over). Fault `lateStatus`.
/// - `liveBadgeHonest`: the badge says Live only while there is an item that has not failed
///   (a temple that cannot play never shows the previous temple's Live badge). Fault `staleBadge`.
///   Weaker than "Live only while a live item plays": after a live stream that was playing
///   fails, the badge keeps saying Live while the recording loads (see the report of issue #14).
/// - `badgeMatchesOpenTemple`: Live only for a temple with a live stream, Recorded only for one
///   with a recording, `unavailable` for one with neither. Fault `staleBadge`.
/// - `liveHasNoSpeedMenu`: a live stream has no speed menu and plays at rate 1. Fault
///   `speedsOnLive`.
/// - `failureFallsBack`: a failed live stream with a recording is never left failed (it falls
///   back to the recording, not to an error alert). Fault `errorAlertOnFailure`.
/// - `replacedItemStatusIgnored`: a `readyToPlay` or `failed` is acted on only for the current
///   item (or the one whose failure just fell back). Fault `lateStatus`.
/// - `playbackAudioSession`: while the player has an item the audio session is `.playback` /
///   `.moviePlayback`, active (with the default category PiP never starts). Fault
///   `defaultAudioCategory`.
/// - `sessionOutlivesScreens`: the session keeps its item whatever screen shows (only a temple
///   with nothing to play, badge `unavailable`, has none), and returning from PiP makes no new
///   item. Fault
///   `playerOwnedByScreen`.
///
/// Picture in picture:
/// - `pipOnlyWithPlayer`: picture-in-picture is active only while the player has an item.
/// - `restoreShowsDarshan`: after "return to app" the open temple's darshan screen is on top and
///   `completionHandler(true)` was called. Fault `noRestore`.
///
/// Widget and Maps:
/// - `widgetShowsNextAarti` (uses the step's instant): the entry showing now is not an aarti that
///   has begun, unless a reload is scheduled (the policy's or a throttled retry). Fault
///   `widgetNoAdvance`.
/// - `widgetNoZeroDurationEntries`: entry dates strictly increase, and the reload comes after the
///   last entry's date. Fault `zeroDurationEntries`.
/// - `widgetAsksAgainLater`: once the widget exists its timeline has an entry and a policy after
///   the instant it was made. Fault `emptyTimelineLoop`.
/// - `mapsUsesCurrentAPI`: on iOS 26 and later Open in Maps uses `MKMapItem(location:address:)`.
///   Fault `deprecatedMapKit`.
extension Darshan {
    public static let invariants: [Invariant<Darshan>] = [
        Invariant("remindersAtTempleTime",
                  "aarti times are the temple's wall clock: a reminder fires at the aarti's time less the lead in the temple's zone, wherever the phone is") { s, _ in
            for id in s.centre.pendingIdentifiers where id.hasPrefix("aarti.") {
                guard let p = s.centre.pending[id] else { continue }
                let info = p.request.content.userInfo
                guard let templeID = info["templeID"], let key = info["aarti"], let lead = info["lead"].flatMap({ Int($0) }) else { continue }
                guard let t = s.temple(templeID), let a = t.aarti(key) else { return "\(id) pending for \(templeID).\(key), not in the catalog" }
                let when = a.time.adding(minutes: -lead)
                if when.nextOccurrence(after: p.nextFire - .seconds(1), in: t.zone) != p.nextFire {
                    return "\(id) next fires \(t.zone.formatLocal(p.nextFire)) \(t.zone.name), not at \(when.hhmm) temple time"
                }
            }
            return nil
        },
        Invariant("noReminderSilentlyDropped",
                  "the system keeps the soonest 64 pending requests and silently discards the rest: a discarded reminder never fires") { s, outputs in
            for r in outputs where r.name == "notification.dropped" {
                var id = "?"
                if case .word(let w)? = r.fields.first(where: { $0.key == "id" })?.value { id = w }
                if case .string(let w)? = r.fields.first(where: { $0.key == "id" })?.value { id = w }
                return "request \(id) discarded by the 64 limit (\(s.centre.pending.count) pending)"
            }
            return nil
        },
        Invariant("withinReminderBudget",
                  "the app keeps at most 60 reminders (64 less 4 for Remind Later) and says so when asked for a 61st") { s, _ in
            if s.reminders.count > DarshanConstants.reminderBudget {
                return "\(s.reminders.count) reminders kept, budget \(DarshanConstants.reminderBudget)"
            }
            var n = 0
            for id in s.centre.pendingIdentifiers where id.hasPrefix("aarti.") { n += 1 }
            return n > DarshanConstants.reminderBudget ? "\(n) aarti requests pending, budget \(DarshanConstants.reminderBudget)" : nil
        },
        Invariant("oneRequestPerReminder",
                  "one repeating trigger per aarti under a stable identifier: changing the lead replaces the reminder") { s, _ in
            var seen = Set<String>()
            for id in s.centre.pendingIdentifiers where id.hasPrefix("aarti.") {
                guard let info = s.centre.pending[id]?.request.content.userInfo, let t = info["templeID"], let a = info["aarti"] else { continue }
                if !seen.insert(t + "." + a).inserted { return "two requests pending for \(t).\(a) (one is \(id))" }
            }
            return nil
        },
        Invariant("playerPlaysOpenTemple",
                  "one app-level player: it holds the open temple's live stream or first recording, never a replaced item's fallback") { s, _ in
            guard let item = s.player.item, let templeID = s.player.templeID, let t = s.temple(templeID) else { return nil }
            if item.url != t.liveURL && item.url != t.recorded.first {
                return "the player holds \(item.url) (token \(item.token)) while \(templeID) is open"
            }
            return nil
        },
        Invariant("liveBadgeHonest",
                  "the badge says Live only for an item that has not failed: a temple that cannot play never keeps the previous Live badge") { s, _ in
            guard s.player.badge == .live else { return nil }
            guard let item = s.player.item else { return "badge Live with no item (\(s.player.templeID ?? "no temple"))" }
            return item.status == .failed ? "badge Live while item \(item.token) has failed" : nil
        },
        Invariant("liveHasNoSpeedMenu",
                  "live streams have no speed menu and play at rate 1; speeds are for recorded darshan") { s, _ in
            guard s.player.isLive else { return nil }
            if !s.player.speeds.isEmpty { return "live stream with a speed menu of \(s.player.speeds.count) rates" }
            return s.player.defaultRate != 1 ? "live stream at rate \(s.player.defaultRate)" : nil
        },
        Invariant("failureFallsBack",
                  "a failed live stream falls back to recorded darshan when the temple has a recording, instead of an error") { s, _ in
            guard let item = s.player.item, item.status == .failed, let fallback = item.fallback else { return nil }
            return "item \(item.token) failed and stays failed although \(fallback) could play"
        },
        Invariant("pipOnlyWithPlayer",
                  "the floating window shows the app-level player: PiP is active only while the player has an item") { s, _ in
            s.pip.active && s.player.item == nil ? "PiP active with no player item" : nil
        },
        Invariant("playbackAudioSession",
                  "PiP needs the playback category: with the default category picture-in-picture never starts, so a player item plays under .playback / .moviePlayback, active") { s, _ in
            guard let item = s.player.item else { return nil }
            let a = s.audio
            if a.category == .playback && a.mode == .moviePlayback && a.active { return nil }
            return "item \(item.token) plays with the audio session \(a.category.rawValue)/\(a.mode.rawValue) active=\(a.active)"
        },
        Invariant("restoreShowsDarshan",
                  "returning from PiP pushes the darshan screen back and calls completionHandler(true): the video never goes back into a screen that is not showing") { s, outputs in
            for r in outputs where r.name == "pip.restore" {
                let target = s.player.templeID.map(PictureInPicture.screen) ?? "darshan.?"
                if s.navigation.last != target {
                    return "restored from PiP with \(s.navigation.last ?? "no screen") on top, not \(target)"
                }
                if r.wordField("completion") != "true" { return "restored from PiP without completionHandler(true)" }
            }
            return nil
        },
        Invariant("badgeMatchesOpenTemple",
                  "a clear Live or Recorded badge: Live only for a temple with a live stream, Recorded only for one with a recording, unavailable for one with neither (never the previous temple's)") { s, _ in
            guard let id = s.player.templeID, let t = s.temple(id) else { return nil }
            if t.liveURL == nil && t.recorded.isEmpty && s.player.badge != .unavailable {
                return "badge \(s.player.badge.rawValue) for \(id), which has nothing to play (unavailable)"
            }
            if s.player.badge == .live && t.liveURL == nil { return "badge Live for \(id), which has no live stream" }
            if s.player.badge == .recorded && t.recorded.isEmpty { return "badge Recorded for \(id), which has no recording" }
            return nil
        },
        Invariant("sessionOutlivesScreens",
                  "the player lives in an app-level session: leaving the darshan screen keeps its item, and returning from PiP reuses it with no reload") { s, outputs in
            if let id = s.player.templeID, s.player.item == nil, s.player.badge != .unavailable {
                return "the session for \(id) has no item but its badge says \(s.player.badge.rawValue) (only a temple with nothing to play has none)"
            }
            if outputs.contains(where: { $0.name == "pip.restore" }), let item = outputs.first(where: { $0.name == "player.item" }) {
                return "returning from PiP made a new item (token \(item.intField("token").map(String.init) ?? "?")): the stream reloaded"
            }
            return nil
        },
        Invariant("replacedItemStatusIgnored",
                  "the status observation is replaced with the item: a late status of a replaced item changes nothing (it is not ready, it does not fall back)") { s, outputs in
            let created = outputs.contains { $0.name == "player.item" }
            for r in outputs where r.name == "player.status" {
                guard let token = r.intField("token"), let status = r.wordField("status"), status != ItemStatus.unknown.rawValue else { continue }
                if token == s.player.item?.token { continue }
                // A failure that fell back: the failed item is the one this step replaced.
                if created, token == s.player.history.last?.token { continue }
                return "status \(status) of item \(token) acted on while item \(s.player.item.map { String($0.token) } ?? "none") is current"
            }
            return nil
        },
        Invariant("responseReachesApp",
                  "the notification delegate is set before launch finishes, so every response, even the one that launched the app, is acted on: Watch Now opens the temple, Remind Later schedules the reminder") { _, outputs in
            for r in outputs where r.name == "notification.response" {
                guard let action = r.stringField("action"),
                      [DarshanConstants.watchNow, DarshanConstants.remindLater, SystemNotificationAction.default].contains(action) else { continue }
                let acted = outputs.contains { o in
                    o.name == "deeplink" || o.name == "remindLater"
                        || (o.name == "rejected" && (o.wordField("input") == "deeplink" || o.wordField("input") == "response"))
                }
                if !acted { return "response \(action) to \(r.stringField("id") ?? "?") reached no handler" }
            }
            return nil
        },
        Invariant("remindLaterSaysMinutesLeft",
                  "Remind Later fires 5 minutes on, so its body says the minutes left then (not the original \"Begins in 10 minutes\")") { s, _ in
            for id in s.centre.pendingIdentifiers where id.hasPrefix("later.") {
                guard let p = s.centre.pending[id], let text = p.request.content.userInfo["startsAt"],
                      case .success(let start) = CivilTime.parseISO8601(Substring(text), requireUTC: true) else { continue }
                let seconds = (start - p.nextFire).wholeSeconds
                let minutes = seconds >= 0 ? seconds / 60 : -((-seconds + 59) / 60)
                let says = minutes > 0 ? "Begins in \(minutes) minute" : minutes == 0 ? "Begins now" : "Began \(-minutes) minute"
                if !p.request.content.body.hasPrefix(says) {
                    let when = minutes >= 0 ? "\(minutes) min before the aarti" : "\(-minutes) min after the aarti began"
                    return "\(id) fires \(when) but says \"\(p.request.content.body)\""
                }
            }
            return nil
        },
        Invariant("widgetShowsNextAarti",
                  "the widget switches to the next aarti once one begins and reloads after the last: it never shows an aarti that has begun as next with no reload on its way",
                  checkStep: { s, _, step in
            guard s.widget.reloads > 0, s.widget.reloadAt == nil else { return nil }
            guard let shown = s.widget.entries.last(where: { $0.date <= step.now }), let at = shown.at, at < step.now else { return nil }
            return "at \(CivilTime.iso8601UTC(step.now)) the widget shows \(shown.text) (began \(CivilTime.iso8601UTC(at))) and no reload is scheduled"
        }),
        Invariant("widgetNoZeroDurationEntries",
                  "each widget entry is shown until the next aarti begins: aartis at the same instant share an entry instead of one being shown for 0 s") { s, _ in
            for (a, b) in zip(s.widget.entries, s.widget.entries.dropFirst()) where b.date <= a.date {
                return "entry \"\(a.text)\" from \(CivilTime.iso8601UTC(a.date)) is shown for 0 s (next entry from \(CivilTime.iso8601UTC(b.date)))"
            }
            // The last entry is shown until the reload.
            if let last = s.widget.entries.last, let policy = s.widget.policy, policy <= last.date {
                return "entry \"\(last.text)\" from \(CivilTime.iso8601UTC(last.date)) is shown for 0 s (the timeline reloads at \(CivilTime.iso8601UTC(policy)))"
            }
            return nil
        },
        Invariant("widgetAsksAgainLater",
                  "an empty catalog gives a placeholder and a reload an hour on: a timeline is never empty and never asks to reload at the instant it was made (a refresh loop)") { s, _ in
            guard s.widget.reloads > 0, let made = s.widget.lastReload else { return nil }
            if s.widget.entries.isEmpty { return "the widget timeline made at \(CivilTime.iso8601UTC(made)) has no entry" }
            if let policy = s.widget.policy, policy <= made {
                return "the widget timeline made at \(CivilTime.iso8601UTC(made)) asks to reload at \(CivilTime.iso8601UTC(policy))"
            }
            return nil
        },
        Invariant("mapsUsesCurrentAPI",
                  "on iOS 26 and later Open in Maps builds the item from a location and an MKAddress; the placemark initialiser is deprecated there") { s, outputs in
            guard s.device.isAvailable(Maps.ios26) else { return nil }
            for r in outputs where r.name == "maps.open" && r.wordField("initializer") != "location+address" {
                return "Open in Maps on iOS \(s.device.os) used \(r.wordField("initializer") ?? "?")"
            }
            return nil
        },
    ]
}

extension Record {
    /// The value of field `key` when it is a word (`true`, `live`), for invariants reading outputs.
    func wordField(_ key: String) -> String? {
        if case .word(let w)? = fields.first(where: { $0.key == key })?.value { return w }
        return nil
    }

    /// The value of field `key` when it is a quoted string.
    func stringField(_ key: String) -> String? {
        if case .string(let w)? = fields.first(where: { $0.key == key })?.value { return w }
        return nil
    }

    /// The value of field `key` when it is an integer.
    func intField(_ key: String) -> Int? {
        if case .int(let v)? = fields.first(where: { $0.key == key })?.value { return Int(v) }
        return nil
    }
}
