import LockstepCore
import Platform

/// What importing an AHAP file gives: the pattern plus what was clamped or ignored, or a typed
/// error naming where the file is broken.
///
/// WHY warnings: Apple clamps out-of-range values and ignores unsupported keys silently; the
/// harness lists each one so a scenario can pin it.
struct AHAPImportResult: Equatable, Sendable {
    var pattern: HapticPattern
    var warnings: [AHAPWarning]
}

enum AHAPWarning: Equatable, Sendable {
    /// A parameter value outside its range, moved to the nearest bound (`from` is the file's text).
    case clamped(path: String, from: String, to: Float)
    /// A key the model does not use (unknown, or an Apple key without haptic meaning here).
    case ignoredKey(path: String)
    /// A whole entry skipped: a dynamic `Parameter`, an entry with no known kind, an audio curve.
    case ignoredEntry(path: String)
}

/// Why an AHAP file was rejected.
enum AHAPImportError: Error, Equatable, Sendable {
    case notJSON(JSONParseError)
    case tooManyBytes(limit: Int)
    /// `path` like `Pattern[2].Event.EventDuration`; "(root)" for the document itself.
    case invalidAHAP(path: String, reason: AHAPProblem)
}

enum AHAPProblem: Equatable, Sendable {
    /// A required key is absent (a continuous event's `EventDuration`, `Pattern`, `Time`, …).
    case missing
    case wrongType(expected: String, found: String)
    case unknownEventType(String)
    case negative
    /// A value that does not fit a Float (`1e39`).
    case nonFinite
    case timeOverLimit(limitMicroseconds: Int64)
    /// A control point not strictly later than the one before it.
    case notAscending
    case tooMany(limit: Int)
    case empty
    /// An entry holding both an `Event` and a `ParameterCurve`.
    case multipleKinds
}
