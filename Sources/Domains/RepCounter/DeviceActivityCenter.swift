import LockstepCore
import Platform

/// A deterministic model of `DeviceActivityCenter` as the article describes it: at most 20
/// monitored activities, intervals of at least 15 minutes, daily repeats, an immediate
/// `intervalDidStart` echo when registering inside a running interval, an `intervalDidEnd` echo
/// when stopping one, and usage thresholds counted from registration unless the event opts into past
/// activity (iOS 17.4+), which counts the whole current day or hour.
public struct DeviceActivityCenter: Sendable, Equatable {
    public static let maxActivities = 20
    public static let minimumIntervalMinutes = 15

    /// Monitored activities, sorted by name.
    public private(set) var registry: [Registration] = []
    /// Per-app use today and this hour (the device's own record, which past-activity events read).
    public private(set) var usage: [AppUsage] = []

    public struct AppUsage: Sendable, Equatable {
        public var app: Int
        public var dayKey: String
        public var daySeconds: Int
        public var hourKey: String
        public var hourSeconds: Int
    }

    public init() {}

    public var count: Int { registry.count }
    public func registration(_ name: String) -> Registration? { registry.first { $0.name == name } }
    public func contains(_ name: String) -> Bool { registry.contains { $0.name == name } }

    static func intervalMinutes(_ s: ActivitySchedule) -> Int64 {
        switch s {
        case .daily(let a, let b): Int64(b - a)
        case .once(let a, let b): (b - a).nanoseconds / 60_000_000_000
        }
    }

    static func isRunning(_ s: ActivitySchedule, _ now: Instant, _ zone: Zone) -> Bool {
        switch s {
        case .daily(let a, let b):
            let m = TimeOfDay(at: now, in: zone).minutesSinceMidnight
            return a <= m && m < b
        case .once(let a, let b): return a <= now && now < b
        }
    }

    func pastUsage(_ apps: [Int], daily: Bool, _ now: Instant, _ zone: Zone) -> Int {
        let day = LocalClock.dayKey(now, zone), hour = LocalClock.hourKey(now, zone)
        var total = 0
        for u in usage where apps.contains(u.app) {
            if daily { if u.dayKey == day { total += u.daySeconds } } else if u.hourKey == hour { total += u.hourSeconds }
        }
        return total
    }

    /// Registers (or replaces) an activity; returns the callbacks it echoes.
    public mutating func startMonitoring(_ name: String, _ schedule: ActivitySchedule, events: [ActivityEvent],
                                         now: Instant, zone: Zone, os: OSRelease) throws(MonitoringError) -> [Callback] {
        let existing = registry.firstIndex { $0.name == name }
        if existing == nil && registry.count >= DeviceActivityCenter.maxActivities { throw .excessiveActivities }
        if DeviceActivityCenter.intervalMinutes(schedule) < Int64(DeviceActivityCenter.minimumIntervalMinutes) { throw .intervalTooShort }
        var reg = Registration(name: name, schedule: schedule, events: events, registeredAt: now)
        var callbacks: [Callback] = []
        if DeviceActivityCenter.isRunning(schedule, now, zone) {
            reg.inInterval = true
            callbacks.append(Callback(kind: .intervalDidStart, activity: name, event: nil))
            for i in reg.events.indices {
                // Before 17.4 the flag does not exist: usage counts from the moment of registration.
                if reg.events[i].includesPastActivity && os >= .pastActivity {
                    let daily: Bool
                    if case .daily(let a, let b) = schedule { daily = b - a > 60 } else { daily = true }
                    reg.events[i].countedSeconds = pastUsage(reg.events[i].apps, daily: daily, now, zone)
                }
                if reg.events[i].countedSeconds >= reg.events[i].thresholdSeconds {
                    reg.events[i].fired = true
                    callbacks.append(Callback(kind: .eventDidReachThreshold, activity: name, event: reg.events[i].name))
                }
            }
        }
        if let existing { registry[existing] = reg } else {
            let at = registry.firstIndex { $0.name > name } ?? registry.count
            registry.insert(reg, at: at)
        }
        return callbacks
    }

