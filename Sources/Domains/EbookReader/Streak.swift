import LockstepCore
import Platform

/// Reading streaks (note item 15): the calendar-day approach of the quotes app, on Platform's
/// `DayLog`. GAP (the note's proposal): a reading day is a local calendar day with at least 1 s of
/// counted reading time; a session that crosses midnight credits each day it counted ≥ 1 s on.
/// Days are keyed in the zone of the event that pauses the clock (the harness passes it each time).
extension EbookReader {
    static let minReadingPerDay = Duration.seconds(1)
    /// A counted session spans at most two days under the 30-minute cap; without it (the
    /// `noSessionCap` fault) the walk still stops after this many days.
    static let maxDaysPerSession = 400

    /// Credits the counted part of a session, `[start, start + counted)`, to the local days it covers.
    static func creditReadingDays(_ s: inout EbookReaderState, from start: Instant, counted: Duration, _ world: inout World<EbookReader>) {
        let zone = world.zone
        let end = start + counted
        var from = start
        var day = DayKey(at: start, in: zone)
        var walked = 0
        while from < end, walked < maxDaysPerSession {
            let next = day.adding(days: 1).firstInstant(in: zone)
            let spent = (next < end ? next : end) - from
            if spent >= minReadingPerDay {
                switch s.readingDays.insert(day) {
                case .inserted:
                    world.emit(Record("streak.day").string("day", day.padded).duration("counted", spent)
                        .int("current", s.readingDays.currentStreak(asOf: DayKey(at: world.now, in: zone)))
                        .int("longest", s.readingDays.longestStreak()))
                case .alreadyPresent: break
                case .full(let limit): world.reject("streak", "day-log-full") { $0.int("limit", limit) }
                }
            }
            from = next
            day = day.adding(days: 1)
            walked += 1
        }
    }

    /// The statistics screen: today's streak (today does not break it until it is over).
    static func showStreak(_ s: EbookReaderState, _ world: inout World<EbookReader>) {
        let today = DayKey(at: world.now, in: world.zone)
        world.emit(Record("streak").string("today", today.padded).int("current", s.readingDays.currentStreak(asOf: today))
            .int("longest", s.readingDays.longestStreak()).int("days", s.readingDays.count))
    }
}
