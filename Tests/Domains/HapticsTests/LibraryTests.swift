import Testing
import LockstepCore
import Platform
@testable import Haptics

@Suite struct LibraryTests {
    @Test func heartbeatEventsExact() {
        #expect(BuiltInPattern.heartbeat.pattern == HapticPattern(events: [
            HapticEvent(.transient, timeMicroseconds: 0, intensity: 1.0, sharpness: 0.3),
            HapticEvent(.transient, timeMicroseconds: 150_000, intensity: 0.6, sharpness: 0.2),
            HapticEvent(.transient, timeMicroseconds: 800_000, intensity: 1.0, sharpness: 0.3),
            HapticEvent(.transient, timeMicroseconds: 950_000, intensity: 0.6, sharpness: 0.2),
        ]))
    }

    @Test func heartbeatPairsAreEightHundredMillisecondsApart() {
        let e = BuiltInPattern.heartbeat.pattern.events
        #expect(e[2].timeMicroseconds - e[0].timeMicroseconds == 800_000)
        #expect(e[3].timeMicroseconds - e[1].timeMicroseconds == 800_000)
    }

    @Test func explosionStructureExact() {
        let p = BuiltInPattern.explosion.pattern
        #expect(p.events == [
            HapticEvent(.transient, timeMicroseconds: 0, intensity: 1, sharpness: 1),
            HapticEvent(.continuous(durationMicroseconds: 800_000), timeMicroseconds: 50_000, intensity: 1.0, sharpness: 0.1),
        ])
        #expect(p.curves == [HapticParameterCurve(.intensityControl, relativeTimeMicroseconds: 50_000, points: [
            HapticCurvePoint(timeMicroseconds: 0, value: 0.2),
            HapticCurvePoint(timeMicroseconds: 150_000, value: 1.0),
            HapticCurvePoint(timeMicroseconds: 850_000, value: 0.0),
        ])])
    }

    @Test func durationsAndLoopEnds() {
        #expect(BuiltInPattern.heartbeat.pattern.durationMicroseconds == 950_000)
        #expect(BuiltInPattern.explosion.pattern.durationMicroseconds == 900_000)
        #expect(BuiltInPattern.heartbeat.pattern.durationMicroseconds + Timeline.loopGapMicroseconds == 1_150_000)
        #expect(BuiltInPattern.explosion.pattern.durationMicroseconds + Timeline.loopGapMicroseconds == 1_100_000)
    }

    @Test func tapIsATransientAtItsTime() {
        #expect(tap(at: 250_000, intensity: 0.4, sharpness: 0.7) == HapticEvent(.transient, timeMicroseconds: 250_000, intensity: 0.4, sharpness: 0.7))
    }

    @Test func idsAreUniqueStableAndResolve() {
        let ids = LibraryItem.all.map(\.id)
        #expect(ids.count == 17)
        for (i, id) in ids.enumerated() { #expect(!ids[..<i].contains(id)) }
        #expect(LibraryItem.withID("heartbeat") == .custom(.heartbeat))
        #expect(LibraryItem.withID("tick-tock") == .custom(.tickTock))
        #expect(LibraryItem.withID("impact.medium") == .system(.impactMedium))
        #expect(LibraryItem.withID("notification.success") == .system(.success))
        #expect(LibraryItem.withID("nope") == nil)
    }

    @Test func systemAndCustomAreSeparate() {
        #expect(LibraryItem.all.prefix(9).allSatisfy { if case .system = $0 { true } else { false } })
        #expect(SystemFeedback.allCases.map(\.generator) == [.impact, .impact, .impact, .impact, .impact, .selection, .notification, .notification, .notification])
    }

    @Test func everyItemHasNameAndMeaning() {
        for item in LibraryItem.all {
            #expect(!item.displayName.isEmpty)
            #expect(!item.meaning.isEmpty)
        }
    }

    @Test(arguments: BuiltInPattern.allCases)
    func builtInsAreWithinBoundsAndLintClean(_ p: BuiltInPattern) {
        #expect(PatternBounds.check(p.pattern) == nil)
        #expect(PatternLint.lint(p) == [])
    }
}
