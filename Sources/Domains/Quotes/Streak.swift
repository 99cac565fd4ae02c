import LockstepCore
import Platform

/// `StreakTracker`: the padded local day key of each read, in the calendar of that moment, and
/// the current streak in calendar days; achievements computed from the data.
extension Quotes {
    static let maxReads = 1_000_000

    /// The tracker's calendar: the zone of this event (the harness passes it every time), or under
    /// the fault the one captured at launch.
    static func trackerZone(_ s: QuotesState, _ world: World<Quotes>) -> Zone {
        world.isOn(.staleTrackerCalendar) ? s.launchZone : world.zone
    }

    static func read(_ s: inout QuotesState, _ world: inout World<Quotes>, _ given: String?) {
        let id: String
        if let given { id = given } else {
            guard let pin = s.pinned, pin.day == DayKey(at: world.now, in: world.zone).padded else {
                world.reject("read", "no-quote-of-the-day")
                return
            }
            id = pin.id
        }
        guard quoteRow(s, id) != nil else { world.reject("read", "unknown-quote") { $0.string("id", id) }; return }
        guard s.readInstants.count < maxReads else { world.reject("read", "limit") { $0.int("limit", maxReads) }; return }
        let zone = trackerZone(s, world)
        let day = DayKey(at: world.now, in: zone)
        let inserted = s.days.insert(day)
        if case .full(let limit) = inserted { world.reject("read", "day-log-full") { $0.int("limit", limit) }; return }
        s.readInstants.append(world.now)
        s.readIDs.insert(id)
        world.emit(Record("read").string("id", id).string("day", day.padded).bool("newDay", inserted == .inserted)
            .int("streak", currentStreak(s, world)).int("days", s.days.count))
        updateAchievements(&s, &world)
    }

    static func currentStreak(_ s: QuotesState, _ world: World<Quotes>) -> Int {
        let zone = trackerZone(s, world)
        if world.isOn(.streakInSeconds) { return secondsStreak(s, world.now) }
        let today = DayKey(at: world.now, in: zone)
        if world.isOn(.streakZeroInMorning) {
            var run = 0
            var day = today
            while s.days.contains(day), run < s.days.count { run += 1; day = day.adding(days: -1) }
            return run
        }
        if world.isOn(.streakStepsSeconds) {
            // startOfDay, then back 86,400 s at a time: a 23-hour day lands on the day before.
            var t = today.firstInstant(in: zone)
            if !s.days.contains(DayKey(at: t, in: zone)) { t = t - .days(1) }
            var run = 0
            while s.days.contains(DayKey(at: t, in: zone)), run < s.days.count { run += 1; t = t - .days(1) }
            return run
        }
        return s.days.currentStreak(asOf: today)
    }

    /// The naive streak: day numbers are whole 86,400 s spans since the first read.
    static func secondsStreak(_ s: QuotesState, _ now: Instant) -> Int {
        guard let first = s.readInstants.first else { return 0 }
        func number(_ t: Instant) -> Int64 { (t - first).nanoseconds / Duration.days(1).nanoseconds }
        let numbers = DayLog(s.readInstants.map { DayKey(daysSinceEpoch: number($0)) })
        return numbers.currentStreak(asOf: DayKey(daysSinceEpoch: number(now)))
    }

    static func showStreak(_ s: QuotesState, _ world: inout World<Quotes>) {
        let zone = trackerZone(s, world)
        world.emit(Record("streak").string("today", DayKey(at: world.now, in: zone).padded).int("current", currentStreak(s, world))
            .int("longest", s.days.longestStreak()).string("days", s.days.days.map(\.padded).joined(separator: " ")))
    }

    static func updateAchievements(_ s: inout QuotesState, _ world: inout World<Quotes>) {
        var unlocked: [String] = []
        if s.days.longestStreak() >= 7 { unlocked.append("sevenDayStreak") }
        if s.readIDs.count >= 100 { unlocked.append("read100Quotes") }
        guard unlocked != s.achievements else { return }
        s.achievements = unlocked
        world.emit(Record("achievements").string("unlocked", unlocked.joined(separator: " ")))
    }
}
