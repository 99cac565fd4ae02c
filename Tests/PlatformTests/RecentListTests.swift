import LockstepCore
import Platform
import Testing

@Suite struct RecentListTests {
    /// The catalog's verified value: capacity 15, c1…c17 then c5 gives
    /// [c5, c17, c16, …, c6, c4, c3]: 15 entries, c1 and c2 evicted.
    @Test func catalogRecentsCapAndMoveToFront() {
        var list = RecentList<String>(capacity: 15)
        var evicted: [String] = []
        for i in 1...17 { evicted += list.add("c\(i)").evicted }
        let change = list.add("c5")
        #expect(evicted == ["c1", "c2"])
        #expect(change.from == 12 && change.evicted.isEmpty)
        #expect(list.count == 15)
        #expect(list.entries == ["c5"] + (6...17).reversed().map { "c\($0)" } + ["c4", "c3"])
        #expect(change.record("recents", capacity: list.capacity).description == "recent.add list=recents entry=\"c5\" from=12 count=15")
    }

    @Test func evictionRecordNamesTheCapacity() {
        var list = RecentList<String>(capacity: 2)
        list.add("a")
        list.add("b")
        let c = list.add("c")
        #expect(c.record("searches", capacity: list.capacity).description
            == "recent.add list=searches entry=\"c\" from=new count=2 evicted=\"a\" capacity=2")
    }

    /// Recent searches: capacity 8, newest first, ASCII case-insensitive, the newest spelling kept.
    @Test func recentSearchesCaseInsensitive() {
        var list = RecentList<String>(capacity: 8)
        for q in ["Picker", "slider", "toggle"] { list.add(q) }
        let change = list.add("picker")
        #expect(list.entries == ["picker", "toggle", "slider"])
        #expect(change.replaced == "Picker" && change.from == 2)
        #expect(change.record("searches", capacity: 8).description
            == "recent.add list=searches entry=\"picker\" from=2 replaced=\"Picker\" count=3")
        for i in 0..<10 { list.add("q\(i)") }
        #expect(list.count == 8)
        #expect(list.newest == "q9")
    }

    /// Only A–Z fold: non-ASCII letters keep their case, and no normalisation happens.
    @Test func onlyASCIILettersFold() {
        #expect(RecentList.asciiCaseInsensitive("PiCKer-Ü") == "picker-Ü")
        var list = RecentList<String>(capacity: 5)
        list.add("É")
        list.add("é")
        list.add("e\u{301}")
        #expect(list.count == 3)
    }

    @Test func capacityIsAtLeastOneAndCanShrink() {
        var list = RecentList<String>(capacity: 0)
        #expect(list.capacity == 1)
        list.add("a")
        #expect(list.add("b").evicted == ["a"])
        var wide = RecentList<String>(capacity: 5)
        for s in ["a", "b", "c", "d"] { wide.add(s) }
        #expect(wide.setCapacity(2) == ["b", "a"])
        #expect(wide.entries == ["d", "c"])
        #expect(RecentList<String>(capacity: 1_000_000).capacity == RecentList<String>.maxCapacity)
    }

    @Test func loadKeepsFirstOfEachKeyAndReportsTheRest() {
        var list = RecentList<String>(capacity: 3)
        let skipped = list.load(["a", "B", "b", "c", "d"])
        #expect(list.entries == ["a", "B", "c"])
        #expect(skipped == ["b", "d"])
        #expect(list.remove("A") == "a")
        #expect(list.entries == ["B", "c"])
    }

    @Test func customKey() {
        struct Item: Hashable, Sendable { var id: Int; var title: String }
        var list = RecentList<Item>(capacity: 3) { String($0.id) }
        list.add(Item(id: 1, title: "old"))
        list.add(Item(id: 2, title: "x"))
        list.add(Item(id: 1, title: "new"))
        #expect(list.entries.map(\.title) == ["new", "x"])
    }

    @Test func stateRecord() {
        var list = RecentList<String>(capacity: 15)
        #expect(list.record("recents").description == "recent list=recents count=0 capacity=15 entries=none")
        list.add("c1")
        list.add("c2")
        #expect(list.record("recents").description == "recent list=recents count=2 capacity=15 entries=\"c2\",\"c1\"")
    }
}
