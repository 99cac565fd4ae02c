import LockstepCore
import Platform

/// Mandir Darshan's invariants (checked by the engine after every step) and its explorer.
///
/// Invariants, each the article's (or the note's) rule as the devotee sees it:
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
/// - `playerPlaysOpenTemple`: there is one app-level player, and what it holds is the open
///   temple's live stream or its first recording (a late status of a replaced item never takes
///   over). Fault `lateStatus`.
/// - `liveBadgeHonest`: the badge says Live only while there is an item that has not failed
///   (a temple that cannot play never shows the previous temple's Live badge). Fault `staleBadge`.
///   Weaker than "Live only while a live item plays": after a live stream that was playing
///   fails, the badge keeps saying Live while the recording loads (see the report of issue #14).
/// - `liveHasNoSpeedMenu`: a live stream has no speed menu and plays at rate 1. Fault
///   `speedsOnLive`.
/// - `failureFallsBack`: a failed live stream with a recording is never left failed (it falls
///   back to the recording, not to an error alert). Fault `errorAlertOnFailure`.
/// - `pipOnlyWithPlayer`: picture-in-picture is active only while the player has an item.
///
/// Explorer: a header with the device zone (New York, London, Los Angeles, Kolkata, Tokyo), a
/// start in 2026 (some on the US and UK DST changes), and sometimes `backgroundAudio false` or a
/// `playerView` without PiP. Steps 1 s to 6 h apart (a tenth 7-30 h: clock jumps). Catalog (16 %):
/// four temples `t0`…`t3` in Kolkata, Kathmandu, London and New York (with and without live
/// streams and recordings), each line alone or with its 16 aartis `a0`…`a15` in one step;
/// reminders (18 %): one aarti or all of a temple's at once, leads 5/10/15/30, sometimes 7
/// (refused), cancels; playback (26 %): open, scripted item status for the recent tokens, speed,
/// PiP restore/close, navigation; responses WATCH_NOW / REMIND_LATER / default / dismiss (10 %);
/// lifecycle and zone changes (18 %); widget, maps, OS updates, settings, audits, removals and bad
/// input (a temple with zone `IST`, hour 25, an unknown temple).
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
    ]

    /// Random walks of Mandir Darshan (the mix is in this file's header comment).
    public static let explorer: Explorer? = Explorer(header: { rng in
        let zones = ["America/New_York", "Europe/London", "America/Los_Angeles", "Asia/Kolkata", "Asia/Tokyo"]
        let starts = ["2026-03-07T12:00:00Z", "2026-03-28T18:00:00Z", "2026-10-24T18:00:00Z", "2026-10-31T12:00:00Z",
                      "2026-06-01T00:00:00Z", "2026-01-10T09:00:00Z"]
        var lines = ["start " + starts[rng.int(below: starts.count)], "zone " + zones[rng.int(below: zones.count)]]
        if rng.chance(0.15) { lines.append("set backgroundAudio false") }
        if rng.chance(0.2) { lines.append("set playerView " + (rng.chance(0.5) ? "pipLayer" : "plainLayer")) }
        return lines
    }, next: { rng, step in
        DarshanExplorer.step(&rng, step)
    })
}

/// The explorer's vocabulary: a fixed palette of four temples with 16 aartis each, so every line
/// names things that may exist without the explorer remembering the walk.
enum DarshanExplorer {
    static let zones = ["Asia/Kolkata", "Asia/Kathmandu", "Europe/London", "America/New_York"]

    static func temple(_ k: Int) -> String {
        let live = k == 1 ? "" : " live=\"https://stream.example/t\(k)/live.m3u8\""
        let recorded = k == 3 ? "" : " recorded=\"https://stream.example/t\(k)/rec.mp4\""
        return "temple id=t\(k) name=\"Temple \(k)\" city=City\(k) lat=\(10 + k).5 lon=\(70 + k).25 zone=\(zones[k])\(live)\(recorded)"
    }

    /// Aarti `j` of temple `k`: from 04:30, every 75 minutes (one at 01:xx for London's gap).
    static func aarti(_ k: Int, _ j: Int) -> String {
        let m = (270 + 75 * j + 7 * k) % 1440
        return "aarti temple=t\(k) id=a\(j) name=\"Aarti \(j)\" hour=\(m / 60) minute=\(m % 60)"
    }

