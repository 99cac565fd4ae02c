import LockstepCore

extension PillReminders {
    /// The article's historical bugs, switchable with `set fault NAME`.
    public enum Fault: String, DomainFault {
        case storedAsDate, randomIdentifiers, noBudget, freshSnoozeId, completeProtection, corruptAsEmpty

        public var summary: String {
            switch self {
            case .storedAsDate: "times kept as a Date (the UTC time of day at entry) instead of wall-clock components: reminders drift by the offset change at DST and on travel"
            case .randomIdentifiers: "request identifiers are random UUIDs: rescheduling cannot find the old requests, so edits duplicate reminders"
            case .noBudget: "every dose time is scheduled as a repeating request with no budget: past 64 the system silently drops the latest ones"
            case .freshSnoozeId: "each snooze gets a new identifier: snoozing twice leaves two snoozes pending"
            case .completeProtection: "the file is written with complete protection: Taken on the locked Lock Screen cannot save"
            case .corruptAsEmpty: "an unreadable file loads as an empty list, and the next save overwrites the real data"
            }
        }
    }
}
