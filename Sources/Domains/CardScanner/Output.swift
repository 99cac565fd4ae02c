import LockstepCore
import Platform

/// What the app shows or stores, as trace records. Distances print to six decimals (A2).
enum CardScannerOutput: RecordConvertible {
    case probe(ok: Bool, launch: Int)
    case packInstalled(game: String, revision: Int, scale: String, rows: Int, chunks: (Int, Int))
    case catalogued(card: CatalogCard)
    case aliasAdded(old: String, new: String, resolved: String)
    case dropped(reason: String, extra: [(String, Value)])
    case search(crop: CropID, best: Double, top: [Candidate], crops: [(CropID, Double)], uncatalogued: Int)
    case ocr(crop: CropID, passes: [String], readings: [(text: String, key: NumberKeys)])
    case decision(DecisionResult, best: Double?, cjk: Int)
    case sheetOpened(attempt: Int, cards: [String])
    case ledgerRecord(kind: String, item: String, card: String?, finish: Finish?, eventID: String, t: Int64, outcome: String)
    case item(CollectionItem?, id: String)
    case calibration(CalibrationEntry)
    case rebuilt(items: Int, records: Int, identical: Bool, orphans: Int)
    case orphan(LedgerOrphan)
    case pricesStaged(game: String, hash: String, rows: Int, captured: Int64)
    case pricesCurrent(game: String, hash: String, priced: Int, unpriced: Int, captured: Int64)
    case portfolioItem(item: String, card: String, resolved: String, price: String)
    case portfolio(items: Int, totalCents: Int64, priced: Int, unpriced: Int, vanished: Int, headline: String)

    var record: Record {
        switch self {
        case .probe(let ok, let launch):
            return Record("probe").int("launch", launch).word("featurePrint", ok ? "ok" : "failed")
                .with("mode", .word(ok ? "artwork" : "numberOnly"))
                .with("error", .string(ok ? "" : "Failed to create espresso context"))
        case .packInstalled(let game, let revision, let scale, let rows, let chunks):
            return Record("pack.installed").word("game", game).int("revision", revision).string("scale", scale).int("rows", rows)
                .int("bytes", rows * Embedding.dimension).int("fullChunks", chunks.0).int("lastChunkRows", chunks.1)
        case .catalogued(let c):
            return Record("catalog.card").string("id", c.id).word("game", c.game).string("number", c.printedNumber)
                .string("literal", c.numberKeys?.literal ?? "none").string("loose", c.numberKeys?.loose ?? "none")
        case .aliasAdded(let old, let new, let resolved):
            return Record("alias").string("old", old).string("new", new).string("resolves", resolved)
        case .dropped(let reason, let extra):
            var r = Record("frame.dropped").word("reason", reason)
            for (k, v) in extra { r = r.with(k, v) }
            return r
        case .search(let crop, let best, let top, let crops, let uncatalogued):
            return Record("search").word("crop", crop.rawValue).word("best", DistanceText.format(best))
                .string("top", top.map { "\($0.cardID)=\(DistanceText.format($0.distance))" }.joined(separator: " "))
                .string("crops", crops.map { "\($0.0.rawValue)=\(DistanceText.format($0.1))" }.joined(separator: " "))
                .int("uncatalogued", uncatalogued)
        case .ocr(let crop, let passes, let readings):
            return Record("ocr").word("crop", crop.rawValue).string("passes", passes.joined(separator: " ")).int("numbers", readings.count)
                .string("readings", readings.map { "\($0.text): literal \($0.key.literal) loose \($0.key.loose)" }.joined(separator: " | "))
        case .decision(let d, let best, let cjk):
            var r = Record("decision")
            switch d.decision {
            case .identified(let card): r = r.word("outcome", "identified").string("card", card)
            case .ambiguous(let reason, let sheet): r = r.word("outcome", "ambiguous").word("reason", reason.rawValue).string("sheet", sheet.joined(separator: " "))
            }
            r = r.string("winner", d.winner.cardID).word("winnerDistance", DistanceText.format(d.winner.distance)).bool("numberMatched", d.numberMatched)
                .string("winnerLiteral", d.winnerLiteral ?? "none").string("numbers", d.numbers.joined(separator: " "))
                .string("parallels", d.parallels.joined(separator: " ")).int("cjk", cjk)
            if let best { r = r.word("best", DistanceText.format(best)) }
            if let via = d.via { r = r.word("via", via) }
            return r
        case .sheetOpened(let attempt, let cards):
            return Record("sheet.opened").int("attempt", attempt).string("cards", cards.joined(separator: " "))
        case .ledgerRecord(let kind, let item, let card, let finish, let eventID, let t, let outcome):
            var r = Record("ledger.record").word("event", kind).string("item", item)
            if let card { r = r.string("card", card) }
            if let finish { r = r.word("finish", finish.rawValue) }
            return r.string("id", eventID).int64("t", t).word("outcome", outcome)
        case .item(let item, let id):
            guard let item else { return Record("collection.item").string("item", id).word("state", "absent") }
            return Record("collection.item").string("item", id).string("card", item.cardID).word("finish", item.finish.rawValue)
        case .calibration(let e):
            return Record("calibration").int("attempt", e.attempt).word("decision", e.decision).string("candidates", e.candidates.joined(separator: " "))
                .string("numbers", e.numbers.joined(separator: " ")).string("picked", e.picked ?? "none")
        case .rebuilt(let items, let records, let identical, let orphans):
            return Record("ledger.rebuilt").int("records", records).int("items", items).int("orphans", orphans).bool("identical", identical)
        case .orphan(let o):
            return Record("ledger.orphan").string("item", o.itemID).word("effect", o.effect.rawValue).string("key", o.key.description)
                .word("why", o.effect == .create ? "item-exists" : (o.beforeCreation ? "item-not-created" : "item-removed"))
        case .pricesStaged(let game, let hash, let rows, let captured):
            return Record("prices.staged").word("game", game).word("hash", String(hash.prefix(16))).int("rows", rows).word("captured", PriceFile.dayText(captured))
        case .pricesCurrent(let game, let hash, let priced, let unpriced, let captured):
            return Record("prices.current").word("game", game).word("hash", String(hash.prefix(16))).int("priced", priced).int("unpriced", unpriced)
                .word("captured", PriceFile.dayText(captured))
        case .portfolioItem(let item, let card, let resolved, let price):
            return Record("portfolio.item").string("item", item).string("card", card).string("resolved", resolved).string("price", price)
        case .portfolio(let items, let total, let priced, let unpriced, let vanished, let headline):
            return Record("portfolio").int("items", items).word("total", CentsText.format(total)).int("priced", priced).int("unpriced", unpriced)
                .int("vanished", vanished).string("headline", headline)
        }
    }
}
