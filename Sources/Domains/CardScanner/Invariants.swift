import LockstepCore
import Platform

/// The article's rules as invariants, checked after every step.
extension CardScanner {
    public static let invariants: [Invariant<CardScanner>] = [
        Invariant("noCardAboveCeiling", "a best distance above 0.80 is no card: nothing is offered or added (failure 3)") { _, outputs in
            for r in outputs where r.name == "decision" {
                if let best = r.word("best").flatMap(Double.init), best > cardCeiling { return "decided on a frame whose best distance is \(best)" }
            }
            return nil
        },
        Invariant("silentAddNeedsLiteralNumber", "a silent add needs the number read literally, or unpadded on the artwork's first pick (failures 7, 8, 9)") { _, outputs in
            for r in outputs where r.name == "decision" && r.word("outcome") == "identified" {
                let via = r.word("via") ?? "?"
                if via != "literal" && via != "unpadded" { return "\(r.text("card")) added via \(via)" }
            }
            return nil
        },
        Invariant("languageGate", "8 or more Han, kana or hangul characters never add silently") { s, outputs in
            for r in outputs where r.name == "decision" && r.word("outcome") == "identified" && s.lastCJK >= s.policy.cjkCutoff {
                return "\(r.text("card")) added with cjk \(s.lastCJK)"
            }
            return nil
        },
        Invariant("unindexedNeverAdded", "a literal number naming a card the artwork did not offer is asked about, never added") { s, outputs in
            for r in outputs where r.name == "decision" && r.word("outcome") == "identified" {
                guard let card = r.stringValue("card"), let winner = s.cardsByID[card], let offered = s.calibration.last?.candidates else { continue }
                let numbers = Set((r.stringValue("numbers") ?? "").split(separator: " ").map(String.init))
                for other in s.catalogByGame[winner.game] ?? [] where !offered.contains(other.id) {
                    if let k = other.numberKeys, numbers.contains(k.literal), k.loose != winner.numberKeys?.loose { return "\(card) added while \(other.id)'s number \(k.literal) was read" }
                }
            }
            return nil
        },
        Invariant("varianceNeverNegative", "the soft-frame measure is a true variance: a frame is never judged soft on a negative value (failure 4)") { _, outputs in
            for r in outputs where r.name == "frame.dropped" && r.word("reason") == "soft" {
                if let v = r.double("variance"), v < 0 { return "frame judged soft at variance \(v)" }
            }
            return nil
        },
        Invariant("everyCropSearched", "all three crops around the guide are embedded and the closest is kept (failure 5)") { s, outputs in
            for r in outputs where r.name == "search" {
                let searched = (r.stringValue("crops") ?? "").split(separator: " ").map { String($0.split(separator: "=")[0]) }
                let given = s.lastFrameCrops.map(\.rawValue)
                if searched != given { return "searched \(searched) of \(given)" }
            }
            return nil
        },
        Invariant("bothPrintsOfTheCrop", "each crop counts its sharp and its slightly blurred print of the whole card (scaleFill), the closer per card (failures 1, 14)") { s, outputs in
            for r in outputs where r.name == "search" {
                for part in (r.stringValue("crops") ?? "").split(separator: " ") {
                    let kv = part.split(separator: "=")
                    guard kv.count == 2, let crop = CropID(rawValue: String(kv[0])), let own = s.lastCropBests[crop] else { continue }
                    if String(kv[1]) != DistanceText.format(own) { return "\(crop.rawValue) searched at \(kv[1]); its own prints give \(DistanceText.format(own))" }
                }
            }
            return nil
        },
        Invariant("creationBeforeEdit", "at the same millisecond a creation replays before every edit of its item (failure 10)") { s, outputs in
            guard !s.ledger.orphans.isEmpty, outputs.contains(where: { $0.name.hasPrefix("ledger.") }) else { return nil }
            for o in s.ledger.orphans where o.effect == .update && o.beforeCreation {
                if s.ledger.log.contains(where: { $0.itemID == o.itemID && $0.change.effect == .create && $0.timestampMillis == o.key.timestampMillis }) {
                    return "edit \(o.key) of \(o.itemID) replayed before its creation at the same millisecond"
                }
            }
            return nil
        },
        Invariant("viewIsReplayOfLog", "the derived items are always the sorted replay of the append-only log (checked while the log holds at most 512 records: a full replay per step)") { s, outputs in
            guard s.ledger.log.count <= 512, outputs.contains(where: { $0.name == "ledger.record" || $0.name == "ledger.rebuilt" }) else { return nil }
            return s.ledger.replay(order: <).items == s.ledger.items ? nil : "items differ from a replay of the \(s.ledger.log.count) records"
        },
        Invariant("renamedCopiesResolve", "renamed card ids resolve through the alias table at read time: copies never vanish (failure 11)") { s, outputs in
            for r in outputs where r.name == "portfolio" {
                var expected = 0
                for id in s.ledger.itemIDs {
                    guard let item = s.ledger.items[id] else { continue }
                    if case .resolved(let card, _) = s.aliases.resolve(item.cardID), s.cardsByID[card] != nil { continue }
                    expected += 1
                }
                if let vanished = r.int("vanished"), vanished != expected { return "\(vanished) copies vanished, \(expected) unresolvable" }
            }
            return nil
        },
        Invariant("numberOnlyWhenPrintsFail", "feature prints are probed once at launch: a device where they fail scans by number, it never fails every frame (failure 2)") { _, outputs in
            outputs.contains { $0.name == "frame.dropped" && $0.word("reason") == "featurePrintFailed" } ? "a frame failed for want of feature prints" : nil
        },
        Invariant("everyPassRead", "OCR runs on full-size crops: every number a pass that ran could read is read (failure 6)") { s, outputs in
            for r in outputs where r.name == "ocr" {
                guard let crop = r.word("crop").flatMap(CropID.init(rawValue:)) else { continue }
                let ran = Set((r.stringValue("passes") ?? "").split(separator: " ").map { String($0.split(separator: "×")[0]) })
                var expected = 0
                for a in s.lastFrameOCR where a.crop == crop && ran.contains(a.pass.rawValue) {
                    for obs in a.observations { for text in obs { expected += NumberKeys.extract(from: text).count } }
                }
                let read = r.int("numbers") ?? 0
                if read != expected { return "\(crop.rawValue): \(read) readings of \(expected)" }
            }
            return nil
        },
        Invariant("zeroIsAPrice", "prices are integer cents with a sentinel: a $0.00 promo is priced, only the sentinel is unpriced (failure 12)") { s, outputs in
            for r in outputs where r.name == "portfolio" {
                var unpriced = 0
                for id in s.ledger.itemIDs {
                    guard let item = s.ledger.items[id], case .resolved(let cid, _) = s.aliases.resolve(item.cardID), let card = s.cardsByID[cid] else { continue }
                    if case .cents? = s.currentPrices[card.game]?.prices[cid] { continue }
                    unpriced += 1
                }
                if let n = r.int("unpriced"), n != unpriced { return "portfolio says \(n) unpriced, \(unpriced) have no price" }
            }
            return nil
        },
        Invariant("oldPricesSaySo", "prices captured more than 7 days ago are never presented as the current total (failure 13)", checkStep: { s, outputs, step in
            for r in outputs where r.name == "portfolio" && (r.int("priced") ?? 0) > 0 {
                let today = step.zone.localDateTime(step.now).daysSinceEpoch
                let stale = s.ledger.items.values.contains { item in
                    guard case .resolved(let id, _) = s.aliases.resolve(item.cardID), let card = s.cardsByID[id],
                          let file = s.currentPrices[card.game], case .cents? = file.prices[id] else { return false }
                    return today - file.capturedDay > PriceFile.staleAfterDays
                }
                if stale, (r.stringValue("headline") ?? "").hasPrefix("Total") { return "stale prices shown as \(r.text("headline"))" }
            }
            return nil
        }),
    ]
}

extension Record {
    func field(_ key: String) -> Value? { fields.first(where: { $0.key == key })?.value }
    func word(_ key: String) -> String? {
        if case .word(let w)? = field(key) { return w }
        return nil
    }
    func stringValue(_ key: String) -> String? {
        if case .string(let s)? = field(key) { return s }
        return nil
    }
    func int(_ key: String) -> Int? {
        if case .int(let v)? = field(key) { return Int(v) }
        return nil
    }
    func double(_ key: String) -> Double? {
        switch field(key) {
        case .fixed(let v, _)?: v
        case .int(let v)?: Double(v)
        default: nil
        }
    }
    func text(_ key: String) -> String { field(key)?.text ?? "?" }
}
