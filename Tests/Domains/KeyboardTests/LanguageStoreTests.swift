import Testing
@testable import Keyboard

private let enabled = ["en", "ja", "ko"]
private func store(_ s: LanguageRecord, _ l: LanguageRecord, writable: Bool = true,
                   variant: LanguageStoreVariant = .correctMerge) throws -> LanguageStore {
    try LanguageStore(enabledLanguageIDs: enabled, sharedWritable: writable, variant: variant, shared: s, local: l)
}
private let sec: Int64 = 1_000_000_000

@Test func tieGoesToShared() throws {
    let s = try store(.init(id: "ja", stampNanoseconds: 100 * sec), .init(id: "ko", stampNanoseconds: 100 * sec))
    #expect(s.resolve() == LanguageResolution(id: "ja", source: .shared, futureStampSeen: false))
}

@Test func newerLocalWins() throws {
    let s = try store(.init(id: "ja", stampNanoseconds: 100 * sec), .init(id: "ko", stampNanoseconds: 150 * sec))
    #expect(s.activeLanguageID == "ko")
}

@Test func disabledNewestIsSkipped() throws {
    let s = try store(.init(id: "fr", stampNanoseconds: 200 * sec), .init(id: "ko", stampNanoseconds: 150 * sec))
    #expect(s.resolve().id == "ko")
    #expect(s.resolve().source == .local)
}

@Test func bothMissingFallsBackToFirstEnabled() throws {
    let s = try store(.missing, .missing)
    #expect(s.resolve() == LanguageResolution(id: "en", source: .fallback, futureStampSeen: false))
}

@Test func missingStampSortsBelowAnyStamp() throws {
    let s = try store(.init(id: "ja", stampNanoseconds: nil), .init(id: "ko", stampNanoseconds: Int64.min))
    #expect(s.activeLanguageID == "ko")
}

@Test func emptyEnabledListRefused() {
    #expect(throws: LanguageStoreError.emptyEnabledList) {
        _ = try LanguageStore(enabledLanguageIDs: [], sharedWritable: true)
    }
}

@Test func tooManyLanguagesRefused() {
    let ids = (0...LanguageStore.maxEnabledLanguages).map { "l\($0)" }
    #expect(throws: LanguageStoreError.tooManyLanguages(limit: LanguageStore.maxEnabledLanguages)) {
        _ = try LanguageStore(enabledLanguageIDs: ids, sharedWritable: true)
    }
}

@Test func setterWritesBothStoresWithStamp() throws {
    var s = try store(.missing, .missing)
    let r = s.set("ja", nowNanoseconds: 1_700_000_000 * sec)
    #expect(r.sharedDropped == false)
    #expect(s.shared == LanguageRecord(id: "ja", stampNanoseconds: 1_700_000_000_000_000_000))
    #expect(s.local == s.shared)
}

@Test func sharedWriteDroppedWithoutFullAccess() throws {
    var s = try store(.missing, .missing, writable: false)
    let r = s.set("ja", nowNanoseconds: 1_700_000_000 * sec)
    #expect(r.sharedDropped)
    #expect(s.shared == .missing)
    #expect(s.local.id == "ja")
    #expect(s.activeLanguageID == "ja")
}

@Test func revertsToEnglishBugAndFixedMerge() throws {
    var buggy = try store(.missing, .missing, writable: false, variant: .sharedOnly)
    buggy.set("ja", nowNanoseconds: 10 * sec)
    #expect(buggy.activeLanguageID == "en")
    var fixed = try store(.missing, .missing, writable: false)
    fixed.set("ja", nowNanoseconds: 10 * sec)
    #expect(fixed.activeLanguageID == "ja")
    // Container app sets ko later: it owns the App Group, so the newer shared stamp wins.
    let r = fixed.set("ko", nowNanoseconds: 20 * sec, writer: .containerApp)
    #expect(r.sharedDropped == false)
    #expect(fixed.resolve() == LanguageResolution(id: "ko", source: .shared, futureStampSeen: false))
    #expect(fixed.local.id == "ja")  // stale local mirror loses on stamp
}

@Test func futureStampAcceptedButFlagged() throws {
    let s = try store(.init(id: "ja", stampNanoseconds: 500 * sec), .init(id: "ko", stampNanoseconds: 1 * sec))
    let r = s.resolve(nowNanoseconds: 100 * sec)
    #expect(r.id == "ja")
    #expect(r.futureStampSeen)
}
