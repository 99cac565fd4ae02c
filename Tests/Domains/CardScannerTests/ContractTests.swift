import Testing
import LockstepCore
import LockstepRunner
@testable import CardScanner

@Suite struct ContractTests {
    @Test func declarationsMeetTheContract() {
        #expect(CardScanner.entry.problems.isEmpty, "\(CardScanner.entry.problems)")
    }
}
