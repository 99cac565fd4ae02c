import LockstepCore
import Platform

extension CardScanner {
    public static func reduce(_ s: inout CardScannerState, _ event: CardScannerEvent, _ world: inout World<CardScanner>) {
        switch event {
        case .installPack(let p): installPack(&s, p, &world)
        case .catalog(let card): addCatalogCard(&s, card, &world)
        case .alias(let old, let new): addAlias(&s, old: old, new: new, &world)
        case .frame(let frame): scan(&s, frame, &world)
        case .sheetPick(let card, let finish): pick(&s, card: card, finish: finish, &world)
        case .sheetDismiss:
            guard let sheet = s.sheet else { return world.reject("sheetDismiss", "no-sheet") }
            s.sheet = nil
            logPick(&s, attempt: sheet.attempt, picked: nil, &world)
        case .setFinish(let item, let finish):
            guard s.ledger.items[item] != nil else { return world.reject("setFinish", "unknown-item") { $0.string("item", item) } }
            appendRecord(&s, item: item, .finish(finish), eventID: world.uuid().description.lowercased(), t: nowMillis(world), &world)
        case .remove(let item):
            guard s.ledger.items[item] != nil else { return world.reject("remove", "unknown-item") { $0.string("item", item) } }
            appendRecord(&s, item: item, .removed, eventID: world.uuid().description.lowercased(), t: nowMillis(world), &world)
        case .ledger(let line):
            let action: CollectionChange.Action
            switch line.kind {
            case .added: action = .added(cardID: line.card, finish: line.finish ?? .nonfoil)
            case .edited: action = .finish(line.finish ?? .nonfoil)
            case .removed: action = .removed
            }
            appendRecord(&s, item: line.item, action, eventID: line.eventID, t: line.timestampMillis, &world)
        case .priceFile(let game, let bytes, let day): stagePrices(&s, game: game, bytes: bytes, day: day, &world)
        case .manifest(let game, let hash): applyManifest(&s, game: game, hash: hash, &world)
        case .portfolio: portfolio(s, &world)
        case .relaunch:
            s.launches += 1
            if let sheet = s.sheet {
                s.sheet = nil
                world.emit(Record("sheet.lost").int("attempt", sheet.attempt))
            }
            probe(&s, &world)
            let before = s.ledger.items
            s.ledger.rebuild()
            world.emit(CardScannerOutput.rebuilt(items: s.ledger.items.count, records: s.ledger.log.count,
                                                 identical: before == s.ledger.items, orphans: s.ledger.orphans.count))
            for id in s.ledger.itemIDs { world.emit(CardScannerOutput.item(s.ledger.items[id], id: id)) }
        }
    }

    static func nowMillis(_ world: World<CardScanner>) -> Int64 { world.now.nanosecondsSinceEpoch / 1_000_000 }

    /// The one-time launch probe (a 64×90 grey image): decides artwork matching for the session.
    static func probe(_ s: inout CardScannerState, _ world: inout World<CardScanner>) {
        if world.isOn(.noProbe) {
            s.artworkMatchingAvailable = true
            return
        }
        s.artworkMatchingAvailable = s.featurePrintWorks
        world.emit(CardScannerOutput.probe(ok: s.featurePrintWorks, launch: s.launches))
    }

    // MARK: - Catalog and packs

    static func installPack(_ s: inout CardScannerState, _ p: PackInput, _ world: inout World<CardScanner>) {
        func refuse(_ reason: String, _ why: String) {
            world.reject("installPack", reason) { $0.word("game", p.game).string("why", why).bool("keptPrevious", s.packs[p.game] != nil) }
        }
        guard p.revision == IndexPack.runtimeRevision else {
            return refuse("revision-mismatch", "pack revision \(p.revision), runtime \(IndexPack.runtimeRevision): its distances live in another space")
        }
        guard let scale = IndexPack.parseScale(p.scaleText) else { return refuse("bad-scale", "scale '\(p.scaleText)' must be a positive finite number") }
        switch IndexPack.parseRows(p.rowsText) {
        case .failure(.row(let index, let why)): refuse("bad-row", "row \(index): \(why)")
        case .success(let rows):
            let pack = IndexPack(game: p.game, visionRevision: p.revision, scale: scale, scaleText: p.scaleText, cardIDs: rows.ids, levels: rows.levels)
            s.packs[p.game] = pack
            world.emit(CardScannerOutput.packInstalled(game: p.game, revision: p.revision, scale: p.scaleText, rows: rows.ids.count,
                                                      chunks: IndexPack.chunks(rows: rows.ids.count)))
        }
    }

