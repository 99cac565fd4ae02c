import Testing
import LockstepCore
import LockstepRunner
@testable import PillTracker

@Suite struct PillTrackerKnownValueTests {
    @Test func declarationsMeetTheContract() {
        #expect(PillTracker.entry.problems.isEmpty, "\(PillTracker.entry.problems)")
    }
}
