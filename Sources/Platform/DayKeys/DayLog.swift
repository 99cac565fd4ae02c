import LockstepCore

/// A set of local days on which something happened (a quote read, a chapter finished), kept
/// sorted, and the streaks it makes. Streaks are counted in calendar days: consecutive keys, found
/// by stepping one calendar day at a time, never by dividing seconds by 86,400.
public struct DayLog: Hashable, Sendable {
    /// Beyond this many distinct days `insert` refuses (over 270 years of daily use).
    public static let maxDays = 100_000

    /// Sorted, without duplicates.
    public private(set) var days: [DayKey] = []

    public init() {}

    public init(_ keys: some Sequence<DayKey>) {
        for k in keys { _ = insert(k) }
    }

    public var count: Int { days.count }

    public enum Insertion: Equatable, Sendable {
        case inserted
        case alreadyPresent
        case full(limit: Int)
    }

    /// Adds a day; a day already present, or a full log, changes nothing and says so.
    public mutating func insert(_ key: DayKey) -> Insertion {
        let i = position(key)
        if i < days.count, days[i] == key { return .alreadyPresent }
        guard days.count < DayLog.maxDays else { return .full(limit: DayLog.maxDays) }
        days.insert(key, at: i)
        return .inserted
    }

    public func contains(_ key: DayKey) -> Bool {
        let i = position(key)
        return i < days.count && days[i] == key
    }

    /// The current streak as of `today`: the run of consecutive days ending today, or, when today
    /// has no entry yet, ending yesterday (today does not break the chain until it is over).
    public func currentStreak(asOf today: DayKey) -> Int {
        var day = today
        if !contains(day) { day = day.adding(days: -1) }
        var run = 0
        while contains(day), run < days.count {
            run += 1
            day = day.adding(days: -1)
        }
        return run
    }

    /// The longest run of consecutive days anywhere in the log.
    public func longestStreak() -> Int {
        var best = 0
        var run = 0
        var previous: DayKey?
        for d in days {
            run = (previous.map { $0.days(to: d) == 1 } ?? false) ? run + 1 : 1
            best = max(best, run)
            previous = d
        }
        return best
    }

    /// Binary search: the index of the first day not before `key`.
    private func position(_ key: DayKey) -> Int {
        var low = 0
        var high = days.count
        while low < high {
            let mid = (low + high) / 2
            if days[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
