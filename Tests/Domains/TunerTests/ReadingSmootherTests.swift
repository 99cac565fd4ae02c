import LockstepCore
import Testing
@testable import Tuner

@Suite struct ReadingSmootherTests {
    func run(_ inputs: [Double?], variant: ReadingSmoother.Variant = .faithful) -> [Double?] {
        var s = ReadingSmoother(variant: variant)
        return inputs.map { s.push($0).map { rounded($0, 7) } }
    }

    @Test func steadyNoteThenJumpReset() {
        #expect(run([100, 102, 101, 103, 99, 150]) == [100, 100.7, 100.805, 101.22325, 101.1451125, 150])
    }

    @Test func octaveSlipIsShownBecauseJumpResetFiresFirst() {
        #expect(run([440, 444, 436, 880, 441, nil, 441]) == [440, 441.4, 440.91, 880, 441, nil, 441])
    }

    @Test func historyIsCappedAndUpperMedianUsed() {
        var s = ReadingSmoother()
        for f in [100.0, 101, 102, 103, 104, 105, 106] { _ = s.push(f) }
        #expect(s.recent == [102, 103, 104, 105, 106])
        var t = ReadingSmoother()
        _ = t.push(100)
        #expect(t.push(104).map { rounded($0, 7) } == 101.4)    // median of [100, 104] = 104 (upper)
    }

    @Test func noResetFaultGlidesAcrossJumps() {
        #expect(run([100, 150], variant: .noReset) == [100, 117.5])
        #expect(run([100, nil, 150], variant: .noReset) == [100, nil, 117.5])
    }

    @Test func invalidValuesActLikeSilence() {
        #expect(run([100, .nan, 150]) == [100, nil, 150])
        #expect(run([100, -5, .infinity, 0, 102]) == [100, nil, nil, nil, 102])
    }
}
