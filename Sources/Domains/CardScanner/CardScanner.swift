import LockstepCore
import Platform

/// `cardScanner`: Foilcase, an iPhone app that scans trading cards from five games and prices them.
/// Feature prints of the card's artwork retrieve candidate printings from an int8 index, text
/// recognition reads the collector number, and a strict rule decides when a card is added silently
/// and when the five-card sheet asks; the collection is an append-only ledger, prices come from one
/// shared daily binary file per game.
///
/// Source: seed article `003_59898ac5466271ab.txt`, "Identifying card printings on device with
/// Vision and OCR". Modelled: the one-time feature-print probe and number-only mode; int8 packs with
/// one scale, refused on another Vision revision, searched brute force in 512-row chunks
/// (Euclidean, `Float`, A2); the 0.80 card-present ceiling; the live soft-frame gate (picked photos
/// skip it); three crops around a fixed guide, each also embedded blurred, the closest kept; OCR at
/// full size: whole card, 22% strips ×2.5, corners ×4 when nothing turned up, and the loose crop
/// when the tight one cut the number off; look-alike folding S↔5, O↔0, B↔8, literal versus loose
/// keys; `decide()` with the 15% parallel margin in IEEE doubles, the unpadded rule, the language
/// gate (cut-off 8) and number-only candidates asked, never added; the sheet with foil/non-foil and
/// the calibration log; the ledger replayed by `(timestamp, replayRank, eventID)` with tombstones
/// and an alias table at read time; integer-cent prices with a sentinel, content-addressed files,
/// the manifest last, and the staleness headline after 7 days.
///
/// Choices where the article is silent (GAPs), following the note's Addendum A1–A8:
/// - Policy (A1): `minimumRelativeMargin = 0.05` (the article gives none); `artworkTies` is strict
///   (`winner < first × 1.05`); the 0.80 ceiling is inclusive; `cjk ≥ 8` asks; soft-frame floor
///   100.0 (`set varianceFloor`), live frames only. Gate order on a live frame: not steady, then a
///   non-finite or negative variance (`badVariance`), then `soft`.
/// - Search (A2): dequantise `Float(q) × scale`, accumulate squared differences in index order in
///   `Float`, `Float` square root, widened to `Double` once; ties by card id as bytes. Distances
///   print to six decimals rounded half away from zero. `Double(Float(0.8))` is above 0.80: no card.
/// - Crops (A4): per card the min of the sharp and blurred distances; the crop with the smallest
///   best distance wins, ties tight, guide, loose. The strips always run; corners A (bottom-left),
///   B (bottom-right), C (top-right) only when whole and strips read no number; then the whole
///   sequence on `loose` if nothing and the chosen crop is not loose. Number-only mode reads guide,
///   then loose. A pass missing from a recording is zero observations.
/// - Keys (A5): ASCII A–Z, 0–9, `/`, `-` and the marks ★ ☆ † (suffix only); look-alikes folded on
///   readings and catalog alike; a number needs a separator, a non-zero digit run, a non-zero last
///   part after `/` and at most 16 characters; bare digit runs (HP, years) are noise.
/// - `decide()` (A6): the winner is the first of the offered five whose loose key was read;
///   parallels only when the number matched, including cards missing from the index (no distance
///   blocks); unoffered cards need a literal reading; sheet orders as D4. Reason names
///   `unindexedNumber`, `language`, `artworkUnavailable` are GAPs. Number-only mode never identifies.
/// - Fixtures (A7): embeddings and pack rows are sparse `AXIS:LEVEL` text, levels −127…127 in units
///   of 1/256, so `n/256` distances are exact; packs in scenarios use `scale=1/256`. `len=N` states a
///   wrong length and `nan`/`inf` a non-finite component (refused as `badEmbedding`, not a parse error).
///   A pack row for a card not in the catalog is searched but never ranked (`uncatalogued=`).
///   `gen session` uses a simpler seeded model (each card 8 private axes at levels 30…45, queries
///   the card's row plus ±40 levels of noise), not A7's normalised-vector accuracy harness: the
///   article's harness rates (87.8% top-1, 99.8% top-5) are not reproduced or claimed.
/// - Rectified-card luma and the Laplacian (A3) are `Laplacian.variance`, tested on tiny buffers;
///   frames carry the variance itself. `ciVariance=` is what the Core Image blend pipeline read,
///   used only by its fault; `centerCrop=` is the `.centerCrop` feature print, used only by its fault.
/// - Vision is recorded, not requested: a frame line carries each crop's feature prints and each
///   pass's `topCandidates(2)` strings (`ocr="CROP.PASS=cand~cand|obs; …"`, so a reading cannot hold
///   `;`, `|` or `~`). Platform's scripted `vision result id=` answers an asynchronous request by id;
///   here every pass of a frame answers at once, so that table does not fit and is not used.
/// - Frames that arrive while the sheet is open are refused (`sheet-open`): the sheet is modal.
/// - Limits, each said when hit: 30,000 pack rows, 100,000 catalog cards, 1,000,000 ledger records,
///   100,000 aliases (16 hops), 10,000 calibration entries (`calibration.full`, then not logged),
///   100,000 price rows, 64 observations per pass, 256 characters per candidate.
/// - The probe follows `set featurePrint` (the device's runtime) at launch and at every relaunch.
/// - Ledger: app records get seeded random v4 ids and millisecond timestamps of the virtual clock; a
///   pick appends `added` then `edited(finish)` at the same millisecond; a silent add is non-foil. An
///   edit or removal that sorts before its item's creation stays in the log as an orphan and is never
///   applied (the item is derived only from records after its creation); duplicate ids are
///   idempotent, a reused id with other content is refused. Item ids are `item-N` in order.
/// - Aliases resolve at read time (portfolio), chains followed, cycles reported (`alias.cycle`) and
///   such a card counts as vanished.
/// - Prices (A8 + note 13): little-endian `[u32 cardIndex, i32 cents]`, index into the game's catalog
///   in catalog order, `Int32.min` unpriced; a negative price, an index outside the catalog, a
///   twice-priced card or a truncated file refuse the file (the previous stays). Names are the
///   SHA-256 of the bytes; a manifest naming a file never staged is refused. Capture day is a UTC
///   date; today is the device's calendar day (`zone`); stale iff age > 7 days; the headline says
///   `floor(days/7)` weeks from 14 days, else days.
public enum CardScanner: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = CardScannerState
    public typealias Event = CardScannerEvent
    public typealias Fault = CardScannerFault

    public static let name = "cardScanner"
    /// The digest lists every collection item, and a session's collection grows to thousands: a
    /// digest every 16 steps (the final summary is always written) keeps a step's cost flat.
    public static var digestInterval: Int { 16 }
    public static let summary = "Foilcase: int8 artwork index with a 0.80 ceiling, three crops, full-size OCR passes, literal vs loose collector numbers, decide() with the 15% parallel margin, the five-card sheet, an append-only ledger by (timestamp, rank, id) with aliases, cent prices with a sentinel and a staleness headline (seed 003, \"Identifying card printings on device with Vision and OCR\")."

    public enum FeaturePrintRuntime: String, CaseIterable, Sendable {
        case available, espressoFailure
    }

    public struct Settings: Sendable {
        var featurePrint: FeaturePrintRuntime
        var varianceFloor: Double
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let fp = try s("featurePrint", .choice(FeaturePrintRuntime.self), default: .available, "the device's feature-print runtime (espressoFailure: the Simulator)")
        let floor = try s("varianceFloor", .number, default: 100, in: 0 ... 1_000_000, "soft-frame gate: a live frame passes iff variance ≥ this (A3)")
        return Settings(featurePrint: fp, varianceFloor: floor)
    }

    public static let events: [EventKind<CardScannerEvent>] = [
        EventKind("installPack", "An artwork index pack for one game (int8 rows, one scale)") { f throws(ScenarioError) in
            let game = try f("game", .word, "the game")
            let revision = try f("revision", .int, in: 0 ... 100, "the Vision feature-print revision the rows were made with")
            let scale = try f("scale", .text, "dequantisation scale: a number or N/D (1/256)")
            let rows = try f("rows", .text, "rows: 'cardId AXIS:LEVEL …; cardId …', levels −127…127")
            return .installPack(PackInput(game: game, revision: revision, scaleText: scale, rowsText: rows))
        },
        EventKind("catalog", "One catalog printing") { f throws(ScenarioError) in
            let id = try f("id", .word, "card id")
            let game = try f("game", .word, default: "mtg", "game")
            let set = try f("set", .text, default: "", "set name")
            let name = try f("name", .text, "base name (parallels share it)")
            let number = try f("number", .text, "printed collector number")
            let lang = try f("lang", .word, default: "en", "language")
            return .catalog(CatalogCard(id: id, game: game, setName: set, baseName: name, printedNumber: number, language: lang, numberKeys: NumberKeys.of(number)))
        },
        EventKind("alias", "Upstream renamed a card id") { f throws(ScenarioError) in
            .alias(old: try f("old", .word, "old id"), new: try f("new", .word, "new id"))
        },
        EventKind("frame", "A recorded frame: crop embeddings, OCR answers, gates") { f throws(ScenarioError) in
            .frame(try FrameFields.frame(&f))
        },
        EventKind("sheetPick", "The user picks a card on the sheet and answers foil or non-foil") { f throws(ScenarioError) in
            .sheetPick(card: try f("card", .word, "card id"), finish: try f("finish", .choice(Finish.self), default: .nonfoil, "foil or nonfoil"))
        },
        EventKind("sheetDismiss", "The user closes the sheet without a card") { _ throws(ScenarioError) in .sheetDismiss },
        EventKind("setFinish", "Change an item's finish") { f throws(ScenarioError) in
            .setFinish(item: try f("item", .word, "item id"), finish: try f("finish", .choice(Finish.self), "foil or nonfoil"))
        },
        EventKind("remove", "Remove an item (a tombstone)") { f throws(ScenarioError) in .remove(item: try f("item", .word, "item id")) },
        EventKind("ledger", "A ledger record from elsewhere, with its own id and millisecond timestamp") { f throws(ScenarioError) in
            let kind = try f("event", .choice(LedgerEventKind.self), "added, edited or removed")
            let item = try f("item", .word, "item id")
            let card = try f("card", .word, default: "", "added: the card id")
            let finish = try f.optional("finish", .choice(Finish.self), "added/edited: the finish")
            let id = try f("id", .text, "event id")
            let t = try f("t", .integer, in: 0 ... 7_258_118_400_000, "milliseconds since 1970")
            if !f.isDeclaring {
                if kind == .added, card.isEmpty { throw f.error("an added record names its card=", at: "event") }
                if kind != .added, !card.isEmpty { throw f.error("only an added record names a card", at: "card") }
                if kind == .edited, finish == nil { throw f.error("an edited record gives the new finish=", at: "event") }
            }
            return .ledger(LedgerLine(kind: kind, item: item, card: card, finish: finish, eventID: id, timestampMillis: t))
        },
        EventKind("priceFile", "A downloaded price file (little-endian [u32 cardIndex, i32 cents] rows)") { f throws(ScenarioError) in
            let game = try f("game", .word, "game")
            let file = try f.optional("file", .file, "the binary file")
            let hex = try f.optional("hex", .text, "the bytes as hex instead of a file")
            let day = try f("captured", .text, "capture day, YYYY-MM-DD (UTC)")
            var bytes: [UInt8] = []
            var captured: Int64 = 0
            if !f.isDeclaring {
                switch (file, hex) {
                case (let b?, nil): bytes = b
                case (nil, let h?):
                    guard let b = HexBytes.parse(h) else { throw f.error("hex must be pairs of hex digits", at: "hex") }
                    bytes = b
                default: throw f.error("give file= or hex=, exactly one", atAnyOf: ["file", "hex"])
                }
                guard let d = PriceFile.day(day) else { throw f.error("captured must be a date YYYY-MM-DD", at: "captured") }
                captured = d
            }
            return .priceFile(game: game, bytes: bytes, capturedDay: captured)
        },
        EventKind("manifest", "The manifest names a game's current price file (written last)") { f throws(ScenarioError) in
            .manifest(game: try f("game", .word, "game"), hash: try f("hash", .text, "SHA-256 of the file, 64 hex digits"))
        },
        EventKind("portfolio", "The portfolio screen") { _ throws(ScenarioError) in .portfolio },
        EventKind("relaunch", "The app is killed and launched again") { _ throws(ScenarioError) in .relaunch },
    ]

    public static func kind(of event: CardScannerEvent) -> String {
        switch event {
        case .installPack: "installPack"
        case .catalog: "catalog"
        case .alias: "alias"
        case .frame: "frame"
        case .sheetPick: "sheetPick"
        case .sheetDismiss: "sheetDismiss"
        case .setFinish: "setFinish"
        case .remove: "remove"
        case .ledger: "ledger"
        case .priceFile: "priceFile"
        case .manifest: "manifest"
        case .portfolio: "portfolio"
        case .relaunch: "relaunch"
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<CardScanner>) throws(ScenarioError) -> CardScannerState {
        var s = CardScannerState(policy: .standard, varianceFloor: settings.varianceFloor,
                                 featurePrintWorks: settings.featurePrint == .available, artworkMatchingAvailable: false)
        probe(&s, &world)
        return s
    }

    public static func write(_ s: CardScannerState, to out: inout CanonicalWriter) {
        out.bool("artworkMatchingAvailable", s.artworkMatchingAvailable)
        out.int("launches", s.launches)
        out.list("packs", s.packs.keys.sorted(by: bytesBefore)) { w, _, game in
            let p = s.packs[game]!
            w.record(Record("pack").word("game", game).int("revision", p.visionRevision).string("scale", p.scaleText).int("rows", p.cardIDs.count)
                .digest("levels", FNV1a64.hash(p.levels.map { UInt8(bitPattern: $0) })))
        }
        out.int("catalogCards", s.cardsByID.count)
        out.list("aliases", s.aliases.sortedPairs) { w, _, pair in w.record(Record("alias").string("old", pair.old).string("new", pair.new)) }
        out.int("ledgerRecords", s.ledger.log.count)
        out.list("items", s.ledger.itemIDs) { w, _, id in
            let item = s.ledger.items[id]!
            w.record(Record("item").string("id", id).string("card", item.cardID).word("finish", item.finish.rawValue))
        }
        out.int("orphans", s.ledger.orphans.count)
        out.int("frames", s.frames)
        if let sheet = s.sheet {
            out.section("sheet") { w in
                w.record(Record("sheet").int("attempt", sheet.attempt).word("reason", sheet.reason.rawValue).string("cards", sheet.cards.joined(separator: " ")))
            }
        } else {
            out.word("sheet", "none")
        }
        out.int("calibrationEntries", s.calibration.count)
        out.int("calibrationPicked", s.calibration.filter { $0.picked != nil }.count)
        out.list("prices", s.currentPrices.keys.sorted(by: bytesBefore)) { w, _, game in
            let p = s.currentPrices[game]!
            w.record(Record("prices").word("game", game).word("hash", String(p.contentHash.prefix(16))).word("captured", PriceFile.dayText(p.capturedDay)).int("rows", p.prices.count))
        }
    }
}

/// Hex text to bytes (spaces allowed between pairs).
enum HexBytes {
    static let maxBytes = 1 << 20
    static func parse(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var high: UInt8?
        for c in text.utf8 {
            if c == 0x20 { continue }
            let v: UInt8
            switch c {
            case 0x30...0x39: v = c - 0x30
            case 0x61...0x66: v = c - 0x61 + 10
            case 0x41...0x46: v = c - 0x41 + 10
            default: return nil
            }
            if let h = high { out.append(h << 4 | v); high = nil } else { high = v }
            if out.count > maxBytes { return nil }
        }
        return high == nil ? out : nil
    }
}
