import LockstepCore
import Platform

/// The article's rules as invariants, checked after every step, and an explorer that saves
/// forms (some bad), edits, syncs against every remote answer, lands server rows, launches and
/// resumes.
extension Aquarium {
    public static let invariants: [Invariant<Aquarium>] = [
        Invariant("blankFieldWritesNoRow", "an untouched field produces no reading at all, never a zero (failure 1)") { s, _ in
            s.blankRowsWritten == 0 ? nil : "\(s.blankRowsWritten) readings written for blank fields"
        },
        Invariant("canonicalFromEntered", "each reading's canonical value is its entered value converted with the pinned constants (failures 7, 9)") { s, _ in
            guard let rows = try? s.store.fetch(Schema.readings) else { return nil }
            for r in rows {
                guard let p = r["parameter"].text.flatMap(Parameter.init(rawValue:)), let v = r["entered_value"].real, let c = r["value_canonical"].real else { continue }
                guard let u = r["entered_unit"].text.flatMap(UnitID.init(rawValue:)), let want = Units.toCanonical(v, u, p) else {
                    return "reading \(r["id"].text ?? "?") has unit \(r["entered_unit"].text ?? "?"), not one of \(p.rawValue)'s"
                }
                if abs(want - c) > 1e-9 * max(1, abs(want)) { return "reading \(r["id"].text ?? "?"): \(v) \(u.rawValue) stored as \(c), expected \(want)" }
            }
            return nil
        },
        Invariant("storedInstantsAreUTC", "every stored instant is UTC text with a Z, so no zone shifts it (failure 8)") { s, _ in
            for table in [Schema.sessions, Schema.readings] {
                guard let rows = try? s.store.fetch(table) else { continue }
                for r in rows { if let m = r["measured_at"].text, !m.hasSuffix("Z") { return "\(table) stores measured_at \(m) without a zone" } }
            }
            return nil
        },
        Invariant("stageFromAMeasuringSession", "the cycling stage comes from the newest session that measured ammonia or nitrite (failure 2)") { s, _ in
            s.stageFromUnmeasured ? "the stage was read from a session without ammonia or nitrite" : nil
        },
        Invariant("stallFromAMeasuringSession", "each stall check reads the newest session that measured that parameter (failure 3)") { s, _ in
            s.stallFromUnmeasured ? "a stall check found no session for a parameter that was measured" : nil
        },
        Invariant("deadLettersOnlyAfterRefusals", "timeouts and offline never use up attempts; only refusals dead-letter (failure 4)") { s, _ in
            for e in s.sync.outbox.entries where e.lastError == "timeout" || e.lastError == "offline" {
                return "outbox \(e.seq) has \(e.attempts) attempts from \(e.lastError!)"
            }
            return nil
        },
        Invariant("childrenWaitForTheirTank", "a pass stops before anything depending on an abandoned or unsent row (failure 4)") { s, _ in
            s.childSentBeforeTank ? "a child write was sent while its tank's write was still queued or dead-lettered" : nil
        },
        Invariant("launchAndResumeSync", "sync runs from the app root on launch and resume, whatever screen is open (failure 5)") { s, _ in
            s.launchWithoutSync ? "a launch or resume did not sync" : nil
        },
        Invariant("watchShowsTheStore", "a watched screen always shows what the store holds (failure 6)") { s, _ in
            for (query, content) in s.watchContent {
                let tank = String(query.dropFirst("tankOverview:".count))
                let now = overview(s, tank: tank, World<Aquarium>(start: .defaultStart))
                if now != content, !now.hasPrefix("error") { return "\(query) shows \"\(content)\" but the store says \"\(now)\"" }
            }
            return nil
        },
        Invariant("pullMissesNothingBeforeTheCursor", "every visible server row stamped at or before the cursor has reached the device (failure 10)") { s, outputs in
            guard outputs.contains(where: { $0.name == "sync.pull.done" }), let cursor = s.sync.cursor else { return nil }
            for row in s.sync.server.changes(after: nil, user: s.user) where row.stamp <= cursor {
                guard Schema.entity(row.entity) != nil, case .success(let values) = Schema.parse(row.payload, table: row.entity),
                      values.first(where: { $0.0 == "id" })?.1 == .text(row.id) else { continue }
                if s.sync.outbox.hasUnpushed(entity: row.entity, id: row.id) { continue }
                if (try? s.store.row(row.entity, key: .text(row.id))) ?? nil == nil {
                    return "\(row.entity) \(row.id) stamped \(row.stamp), at or before the cursor \(cursor), never arrived"
                }
            }
            return nil
        },
        Invariant("localEditNotClobbered", "a row with an unpushed local edit keeps the local value (failure 11)") { s, _ in
            var latest: [(String, String, String)] = []
            for e in s.sync.outbox.entries {
                latest.removeAll { $0.0 == e.entity.name && $0.1 == e.entityId }
                latest.append((e.entity.name, e.entityId, e.payload))
            }
            for (table, id, payload) in latest {
                guard let row = try? s.store.row(table, key: .text(id)) else { continue }
                if Schema.payload(row) != payload { return "\(table) \(id) differs from its unpushed local write" }
            }
            return nil
        },
    ]
}
