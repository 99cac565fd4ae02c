import Testing
import LockstepCore
import Platform
@testable import Haptics

@Suite struct AHAPExportTests {
    static func text(_ p: HapticPattern) throws -> String { String(decoding: try AHAP.export(p), as: UTF8.self) }

    // Written from the rules: sorted keys ("Pattern" < "Version"; "EventParameters" < "EventType" < "Time";
    // "ParameterID" < "ParameterValue"), compact, Float shortest form (1.0, 0.6, 0.3, 0.2), times in exact seconds.
    static let heartbeatBytes =
        #"{"Pattern":["#
        + #"{"Event":{"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1.0},{"ParameterID":"HapticSharpness","ParameterValue":0.3}],"EventType":"HapticTransient","Time":0}},"#
        + #"{"Event":{"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":0.6},{"ParameterID":"HapticSharpness","ParameterValue":0.2}],"EventType":"HapticTransient","Time":0.15}},"#
        + #"{"Event":{"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1.0},{"ParameterID":"HapticSharpness","ParameterValue":0.3}],"EventType":"HapticTransient","Time":0.8}},"#
        + #"{"Event":{"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":0.6},{"ParameterID":"HapticSharpness","ParameterValue":0.2}],"EventType":"HapticTransient","Time":0.95}}"#
        + #"],"Version":1.0}"#

    @Test func heartbeatExactBytes() throws {
        #expect(try Self.text(BuiltInPattern.heartbeat.pattern) == Self.heartbeatBytes)
        #expect(try AHAP.export(BuiltInPattern.heartbeat.pattern) == Array(Self.heartbeatBytes.utf8))
    }

    // "EventDuration" < "EventParameters"; "ParameterCurveControlPoints" < "ParameterID" < "Time"; points "ParameterValue" < "Time".
    @Test func explosionExactBytes() throws {
        let expected =
            #"{"Pattern":["#
            + #"{"Event":{"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1.0},{"ParameterID":"HapticSharpness","ParameterValue":1.0}],"EventType":"HapticTransient","Time":0}},"#
            + #"{"Event":{"EventDuration":0.8,"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1.0},{"ParameterID":"HapticSharpness","ParameterValue":0.1}],"EventType":"HapticContinuous","Time":0.05}},"#
            + #"{"ParameterCurve":{"ParameterCurveControlPoints":[{"ParameterValue":0.2,"Time":0},{"ParameterValue":1.0,"Time":0.15},{"ParameterValue":0.0,"Time":0.85}],"ParameterID":"HapticIntensityControl","Time":0.05}}"#
            + #"],"Version":1.0}"#
        #expect(try Self.text(BuiltInPattern.explosion.pattern) == expected)
    }

    @Test func floatsUseTheirShortestForm() throws {
        #expect(AHAP.floatText(0.6) == "0.6")
        #expect(AHAP.floatText(0.3) == "0.3")
        #expect(Double(Float(0.6)).description == "0.6000000238418579") // the hazard the rule avoids
        let t = try Self.text(BuiltInPattern.heartbeat.pattern)
        #expect(!t.contains("0.6000000238418579") && !t.contains("0.30000001192092896"))
    }

    @Test func topLevelKeyOrder() throws {
        let t = try Self.text(HapticPattern(events: []))
        #expect(t == #"{"Pattern":[],"Version":1.0}"#)
    }

    @Test func exportRejectsPatternsOutsideBounds() {
        let nan = HapticPattern(events: [tap(at: 0, intensity: .nan, sharpness: 0.5)])
        #expect(throws: PatternBounds.Violation.nonFinite(path: "events[0].intensity")) { try AHAP.export(nan) }
        let neg = HapticPattern(events: [HapticEvent(.continuous(durationMicroseconds: -1), timeMicroseconds: 0, intensity: 1, sharpness: 1)])
        #expect(throws: PatternBounds.Violation.negativeTime(path: "events[0].duration")) { try AHAP.export(neg) }
        let unordered = HapticPattern(events: [], curves: [HapticParameterCurve(.intensityControl, relativeTimeMicroseconds: 0, points: [
            HapticCurvePoint(timeMicroseconds: 5, value: 1), HapticCurvePoint(timeMicroseconds: 5, value: 0)])])
        #expect(throws: PatternBounds.Violation.pointsNotAscending(path: "curves[0].points[1].time")) { try AHAP.export(unordered) }
    }

    @Test(arguments: BuiltInPattern.allCases)
    func roundTripEveryBuiltIn(_ p: BuiltInPattern) throws {
        let result = try AHAPImport.parse(try AHAP.export(p.pattern))
        #expect(result.pattern == p.pattern)
        #expect(result.warnings == [])
    }

    @Test func roundTripsRhythmAndOddValues() throws {
        let p = HapticPattern(events: [
            tap(at: 1, intensity: 0.123456789, sharpness: 1e-7),
            HapticEvent(.continuous(durationMicroseconds: 29_999_999), timeMicroseconds: 1, intensity: 0.9, sharpness: 0.5),
        ], curves: [HapticParameterCurve(.sharpnessControl, relativeTimeMicroseconds: 7, points: [HapticCurvePoint(timeMicroseconds: 0, value: -0.5)])])
        #expect(try AHAPImport.parse(try AHAP.export(p)).pattern == p)
    }
}
