import Testing
import LockstepCore
import LockstepRunner
@testable import Parking

@Suite struct ParkingContractTests {
    @Test func declarationsMeetTheContract() {
        #expect(Parking.entry.problems.isEmpty, "\(Parking.entry.problems)")
    }
}
