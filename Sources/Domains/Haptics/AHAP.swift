import LockstepCore
import Platform

/// AHAP (Apple Haptic and Audio Pattern) export: a `HapticPattern` as canonical JSON bytes.
///
/// WHY canonical: the app exports with `JSONSerialization` `.sortedKeys`; Lockstep pins bytes, so
/// keys are sorted by UTF-8 (`"Pattern"` < `"Version"`, `"EventDuration"` < `"EventParameters"` <
/// `"EventType"` < `"Time"`), written compactly (no pretty printing — white space is not pinned),
/// Float parameters in their shortest Float form (`Float.description`: 0.6 → "0.6", never
/// 0.6000000238418579) and times as the exact decimal of their microseconds (150000 → "0.15").
/// Entries: every event in order, then every curve in order.
enum AHAP {
    /// The key names, in one place for export and import.
    enum Key {
        static let pattern = "Pattern"
        static let version = "Version"
        static let metadata = "Metadata"
        static let event = "Event"
        static let parameterCurve = "ParameterCurve"
        static let parameter = "Parameter"
        static let time = "Time"
        static let eventType = "EventType"
        static let eventDuration = "EventDuration"
        static let eventParameters = "EventParameters"
        static let parameterID = "ParameterID"
        static let parameterValue = "ParameterValue"
        static let controlPoints = "ParameterCurveControlPoints"
    }

    static let transient = "HapticTransient"
    static let continuous = "HapticContinuous"
    static let intensity = "HapticIntensity"
    static let sharpness = "HapticSharpness"
    static let versionText = "1.0"

    /// A Float in its shortest round-trip form, which is valid JSON for every finite value.
    static func floatText(_ value: Float) -> String { value.description }

    /// The pattern as a JSON value (keys as built; the writer sorts them).
    static func document(_ pattern: HapticPattern) throws(PatternBounds.Violation) -> JSONValue {
        if let v = PatternBounds.check(pattern) { throw v }
        var entries: [JSONValue] = []
        for e in pattern.events {
            var members: [(String, JSONValue)] = [
                (Key.time, .number(DecimalText.seconds(fromMicroseconds: e.timeMicroseconds))),
                (Key.eventParameters, .array([
                    .object([(Key.parameterID, .string(intensity)), (Key.parameterValue, .number(floatText(e.intensity)))]),
                    .object([(Key.parameterID, .string(sharpness)), (Key.parameterValue, .number(floatText(e.sharpness)))]),
                ])),
            ]
            switch e.kind {
            case .transient:
                members.append((Key.eventType, .string(transient)))
            case .continuous(let d):
                members.append((Key.eventType, .string(continuous)))
                members.append((Key.eventDuration, .number(DecimalText.seconds(fromMicroseconds: d))))
            }
            entries.append(.object([(Key.event, .object(members))]))
        }
        for c in pattern.curves {
            let points: [JSONValue] = c.points.map {
                .object([(Key.time, .number(DecimalText.seconds(fromMicroseconds: $0.timeMicroseconds))),
                         (Key.parameterValue, .number(floatText($0.value)))])
            }
            entries.append(.object([(Key.parameterCurve, .object([
                (Key.parameterID, .string(c.parameter.rawValue)),
                (Key.time, .number(DecimalText.seconds(fromMicroseconds: c.relativeTimeMicroseconds))),
                (Key.controlPoints, .array(points)),
            ]))]))
        }
        return .object([(Key.version, .number(versionText)), (Key.pattern, .array(entries))])
    }

    /// The canonical bytes (sorted keys, compact).
    static func export(_ pattern: HapticPattern) throws(PatternBounds.Violation) -> [UInt8] {
        JSONDocument.bytes(try document(pattern), keyOrder: .sortedByUTF8)
    }
}
