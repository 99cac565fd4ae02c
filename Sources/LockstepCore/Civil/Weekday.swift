/// A day of the week.
///
/// Two numberings are in common use and mixing them up is a classic off-by-one, so both are
/// explicit: `appleNumber` (Foundation's `Calendar.component(.weekday)`, 1 = Sunday ... 7 =
/// Saturday) and `isoNumber` (ISO 8601, 1 = Monday ... 7 = Sunday). The raw value is the Apple
/// number because that is what apps ported to Lockstep usually have in their data.
public enum Weekday: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// 1 = Sunday ... 7 = Saturday, as Foundation's Gregorian calendar numbers weekdays.
    public var appleNumber: Int { rawValue }

    /// 1 = Monday ... 7 = Sunday, as ISO 8601 numbers weekdays.
    public var isoNumber: Int { rawValue == 1 ? 7 : rawValue - 1 }

    /// The weekday with the given Apple number (1 = Sunday), or nil outside 1...7.
    public init?(appleNumber: Int) { self.init(rawValue: appleNumber) }

    /// The weekday with the given ISO number (1 = Monday), or nil outside 1...7.
    public init?(isoNumber: Int) {
        guard (1...7).contains(isoNumber) else { return nil }
        self.init(rawValue: isoNumber == 7 ? 1 : isoNumber + 1)
    }

    /// The English name, e.g. `Monday`, fixed rather than localised so it is stable in goldens.
    public var description: String {
        switch self {
        case .sunday: return "Sunday"
        case .monday: return "Monday"
        case .tuesday: return "Tuesday"
        case .wednesday: return "Wednesday"
        case .thursday: return "Thursday"
        case .friday: return "Friday"
        case .saturday: return "Saturday"
        }
    }
}
