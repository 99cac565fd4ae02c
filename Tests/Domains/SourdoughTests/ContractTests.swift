import Testing
import LockstepCore
import LockstepRunner
@testable import Sourdough

@Suite struct ContractTests {
    @Test func declarationsMeetTheContract() {
        #expect(Sourdough.entry.problems.isEmpty, "\(Sourdough.entry.problems)")
    }
}