    static func addCatalogCard(_ s: inout CardScannerState, _ card: CatalogCard, _ world: inout World<CardScanner>) {
        guard s.cardsByID[card.id] == nil else { return world.reject("catalog", "duplicate-id") { $0.string("id", card.id) } }
        guard s.cardsByID.count < CardScannerState.maxCatalogCards else {
            return world.reject("catalog", "limit") { $0.int("maxCards", CardScannerState.maxCatalogCards) }
        }
        s.cardsByID[card.id] = card
        s.catalogByGame[card.game, default: []].append(card)
        world.emit(CardScannerOutput.catalogued(card: card))
    }

    static func addAlias(_ s: inout CardScannerState, old: String, new: String, _ world: inout World<CardScanner>) {
        switch s.aliases.add(old: old, new: new) {
        case .selfAlias: return world.reject("alias", "self-alias") { $0.string("id", old) }
        case .limitReached(let max): return world.reject("alias", "limit") { $0.int("maxAliases", max) }
        case .unchanged: return world.reject("alias", "unchanged") { $0.string("old", old) }
        case .replaced(let previous): world.emit(Record("alias.replaced").string("old", old).string("previous", previous))
        case .added: break
        }
        switch s.aliases.resolve(old) {
        case .resolved(let id, _): world.emit(CardScannerOutput.aliasAdded(old: old, new: new, resolved: id))
        case .cycle(let path): world.emit(Record("alias.cycle").string("path", path.joined(separator: " → ")))
        case .tooLong(let max): world.emit(Record("alias.tooLong").int("maxHops", max))
        }
    }

    // MARK: - Picks and the ledger

    static func pick(_ s: inout CardScannerState, card: String, finish: Finish, _ world: inout World<CardScanner>) {
        guard let sheet = s.sheet else { return world.reject("sheetPick", "no-sheet") { $0.string("card", card) } }
        guard s.cardsByID[card] != nil else { return world.reject("sheetPick", "unknown-card") { $0.string("card", card) } }
        s.sheet = nil
        let item = "item-\(s.nextItem)"
        s.nextItem += 1
        let t = nowMillis(world)
        // The scanner adds, then sets the finish within the same millisecond, each with a random id.
        appendRecord(&s, item: item, .added(cardID: card, finish: .nonfoil), eventID: world.uuid().description.lowercased(), t: t, &world)
        appendRecord(&s, item: item, .finish(finish), eventID: world.uuid().description.lowercased(), t: t, &world)
        world.emit(CardScannerOutput.item(s.ledger.items[item], id: item))
        if sheet.cards.firstIndex(of: card) == nil { world.emit(Record("sheet.pickedOutside").string("card", card)) }
        logPick(&s, attempt: sheet.attempt, picked: card, &world)
    }

    static func appendRecord(_ s: inout CardScannerState, item: String, _ action: CollectionChange.Action, eventID: String, t: Int64,
                             _ world: inout World<CardScanner>) {
        let change = CollectionChange(action, rankIgnored: world.isOn(.replayWithoutRank))
        let previousOrphans = s.ledger.orphans
        let outcome = s.ledger.append(LedgerRecord(eventID: eventID, itemID: item, timestampMillis: t, change: change))
        var card: String?
        var finish: Finish?
        switch action {
        case .added(let c, let f): card = c; finish = f
        case .finish(let f): finish = f
        case .removed: break
        }
        switch outcome {
        case .appended, .appendedOutOfOrder, .duplicate:
            world.emit(CardScannerOutput.ledgerRecord(kind: change.word, item: item, card: card, finish: finish, eventID: eventID, t: t, outcome: outcome.word))
        case .conflictingDuplicate, .badEventID:
            return world.reject("ledger", outcome.word) { $0.string("id", eventID).string("item", item) }
        case .limitReached(let max):
            return world.reject("ledger", "limit") { $0.int("maxRecords", max) }
        }
        if case .appendedOutOfOrder = outcome {
            world.emit(Record("ledger.replayed").int("records", s.ledger.log.count).int("items", s.ledger.items.count))
        }
        // Only orphans this record made (a replay keeps the earlier ones, already said).
        let newOrphans = s.ledger.orphans.filter { !previousOrphans.contains($0) }
        for o in newOrphans { world.emit(CardScannerOutput.orphan(o)) }
    }

    static func logPick(_ s: inout CardScannerState, attempt: Int, picked: String?, _ world: inout World<CardScanner>) {
        guard let i = s.calibration.lastIndex(where: { $0.attempt == attempt }) else { return }
        s.calibration[i].picked = picked
        world.emit(Record("calibration.picked").int("attempt", attempt).string("picked", picked ?? "none"))
    }

