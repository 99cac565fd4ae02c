/// A point on the virtual clock: whole nanoseconds since 1970-01-01T00:00:00Z (UTC, no leap seconds).
///
/// `Int64` nanoseconds cover 1677-09-21 to 2262-04-11; the scenario parser rejects instants outside
/// `Instant.supportedRange` so arithmetic near the edges cannot overflow.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanosecondsSinceEpoch: Int64

    @inlinable public init(nanosecondsSinceEpoch: Int64) { self.nanosecondsSinceEpoch = nanosecondsSinceEpoch }

    /// Builds an instant from whole seconds since the epoch.
    @inlinable public init(secondsSinceEpoch: Int64) { self.nanosecondsSinceEpoch = secondsSinceEpoch * 1_000_000_000 }

    public static let epoch = Instant(nanosecondsSinceEpoch: 0)
    /// The scenario default start: 2026-01-01T00:00:00Z.
    public static let defaultStart = Instant(secondsSinceEpoch: 1_767_225_600)
    /// 1900-01-01T00:00:00Z ... 2200-01-01T00:00:00Z (both included): far from Int64's edges, wide
    /// enough for any app. Every scenario time, `until`, generated event and timer lies in it
    /// (`ScenarioLimits.timeRange` documents the limit; see `addingInRange`).
    public static let supportedRange: ClosedRange<Int64> = (-2_208_988_800 * 1_000_000_000)...(7_258_118_400 * 1_000_000_000)
    /// 1900-01-01T00:00:00Z, the first instant of `supportedRange`.
    public static let earliestSupported = Instant(nanosecondsSinceEpoch: supportedRange.lowerBound)
    /// 2200-01-01T00:00:00Z, the last instant of `supportedRange`.
    public static let latestSupported = Instant(nanosecondsSinceEpoch: supportedRange.upperBound)
    /// `1900-01-01T00:00:00Z ... 2200-01-01T00:00:00Z`, for messages.
    public static let supportedRangeText = "1900-01-01T00:00:00Z ... 2200-01-01T00:00:00Z"

    /// Whether the instant lies in `supportedRange`.
    @inlinable public var isSupported: Bool { Instant.supportedRange.contains(nanosecondsSinceEpoch) }

    /// Whole seconds since the epoch, rounded toward negative infinity (so civil maths is uniform).
    @inlinable public var secondsSinceEpochFloor: Int64 {
        let s = nanosecondsSinceEpoch / 1_000_000_000
        return (nanosecondsSinceEpoch % 1_000_000_000 < 0) ? s - 1 : s
    }

    /// `self + d`, or nil when the sum leaves the representable range (about ±292 years around
    /// 1970). Every sum of a scenario-supplied time goes through here, never through a trapping `+`.
    @inlinable public func adding(_ d: Duration) -> Instant? {
        let (sum, overflow) = nanosecondsSinceEpoch.addingReportingOverflow(d.nanoseconds)
        return overflow ? nil : Instant(nanosecondsSinceEpoch: sum)
    }

    /// `self + d` when the sum neither overflows nor leaves `supportedRange`, else nil. The one check
    /// for every time the reader and runner add up (line times, `+` times, `until`, include and
    /// generator offsets, timers).
    @inlinable public func addingInRange(_ d: Duration) -> Instant? {
        let (sum, overflow) = nanosecondsSinceEpoch.addingReportingOverflow(d.nanoseconds)
        return overflow || !Instant.supportedRange.contains(sum) ? nil : Instant(nanosecondsSinceEpoch: sum)
    }

    @inlinable public static func < (a: Instant, b: Instant) -> Bool { a.nanosecondsSinceEpoch < b.nanosecondsSinceEpoch }
    @inlinable public static func + (a: Instant, d: Duration) -> Instant { Instant(nanosecondsSinceEpoch: a.nanosecondsSinceEpoch + d.nanoseconds) }
    @inlinable public static func - (a: Instant, d: Duration) -> Instant { Instant(nanosecondsSinceEpoch: a.nanosecondsSinceEpoch - d.nanoseconds) }
    @inlinable public static func - (a: Instant, b: Instant) -> Duration { Duration(nanoseconds: a.nanosecondsSinceEpoch - b.nanosecondsSinceEpoch) }

    /// ISO-8601 in UTC, e.g. `2026-03-29T01:00:00Z`; fractional seconds appear only when non-zero.
    public var description: String { CivilTime.iso8601UTC(self) }
}
