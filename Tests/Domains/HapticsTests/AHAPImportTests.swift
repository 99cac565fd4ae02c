import Testing
import LockstepCore
import Platform
@testable import Haptics

@Suite struct AHAPImportTests {
    static func parse(_ s: String) throws(AHAPImportError) -> AHAPImportResult { try AHAPImport.parse(Array(s.utf8)) }

    static func invalid(_ s: String) -> AHAPImportError? {
        do { _ = try parse(s); return nil } catch { return error }
    }

    static let t = #"{"Event":{"EventType":"HapticTransient","Time":0}}"#

    @Test func notJSON() {
        guard case .notJSON(let e)? = Self.invalid("{\"Pattern\": [") else { Issue.record("expected notJSON"); return }
        #expect(e.reason == .unexpectedEnd)
        guard case .notJSON? = Self.invalid("NaN") else { Issue.record("expected notJSON"); return }
    }

    @Test func rootMustBeAnObject() {
        #expect(Self.invalid("[]") == .invalidAHAP(path: "(root)", reason: .wrongType(expected: "an object", found: "a list")))
    }

    @Test func missingPattern() {
        #expect(Self.invalid(#"{"Version":1.0}"#) == .invalidAHAP(path: "Pattern", reason: .missing))
        #expect(Self.invalid(#"{"Pattern":{}}"#) == .invalidAHAP(path: "Pattern", reason: .wrongType(expected: "a list", found: "an object")))
    }

