/// A time zone: an IANA name plus the POSIX rule that zone follows today.
///
/// Lockstep never consults the host's tz database, `TimeZone` or `Calendar`: a zone's behaviour
/// is entirely its `rule`, so a golden replays byte-for-byte on any machine. The cost is that
/// only today's rule is known; instants before a zone adopted it are computed with it anyway
/// (see `ZoneTable`).
///
/// Offsets are in seconds east of UTC (`+05:30` is 19 800), as `Int32` since no real offset
/// exceeds a day.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    /// The IANA name, e.g. `Europe/Berlin`, or whatever name a custom zone was given.
    public let name: String
    /// The rule that decides every offset of this zone.
    public let rule: PosixTZRule

    /// A zone with an arbitrary rule, for rules not in the built-in table (tests, fictional zones).
    public init(name: String, rule: PosixTZRule) {
        self.name = name
        self.rule = rule
    }

    /// Coordinated Universal Time: offset zero, never daylight saving time.
    public static let utc = Zone(name: "UTC", rule: PosixTZRule(text: "UTC0", standardAbbreviation: "UTC",
                                                                standardOffsetSeconds: 0, daylight: nil))

    /// The built-in zone with the given IANA name (exact spelling, e.g. `America/New_York`).
    ///
    /// - Throws: `ZoneError.ambiguousAbbreviation` for abbreviations such as `IST`, `CET` or `PST`,
    ///   which name no single zone and say nothing about daylight saving time; the error lists
    ///   the IANA names usually meant. `ZoneError.unknownName` for anything else not in
    ///   `knownNames`, suggesting the correctly capitalised name when only case was wrong.
    public static func named(_ name: String) throws(ZoneError) -> Zone {
        if let zone = ZoneTable.zones[name] { return zone }
        let upper = name.uppercased()
        if let entry = ZoneTable.abbreviations.first(where: { $0.abbreviation == upper }) {
            throw .ambiguousAbbreviation(name, candidates: entry.candidates)
        }
        let lower = name.lowercased()
        throw .unknownName(name, suggestions: ZoneTable.sortedNames.filter { $0.lowercased() == lower })
    }

    /// Every name `named(_:)` accepts, sorted (byte order), so listings are stable.
    public static var knownNames: [String] { ZoneTable.sortedNames }

    public var description: String { name }

    /// Seconds east of UTC in force at `instant`.
    public func offsetSeconds(at instant: Instant) -> Int32 {
        rule.offsetSeconds(atSeconds: instant.secondsSinceEpochFloor)
    }

    /// Whether the rule's daylight-saving period is in force at `instant`.
    public func isDaylightSaving(at instant: Instant) -> Bool {
        rule.isDaylight(atSeconds: instant.secondsSinceEpochFloor)
    }

    /// The abbreviation in force at `instant`, e.g. `CEST`, or `+0545` for zones the tz database
    /// gives only a numeric one. For display only: abbreviations do not identify zones.
    public func abbreviation(at instant: Instant) -> String {
        rule.abbreviation(atSeconds: instant.secondsSinceEpochFloor)
    }

    /// What a clock in this zone shows at `instant`.
    public func localDateTime(_ instant: Instant) -> LocalDateTime {
        let seconds = instant.secondsSinceEpochFloor
        let nanosecond = CivilFormat.nanosecondOfSecond(instant)
        return LocalDateTime(wallSeconds: seconds + Int64(rule.offsetSeconds(atSeconds: seconds)), nanosecond: nanosecond)
    }

    /// The first change of UTC offset strictly after `after`, or nil if this zone's offset never
    /// changes (or the change would not fit in an `Instant`). Changes of abbreviation alone are
    /// not transitions. Looks at most about five years ahead, which always suffices because a
    /// rule with daylight saving time changes offset twice a year.
    public func nextTransition(after: Instant) -> Transition? {
        guard let change = rule.nextOffsetChange(afterSeconds: after.secondsSinceEpochFloor),
              let instant = Zone.instant(seconds: change.seconds, nanosecond: 0, saturating: false)
        else { return nil }
        return Transition(instant: instant, offsetBefore: change.before, offsetAfter: change.after)
    }

    /// `2026-03-29T03:00:00+02:00`: local wall time and the offset in force, fraction only when
    /// non-zero. Unambiguous even in a repeated hour, unlike the wall time alone.
    public func formatLocal(_ instant: Instant) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(36)
        CivilFormat.appendDateTime(localDateTime(instant), to: &out)
        CivilFormat.appendOffset(Int(offsetSeconds(at: instant)), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// An offset as ISO 8601 writes it: `+05:30`, `-03:30`, `+00:00` (never `Z`), with `:ss`
    /// appended only when the offset has seconds.
    public static func offsetString(seconds: some BinaryInteger) -> String {
        var out: [UInt8] = []
        CivilFormat.appendOffset(Int(seconds), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Seconds plus nanoseconds as an `Instant`. Out of Int64 range this clamps to the nearest
    /// representable instant when `saturating`, else returns nil.
    static func instant(seconds: Int64, nanosecond: Int, saturating: Bool) -> Instant? {
        let (scaled, overflowMultiply) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowAdd) = scaled.addingReportingOverflow(Int64(nanosecond))
        if !overflowMultiply && !overflowAdd { return Instant(nanosecondsSinceEpoch: total) }
        guard saturating else { return nil }
        return Instant(nanosecondsSinceEpoch: seconds < 0 ? .min : .max)
    }
}
