import LockstepCore
import LockstepRunner
import Platform
import Testing

private func newWorld() -> World<Bare> { World<Bare>(start: .defaultStart) }
private func records(_ w: World<Bare>) -> [String] { w.outputs.map(\.description) }

@Suite struct KeyValueStoreTests {
    @Test func writeThenReadRoundTripsAndRecords() {
        var w = newWorld()
        var s = KeyValueStore()
        #expect(s.write("b", "héllo", &w) == .written)
        #expect(s.write("a", Int64(-42), &w) == .written)
        #expect(s.read("b", as: String.self, &w) == .ok("héllo"))
        #expect(s.read("a", as: Int64.self, &w) == .ok(-42))
        #expect(s.read("zzz", &w) == .missing)
        #expect(s.keys == ["a", "b"])
        // "héllo" is 6 UTF-8 bytes (é is two); "-42" is 3.
        #expect(s.usedBytes == 9)
        #expect(records(w) == [
            "store.write store=standard key=\"b\" by=app bytes=6 digest=#\(Hex.lower(FNV1a64.hash(Array("héllo".utf8))))",
            "store.write store=standard key=\"a\" by=app bytes=3 digest=#\(Hex.lower(FNV1a64.hash(Array("-42".utf8))))",
        ])
    }

    @Test func emptyValueIsNotMissing() {
        var w = newWorld()
        var s = KeyValueStore()
        s.write("k", [UInt8](), &w)
        #expect(s.read("k", &w) == .ok([]))
        #expect(s.read("k", as: String.self, &w) == .ok(""))
    }

    @Test func droppedWritesLeaveNoTraceInTheStoreButEmitARecord() {
        var w = newWorld()
        var s = KeyValueStore(.appGroup("group.app.kibo"))
        s.write("lang", "en", by: "app", &w)
        s.dropWrites(from: "keyboard", .noFullAccess, &w)
        let before = s
        let result = s.write("lang", "ja", by: "keyboard", &w)
        #expect(result == .dropped(.noFullAccess))
        #expect(result.appSeesSuccess, "the app's API reports success for a dropped write")
        #expect(!result.didWrite)
        #expect(s.remove("lang", by: "keyboard", &w) == .dropped(.noFullAccess))
        #expect(s == before, "no trace in the store")
        #expect(s.read("lang", as: String.self, &w) == .ok("en"))
        // Another writer is unaffected.
        #expect(s.write("lang", "ko", by: "app", &w) == .written)
        let out = records(w)
        #expect(out.contains("store.dropped store=group.app.kibo key=\"lang\" op=write by=keyboard reason=noFullAccess bytes=2"))
        #expect(out.contains("store.dropped store=group.app.kibo key=\"lang\" op=remove by=keyboard reason=noFullAccess bytes=0"))
        #expect(out.contains("store.fault store=group.app.kibo fault=dropWrites by=keyboard reason=noFullAccess"))
        s.dropWrites(from: "keyboard", nil, &w)
        #expect(s.write("lang", "ja", by: "keyboard", &w) == .written)
    }

    @Test func corruptReadIsReportedNeverEmpty() {
        var w = newWorld()
        var s = KeyValueStore()
        s.write("meds", "[1,2,3]", &w)
        s.corrupt("meds", reason: "truncated", bytes: Array("[1,2".utf8), &w)
        #expect(s.read("meds", &w) == .corrupt(reason: "truncated"))
        #expect(s.read("meds", as: String.self, &w) == .corrupt(reason: "truncated"))
        #expect(s.peek("meds")?.bytes == Array("[1,2".utf8), "damaged bytes stay for inspection")
        #expect(records(w).filter { $0.hasPrefix("store.corrupt") }.count == 2)
        // Overwriting repairs.
        s.write("meds", "[]", &w)
        #expect(s.read("meds", as: String.self, &w) == .ok("[]"))
    }

    @Test func typedDecodeFailuresAreCorrupt() {
        var w = newWorld()
        var s = KeyValueStore()
        s.write("n", "12x", &w)
        s.write("z", "-0", &w)
        s.write("b", "yes", &w)
        s.write("u", [UInt8]([0xFF, 0xFE]), &w)
        #expect(s.read("n", as: Int64.self, &w).word == "corrupt")
        #expect(s.read("z", as: Int64.self, &w).word == "corrupt", "only the canonical spelling decodes")
        #expect(s.read("b", as: Bool.self, &w).word == "corrupt")
        #expect(s.read("u", as: String.self, &w) == .corrupt(reason: "not valid UTF-8"))
        #expect(s.read("u", &w) == .ok([0xFF, 0xFE]), "raw bytes are still readable")
        #expect(records(w).contains("store.corrupt store=standard key=\"u\" reason=\"not valid UTF-8\""))
    }

    @Test func diskFullIsAtomic() {
        var w = newWorld()
        var s = KeyValueStore()
        s.write("a", [UInt8](repeating: 1, count: 6), &w)
        s.setCapacity(bytes: 10, &w)
        #expect(s.write("b", [UInt8](repeating: 2, count: 5), &w) == .diskFull(neededBytes: 5, freeBytes: 4))
        #expect(s.read("b", &w) == .missing)
        #expect(s.usedBytes == 6)
        // Replacing a value only needs the difference: 6 -> 10 bytes fits exactly.
        #expect(s.write("a", [UInt8](repeating: 3, count: 10), &w) == .written)
        #expect(s.write("a", [UInt8](repeating: 4, count: 11), &w) == .diskFull(neededBytes: 11, freeBytes: 0))
        #expect(s.read("a", &w) == .ok([UInt8](repeating: 3, count: 10)), "old value intact")
        #expect(!StoreWrite.diskFull(neededBytes: 1, freeBytes: 0).appSeesSuccess)
        #expect(records(w).contains("store.full store=standard key=\"b\" bytes=5 freeBytes=4"))
    }

    @Test func suiteProtectionFollowsTheLock() {
        var w = newWorld()
        var s = KeyValueStore()  // class C, the iOS default
        s.write("k", "v", &w)
        s.setLock(.beforeFirstUnlock, &w)
        #expect(s.read("k", &w) == .denied(.beforeFirstUnlock))
        #expect(s.write("k", "w", &w) == .denied(.beforeFirstUnlock))
        s.setLock(.locked, &w)
        #expect(s.read("k", as: String.self, &w) == .ok("v"), "class C is readable once unlocked since boot")
        #expect(records(w).contains("store.lock store=standard from=unlocked to=beforeFirstUnlock"))
    }

    @Test func emptyKeyIsDeniedWithRecord() {
        var w = newWorld()
        var s = KeyValueStore()
        #expect(s.write("", "v", &w) == .denied(.invalidPath))
        #expect(s.read("", &w) == .denied(.invalidPath))
        #expect(s.keys.isEmpty)
        #expect(records(w).count == 2)
    }

    @Test func canonicalStateIsSortedAndDeterministic() {
        var w = newWorld()
        var a = KeyValueStore()
        var b = KeyValueStore()
        a.write("x", "1", &w); a.write("a", "2", &w)
        b.write("a", "2", &w); b.write("x", "1", &w)
        var wa = CanonicalWriter(); a.write(to: &wa)
        var wb = CanonicalWriter(); b.write(to: &wb)
        #expect(wa.text == wb.text)
        let digest1 = Hex.lower(FNV1a64.hash(Array("1".utf8)))
        let digest2 = Hex.lower(FNV1a64.hash(Array("2".utf8)))
        #expect(wa.text == """
            store standard {
              kind=keyValue
              lock=unlocked
              capacityBytes=unlimited
              usedBytes=2
              dropWrites=none
              open=none
              protection=completeUntilFirstUserAuthentication
              entries count=2 {
                entry key="a" bytes=1 digest=#\(digest2) protection=completeUntilFirstUserAuthentication value=0x32
                entry key="x" bytes=1 digest=#\(digest1) protection=completeUntilFirstUserAuthentication value=0x31
              }
            }

            """)
    }
}

@Suite struct FileProtectionTests {
    /// The access table from Apple's data-protection classes (A complete, B unless open, C until first
    /// authentication, D none).
    @Test func accessTable() {
        typealias P = FileProtection
        for p in P.allCases {
            #expect(p.denial(lock: .unlocked, creating: false, isOpen: false) == nil)
        }
        #expect(P.none.denial(lock: .beforeFirstUnlock, creating: false, isOpen: false) == nil)
        #expect(P.complete.denial(lock: .locked, creating: false, isOpen: false) == .locked)
        #expect(P.complete.denial(lock: .locked, creating: true, isOpen: true) == .locked)
        #expect(P.complete.denial(lock: .beforeFirstUnlock, creating: false, isOpen: false) == .beforeFirstUnlock)
        #expect(P.completeUntilFirstUserAuthentication.denial(lock: .locked, creating: false, isOpen: false) == nil)
        #expect(P.completeUntilFirstUserAuthentication.denial(lock: .beforeFirstUnlock, creating: true, isOpen: false) == .beforeFirstUnlock)
        #expect(P.completeUnlessOpen.denial(lock: .locked, creating: false, isOpen: false) == .locked)
        #expect(P.completeUnlessOpen.denial(lock: .locked, creating: false, isOpen: true) == nil)
        #expect(P.completeUnlessOpen.denial(lock: .locked, creating: true, isOpen: false) == nil)
        #expect(P.completeUnlessOpen.denial(lock: .beforeFirstUnlock, creating: true, isOpen: false) == .beforeFirstUnlock)
    }
}

@Suite struct FileStoreTests {
    /// pillReminders: "Taken" on the Lock Screen with `.completeFileProtection` fails exactly when the
    /// user taps; `untilFirstUserAuthentication` works once the phone was unlocked after boot.
    @Test func lockScreenWriteDependsOnProtectionClass() {
        var w = newWorld()
        var f = FileStore()
        f.write("Application Support/medications.json", "[]", protection: .complete, &w)
        f.setLock(.locked, &w)
        let before = f.peek("Application Support/medications.json")
        #expect(f.write("Application Support/medications.json", "[1]", protection: .complete, &w) == .denied(.locked))
        #expect(f.read("Application Support/medications.json", &w) == .denied(.locked))
        #expect(f.peek("Application Support/medications.json") == before)
        #expect(f.write("Application Support/medications.json", "[1]", protection: .completeUntilFirstUserAuthentication, &w) == .written)
        #expect(f.read("Application Support/medications.json", as: String.self, &w) == .ok("[1]"))
        f.setLock(.beforeFirstUnlock, &w)
        #expect(f.read("Application Support/medications.json", &w) == .denied(.beforeFirstUnlock))
        #expect(records(w).contains(
            "store.denied store=files key=\"Application Support/medications.json\" op=write reason=locked protection=complete"))
        #expect(records(w).contains(
            "store.denied store=files key=\"Application Support/medications.json\" op=read reason=beforeFirstUnlock protection=completeUntilFirstUserAuthentication"))
    }

    @Test func openFileStaysReadableUnderCompleteUnlessOpen() {
        var w = newWorld()
        var f = FileStore()
        f.write("take.mov", "frames", protection: .completeUnlessOpen, &w)
        f.write("other.mov", "x", protection: .completeUnlessOpen, &w)
        f.setOpen("take.mov", true)
        f.setLock(.locked, &w)
        #expect(f.read("take.mov", as: String.self, &w) == .ok("frames"))
        #expect(f.read("other.mov", &w) == .denied(.locked))
        #expect(f.write("new.mov", "y", protection: .completeUnlessOpen, &w) == .written, "class B files can be created while locked")
        f.setOpen("take.mov", false)
        #expect(f.read("take.mov", &w) == .denied(.locked))
    }

    @Test func invalidPathsAreDenied() {
        var w = newWorld()
        var f = FileStore()
        for p in ["", "/etc/passwd", "a/../b", "a//b", "./a", "a/"] {
            #expect(f.write(p, "x", &w) == .denied(.invalidPath), "\(p)")
            #expect(f.read(p, &w) == .denied(.invalidPath))
        }
        #expect(f.paths.isEmpty)
        #expect(FileStore.isValid("Caches/kibo-click.wav"))
    }

    @Test func purgeRemovesOnlyCachesAndTmpInOrder() {
        var w = newWorld()
        var f = FileStore()
        f.write("tmp/b", "1", &w)
        f.write("Caches/a", "1", &w)
        f.write("Documents/keep", "1", &w)
        f.write("CachesNot/keep", "1", &w)
        #expect(f.purgeCaches(&w) == 2)
        #expect(f.paths == ["CachesNot/keep", "Documents/keep"])
        #expect(f.usedBytes == 2)
        #expect(records(w).suffix(2) == [
            "store.purged store=files key=\"Caches/a\" reason=purgeable",
            "store.purged store=files key=\"tmp/b\" reason=purgeable",
        ])
    }

    @Test func removeRecordsWhetherItExisted() {
        var w = newWorld()
        var f = FileStore()
        f.seed("a", "1", &w)
        #expect(f.remove("a", &w) == .written)
        #expect(f.remove("a", &w) == .written)
        #expect(f.read("a", &w) == .missing)
        #expect(records(w).suffix(2) == [
            "store.removed store=files key=\"a\" by=app existed=true",
            "store.removed store=files key=\"a\" by=app existed=false",
        ])
    }

    @Test func corruptingAMissingFileCreatesADamagedOne() {
        var w = newWorld()
        var f = FileStore()
        f.corrupt("rates.json", reason: "foreign data", bytes: [0x00], &w)
        #expect(f.read("rates.json", &w) == .corrupt(reason: "foreign data"))
        #expect(f.usedBytes == 1)
    }
}

@Suite struct StampMergeTests {
    @Test func newestWinsAndTieGoesToShared() {
        let t = Instant(secondsSinceEpoch: 1_700_000_000)
        let shared = Stamped("ko", stamp: t)
        let localOlder = Stamped("ja", stamp: t - .seconds(1))
        let localNewer = Stamped("ja", stamp: t + .nanoseconds(1))
        let localTie = Stamped("ja", stamp: t)
        #expect(StampMerge.newest(shared: shared, local: localOlder)?.value == "ko")
        #expect(StampMerge.newest(shared: shared, local: localNewer)?.value == "ja")
        #expect(StampMerge.newest(shared: shared, local: localTie)?.value == "ko")
        #expect(StampMerge.candidates(shared: shared, local: localNewer).map(\.value) == ["ja", "ko"])
        #expect(StampMerge.candidates(shared: nil, local: localTie).map(\.value) == ["ja"])
        #expect(StampMerge.newest(shared: Stamped<String>?.none, local: nil) == nil)
    }
}
