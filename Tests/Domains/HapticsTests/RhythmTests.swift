import Testing
import LockstepCore
import Platform
@testable import Haptics

@Suite struct RhythmTests {
    @Test func knownOffsetsKeepFourSecondsInclusive() throws {
        let taps: [Int64] = [10_000_000, 10_500_000, 11_200_000, 14_000_000, 14_100_000]
        #expect(try RhythmRecorder.rawOffsets(fromTapTimes: taps) == [0, 500_000, 1_200_000, 4_000_000])
        let p = try RhythmRecorder.pattern(fromTapTimes: taps)
        #expect(p.events == [0, 500_000, 1_200_000, 4_000_000].map { HapticEvent(.transient, timeMicroseconds: $0, intensity: 0.9, sharpness: 0.5) })
        #expect(p.curves.isEmpty)
    }

    @Test func wallClockHazardGivesANegativeOffsetThatPassesTheFilter() throws {
        let wall: [Int64] = [100_250_000, 100_400_000, 99_000_000, 105_000_000]
        #expect(try RhythmRecorder.rawOffsets(fromTapTimes: wall) == [0, 150_000, -1_250_000])
        #expect(try RhythmRecorder.rawPattern(fromTapTimes: wall).events.map(\.timeMicroseconds) == [0, 150_000, -1_250_000])
    }

    @Test func domainRejectsNonMonotonicTaps() {
        let wall: [Int64] = [100_250_000, 100_400_000, 99_000_000, 105_000_000]
        #expect(throws: RhythmRecorder.Failure.nonMonotonicTaps(index: 2)) { try RhythmRecorder.pattern(fromTapTimes: wall) }
    }

    @Test func equalTapsAreAllowedAndEmptyIsEmpty() throws {
        #expect(try RhythmRecorder.pattern(fromTapTimes: [5, 5]).events.count == 2)
        #expect(try RhythmRecorder.pattern(fromTapTimes: []) == HapticPattern(events: []))
    }

    @Test func tooManyTapsAndOverflowNeverTrap() throws {
        let many = [Int64](repeating: 0, count: RhythmRecorder.maxTaps + 1)
        #expect(throws: RhythmRecorder.Failure.tooManyTaps(limit: 1_000)) { try RhythmRecorder.pattern(fromTapTimes: many) }
        #expect(throws: RhythmRecorder.Failure.tooManyTaps(limit: 1_000)) { try RhythmRecorder.rawPattern(fromTapTimes: many) }
        #expect(try RhythmRecorder.rawOffsets(fromTapTimes: [Int64.max, Int64.min]) == [0, Int64.min])
        #expect(try RhythmRecorder.rawOffsets(fromTapTimes: [Int64.min, Int64.max]) == [0])
    }
}
