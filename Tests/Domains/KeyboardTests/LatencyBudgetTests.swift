import Testing
@testable import Keyboard

@Test func articleLatencyNumbersReproduced() {
    #expect(LatencyCostModel.costNanoseconds(.worstCaseMisspelling, path: .copyBytes) == 15_810_000)
    #expect(LatencyCostModel.costNanoseconds(.worstCaseMisspelling, path: .loadUnaligned) == 11_500_000)
    #expect(LatencyCostModel.costNanoseconds(.shortPrefix, path: .copyBytes) == 310_000)
    #expect(LatencyCostModel.costNanoseconds(.shortPrefix, path: .loadUnaligned) == 120_000)
}

@Test func frameBudget() {
    #expect(LatencyBudget.frameBudgetNanoseconds == 16_667_000)
}

@Test func nearestRankP95() {
    #expect(LatencyBudget.p95([]) == nil)
    #expect(LatencyBudget.p95([7]) == 7)
    #expect(LatencyBudget.p95((1...100).map { Int64($0) }) == 95)
    #expect(LatencyBudget.p95((1...20).map { Int64($0) }.reversed()) == 19)
    #expect(LatencyBudget.p95((1...101).map { Int64($0) }) == 96)  // ceil(95.95) = 96
}

@Test func p95PassFailAtBoundary() {
    var b = LatencyBudget()
    for _ in 0..<100 { b.record(16_667_000) }
    #expect(b.passes)
    b = LatencyBudget()
    for _ in 0..<94 { b.record(100_000) }
    for _ in 0..<6 { b.record(16_667_001) }
    #expect(!b.passes)
}

@Test func p95HidesNothingATotalWould() {
    var b = LatencyBudget()
    for _ in 0..<96 { b.record(120_000) }
    for _ in 0..<4 { b.record(40_000_000) }  // rare spikes above p95
    #expect(b.passes)
    #expect(b.p95Nanoseconds == 120_000)
}

@Test func shapeFromRealQuery() throws {
    let idx = try WordIndex(bytes: try WordIndexBuilder.build([("the", 3), ("then", 2), ("this", 1)]))
    let r = idx.prefixRange("th")
    let shape = try #require(QueryShape(range: r))
    #expect(shape.entriesRead == 3)
    #expect(LatencyCostModel.costNanoseconds(shape, path: .copyBytes)
            > LatencyCostModel.costNanoseconds(shape, path: .loadUnaligned))
}

@Test func shapeRejectsBadCounts() {
    #expect(QueryShape(probes: -1, entriesRead: 0, correctionSteps: 0) == nil)
    #expect(QueryShape(probes: 0, entriesRead: QueryShape.maxOperations + 1, correctionSteps: 0) == nil)
}