    @Test func unknownEventType() {
        #expect(Self.invalid(#"{"Pattern":[\#(Self.t),{"Event":{"EventType":"AudioCustom","Time":0}}]}"#)
            == .invalidAHAP(path: "Pattern[1].Event.EventType", reason: .unknownEventType("AudioCustom")))
        #expect(Self.invalid(#"{"Pattern":[{"Event":{"Time":0}}]}"#) == .invalidAHAP(path: "Pattern[0].Event.EventType", reason: .missing))
    }

    @Test func continuousWithoutDuration() {
        #expect(Self.invalid(#"{"Pattern":[\#(Self.t),\#(Self.t),{"Event":{"EventType":"HapticContinuous","Time":0.5}}]}"#)
            == .invalidAHAP(path: "Pattern[2].Event.EventDuration", reason: .missing))
    }

    @Test func negativeTimeAndDuration() {
        #expect(Self.invalid(#"{"Pattern":[{"Event":{"EventType":"HapticTransient","Time":-0.1}}]}"#)
            == .invalidAHAP(path: "Pattern[0].Event.Time", reason: .negative))
        #expect(Self.invalid(#"{"Pattern":[{"Event":{"EventType":"HapticContinuous","Time":0,"EventDuration":-1}}]}"#)
            == .invalidAHAP(path: "Pattern[0].Event.EventDuration", reason: .negative))
    }

    @Test func nonFiniteValue() {
        #expect(Self.invalid(#"{"Pattern":[{"Event":{"EventType":"HapticTransient","Time":0,"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1e39}]}}]}"#)
            == .invalidAHAP(path: "Pattern[0].Event.EventParameters[0].ParameterValue", reason: .nonFinite))
    }

    @Test func timeOverLimit() {
        #expect(Self.invalid(#"{"Pattern":[{"Event":{"EventType":"HapticTransient","Time":30.000001}}]}"#)
            == .invalidAHAP(path: "Pattern[0].Event.Time", reason: .timeOverLimit(limitMicroseconds: 30_000_000)))
        #expect(Self.invalid(#"{"Pattern":[{"Event":{"EventType":"HapticTransient","Time":1e309}}]}"#)
            == .invalidAHAP(path: "Pattern[0].Event.Time", reason: .timeOverLimit(limitMicroseconds: 30_000_000)))
    }

    @Test func curvePointsMustAscend() {
        let doc = #"{"Pattern":[{"ParameterCurve":{"ParameterID":"HapticIntensityControl","Time":0,"ParameterCurveControlPoints":[{"Time":0,"ParameterValue":0},{"Time":0.3,"ParameterValue":1},{"Time":0.3,"ParameterValue":0}]}}]}"#
        #expect(Self.invalid(doc) == .invalidAHAP(path: "Pattern[0].ParameterCurve.ParameterCurveControlPoints[2].Time", reason: .notAscending))
        let empty = #"{"Pattern":[{"ParameterCurve":{"ParameterID":"HapticIntensityControl","Time":0,"ParameterCurveControlPoints":[]}}]}"#
        #expect(Self.invalid(empty) == .invalidAHAP(path: "Pattern[0].ParameterCurve.ParameterCurveControlPoints", reason: .empty))
    }

    @Test func wrongTypes() {
        #expect(Self.invalid(#"{"Pattern":[{"Event":{"EventType":"HapticTransient","Time":"0"}}]}"#)
            == .invalidAHAP(path: "Pattern[0].Event.Time", reason: .wrongType(expected: "a number", found: "a string")))
        #expect(Self.invalid(#"{"Pattern":[5]}"#) == .invalidAHAP(path: "Pattern[0]", reason: .wrongType(expected: "an object", found: "a number")))
        #expect(Self.invalid(#"{"Pattern":[{"Event":{"EventType":"HapticTransient","Time":0,"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":true}]}}]}"#)
            == .invalidAHAP(path: "Pattern[0].Event.EventParameters[0].ParameterValue", reason: .wrongType(expected: "a number", found: "a boolean")))
    }

    @Test func entryWithBothKinds() {
        #expect(Self.invalid(#"{"Pattern":[{"Event":{},"ParameterCurve":{}}]}"#) == .invalidAHAP(path: "Pattern[0]", reason: .multipleKinds))
    }

    @Test func tooManyEntries() throws {
        let doc = #"{"Pattern":["# + Array(repeating: Self.t, count: 10_001).joined(separator: ",") + "]}"
        #expect(Self.invalid(doc) == .invalidAHAP(path: "Pattern", reason: .tooMany(limit: 10_000)))
        let ok = #"{"Pattern":["# + Array(repeating: Self.t, count: 10_000).joined(separator: ",") + "]}"
        #expect(try Self.parse(ok).pattern.events.count == 10_000)
    }

    @Test func tooManyBytes() {
        #expect(throws: AHAPImportError.tooManyBytes(limit: AHAPImport.maxBytes)) {
            try AHAPImport.parse([UInt8](repeating: 32, count: AHAPImport.maxBytes + 1))
        }
    }

    @Test func outOfRangeValuesAreClampedWithWarnings() throws {
        let doc = #"{"Pattern":[{"Event":{"EventType":"HapticTransient","Time":0,"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1.5},{"ParameterID":"HapticSharpness","ParameterValue":-0.2}]}},{"ParameterCurve":{"ParameterID":"HapticSharpnessControl","Time":0,"ParameterCurveControlPoints":[{"Time":0,"ParameterValue":-3}]}}]}"#
        let r = try Self.parse(doc)
        #expect(r.pattern.events == [HapticEvent(.transient, timeMicroseconds: 0, intensity: 1, sharpness: 0)])
        #expect(r.pattern.curves[0].points == [HapticCurvePoint(timeMicroseconds: 0, value: -1)])
        #expect(r.warnings == [
            .clamped(path: "Pattern[0].Event.EventParameters[0].ParameterValue", from: "1.5", to: 1),
            .clamped(path: "Pattern[0].Event.EventParameters[1].ParameterValue", from: "-0.2", to: 0),
            .clamped(path: "Pattern[1].ParameterCurve.ParameterCurveControlPoints[0].ParameterValue", from: "-3", to: -1),
        ])
    }

    @Test func unknownKeysAndEntriesAreIgnoredWithWarnings() throws {
        let doc = #"{"Metadata":{"Project":"x"},"Pattern":[{"Event":{"EventType":"HapticTransient","Time":0,"EventDuration":1,"Foo":2,"EventParameters":[{"ParameterID":"AudioVolume","ParameterValue":0.5}]}},{"Parameter":{"ParameterID":"HapticIntensityControl","Time":0,"ParameterValue":0.5}},{"ParameterCurve":{"ParameterID":"AudioVolumeControl","Time":0,"ParameterCurveControlPoints":[]}}],"Version":1.0,"Zzz":true}"#
        let r = try Self.parse(doc)
        #expect(r.pattern == HapticPattern(events: [HapticEvent(.transient, timeMicroseconds: 0, intensity: 1, sharpness: 0.5)]))
        #expect(r.warnings == [
            .ignoredKey(path: "Zzz"),
            .ignoredKey(path: "Pattern[0].Event.Foo"),
            .ignoredKey(path: "Pattern[0].Event.EventDuration"),
            .ignoredEntry(path: "Pattern[0].Event.EventParameters[0]"),
            .ignoredEntry(path: "Pattern[1]"),
            .ignoredEntry(path: "Pattern[2].ParameterCurve"),
        ])
    }

    @Test func missingParametersTakeDefaults() throws {
        let r = try Self.parse(#"{"Pattern":[{"Event":{"EventType":"HapticContinuous","Time":0.25,"EventDuration":0.5}}]}"#)
        #expect(r.pattern.events == [HapticEvent(.continuous(durationMicroseconds: 500_000), timeMicroseconds: 250_000, intensity: 1.0, sharpness: 0.5)])
    }

    @Test func timesAreReadExactlyFromTheNumberText() throws {
        let r = try Self.parse(#"{"Pattern":[{"Event":{"EventType":"HapticTransient","Time":1.2}},{"Event":{"EventType":"HapticTransient","Time":0.1234565}},{"Event":{"EventType":"HapticTransient","Time":15e-2}}]}"#)
        #expect(r.pattern.events.map(\.timeMicroseconds) == [1_200_000, 123_456, 150_000])
    }

    @Test func appleSampleStyleFileImports() throws {
        let doc = """
        {
          "Version": 1.0,
          "Pattern": [
            { "Event": { "Time": 0.0, "EventType": "HapticTransient",
                "EventParameters": [ { "ParameterID": "HapticIntensity", "ParameterValue": 0.8 } ] } }
          ]
        }
        """
        #expect(try Self.parse(doc).pattern.events == [HapticEvent(.transient, timeMicroseconds: 0, intensity: 0.8, sharpness: 0.5)])
    }
}
