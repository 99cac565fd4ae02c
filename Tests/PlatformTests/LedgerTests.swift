import LockstepCore
import Platform
import Testing

/// A tiny collection: create with a name, set a colour, remove.
private enum Shelf: LedgerChange {
    struct Book: Equatable, Sendable { var id: String; var colour: String }
    case add
    case paint(String)
    case remove

    var effect: LedgerEffect {
        switch self {
        case .add: .create
        case .paint: .update
        case .remove: .tombstone
        }
    }
    var replayRank: Int { self == .add ? 0 : 1 }
    func created(itemID: String) -> Book { Book(id: itemID, colour: "plain") }
    func apply(to item: inout Book) { if case .paint(let c) = self { item.colour = c } }
}

private func rec(_ id: String, _ item: String, _ t: Int64, _ c: Shelf) -> LedgerRecord<Shelf> {
    LedgerRecord(eventID: id, itemID: item, timestampMillis: t, change: c)
}

@Suite struct LedgerTests {
    /// The article's bug: `(t=1000, edit, "a")` and `(t=1000, add, "z")`. By (timestamp, rank, id)
    /// the add (rank 0) replays first, whatever the ids; by (timestamp, id) alone "a" < "z" puts the
    /// edit first and it finds no item.
    @Test func sameMillisecondAddReplaysBeforeEdit() {
        var ledger = Ledger<Shelf>(maxRecords: 10)
        #expect(ledger.append(rec("z", "b1", 1000, .add)) == .appended)
        #expect(ledger.append(rec("a", "b1", 1000, .paint("foil"))) == .appended)  // (1000,1,a) > (1000,0,z)
        #expect(ledger.items["b1"]?.colour == "foil")
        // Arriving the other way round, the add sorts first and the view is rebuilt.
        var other = Ledger<Shelf>(maxRecords: 10)
        #expect(other.append(rec("a", "b1", 1000, .paint("foil"))) == .appended)
        #expect(other.append(rec("z", "b1", 1000, .add)) == .appendedOutOfOrder)
        #expect(other.items == ledger.items && other.orphans.isEmpty)
        #expect(ledger.orphans.isEmpty)
        #expect(ledger.sorted(order: <).map(\.eventID) == ["z", "a"])
        let wrong = ledger.replay { a, b in a.timestampMillis != b.timestampMillis ? a.timestampMillis < b.timestampMillis : a.eventID < b.eventID }
        #expect(wrong.items["b1"]?.colour == "plain")
        #expect(wrong.orphans.count == 1 && wrong.orphans[0].beforeCreation)
    }

    @Test func keyOrderIsTimestampThenRankThenBytes() {
        let a = LedgerKey(timestampMillis: 5, rank: 1, eventID: "a")
        #expect(LedgerKey(timestampMillis: 4, rank: 9, eventID: "z") < a)
        #expect(LedgerKey(timestampMillis: 5, rank: 0, eventID: "z") < a)
        #expect(LedgerKey(timestampMillis: 5, rank: 1, eventID: "B") < a)  // 0x42 < 0x61
        #expect(!(a < a))
    }

    @Test func duplicateEventIDIsIdempotentAndConflictRefused() {
        var ledger = Ledger<Shelf>(maxRecords: 10)
        ledger.append(rec("e1", "b1", 1, .add))
        #expect(ledger.append(rec("e1", "b1", 1, .add)) == .duplicate)
        #expect(ledger.append(rec("e1", "b2", 1, .add)) == .conflictingDuplicate)
        #expect(ledger.log.count == 1 && ledger.itemIDs == ["b1"])
    }

    @Test func tombstoneRemovesFromViewButNotFromLog() {
        var ledger = Ledger<Shelf>(maxRecords: 10)
        ledger.append(rec("e1", "b1", 1, .add))
        ledger.append(rec("e2", "b1", 2, .remove))
        #expect(ledger.items.isEmpty && ledger.log.count == 2)
        ledger.append(rec("e3", "b1", 3, .paint("red")))
        #expect(ledger.orphans == [LedgerOrphan(key: LedgerKey(timestampMillis: 3, rank: 1, eventID: "e3"), itemID: "b1", effect: .update, beforeCreation: false)])
    }

    /// An edit for an unknown item stays in the log; the item appears only once added, without the
    /// earlier edit (it sorted before the creation).
    @Test func unknownItemKeptInLogDerivedOnlyOnceAdded() {
        var ledger = Ledger<Shelf>(maxRecords: 10)
        #expect(ledger.append(rec("e1", "b9", 10, .paint("red"))) == .appended)
        #expect(ledger.items.isEmpty && ledger.orphans.count == 1)
        ledger.append(rec("e2", "b9", 20, .add))
        #expect(ledger.items["b9"]?.colour == "plain")
        #expect(ledger.log.count == 2)
    }

    @Test func rebuildEqualsIncrementalView() {
        var ledger = Ledger<Shelf>(maxRecords: 100)
        for i in 0..<20 {
            ledger.append(rec("a\(i)", "b\(i % 4)", Int64(i / 3), i < 4 ? .add : (i % 7 == 0 ? .remove : .paint("c\(i)"))))
        }
        let before = ledger.items
        let orphans = ledger.orphans
        ledger.rebuild()
        #expect(ledger.items == before && ledger.orphans == orphans)
    }

    @Test func limitIsSaid() {
        var ledger = Ledger<Shelf>(maxRecords: 2)
        ledger.append(rec("e1", "b1", 1, .add))
        ledger.append(rec("e2", "b2", 1, .add))
        #expect(ledger.append(rec("e3", "b3", 1, .add)) == .limitReached(maxRecords: 2))
        #expect(ledger.append(rec("", "b3", 1, .add)) == .badEventID)
    }

    @Test func aliasesResolveChainsAndStopCycles() {
        var table = LedgerAliasTable(maxAliases: 3, maxHops: 4)
        #expect(table.add(old: "a", new: "b") == .added)
        #expect(table.add(old: "b", new: "c") == .added)
        #expect(table.resolve("a") == .resolved("c", hops: 2))
        #expect(table.resolve("x") == .resolved("x", hops: 0))
        #expect(table.add(old: "c", new: "a") == .added)
        #expect(table.resolve("a") == .cycle(path: ["a", "b", "c", "a"]))
        #expect(table.add(old: "d", new: "e") == .limitReached(maxAliases: 3))
        #expect(table.add(old: "d", new: "d") == .selfAlias)
        #expect(table.add(old: "a", new: "b") == .unchanged)
        #expect(table.sortedPairs.map(\.old) == ["a", "b", "c"])
    }

    /// The kept `itemIDs` always equal the view's ids sorted as bytes, through creates, removals,
    /// orphans and out-of-order appends that rebuild the view.
    @Test func keptItemIDsMatchTheSortedView() {
        var rng = SeededRNG(seed: 21)
        var ledger = Ledger<Shelf>(maxRecords: 1_000)
        let names = ["b", "B", "a10", "a9", "é", "e\u{301}", "z", "b1"]
        for n in 0..<400 {
            let change: Shelf = [.add, .add, .paint("red"), .remove][rng.int(below: 4)]
            let t = Int64(rng.int(in: 0...300))
            ledger.append(rec("e\(n)", names[rng.int(below: names.count)], t, change))
            let expected = ledger.items.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            #expect(ledger.itemIDs == expected, "after record \(n)")
        }
        #expect(ledger.rebuildCount > 0)
        #expect(!ledger.itemIDs.isEmpty)
    }
}
