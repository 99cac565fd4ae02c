import LockstepCore

/// Random walks through a scanning session over a fixed six-card fixture (exact n/256 distances):
/// frames near a card or near nothing, readings that are literal, unpadded, missing a digit, naming
/// an unindexed card or junk; Japanese text; shaky, soft and Core-Image-negative frames; holo
/// sparkle on the sharp print; tight crops that cut the number off; sheet answers; ledger records
/// from another device at the same millisecond; renames; price files with $0.00 promos, old capture
/// days and manifests; days passing; relaunches.
extension CardScanner {
    struct Walk: Sendable {
        var setupDone = false
        var items = 0
        var pendingHash: String?
    }

    /// Card k owns axes 8k…8k+7 (one level each here); u7 is catalogued but not indexed.
    static let walkCards: [(id: String, name: String, number: String, level: Int)] = [
        ("w1", "Lightning Bolt", "141/280", 100), ("w2", "Shock", "041/280", 104), ("w3", "Bolt Promo", "141/280", 115),
        ("w4", "Opt", "018/280", 110), ("w5", "Ponder", "019/280", 120), ("w6", "Duress", "020/280", 126),
        ("w7", "New Card", "099/280", 0),
    ]

    public static let explorer: Explorer? = Explorer(memory: Walk(), header: { rng, _ in
        rng.chance(0.3) ? ["set featurePrint espressoFailure"] : []
    }, next: { rng, walk, _ in
        if !walk.setupDone {
            walk.setupDone = true
            let rows = walkCards.enumerated().filter { $0.element.level > 0 }.map { "\($0.element.id) \(8 * $0.offset):\($0.element.level)" }
            return "+0 installPack game=mtg revision=2 scale=\"1/256\" rows=\"\(rows.joined(separator: "; "))\""
        }
        if walk.items < walkCards.count {
            let c = walkCards[walk.items]
            walk.items += 1
            return "+0 catalog id=\(c.id) name=\"\(c.name)\" number=\"\(c.number)\""
        }
        let gap = "+\(rng.int(in: 1 ... 9))00ms"
        let ms = 1_767_225_600_000 + Int64(rng.int(in: 0 ... 20)) * 1000
        switch rng.int(below: 25) {
        case 0 ... 9:
            // A frame: near card k (query on its axis), or near nothing.
            let k = rng.int(below: 6)
            let towards = rng.int(in: 0 ... 60)
            let noise = rng.int(in: 0 ... 127)
            let near = rng.chance(0.85)
            var guide = near ? "\(8 * k):\(towards) 767:\(noise / 3)" : "760:\(noise) 761:127 762:127 763:-120"
            if rng.chance(0.05) { guide = "len=700" }
            let sparkle = rng.chance(0.2) ? " guide=\"\(8 * ((k + 1) % 6)):50 767:90\" guideBlur=\"\(guide)\"" : " guide=\"\(guide)\""
            let center = rng.chance(0.2) ? " centerCrop=\"\(8 * ((k + 2) % 6)):40\"" : ""
            let tight = rng.chance(0.3) ? " tight=\"\(8 * k):\(min(127, towards + 10))\"" : ""
            let readings = ["141/280", "41/280", "041/280", "18/280", "018/280", "019/280", "099/280", "", "HP 120", "O2O/28O", "141/280★", "141/280|099/280", "018/280|099/280", "099/280|141/280", "141/280|099/280"]
            let read = readings[rng.int(below: readings.count)]
            let pass = ["whole", "bottomStrip", "cornerB"][rng.int(below: 3)]
            let crop = rng.chance(0.8) ? "guide" : "loose"
            let variance = [250, 250, 250, 99.9, 100, -3][rng.int(below: 6)]
            let ci = rng.chance(0.3) ? " ciVariance=\(-rng.int(in: 1 ... 50))" : ""
            let source = rng.chance(0.2) ? " source=pickedPhoto" : ""
            let steady = rng.chance(0.1) ? " steady=false" : ""
            let cjk = [0, 3, 7, 8, 40][rng.int(below: 5)]
            return "\(gap) frame\(source)\(steady) variance=\(variance)\(ci)\(sparkle)\(tight)\(center) ocr=\"\(crop).\(pass)=\(read)\" cjk=\(cjk)"
        case 10, 11, 12: return "\(gap) sheetPick card=w\(rng.int(in: 1 ... 7)) finish=\(rng.chance(0.5) ? "foil" : "nonfoil")"
        case 13: return "\(gap) sheetDismiss"
        case 14:
            let item = "x\(rng.int(in: 1 ... 3))"
            return "\(gap) ledger event=added item=\(item) card=w\(rng.int(in: 1 ... 7)) id=\"\(rng.chance(0.5) ? "z" : "a")\(rng.int(below: 100))\" t=\(ms)"
        case 15:
            let item = "x\(rng.int(in: 1 ... 3))"
            return "\(gap) ledger event=edited item=\(item) finish=foil id=\"\(rng.chance(0.5) ? "z" : "a")\(rng.int(below: 100))\" t=\(ms)"
        case 16: return "\(gap) setFinish item=item-\(rng.int(in: 1 ... 4)) finish=\(rng.chance(0.5) ? "foil" : "nonfoil")"
        case 17: return "\(gap) remove item=item-\(rng.int(in: 1 ... 4))"
        case 18: return "\(gap) alias old=w\(rng.int(in: 1 ... 7)) new=w\(rng.int(in: 1 ... 7))r"
        case 19:
            // Catalogue a renamed id so aliases can resolve.
            return "\(gap) catalog id=w\(rng.int(in: 1 ... 7))r name=\"Renamed\" number=\"\(rng.int(in: 200 ... 279))/280\""
        case 20:
            var bytes: [UInt8] = []
            for i in 0 ..< 7 where rng.chance(0.7) {
                let cents: Int32 = rng.chance(0.2) ? 0 : (rng.chance(0.15) ? Int32.min : Int32(rng.int(in: 1 ... 5000)))
                for b in [UInt32(i), UInt32(bitPattern: cents)] { bytes += [UInt8(b & 0xFF), UInt8(b >> 8 & 0xFF), UInt8(b >> 16 & 0xFF), UInt8(b >> 24)] }
            }
            let day = ["2025-12-01", "2025-12-20", "2025-12-25", "2025-12-31"][rng.int(below: 4)]
            let hash = Hex.lower(bytes: SHA256.hash(bytes))
            walk.pendingHash = hash
            return "\(gap) priceFile game=mtg captured=\"\(day)\" hex=\"\(Hex.lower(bytes: bytes))\""
        case 21:
            if let hash = walk.pendingHash, rng.chance(0.8) {
                walk.pendingHash = nil
                return "\(gap) manifest game=mtg hash=\"\(hash)\""
            }
            return "\(gap) portfolio"
        case 22: return "+\(rng.int(in: 1 ... 9))d portfolio"
        case 23: return "\(gap) portfolio"
        default: return "\(gap) relaunch"
        }
    })
}