    /// Stops activities; each one inside its interval echoes `intervalDidEnd`.
    public mutating func stopMonitoring(_ names: [String]) -> (removed: [String], callbacks: [Callback]) {
        var removed: [String] = [], callbacks: [Callback] = []
        for n in names {
            guard let i = registry.firstIndex(where: { $0.name == n }) else { continue }
            let r = registry.remove(at: i)
            removed.append(n)
            if r.inInterval { callbacks.append(Callback(kind: .intervalDidEnd, activity: n, event: nil)) }
        }
        return (removed, callbacks)
    }

    /// Foreground use of `app` for `seconds` ending now: counts towards running events' thresholds.
    public mutating func recordUsage(app: Int, seconds: Int, now: Instant, zone: Zone) -> (countedBy: Int, callbacks: [Callback]) {
        let day = LocalClock.dayKey(now, zone), hour = LocalClock.hourKey(now, zone)
        if let i = usage.firstIndex(where: { $0.app == app }) {
            if usage[i].dayKey != day { usage[i].dayKey = day; usage[i].daySeconds = 0 }
            if usage[i].hourKey != hour { usage[i].hourKey = hour; usage[i].hourSeconds = 0 }
            usage[i].daySeconds += seconds
            usage[i].hourSeconds += seconds
        } else {
            let at = usage.firstIndex { $0.app > app } ?? usage.count
            usage.insert(AppUsage(app: app, dayKey: day, daySeconds: seconds, hourKey: hour, hourSeconds: seconds), at: at)
        }
        var callbacks: [Callback] = []
        var countedBy = 0
        for r in registry.indices where registry[r].inInterval {
            for e in registry[r].events.indices where registry[r].events[e].apps.contains(app) && !registry[r].events[e].fired {
                countedBy += 1
                registry[r].events[e].countedSeconds += seconds
                if registry[r].events[e].countedSeconds >= registry[r].events[e].thresholdSeconds {
                    registry[r].events[e].fired = true
                    callbacks.append(Callback(kind: .eventDidReachThreshold, activity: registry[r].name, event: registry[r].events[e].name))
                }
            }
        }
        return (countedBy, callbacks)
    }

    /// Delivers interval starts and ends due at `now` (daily repeats; one-shot intervals end and are removed).
    public mutating func crossBoundaries(now: Instant, zone: Zone) -> [Callback] {
        var callbacks: [Callback] = []
        var ended: [String] = []
        for r in registry.indices {
            let running = DeviceActivityCenter.isRunning(registry[r].schedule, now, zone)
            if running && !registry[r].inInterval {
                registry[r].inInterval = true
                for e in registry[r].events.indices { registry[r].events[e].countedSeconds = 0; registry[r].events[e].fired = false }
                callbacks.append(Callback(kind: .intervalDidStart, activity: registry[r].name, event: nil))
            } else if !running && registry[r].inInterval {
                registry[r].inInterval = false
                callbacks.append(Callback(kind: .intervalDidEnd, activity: registry[r].name, event: nil))
                if case .once = registry[r].schedule { ended.append(registry[r].name) }
            }
        }
        registry.removeAll { ended.contains($0.name) }
        return callbacks
    }

    /// The next instant any registration starts or ends, after `now`.
    public func nextBoundary(after now: Instant, zone: Zone) -> Instant? {
        var best: Instant? = nil
        for r in registry {
            let t: Instant?
            switch r.schedule {
            case .daily(let a, let b): t = LocalClock.nextDailyBoundary(after: now, start: a, end: b, zone)
            case .once(let a, let b): t = a > now ? a : (b > now ? b : nil)
            }
            if let t, best == nil || t < best! { best = t }
        }
        return best
    }
}
