import LockstepCore
import LockstepRunner
import Platform
import Testing

private func newWorld(seed: UInt64 = 0) -> World<Bare> { World<Bare>(start: .defaultStart, seed: seed) }
private func records(_ w: World<Bare>) -> [String] { w.outputs.map(\.description) }
private func newCloud(_ w: World<Bare>, devices: [String] = ["phone", "ipad"], autoPush: Bool = true) -> Cloud<String> {
    Cloud(devices: devices, autoPush: autoPush, rng: w.rng("cloud"))
}

/// The order the ipad receives the phone's `n` saves in, under `seed`.
private func deliveryOrder(seed: UInt64, n: Int = 8) -> [String] {
    var w = newWorld(seed: seed)
    var cloud = newCloud(w)
    for k in 0..<n { cloud.save("note\(k)", "v", on: "phone", &w) }
    return cloud.deliver(to: "ipad", &w).map(\.record.id)
}

@Suite struct CloudTests {
    @Test func sameSeedSameOrderDifferentSeedSomeOtherOrder() {
        let base = deliveryOrder(seed: 7)
        #expect(deliveryOrder(seed: 7) == base)
        // Every order is a permutation of the eight saves...
        #expect(base.sorted() == (1...8).map { "phone.\($0)" }.sorted())
        // ...and the seed chooses it: among 20 other seeds at least one gives another order
        // (8! orders; twenty equal draws would be a broken shuffle).
        #expect((1...20).map { deliveryOrder(seed: UInt64($0)) }.contains { $0 != base })
    }

    /// The RNG is the cloud's own substream: draws the domain makes elsewhere never move it.
    @Test func otherDrawsDoNotMoveTheOrder() {
        var w = newWorld(seed: 3)
        var other = w.rng("dice")
        _ = other.next()
        var cloud = newCloud(w)
        for k in 0..<8 { cloud.save("note\(k)", "v", on: "phone", &w) }
        #expect(cloud.deliver(to: "ipad", &w).map(\.record.id) == deliveryOrder(seed: 3))
    }

    /// Partial, duplicated and lossy deliveries, then a fetch: every record reaches the other device,
    /// and after dedupe by record id each is held exactly once; the accounting holds at every step.
    @Test func partialDeliveryIsCompleteAfterDedupe() {
        var w = newWorld(seed: 11)
        var cloud = newCloud(w, devices: ["phone", "ipad", "mac"])
        var ipad = CloudReplica<String>()
        for k in 0..<30 { cloud.save("note\(k % 7)", "text \(k)", on: k % 2 == 0 ? "phone" : "mac", &w) }
        var arrivals = 0, duplicates = 0
        for _ in 0..<6 {
            for d in cloud.deliver(to: "ipad", partial: 4, duplicates: 1, drops: 1, &w) {
                arrivals += 1
                let outcome = ipad.add(d.record)
                #expect(outcome == (d.duplicate ? .alreadyHeld : .added), "\(d.record.id)")
                if d.duplicate { duplicates += 1 }
            }
            #expect(cloud.accountingProblem("ipad") == nil)
        }
        // 6 rounds × 4 chosen, 1 of them lost: 18 new arrivals; the first round has no history, so
        // 5 duplicates.
        #expect(arrivals == 18 + 5 && duplicates == 5)
        #expect(cloud.lostCount("ipad") == 6 && cloud.pendingCount("ipad") == 6)
        for d in cloud.fetch("ipad", &w) { #expect(ipad.add(d.record) == .added) }
        #expect(cloud.accountingProblem("ipad") == nil)
        #expect(Set(ipad.rows.map(\.id)) == Set(cloud.server.map(\.id)))
        #expect(ipad.rows.count == 30)
        #expect(cloud.pendingCount("ipad") == 0 && cloud.lostCount("ipad") == 0)
        // The mac never had its own records queued: 15 from the phone.
        #expect(cloud.pendingCount("mac") == 15)
        #expect(records(w).filter { $0.hasPrefix("cloud.dropped") }.count == 6)
        #expect(records(w).filter { $0.hasPrefix("cloud.duplicate ") }.count == 5)
        // The first round asked for a repeat with nothing delivered before: said, not skipped.
        #expect(records(w).filter { $0.hasPrefix("cloud.short") }
                == ["cloud.short to=ipad what=duplicates asked=1 gave=0 reason=nothing-delivered-before"])
    }

    /// `reordered` names the earlier record overtaken; counted independently from the arrival order.
    @Test func reorderingIsRecordedAgainstPushOrder() {
        for seed in UInt64(0)..<12 {
            var w = newWorld(seed: seed)
            var cloud = newCloud(w)
            for k in 0..<5 { cloud.save("k\(k)", "v", on: "phone", &w) }
            let order = cloud.deliver(to: "ipad", partial: 3, &w).map(\.record.id)
            // Push order is phone.1...phone.5; a record is reordered if some lower number has not
            // arrived before it (still queued, or later in this delivery).
            let seq = order.map { Int($0.dropFirst("phone.".count))! }
            var expected = 0
            for (i, n) in seq.enumerated() where (1..<n).contains(where: { !seq[..<i].contains($0) }) { expected += 1 }
            #expect(cloud.counts.reordered == expected, "seed \(seed): \(order)")
            #expect(records(w).filter { $0.contains("reordered=ahead-of-") }.count == expected)
        }
    }