    static func logAttempt(_ s: inout CardScannerState, _ entry: CalibrationEntry, _ world: inout World<CardScanner>) {
        guard s.calibration.count < CardScannerState.maxCalibrationEntries else {
            s.calibrationDropped += 1
            if s.calibrationDropped == 1 { world.emit(Record("calibration.full").int("maxEntries", CardScannerState.maxCalibrationEntries)) }
            return
        }
        s.calibration.append(entry)
        world.emit(CardScannerOutput.calibration(entry))
    }

    // MARK: - Prices

    static func stagePrices(_ s: inout CardScannerState, game: String, bytes: [UInt8], day: Int64, _ world: inout World<CardScanner>) {
        let hash = SHA256.hex(SHA256.hash(bytes))
        let ids = (s.catalogByGame[game] ?? []).map(\.id)
        switch PriceFile.decode(bytes, catalogIDs: ids) {
        case .failure(let error):
            let (reason, why): (String, String)
            switch error {
            case .truncated(let n): (reason, why) = ("truncated", "\(n) bytes is not a whole number of \(PriceFile.rowBytes)-byte rows")
            case .tooManyRows(let n): (reason, why) = ("limit", "\(n) rows, over the limit of \(PriceFile.maxRows)")
            case .row(let index, let text): (reason, why) = ("bad-row", "row \(index): \(text)")
            }
            world.reject("priceFile", reason) { $0.word("game", game).string("why", why).bool("keptPrevious", s.currentPrices[game] != nil) }
        case .success(let prices):
            s.stagedPrices[game, default: [:]][hash] = PriceFile(game: game, contentHash: hash, capturedDay: day, prices: prices)
            world.emit(CardScannerOutput.pricesStaged(game: game, hash: hash, rows: prices.count, captured: day))
        }
    }

    static func applyManifest(_ s: inout CardScannerState, game: String, hash: String, _ world: inout World<CardScanner>) {
        guard let file = s.stagedPrices[game]?[hash] else {
            return world.reject("manifest", "hash-not-staged") {
                $0.word("game", game).word("hash", String(hash.prefix(16))).bool("keptPrevious", s.currentPrices[game] != nil)
            }
        }
        s.currentPrices[game] = file
        let priced = file.prices.keys.sorted(by: bytesBefore).filter { file.prices[$0] != .unpriced }.count
        world.emit(CardScannerOutput.pricesCurrent(game: game, hash: hash, priced: priced, unpriced: file.prices.count - priced, captured: file.capturedDay))
    }

    static func portfolio(_ s: CardScannerState, _ world: inout World<CardScanner>) {
        let today = world.zone.localDateTime(world.now).daysSinceEpoch
        var total: Int64 = 0
        var priced = 0, unpriced = 0, vanished = 0
        var oldestDay: Int64?
        for id in s.ledger.itemIDs {
            guard let item = s.ledger.items[id] else { continue }
            var resolved = item.cardID
            if !world.isOn(.noAliases) {
                switch s.aliases.resolve(item.cardID) {
                case .resolved(let r, _): resolved = r
                case .cycle, .tooLong: resolved = "unresolvable"
                }
            }
            guard let card = s.cardsByID[resolved] else {
                vanished += 1
                world.emit(CardScannerOutput.portfolioItem(item: id, card: item.cardID, resolved: resolved, price: "vanished"))
                continue
            }
            let file = s.currentPrices[card.game]
            let price: String
            var entry = file?.prices[card.id]
            // The historical bug: $0.00 read as "no price".
            if world.isOn(.zeroIsUnpriced), entry == .cents(0) { entry = .unpriced }
            switch entry {
            case .cents(let c)?:
                total += c
                priced += 1
                price = CentsText.format(c)
                oldestDay = min(oldestDay ?? file!.capturedDay, file!.capturedDay)
            case .unpriced?, nil:
                unpriced += 1
                price = "unpriced"
            }
            world.emit(CardScannerOutput.portfolioItem(item: id, card: item.cardID, resolved: resolved, price: price))
        }
        var headline = "Total \(CentsText.format(total))"
        if let day = oldestDay, !world.isOn(.staleAsCurrent), let stale = PriceFile.staleHeadline(ageDays: today - day) {
            headline = stale
        }
        world.emit(CardScannerOutput.portfolio(items: s.ledger.items.count, totalCents: total, priced: priced, unpriced: unpriced,
                                               vanished: vanished, headline: headline))
    }
}
