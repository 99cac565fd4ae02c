import LockstepCore
import Platform

/// The background importer: only new ids, a save at each record index that is a multiple of
/// 2,000 and was inserted, a final save, then the stored version.
extension Quotes {
    static let recordsPerStep = 1_000

    static func startImport(_ s: inout QuotesState, _ world: inout World<Quotes>, label: String, input: String,
                            bundle: BundleSource, version: Int) {
        if version < 1, !world.isOn(.versionZeroSilent) {
            world.reject(input, "bad-version") { $0.int("version", version).word("need", "at-least-1") }
            return
        }
        guard s.importedVersion < version else {
            world.emit(Record("import.upToDate").word("source", label).int("stored", s.importedVersion).int("bundle", version))
            return
        }
        let decoded: QuoteBundle.Decoded
        do { decoded = try QuoteBundle.decode(bundle) } catch {
            world.emit(Record("import.failed").word("source", label).int("line", error.line).int("column", error.column)
                .word("reason", error.reason).string("detail", error.detail).int("storedVersion", s.importedVersion))
            return
        }
        for p in decoded.rowProblems {
            world.reject(input, p.reason) { $0.int("line", p.line).int("column", p.column).string("detail", p.detail) }
        }
        if !world.isOn(.duplicateIDsUpsert) {
            var seen = Set<String>()
            for r in decoded.records {
                if !seen.insert(r.id).inserted {
                    world.emit(Record("import.failed").word("source", label).int("line", r.line).int("column", r.column)
                        .word("reason", "duplicate-id").string("id", r.id).int("storedVersion", s.importedVersion))
                    return
                }
            }
        }
        let existing = Set(s.store.fetch(allIDs: "quote"))
        for id in decoded.authorFallbacks where !existing.contains(id) {
            world.emit(Record("import.fallback").string("id", id).string("author", "Unknown"))
        }
        var job = ImportJob(label: label, records: decoded.records, version: version, existing: existing)
        job.timer = world.schedule(after: .milliseconds(1), .importStep)
        s.job = job
        world.emit(Record("import.started").word("source", label).int("records", decoded.records.count).int("existing", existing.count).int("version", version))
    }

    /// One batch: records up to and including the next save point (or the end).
    static func importStep(_ s: inout QuotesState, _ world: inout World<Quotes>) {
        guard var job = s.job else { world.reject("importStep", "no-import"); return }
        var saved = false
        var processed = 0
        // A batch ends at a save or after `recordsPerStep` records, so a kill can land between saves.
        while job.next < job.records.count, !saved, processed < recordsPerStep {
            processed += 1
            let index = job.next
            let r = job.records[index]
            job.next += 1
            if job.existing.contains(r.id), !world.isOn(.importRewritesRows) {
                job.skipped += 1
                continue
            }
            job.pending.append(r)
            job.inserted += 1
            if index % saveEvery == 0 {
                save(&s, &job, &world)
                saved = true
            }
        }
        if job.next >= job.records.count {
            save(&s, &job, &world)
            s.importedVersion = job.version
            world.emit(Record("import.done").word("source", job.label).int("inserted", job.inserted).int("skippedExisting", job.skipped)
                .int("saves", job.saves).int("storedVersionAfter", s.importedVersion).int("quotes", s.store.count("quote"))
                .digest("ids", idsDigest(s)))
            s.job = nil
            return
        }
        job.timer = world.schedule(after: .milliseconds(1), .importStep)
        s.job = job
    }

    /// `save()`: the pending inserts reach the store, in one transaction.
    static func save(_ s: inout QuotesState, _ job: inout ImportJob, _ world: inout World<Quotes>) {
        job.saves += 1
        let rows = job.pending
        job.pending = []
        var seq = s.seq
        do {
            try s.store.transaction { store throws(ObjectStoreError) in
                for r in rows {
                    seq += 1
                    try store.upsert("quote", [("id", .text(r.id)), ("text", .text(r.text)), ("author", .text(r.author)),
                                               ("category", .text(r.category)), ("isFavorite", .bool(false)), ("seq", .int(seq))])
                }
            }
            s.seq = seq
        } catch {
            world.emit(Record("import.saveFailed").string("why", error.message).int("lostRows", rows.count))
            return
        }
        world.emit(Record("import.saved").int("save", job.saves).int("rows", rows.count).int("quotes", s.store.count("quote")))
    }

    static func stopImport(_ s: inout QuotesState, _ world: inout World<Quotes>, why: String) {
        guard let job = s.job else { return }
        if let t = job.timer { world.cancel(t) }
        world.emit(Record(why == "killed" ? "killed" : "import.interrupted").int("lostRows", job.pending.count).int("savedRows", job.inserted - job.pending.count)
            .int("at", job.next).int("of", job.records.count).int("storedVersion", s.importedVersion))
        s.job = nil
    }

    static func idsDigest(_ s: QuotesState) -> UInt64 {
        var h = FNV1a64()
        for id in s.store.fetch(allIDs: "quote") {
            h.update(id.utf8)
            h.update(CollectionOfOne(UInt8(0x0A)))
        }
        return h.value
    }

    /// D2: typo fixes by id; favourites and collections untouched.
    static func applyCorrections(_ s: inout QuotesState, _ world: inout World<Quotes>, _ bundle: BundleSource) {
        let decoded: QuoteBundle.Decoded
        do { decoded = try QuoteBundle.decode(bundle) } catch {
            world.emit(Record("corrections.failed").int("line", error.line).int("column", error.column).word("reason", error.reason).string("detail", error.detail))
            return
        }
        for p in decoded.rowProblems {
            world.reject("corrections", p.reason) { $0.int("line", p.line).int("column", p.column).string("detail", p.detail) }
        }
        var applied = 0
        for r in decoded.records {
            guard quoteRow(s, r.id) != nil else {
                world.reject("corrections", "unknown-quote") { $0.string("id", r.id).int("line", r.line).int("column", r.column) }
                continue
            }
            if world.isOn(.correctionsViaImport) { continue }  // the importer's `existing` filter skips it
            do {
                try s.store.update("quote", key: .text(r.id), set: [("text", .text(r.text)), ("author", .text(r.author)), ("category", .text(r.category))])
                applied += 1
            } catch {
                world.reject("corrections", "store") { $0.string("why", error.message) }
            }
        }
        world.emit(Record("corrections.done").int("applied", applied).int("rows", decoded.records.count))
    }
}

extension ObjectStore {
    /// Every key of a text-keyed table, in key order (empty for a missing or corrupt table).
    func fetch(allIDs table: String) -> [String] {
        ((try? fetch(table)) ?? []).compactMap { $0.cells.first?.text }
    }
}
