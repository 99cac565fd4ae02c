import LockstepCore
import Platform

extension CountdownWidget {
    public static let invariants: [Invariant<CountdownWidget>] = [
        Invariant("widgetFresh", "after the app saves a change, the Countdown widget's timeline was read from that change (unless a reload was dropped for the budget, or the container is or was unavailable: that timeline retries)") { s, _ in
            guard s.storeVersion > 0, s.droppedReloads == 0, s.widgets.containerAvailable, !s.widgets.kinds[0].madeWithoutContainer else { return nil }
            let seen = s.widgetVersion[0] ?? 0
            return seen == s.storeVersion ? nil : "the app wrote version \(s.storeVersion) but the widget's timeline is from version \(seen)"
        },
        Invariant("shownIsLastAtOrBefore", "each widget shows the last entry at or before now (the placeholder before the first); an entry due this very instant may still be on its way (its timer is the next step)") { s, _ in
            for k in s.widgets.kinds {
                guard let timeline = k.timeline else { continue }
                let expected = timeline.index(at: s.now)
                guard expected != k.shownIndex else { continue }
                let from = (k.shownIndex ?? -1) + 1
                let dueNow = expected.map { e in from <= e && (from...e).allSatisfy { timeline.entries[$0].date == s.now } } ?? false
                if !dueNow {
                    return "\(k.kind) shows entry \(k.shownIndex.map(String.init) ?? "placeholder") at \(s.now), expected \(expected.map(String.init) ?? "placeholder")"
                }
            }
            return nil
        },
        Invariant("unavailableRetries", "a timeline made without the container has a refresh scheduled (the widget is never blank for good)") { s, _ in
            for k in s.widgets.kinds where k.madeWithoutContainer && k.nextRefresh == nil {
                return "\(k.kind)'s timeline was made without the container and has no refresh scheduled"
            }
            return nil
        },
        Invariant("noPendingWhenActive", "once the app is active, no follow waits: a refused request was asked again") { s, _ in
            guard s.app.phase == .foregroundActive, !s.pending.isEmpty else { return nil }
            return "the app is active but \(s.pending.joined(separator: ",")) still wait for a Live Activity"
        },
        Invariant("activitiesGoStale", "every running activity has a stale date (its countdown's target)") { s, _ in
            for a in s.activities.active where a.staleDate == nil { return "activity \(a.id) (\(a.tag)) has no stale date" }
            return nil
        },
        Invariant("activityAtMostEightHours", "no activity runs longer than 8 h") { s, _ in
            for a in s.activities.active where s.now - a.startedAt > LiveActivityCenter<WidgetText>.maxLifetime {
                return "activity \(a.id) has run \(s.now - a.startedAt)"
            }
            return nil
        },
    ]

    /// App lifecycle moves, countdown edits with few names (so they collide), follows, intents,
    /// the system's widget calls, late refreshes and the container and activities switches.
    public static let explorer: Explorer? = Explorer(header: { rng in
        var lines: [String] = []
        if rng.chance(0.3) { lines.append("set policy \(Policy.allCases[rng.int(below: Policy.allCases.count)].rawValue)") }
        if rng.chance(0.2) { lines.append("set limit.widgetRefreshes \(rng.int(in: 1...4))") }
        return lines
    }, next: { rng, _ in
        let gap = ["+0", "+1m", "+10m", "+30m", "+1h", "+3h"][rng.int(below: 6)]
        let name = "c\(rng.int(below: 3))"
        let kind = kinds[rng.int(below: kinds.count)]
        switch rng.int(below: 26) {
        case 0..<4: return "\(gap) add name=\(name) in=\(["5m", "40m", "2h", "9h"][rng.int(below: 4)])"
        case 4: return "\(gap) remove name=\(name)"
        case 5, 6, 7: return "\(gap) follow name=\(name)"
        case 8: return "\(gap) lifecycle launch"
        case 9, 10, 11: return "\(gap) lifecycle active"
        case 12, 13: return "\(gap) lifecycle background"
        case 14: return "\(gap) lifecycle terminate reason=system"
        case 15, 16: return "\(gap) widget timeline kind=\(kind)"
        case 17: return "\(gap) widget snapshot kind=\(kind)"
        case 18: return "\(gap) widget refresh late=\(["5m", "20m", "2h"][rng.int(below: 3)])"
        case 19: return "\(gap) widget containerUnavailable\(rng.chance(0.5) ? "" : " on=false")"
        case 20, 21: return "\(gap) activity intent name=\(rng.chance(0.5) ? "follow" : "extend") tag=\(name)"
        case 22: return "\(gap) activities enabled=\(rng.chance(0.8) ? "true" : "false")"
        case 23: return "\(gap) activity dismiss"
        default: return "\(gap) widget shown"
        }
    })
}
