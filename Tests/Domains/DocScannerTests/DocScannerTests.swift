import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import DocScanner

@Suite struct DocScannerContractTests {
    @Test func declarationsMeetTheContract() {
        #expect(DocScanner.entry.problems.isEmpty, "\(DocScanner.entry.problems)")
    }
}
