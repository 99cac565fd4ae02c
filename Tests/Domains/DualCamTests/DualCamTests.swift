import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import DualCam

@Suite struct DualCamTests {
    @Test func contractIsClean() {
        #expect(DualCam.entry.problems.isEmpty)
    }
}
