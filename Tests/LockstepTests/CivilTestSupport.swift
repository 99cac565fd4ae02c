import Testing
@testable import LockstepCore
@testable import LockstepRunner

/// Parses a UTC or offset timestamp in a test, failing the test (not trapping) if it is malformed.
func instant(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Instant {
    switch CivilTime.parseISO8601(Substring(text), requireUTC: false) {
    case .success(let value): return value
    case .failure(let error):
        Issue.record("bad test timestamp \(text): \(error.message)", sourceLocation: sourceLocation)
        throw error
    }
}

func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
           nanosecond: Int = 0) throws(LocalDateTimeError) -> LocalDateTime {
    try LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                      nanosecond: nanosecond)
}

func zone(_ name: String) throws(ZoneError) -> Zone { try Zone.named(name) }
