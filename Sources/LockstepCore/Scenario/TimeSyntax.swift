/// The three ways an event line says when it happens, parsed exactly into nanoseconds.
///
/// - `12.5` or `1h30m`: time since the scenario's start.
/// - `+0.033`, `+15m`, `+2h30m`, `+1d`: time since the previous event line.
/// - `@2026-03-14T10:00:00Z` or `@2026-03-14T11:00:00+01:00`: an absolute instant.
///
/// Units are `d h m s ms us ns`; a bare number means seconds. Each part may have a fraction, and the
/// result must be a whole number of nanoseconds: `0.0000000001` is an error, not a rounding.
public enum TimeSpec: Hashable, Sendable {
    case sinceStart(Duration)
    case sincePrevious(Duration)
    case absolute(Instant)
}

package enum TimeSyntax {
    /// Nanoseconds per unit, longest unit names first so `ms` is not read as `m` then `s`.
    package static let units: [(name: [UInt8], nanoseconds: Int64)] = [
        (Array("ms".utf8), 1_000_000), (Array("us".utf8), 1_000), (Array("ns".utf8), 1),
        (Array("d".utf8), 86_400_000_000_000), (Array("h".utf8), 3_600_000_000_000),
        (Array("m".utf8), 60_000_000_000), (Array("s".utf8), 1_000_000_000),
    ]

    package static func parse(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws(Lexer.Problem) -> TimeSpec {
        let first = p[start]
        if first == 64 {  // @
            let text = Lexer.text(p, start + 1, end)
            switch CivilTime.parseISO8601(Substring(text), requireUTC: false) {
            case .success(let instant): return .absolute(instant)
            case .failure(let error): throw Lexer.Problem(at: start + 1 + error.offset, message: error.message)
            }
        }
        if first == 43 {  // +
            return .sincePrevious(try duration(p, start + 1, end, whole: start))
        }
        return .sinceStart(try duration(p, start, end, whole: start))
    }

    /// `1.5`, `90s`, `2h30m`, `1d`, `250ms`: exact nanoseconds, at most one of each unit, largest first.
    package static func duration(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, whole: Int) throws(Lexer.Problem) -> Duration {
        let shownText = Lexer.text(p, whole, end)
        guard start < end else { throw Lexer.Problem(at: whole, message: "missing time after '+'") }
        var total: Int64 = 0
        var i = start
        var lastUnit = Int64.max
        var parts = 0
        while i < end {
            parts += 1
            guard parts <= 7 else { throw Lexer.Problem(at: whole, message: "time '\(shownText)' has too many parts") }
            guard Lexer.isDigit(p[i]) else {
                throw Lexer.Problem(at: i, message: "malformed time '\(shownText)': expected a digit")
            }
            var integer: Int64 = 0
            var fraction: Int64 = 0
            var fractionDigits = 0
            var overflow = false
            while i < end && Lexer.isDigit(p[i]) {
                let (m, o1) = integer.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int64(p[i] - 48))
                overflow = overflow || o1 || o2
                integer = s
                i += 1
            }
            if i < end && p[i] == 46 {
                i += 1
                guard i < end, Lexer.isDigit(p[i]) else {
                    throw Lexer.Problem(at: i - 1, message: "malformed time '\(shownText)': digits must follow '.'")
                }
                while i < end && Lexer.isDigit(p[i]) {
                    guard fractionDigits < 18 else {
                        throw Lexer.Problem(at: i, message: "time '\(shownText)' has too many decimal places")
                    }
                    fraction = fraction * 10 + Int64(p[i] - 48)
                    fractionDigits += 1
                    i += 1
                }
            }
            var unit: Int64 = 1_000_000_000
            if i < end {
                var matched = false
                for (name, ns) in units {
                    if i + name.count <= end && name.indices.allSatisfy({ p[i + $0] == name[$0] })
                        && (i + name.count == end || Lexer.isDigit(p[i + name.count])) {
                        unit = ns
                        i += name.count
                        matched = true
                        break
                    }
                }
                guard matched else {
                    throw Lexer.Problem(at: i, message: "malformed time '\(shownText)': unknown unit; use d, h, m, s, ms, us or ns")
                }
            } else if parts > 1 {
                throw Lexer.Problem(at: i - 1, message: "malformed time '\(shownText)': the last part needs a unit")
            }
            guard unit < lastUnit else {
                throw Lexer.Problem(at: whole, message: "malformed time '\(shownText)': units must go from largest to smallest, each once")
            }
            lastUnit = unit
            // value = integer·unit + fraction·unit / 10^digits, which must be whole nanoseconds.
            var scale: Int64 = 1
            for _ in 0..<fractionDigits { scale *= 10 }
            let (fractionNs, o3) = fraction.multipliedReportingOverflow(by: unit)
            guard !o3 else { throw Lexer.Problem(at: whole, message: "time '\(shownText)' is out of range") }
            guard fractionNs % scale == 0 else {
                throw Lexer.Problem(at: whole, message: "time '\(shownText)' is finer than one nanosecond")
            }
            let (integerNs, o4) = integer.multipliedReportingOverflow(by: unit)
            let (partNs, o5) = integerNs.addingReportingOverflow(fractionNs / scale)
            let (sum, o6) = total.addingReportingOverflow(partNs)
            guard !(overflow || o4 || o5 || o6) else {
                throw Lexer.Problem(at: whole, message: "time '\(shownText)' is out of range")
            }
            total = sum
        }
        return Duration(nanoseconds: total)
    }
}