    @Test func offlineDeviceQueuesSavesAndDefersDeliveries() {
        var w = newWorld()
        var cloud = newCloud(w)
        cloud.setOnline("ipad", false, &w)
        cloud.save("a", "from ipad", on: "ipad", &w)
        cloud.save("b", "from phone", on: "phone", &w)
        #expect(cloud.outboxCount("ipad") == 1 && cloud.server.count == 1)
        #expect(cloud.deliver(to: "ipad", &w).isEmpty)
        cloud.push("ipad", &w)
        #expect(cloud.outboxCount("ipad") == 1, "an offline push is refused")
        #expect(!cloud.isQuiescent)
        cloud.setOnline("ipad", true, &w)
        #expect(cloud.outboxCount("ipad") == 0 && cloud.server.count == 2, "coming online pushes the outbox")
        #expect(cloud.deliver(to: "ipad", &w).map(\.record.value) == ["from phone"])
        #expect(cloud.deliver(to: "phone", &w).map(\.record.value) == ["from ipad"])
        #expect(cloud.isQuiescent)
        let out = records(w)
        #expect(out.contains("cloud.deferred to=ipad reason=offline pending=1"))
        #expect(out.contains("cloud.refused op=push reason=offline device=ipad outbox=1"))
        #expect(out.contains("cloud.network device=ipad online=true changed=true outbox=1 pending=1"))
        #expect(cloud.counts.deferred == 1 && cloud.counts.refused == 1)
    }

    @Test func withoutAutoPushSavesWaitForPush() {
        var w = newWorld()
        var cloud = newCloud(w, autoPush: false)
        cloud.save("a", "x", on: "phone", &w)
        #expect(cloud.pendingCount("ipad") == 0 && cloud.outboxCount("phone") == 1)
        cloud.push("phone", &w)
        #expect(cloud.pendingCount("ipad") == 1)
        #expect(records(w).last == "cloud.pushed device=phone count=1 server=1 ids=phone.1")
    }

    @Test func refusalsAreRecords() {
        var w = newWorld()
        var cloud = newCloud(w)
        #expect(cloud.save("a", "x", on: "watch", &w) == nil)
        #expect(cloud.deliver(to: "ipad", from: "ipad", &w).isEmpty)
        #expect(cloud.deliver(to: "ipad", &w).isEmpty)
        #expect(records(w) == [
            "cloud.refused op=save reason=unknown-device device=watch known=phone,ipad",
            "cloud.refused op=deliver reason=same-device device=ipad from=ipad",
            "cloud.delivery to=ipad from=any delivered=0 duplicates=0 dropped=0 pending=0 lost=0",
        ])
    }

    @Test func dropsBeyondTheChosenAreSaid() {
        var w = newWorld()
        var cloud = newCloud(w)
        cloud.save("a", "x", on: "phone", &w)
        #expect(cloud.deliver(to: "ipad", drops: 2, &w).isEmpty)
        #expect(cloud.lostCount("ipad") == 1)
        #expect(records(w).contains("cloud.short to=ipad what=drops asked=2 gave=1 reason=fewer-records-chosen"))
    }

    @Test func deviceNames() {
        #expect(Cloud<String>.isDeviceName("phone-2_b"))
        #expect(!Cloud<String>.isDeviceName(""))
        #expect(!Cloud<String>.isDeviceName("a.b"))
        #expect(!Cloud<String>.isDeviceName(String(repeating: "a", count: 17)))
    }
}

@Suite struct CloudMergeTests {
    private func r(_ id: String, _ key: String, _ seconds: Int64, _ value: String) -> CloudRecord<String> {
        CloudRecord(id: id, key: key, origin: String(id.prefix { $0 != "." }), value: value, stamp: .defaultStart + .seconds(seconds))
    }

    /// Newest stamp wins per key; equal stamps go to the larger id ("phone.2" > "ipad.9"); the
    /// view is the same for every arrival order (all 24 orders of four rows).
    @Test func newestPerKeyIsOrderIndependent() {
        let rows = [r("ipad.1", "a", 10, "old"), r("phone.1", "a", 20, "new"), r("ipad.9", "b", 5, "tie-low"), r("phone.2", "b", 5, "tie-high")]
        func permutations(_ xs: [CloudRecord<String>]) -> [[CloudRecord<String>]] {
            guard xs.count > 1 else { return [xs] }
            return xs.indices.flatMap { i -> [[CloudRecord<String>]] in
                var rest = xs
                let x = rest.remove(at: i)
                return permutations(rest).map { [x] + $0 }
            }
        }
        let orders = permutations(rows)
        #expect(orders.count == 24)
        for order in orders {
            #expect(CloudMerge.newestPerKey(order).map(\.value) == ["new", "tie-high"])
        }
        #expect(CloudMerge.hiddenCount(rows) == 2)
    }

    @Test func replicaHoldsDuplicateKeysButNotDuplicateIds() {
        var rep = CloudReplica<String>()
        #expect(rep.add(r("phone.1", "a", 1, "x")) == .added)
        #expect(rep.add(r("ipad.1", "a", 2, "y")) == .added)
        #expect(rep.add(r("phone.1", "a", 1, "x")) == .alreadyHeld)
        #expect(rep.rows.count == 2)
        #expect(rep.view.map(\.value) == ["y"])
    }
}
