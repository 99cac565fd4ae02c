import Platform
import LockstepCore

extension TimeOfDay {
    /// The bytes of `digits` (`0800`), appended without making a `String`: the state line and the
    /// file are written at every Taken, and `digits` builds a string each time.
    func appendDigits(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "0") + UInt8(hour / 10))
        out.append(UInt8(ascii: "0") + UInt8(hour % 10))
        out.append(UInt8(ascii: "0") + UInt8(minute / 10))
        out.append(UInt8(ascii: "0") + UInt8(minute % 10))
    }
}

/// One entry of a medication's dose log (append-only; only the latest `PillConstants.logLimit`
/// entries are kept, the totals are counters).
public struct DoseEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable { case taken, missed, corrected }
    public var kind: Kind
    /// When it happened; for `missed` and `corrected`, the slot's instant.
    public var at: Instant
    /// The reminder time it belongs to (`0800`).
    public var slot: String
}

/// A medication as the user entered it, plus its supply and log.
public struct Medication: Hashable, Sendable {
    /// The scenario's id word; stands in for the app's UUID (deterministic and readable in ids).
    public var id: String
    public var name: String
    public var pillsPerDose: Int
    /// Distinct, ascending. Wall-clock times (never a `Date`), so 08:00 means 08:00 wherever the
    /// phone is, across DST and travel; `digits` (`0800`) is the identifier suffix.
    public var times: [TimeOfDay]
    public var pillsRemaining: Int
    public var lowSupplyWarningDays: Int
    /// When it was added (missed-dose detection starts here).
    public var since: Instant
    public var log: [DoseEvent] = []
    public var takenCount = 0
    public var missedCount = 0
    public var correctedCount = 0
    /// Fault `storedAsDate` only: each time as a UTC time of day baked at entry.
    public var bakedUTC: [TimeOfDay] = []

    public var pillsPerDay: Int { pillsPerDose * times.count }

    /// Missed slots not corrected.
    public var outstandingMissed: Int { missedCount - correctedCount }

    mutating func append(_ e: DoseEvent) {
        log.append(e)
        if log.count > PillConstants.logLimit { log.removeFirst(log.count - PillConstants.logLimit) }
        switch e.kind {
        case .taken: takenCount += 1
        case .missed: missedCount += 1
        case .corrected: correctedCount += 1
        }
    }
}

/// The app's constants, named as the article names them.
public enum PillConstants {
    public static let doseCategory = "DOSE_REMINDER"
    public static let taken = "TAKEN"
    public static let snooze = "SNOOZE_10"
    public static let systemLimit = NotificationCentre.pendingLimit
    public static let safetyMargin = 4
    /// `systemLimit − safetyMargin`: room for snoozes and supply warnings.
    public static let budget = systemLimit - safetyMargin
    public static let snoozeDelay = Duration.minutes(10)
    public static let graceWindow = Duration.hours(2)
    /// Missed-dose detection judges at most this far back (older slots are reported as not judged).
    public static let missedLookback = Duration.hours(48)
    /// When the low-supply warning fires, local time.
    public static let warningTime = try! TimeOfDay(hour: 9, minute: 0)
    public static let logLimit = 16
    public static let maxMedications = 64
    public static let maxTimesPerMedication = 12
    public static let file = "Application Support/medications.json"
}
