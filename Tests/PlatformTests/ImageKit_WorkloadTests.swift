import LockstepCore
import Platform
import Testing

/// `lockstep bench --images` times these; here, at the quick sizes, they must run, give the same
/// output twice, and carry names the bench's 38-character name column holds with " (rate)" added.
@Suite struct ImageKitWorkloadTests {
    @Test func quickWorkloadsAreDeterministicAndNamedToFit() throws {
        let workloads = ImageKitWorkload.standard(quick: true)
        #expect(workloads.count == 7)
        for workload in workloads {
            #expect(workload.name.count <= 30, "\(workload.name)")
            #expect(workload.targetSeconds == nil, "quick sizes have no ceiling: \(workload.name)")
            let body = try workload.prepare()
            let first = try body()
            #expect(try body() == first, "\(workload.name)")
        }
    }

    @Test func standardSizesCarryTheIssuesCeilings() {
        let workloads = ImageKitWorkload.standard(quick: false)
        // 2048 × 2048 = 4,194,304 px; 3000 × 4000 = 12,000,000 px.
        let ceilings = workloads.filter { $0.targetSeconds == 1 }.map { "\($0.name) \($0.megapixels)" }
        #expect(ceilings == ["blur 2048² r20 clamped 4.194304", "warp 3000×4000 full size 12.0"])
        #expect(workloads.map(\.name).allSatisfy { $0.count <= 30 })
    }
}
