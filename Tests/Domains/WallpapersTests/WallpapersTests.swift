import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Wallpapers

@Suite struct WallpapersContractTests {
    @Test func declarationsMeetTheContract() {
        #expect(Wallpapers.entry.problems.isEmpty, "\(Wallpapers.entry.problems)")
    }
}
