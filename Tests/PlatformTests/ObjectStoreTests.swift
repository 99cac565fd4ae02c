import LockstepCore
import Testing
@testable import Platform

@Suite struct ObjectStoreTests {
    static func store() throws -> ObjectStore {
        var s = ObjectStore(maxRowsPerTable: 4)
        try s.create(ObjectSchema("tanks", columns: [ObjectColumn("id", .text), ObjectColumn("name", .text)]))
        try s.create(ObjectSchema("readings", columns: [ObjectColumn("id", .text), ObjectColumn("tank", .text),
                                                       ObjectColumn("value", .real), ObjectColumn("note", .text, nullable: true)],
                                  references: [ObjectReference("tank", parent: "tanks", rule: .cascade)]))
        try s.create(ObjectSchema("photos", columns: [ObjectColumn("id", .text), ObjectColumn("tank", .text, nullable: true)],
                                  references: [ObjectReference("tank", parent: "tanks", rule: .nullify)]))
        return s
    }

    @Test func upsertReplacesByKeyAndFetchesInCodePointOrder() throws {
        var s = try Self.store()
        try s.upsert("tanks", [("id", .text("b")), ("name", .text("reef"))])
        try s.upsert("tanks", [("id", .text("B")), ("name", .text("nano"))])
        try s.upsert("tanks", [("id", .text("b")), ("name", .text("planted"))])
        let rows = try s.fetch("tanks")
        // "B" (U+0042) sorts before "b" (U+0062); the second upsert of b replaced it.
        #expect(rows.map { $0["id"] } == [.text("B"), .text("b")])
        #expect(rows[1]["name"] == .text("planted"))
        #expect(try s.fetch("tanks", order: ObjectOrder("name", descending: true), offset: 1, limit: 5).map { $0["id"] } == [.text("B")])
    }

    @Test func failingStatementRollsBackTheWholeTransaction() throws {
        var s = try Self.store()
        _ = s.takeChangedTables()
        #expect(throws: ObjectStoreError.typeMismatch(table: "readings", column: "value", expected: .real, got: "text")) {
            try s.transaction { (tx: inout ObjectStore) throws(ObjectStoreError) in
                try tx.upsert("tanks", [("id", .text("t")), ("name", .text("x"))])
                try tx.upsert("readings", [("id", .text("r")), ("tank", .text("t")), ("value", .text("7.x"))])
            }
        }
        #expect(s.count("tanks") == 0)
        #expect(s.takeChangedTables().isEmpty)
    }

    @Test func missingNonNullableColumnAndNonFiniteAreRefused() throws {
        var s = try Self.store()
        #expect(throws: ObjectStoreError.missingColumn(table: "readings", column: "value")) {
            try s.upsert("readings", [("id", .text("r")), ("tank", .text("t"))])
        }
        #expect(throws: ObjectStoreError.self) { try s.upsert("readings", [("id", .text("r")), ("tank", .text("t")), ("value", .real(.nan))]) }
    }

    @Test func deleteCascadesAndNullifies() throws {
        var s = try Self.store()
        try s.upsert("tanks", [("id", .text("t")), ("name", .text("x"))])
        try s.upsert("readings", [("id", .text("r1")), ("tank", .text("t")), ("value", .real(1))])
        try s.upsert("readings", [("id", .text("r2")), ("tank", .text("u")), ("value", .real(2))])
        try s.upsert("photos", [("id", .text("p")), ("tank", .text("t"))])
        #expect(try s.delete("tanks", key: .text("t")) == 2)
        #expect(try s.fetch("readings").map { $0["id"] } == [.text("r2")])
        #expect(try s.row("photos", key: .text("p"))?["tank"] == .null)
    }

    @Test func corruptTableIsAnErrorNeverEmpty() throws {
        var s = try Self.store()
        try s.corrupt("readings", reason: "badHeader")
        #expect(throws: ObjectStoreError.corrupt(table: "readings", reason: "badHeader")) { _ = try s.fetch("readings") }
        s.repair("readings")
        #expect(try s.fetch("readings").isEmpty)
    }

    @Test func rowLimitIsSaidWhenHit() throws {
        var s = try Self.store()
        for i in 0..<4 { try s.upsert("tanks", [("id", .text("t\(i)")), ("name", .text("x"))]) }
        #expect(throws: ObjectStoreError.limit(what: "rows in tanks", limit: 4)) {
            try s.upsert("tanks", [("id", .text("t9")), ("name", .text("x"))])
        }
    }

    @Test func watchesReEmitOnlyForDeclaredTables() throws {
        var w = ObjectWatches()
        _ = w.add(query: "both", reads: ["settings", "readings"])
        _ = w.add(query: "settingsOnly", reads: ["settings"])
        let afterReadings = w.due(after: ["readings"]).map(\.query)
        let afterSettings = w.due(after: ["settings"]).map(\.query)
        #expect(afterReadings == ["both"])
        #expect(afterSettings == ["both", "settingsOnly"])
        #expect(w.watch(query: "both")?.emissions == 3)
        #expect(w.watch(query: "settingsOnly")?.emissions == 2)
        let first = w.remove(query: "both"), second = w.remove(query: "both")
        #expect(first)
        #expect(!second)
    }
}
