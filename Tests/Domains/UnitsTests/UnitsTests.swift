import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Units

@Suite struct UnitsTests {
    func lastConversion(_ sim: Simulation<Units>) -> Record? { sim.outputs.last { $0.name == "conversion" } }

    @Test func declarationsMeetTheContract() {
        #expect(Units.entry.problems.isEmpty, "\(Units.entry.problems)")
    }

    /// python3: 42.195 * 1000 / 1609.344 = 26.218757456454306; display to 6 significant digits.
    @Test func marathonInMiles() throws {
        var sim = try Simulation<Units>()
        sim.send(.text("42.195"), at: .seconds(1))
        #expect(lastConversion(sim) == Record("conversion").word("category", "length").word("from", "km").word("to", "mi")
            .word("value", "26.218757456454306").string("display", "26.2188 mi"))
    }
}
