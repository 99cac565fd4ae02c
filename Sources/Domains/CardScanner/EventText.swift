import LockstepCore

/// Every recorded event written back as a scenario line (`lockstep expand`, `shrink`).
extension CardScanner {
    public static func text(of event: CardScannerEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .installPack(let p):
            return line.word("game", p.game).int("revision", p.revision).text("scale", p.scaleText).text("rows", p.rowsText).line
        case .catalog(let c):
            return line.word("id", c.id).word("game", c.game).text("set", c.setName).text("name", c.baseName).text("number", c.printedNumber)
                .word("lang", c.language).line
        case .alias(let old, let new): return line.word("old", old).word("new", new).line
        case .frame(let f): return frameText(f)
        case .sheetPick(let card, let finish): return line.word("card", card).choice("finish", finish).line
        case .sheetDismiss, .portfolio, .relaunch: return line.line
        case .setFinish(let item, let finish): return line.word("item", item).choice("finish", finish).line
        case .remove(let item): return line.word("item", item).line
        case .ledger(let l):
            var t = line.choice("event", l.kind).word("item", l.item)
            if !l.card.isEmpty { t = t.word("card", l.card) }
            if let finish = l.finish { t = t.choice("finish", finish) }
            return t.text("id", l.eventID).int("t", l.timestampMillis).line
        case .priceFile(let game, let bytes, let day):
            return line.word("game", game).text("hex", Hex.lower(bytes: bytes)).text("captured", PriceFile.dayText(day)).line
        case .manifest(let game, let hash): return line.word("game", game).text("hash", hash).line
        }
    }

    /// Sparse `AXIS:LEVEL` (levels are exact multiples of 1/256, A7); `len=` for another length.
    static func embeddingText(_ e: Embedding) -> String? {
        var parts: [String] = []
        if e.components.count != Embedding.dimension { parts.append("len=\(e.components.count)") }
        for (i, v) in e.components.enumerated() where v != 0 || v.isNaN {
            if v.isNaN { parts.append("\(i):nan"); continue }
            if v.isInfinite { parts.append("\(i):\(v > 0 ? "inf" : "-inf")"); continue }
            let level = v * 256
            guard level == level.rounded(), abs(level) <= Float(Embedding.maxLevel) else { return nil }
            parts.append("\(i):\(Int(level))")
        }
        return parts.joined(separator: " ")
    }

    static func frameText(_ f: FrameInput) -> String? {
        var t = LineText("frame").word("game", f.game).choice("source", f.source).bool("steady", f.steady).number("variance", f.variance)
        if let ci = f.ciVariance { t = t.number("ciVariance", ci) }
        let keys: [(CropID, String, String)] = [(.tight, "tight", "tightBlur"), (.guide, "guide", "guideBlur"), (.loose, "loose", "looseBlur")]
        for (crop, sharpKey, blurKey) in keys {
            guard let c = f.crops[crop] else { continue }
            if let e = c.sharp { guard let s = embeddingText(e) else { return nil }; t = t.text(sharpKey, s) }
            if let e = c.blurred { guard let s = embeddingText(e) else { return nil }; t = t.text(blurKey, s) }
        }
        if let e = f.centerCrop { guard let s = embeddingText(e) else { return nil }; t = t.text("centerCrop", s) }
        if !f.ocr.isEmpty {
            let text = f.ocr.map { a in
                "\(a.crop.rawValue).\(a.pass.rawValue)=" + a.observations.map { $0.joined(separator: "~") }.joined(separator: "|")
            }.joined(separator: "; ")
            t = t.text("ocr", text)
        }
        return t.int("cjk", f.cjkCount).line
    }
}
