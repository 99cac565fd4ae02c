/// A span of virtual time as a whole number of nanoseconds.
///
/// Lockstep never keeps time in `Double` seconds: `11.2 - 10.0` is not `1.2` in binary floating
/// point, and a golden must not depend on that. Shadows `Swift.Duration` for modules that import
/// Lockstep, on purpose: domain code should not reach for the standard library's clock types.
public struct Duration: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = Duration(nanoseconds: 0)
    public static let nanosecondsPerSecond: Int64 = 1_000_000_000

    @inlinable public static func nanoseconds(_ n: Int64) -> Duration { Duration(nanoseconds: n) }
    @inlinable public static func microseconds(_ n: Int64) -> Duration { Duration(nanoseconds: n * 1_000) }
    @inlinable public static func milliseconds(_ n: Int64) -> Duration { Duration(nanoseconds: n * 1_000_000) }
    @inlinable public static func seconds(_ n: Int64) -> Duration { Duration(nanoseconds: n * nanosecondsPerSecond) }
    @inlinable public static func minutes(_ n: Int64) -> Duration { .seconds(n * 60) }
    @inlinable public static func hours(_ n: Int64) -> Duration { .seconds(n * 3_600) }
    @inlinable public static func days(_ n: Int64) -> Duration { .seconds(n * 86_400) }

    /// The one conversion from `Double` seconds (a rate, a computed length) to a duration: rounded to
    /// the nearest nanosecond, ties away from zero; nil for NaN, infinities and anything beyond
    /// ±292 years. Scenario fields never come through here: `.duration` fields are read exactly.
    @inlinable public init?(seconds: Double) {
        let ns = (seconds * 1e9).rounded()
        guard ns.isFinite, ns > -9.2e18, ns < 9.2e18 else { return nil }
        self.nanoseconds = Int64(ns)
    }

    /// Whole seconds, truncated toward zero.
    public var wholeSeconds: Int64 { nanoseconds / Duration.nanosecondsPerSecond }

    /// Seconds as a Double, for display or for maths that is genuinely continuous (speeds, rates).
    /// Never compare times through this.
    public var secondsDouble: Double { Double(nanoseconds) / 1e9 }

    @inlinable public static func < (a: Duration, b: Duration) -> Bool { a.nanoseconds < b.nanoseconds }
    // The operators trap on Int64 overflow (292 years of nanoseconds), like Int64's: right for
    // amounts the code itself bounds. Where a factor or a term comes from a scenario, use the
    // checked forms below and turn nil into a located error.
    @inlinable public static func + (a: Duration, b: Duration) -> Duration { Duration(nanoseconds: a.nanoseconds + b.nanoseconds) }
    @inlinable public static func - (a: Duration, b: Duration) -> Duration { Duration(nanoseconds: a.nanoseconds - b.nanoseconds) }
    @inlinable public static func * (a: Duration, k: Int64) -> Duration { Duration(nanoseconds: a.nanoseconds * k) }
    @inlinable public static prefix func - (a: Duration) -> Duration { Duration(nanoseconds: -a.nanoseconds) }

    /// `self * k`, or nil when it does not fit Int64 nanoseconds.
    @inlinable public func multiplied(by k: Int64) -> Duration? {
        let (product, overflow) = nanoseconds.multipliedReportingOverflow(by: k)
        return overflow ? nil : Duration(nanoseconds: product)
    }

    /// `self + other`, or nil when it does not fit Int64 nanoseconds.
    @inlinable public func adding(_ other: Duration) -> Duration? {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(other.nanoseconds)
        return overflow ? nil : Duration(nanoseconds: sum)
    }

    /// Seconds with exactly nine decimals, e.g. `12.500000000`. Exact: no floating point involved.
    public var description: String { Duration.formatSeconds(nanoseconds) }

    /// Formats a signed nanosecond count as seconds with nine decimals.
    public static func formatSeconds(_ ns: Int64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendSeconds(ns, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `ns` as seconds with nine decimals to a byte buffer (the trace's hot path).
    public static func appendSeconds(_ ns: Int64, to out: inout [UInt8]) {
        var magnitude = ns.magnitude
        if ns < 0 { out.append(UInt8(ascii: "-")) }
        let whole = magnitude / 1_000_000_000
        magnitude %= 1_000_000_000
        appendDecimal(whole, to: &out)
        out.append(UInt8(ascii: "."))
        var divisor: UInt64 = 100_000_000
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }
}

/// Appends the decimal digits of `value` to `out` without allocating a String.
@inlinable public func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
    if value < 10 { out.append(UInt8(ascii: "0") + UInt8(value)); return }
    var digits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                 UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var v = value
    withUnsafeMutableBytes(of: &digits) { raw in
        let p = raw.bindMemory(to: UInt64.self)
        while v > 0 { p[count] = v % 10; v /= 10; count += 1 }
        var i = count - 1
        while i >= 0 { out.append(UInt8(ascii: "0") + UInt8(p[i])); i -= 1 }
    }
}

/// Appends a signed decimal integer.
@inlinable public func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    appendDecimal(value.magnitude, to: &out)
}
