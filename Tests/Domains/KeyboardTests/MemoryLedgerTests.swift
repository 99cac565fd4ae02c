import Testing
@testable import Keyboard

private let mb = MemoryLedger.bytesPerMB

@Test func megabyteFormula() {
    #expect(MemoryLedger.megabytesText(62_914_560) == "60.0")
    #expect(MemoryLedger.megabytesText(0) == "0.0")
    #expect(MemoryLedger.megabytesText(MemoryLedger.viewBytes) == "3.0")
    #expect(MemoryLedger.megabytesText(mb + 52_429) == "1.1")  // just above 1.05: half up
    #expect(MemoryLedger.megabytesText(mb + 52_428) == "1.0")
}

@Test func baselinesMappedVsDirty() {
    var mapped = MemoryLedger(wordListStorage: .mapped)
    mapped.viewDidLoad(); mapped.keystroke()
    #expect(mapped.snapshot("viewDidLoad").footprintMBText == "27.0")
    #expect(mapped.indexChargedBytes == 0)
    var dirty = MemoryLedger(wordListStorage: .dirtyParsed)
    dirty.viewDidLoad()
    #expect(MemoryLedger.megabytesText(dirty.footprintBytes) == "27.0")  // parse waits for first keystroke
    dirty.keystroke()
    #expect(MemoryLedger.megabytesText(dirty.footprintBytes) == "52.0")
}

@Test func indexBudgetGuard() {
    var dirty = MemoryLedger(wordListStorage: .dirtyParsed)
    dirty.keystroke()
    let budgetBytes = 5 * mb
    #expect(dirty.indexChargedBytes > budgetBytes)  // the guard would fail the build
    #expect(MemoryLedger(wordListStorage: .mapped).indexChargedBytes <= budgetBytes)
}

@Test func leakyHostCyclesKilledAtComputedCycle() {
    // Smallest k with runtime + view·(1+k) > ceiling.
    let fixed = MemoryLedger.runtimeBytes + MemoryLedger.viewBytes
    let expected = (MemoryLedger.defaultCeilingBytes - fixed) / MemoryLedger.viewBytes + 1
    #expect(expected == 11)
    var l = MemoryLedger(wordListStorage: .mapped, faults: .retainViews)
    l.viewDidLoad()
    var killedAt: Int?
    for cycle in 1...12 where killedAt == nil {
        if l.hostAppChange() { killedAt = cycle }
        l.mainQueueTurn()
    }
    #expect(killedAt == expected)
    #expect(l.killed)
}

@Test func deferredTeardownKeepsFootprintFlat() {
    var l = MemoryLedger(wordListStorage: .mapped)
    l.viewDidLoad()
    let start = l.footprintBytes
    for _ in 1...12 {
        l.hostAppChange()
        #expect(l.footprintBytes == start + MemoryLedger.viewBytes)  // until the deferred turn
        l.mainQueueTurn()
        #expect(l.footprintBytes == start)
    }
    #expect(!l.killed)
    #expect(l.retainedViews == 0)
}

@Test func dirtyWordListWithLeakDiesSooner() {
    var l = MemoryLedger(wordListStorage: .dirtyParsed, faults: .retainViews)
    l.viewDidLoad(); l.keystroke()
    var cycles = 0
    while !l.killed && cycles < 20 { cycles += 1; l.hostAppChange() }
    #expect(cycles == 3)  // 52 + 3·3 = 61 MB > 60
}

@Test func teardownInViewWillDisappearRebuildsEveryReshow() {
    var l = MemoryLedger(wordListStorage: .mapped, faults: .teardownInViewWillDisappear)
    l.viewDidLoad(); l.viewWillAppear()
    for _ in 1...5 { l.viewWillDisappear(); l.viewWillAppear() }
    #expect(l.rebuildCount == 5)
    #expect(l.heapHighWaterBytes >= MemoryLedger.viewBytes)
    #expect(l.liveAllocBytes == 5 * MemoryLedger.rebuildUnpurgeableCacheBytes)
    var good = MemoryLedger(wordListStorage: .mapped)
    good.viewDidLoad()
    for _ in 1...5 { good.viewWillDisappear(); good.viewWillAppear() }
    #expect(good.rebuildCount == 0)
    #expect(l.footprintBytes > good.footprintBytes)
}

@Test func highWaterStaysAfterMemoryWarning() throws {
    var l = MemoryLedger(wordListStorage: .mapped)
    try l.allocate(bytes: 4 * mb, purgeableCache: true)
    try l.transientAllocation(bytes: 20 * mb)
    let before = l.footprintBytes
    l.memoryWarning()
    #expect(l.liveAllocBytes == 0)
    #expect(l.footprintBytes == before)
    #expect(l.heapHighWaterBytes == 24 * mb)
}

@Test func warmupsSerialVsGlobal() throws {
    let switches = ["ja", "ko", "ja", "zh", "ko"]
    var serial = MemoryLedger(wordListStorage: .mapped)
    var global = MemoryLedger(wordListStorage: .mapped, faults: .globalQueueWarmups)
    for id in switches { try serial.languageSwitch(id); try global.languageSwitch(id) }
    #expect(serial.warmedLanguages == ["ja", "ko", "zh"])
    #expect(serial.threadStacks == 1)
    #expect(global.threadStacks == 5)
    // Budget guard: five switches must not accumulate.
    #expect(global.footprintBytes - serial.footprintBytes == 4 * MemoryLedger.warmupThreadStackBytes)
}

@Test func pressureLowersCeilingAndKills() {
    var l = MemoryLedger(wordListStorage: .mapped)
    l.viewDidLoad()
    #expect(!l.killed)
    l.systemMemoryPressure(ceilingBytes: 20 * mb)
    #expect(l.ceilingBytes == 20 * mb)
    #expect(l.killed)
    l.viewDidLoad()  // ignored after the kill
    #expect(l.killed)
}

@Test func footprintExactlyAtCeilingSurvives() throws {
    var l = MemoryLedger(wordListStorage: .mapped, ceilingBytes: MemoryLedger.runtimeBytes + MemoryLedger.viewBytes)
    l.viewDidLoad()
    #expect(!l.killed)  // strict >
    try l.allocate(bytes: 1)
    #expect(l.killed)
}

@Test func emptyBaselineControllerChargesNothing() {
    var l = MemoryLedger(wordListStorage: .mapped, faults: .retainViews)
    for _ in 1...10 { l.hostAppChange(newControllerLoadsView: false) }
    #expect(l.footprintBytes == MemoryLedger.runtimeBytes)
    #expect(l.retainedViews == 0)
}

@Test func badAllocationsRefused() {
    var l = MemoryLedger(wordListStorage: .mapped)
    #expect(throws: MemoryLedgerError.invalidBytes(limit: MemoryLedger.maxAllocationBytes)) {
        try l.allocate(bytes: -1)
    }
    #expect(throws: MemoryLedgerError.freeExceedsLive) { try l.free(bytes: 1) }
}

@Test func taskInfoFailureReportsZero() {
    var l = MemoryLedger(wordListStorage: .mapped)
    l.viewDidLoad()
    #expect(l.reportedFootprintBytes(taskInfoSucceeds: false) == 0)
    #expect(l.reportedFootprintBytes(taskInfoSucceeds: true) == l.footprintBytes)
}