    static func gap(_ rng: inout SeededRNG) -> String {
        switch rng.int(below: 10) {
        case 0..<4: return "+\(rng.int(in: 1...120))s"
        case 4..<7: return "+\(rng.int(in: 2...90))m"
        case 7..<9: return "+\(rng.int(in: 1...6))h"
        default: return "+\(rng.int(in: 7...30))h"
        }
    }

    static func step(_ rng: inout SeededRNG, _ step: Int) -> String {
        let g = gap(&rng)
        let k = rng.int(below: 4)
        let j = rng.int(below: 16)
        let leads = [5, 10, 15, 30, 5, 10, 7]
        let roll = rng.int(below: 100)
        switch roll {
        case 0..<8:
            return ([temple(k)] + (0..<16).map { aarti(k, $0) }).enumerated().map { ($0.offset == 0 ? g : "+0") + " " + $0.element }
                .joined(separator: "\n")
        case 8..<12: return "\(g) \(temple(k))"
        case 12..<16: return "\(g) \(aarti(k, j))"
        case 16..<24:
            return "\(g) setReminder temple=t\(k) aarti=a\(j) lead=\(leads[rng.int(below: leads.count)])"
                + (rng.chance(0.2) ? " timeSensitive=true" : "")
        case 24..<29:
            let lead = leads[rng.int(below: 4)]
            return (0..<16).map { ($0 == 0 ? g : "+0") + " setReminder temple=t\(k) aarti=a\($0) lead=\(lead)" }.joined(separator: "\n")
        case 29..<34: return "\(g) cancelReminder temple=t\(k) aarti=a\(j)"
        case 34..<42: return "\(g) open temple=t\(k)"
        case 42..<50:
            let statuses = ["readyToPlay", "readyToPlay", "failed", "unknown"]
            let token = max(1, step / 4 + 1 - rng.int(below: 4))
            return "\(g) status token=\(token) status=\(statuses[rng.int(below: statuses.count)])"
        case 50..<53:
            let rates = ["0.5", "1", "1.25", "1.5", "2", "3", "0"]
            return "\(g) speed rate=\(rates[rng.int(below: rates.count)])"
        case 53..<57: return "\(g) pip " + (rng.chance(0.6) ? "restore" : "close")
        case 57..<60: return "\(g) navigate " + (rng.chance(0.5) ? "pop" : "push screen=gita")
        case 60..<70:
            let actions = ["WATCH_NOW", "REMIND_LATER", "REMIND_LATER", "default", "dismiss", "SNOOZE"]
            return "\(g) respond action=\(actions[rng.int(below: actions.count)])"
        case 70..<84:
            let moves = ["lifecycle background", "lifecycle background", "lifecycle suspend", "lifecycle foreground", "lifecycle active",
                         "lifecycle active", "lifecycle inactive", "lifecycle terminate reason=user", "lifecycle launch",
                         "lifecycle launch reason=notificationAction", "lifecycle memoryWarning"]
            return "\(g) " + moves[rng.int(below: moves.count)]
        case 84..<88:
            let zones = ["America/New_York", "Europe/London", "America/Los_Angeles", "Asia/Kolkata", "Asia/Tokyo", "UTC"]
            return "\(g) zone " + zones[rng.int(below: zones.count)]
        case 88..<91: return "\(g) widget"
        case 91: return "\(g) maps temple=t\(k)"
        case 92: return "\(g) osUpdate major=\(rng.chance(0.5) ? 26 : 18)"
        case 93: return "\(g) settings notifications=" + (rng.chance(0.5) ? "denied" : "granted")
        case 94: return "\(g) audit"
        case 95: return "\(g) removeTemple id=t\(k)"
        case 96: return "\(g) show temple=t\(k)"
        default:
            let bad = ["temple id=tx name=\"Bad\" city=X lat=10 lon=10 zone=IST", "aarti temple=t\(k) id=bad name=\"Bad\" hour=25 minute=0",
                       "open temple=nowhere", "setReminder temple=nowhere aarti=a0 lead=5", "temple id=ty name=\"Far\" city=Y lat=95 lon=0 zone=UTC"]
            return "\(g) " + bad[rng.int(below: bad.count)]
        }
    }
}
