import LockstepCore
import Platform

/// The frame pipeline, in A6's order: F1 embeddings, F2 live gates, F3 number-only, F4 search and
/// crop choice, F5 ceiling, F6 OCR passes and keys, F7 `decide()`.
extension CardScanner {
    /// Best distance at or below which a card is present (inclusive, A1).
    static let cardCeiling = 0.80

    static func scan(_ s: inout CardScannerState, _ frame: FrameInput, _ world: inout World<CardScanner>) {
        s.frames += 1
        s.lastCJK = frame.cjkCount
        s.lastFrameCrops = CropID.allCases.filter { frame.crops[$0] != nil }
        s.lastFrameOCR = frame.ocr
        s.lastCropBests = [:]
        if s.sheet != nil { return world.reject("frame", "sheet-open") { $0.int("attempt", s.sheet!.attempt) } }
        func drop(_ reason: String, _ extra: [(String, Value)] = []) { world.emit(CardScannerOutput.dropped(reason: reason, extra: extra)) }

        // F1
        for crop in CropID.allCases {
            guard let c = frame.crops[crop] else { continue }
            for (kind, e) in [("sharp", c.sharp), ("blurred", c.blurred)] {
                if let e, let why = e.problem { return drop("badEmbedding", [("crop", .word(crop.rawValue)), ("embedding", .word(kind)), ("why", .string(why))]) }
            }
        }
        if let e = frame.centerCrop, let why = e.problem { return drop("badEmbedding", [("crop", .word("centerCrop")), ("why", .string(why))]) }
        // F2: a picked photo skips the steady and sharpness gates ("no better frame is coming").
        if frame.source == .live {
            guard frame.steady else { return drop("notSteady") }
            let v = world.isOn(.coreImageVariance) ? (frame.ciVariance ?? frame.variance) : frame.variance
            if world.isOn(.coreImageVariance) {
                // The blend pipeline's value goes straight to the threshold, negative or not.
                if !(v >= s.varianceFloor) { return drop("soft", [("variance", .fixed(v, places: 3))]) }
            } else {
                guard v.isFinite, v >= 0 else { return drop("badVariance", [("variance", .word(v.isNaN ? "nan" : (v.isFinite ? FixedDecimal.format(v, places: 3) : "inf")))]) }
                guard v >= s.varianceFloor else { return drop("soft", [("variance", .fixed(v, places: 3))]) }
            }
        }
        let catalog = s.catalogByGame[frame.game] ?? []
        // F3
        if !s.artworkMatchingAvailable { return numberOnly(&s, frame, catalog, &world) }
        if !s.featurePrintWorks {
            // Only reachable without the probe (fault): every request fails in the Simulator.
            return drop("featurePrintFailed", [("error", .string("Failed to create espresso context"))])
        }
        guard let pack = s.packs[frame.game] else { return world.reject("frame", "no-pack") { $0.word("game", frame.game) } }
        // F4
        var usable = frame.crops
        if world.isOn(.singleCrop) { usable = usable.filter { $0.key == .tight } }
        var perCrop: [(CropID, [Candidate])] = []
        var uncatalogued = 0
        for crop in CropID.allCases {
            guard let c = usable[crop] else { continue }
            var sharp = c.sharp
            var blurred = world.isOn(.noBlurredEmbedding) ? nil : c.blurred
            if world.isOn(.centerCrop), let center = frame.centerCrop { sharp = center; blurred = nil }
            var best = [Double](repeating: .infinity, count: pack.cardIDs.count)
            for e in [sharp, blurred] {
                guard let e else { continue }
                let d = pack.distances(to: e.components)
                for i in d.indices where d[i] < best[i] { best[i] = d[i] }
            }
            guard sharp != nil || blurred != nil else { continue }
            var ranked: [Candidate] = []
            uncatalogued = 0
            for (i, id) in pack.cardIDs.enumerated() {
                if s.cardsByID[id]?.game == frame.game { ranked.append(Candidate(cardID: id, distance: best[i])) } else { uncatalogued += 1 }
            }
            ranked.sort { $0.distance != $1.distance ? $0.distance < $1.distance : bytesBefore($0.cardID, $1.cardID) }
            perCrop.append((crop, ranked))
            // What the crop's own two prints give (the invariants' reference); differs only under a fault.
            if sharp == c.sharp && blurred == c.blurred {
                s.lastCropBests[crop] = ranked.first?.distance
            } else {
                var own = Double.infinity
                for e in [c.sharp, c.blurred] {
                    guard let e else { continue }
                    for (i, d) in pack.distances(to: e.components).enumerated() where s.cardsByID[pack.cardIDs[i]]?.game == frame.game { own = min(own, d) }
                }
                s.lastCropBests[crop] = own.isFinite ? own : nil
            }
        }
        guard !perCrop.isEmpty else { return drop("badEmbedding", [("why", .string("no crop embeddings"))]) }
        guard let chosen = perCrop.filter({ !$0.1.isEmpty }).min(by: { a, b in
            a.1[0].distance != b.1[0].distance ? a.1[0].distance < b.1[0].distance : a.0 < b.0
        }) else { return drop("noCandidates", [("uncatalogued", .int(Int64(uncatalogued)))]) }
        let best = chosen.1[0].distance
        world.emit(CardScannerOutput.search(crop: chosen.0, best: best, top: Array(chosen.1.prefix(s.policy.offeredCount)),
                                            crops: perCrop.compactMap { entry in entry.1.first.map { (entry.0, $0.distance) } }, uncatalogued: uncatalogued))
        // F5
        if best > cardCeiling, !world.isOn(.noDistanceCeiling) { return drop("noCard", [("best", .word(DistanceText.format(best)))]) }
        // F6
        let readings = ocrPasses(frame, chosen: chosen.0, allowLooseRetry: !world.isOn(.singleCrop), downscaled: world.isOn(.downscaledOCR), &world)
        // F7
        var faults = DecideFaults()
        faults.looseKeyAdd = world.isOn(.looseKeyAdd)
        faults.artworkMarginAdd = world.isOn(.artworkMarginAdd)
        faults.noLanguageGate = world.isOn(.noLanguageGate)
        faults.addUnindexed = world.isOn(.addUnindexed)
        let result = ScanDecision.decide(ranked: chosen.1, readings: readings, catalog: catalog, cjkCount: frame.cjkCount, policy: s.policy, faults: faults)
        world.emit(CardScannerOutput.decision(result, best: best, cjk: frame.cjkCount))
        conclude(&s, result.decision, numbers: result.numbers, offered: chosen.1.prefix(s.policy.offeredCount).map(\.cardID), game: frame.game, &world)
    }

    /// Opens the sheet or adds silently, and logs the attempt.
    static func conclude(_ s: inout CardScannerState, _ decision: Decision, numbers: [String], offered: [String], game: String,
                         _ world: inout World<CardScanner>) {
        let attempt = s.frames
        switch decision {
        case .identified(let card):
            logAttempt(&s, CalibrationEntry(attempt: attempt, candidates: offered, numbers: numbers, decision: "identified", picked: card), &world)
            let item = "item-\(s.nextItem)"
            s.nextItem += 1
            appendRecord(&s, item: item, .added(cardID: card, finish: .nonfoil), eventID: world.uuid().description.lowercased(), t: nowMillis(world), &world)
            world.emit(CardScannerOutput.item(s.ledger.items[item], id: item))
        case .ambiguous(let reason, let sheet):
            logAttempt(&s, CalibrationEntry(attempt: attempt, candidates: sheet, numbers: numbers, decision: reason.rawValue, picked: nil), &world)
            s.sheet = OpenSheet(attempt: attempt, game: game, cards: sheet, reason: reason)
            world.emit(CardScannerOutput.sheetOpened(attempt: attempt, cards: sheet))
        }
    }

    /// A4's pass order on `chosen`, then `loose` if nothing turned up; the keys of every reading.
    static func ocrPasses(_ frame: FrameInput, chosen: CropID, allowLooseRetry: Bool, downscaled: Bool, _ world: inout World<CardScanner>) -> [NumberKeys] {
        var crops = [chosen]
        if chosen != .loose, allowLooseRetry { crops.append(.loose) }
        var all: [NumberKeys] = []
        for crop in crops {
            var ran: [String] = []
            var readings: [(text: String, key: NumberKeys)] = []
            func run(_ pass: OCRPass) {
                ran.append("\(pass.rawValue)×\(pass.enlargement)")
                // Downscaled strips and corners read nothing (the article's accuracy 0).
                if downscaled, pass != .whole { return }
                guard let answer = frame.ocr.first(where: { $0.crop == crop && $0.pass == pass }) else { return }
                for obs in answer.observations {
                    for text in obs {
                        for k in NumberKeys.extract(from: text) { readings.append((text, k)) }
                    }
                }
            }
            for pass in [OCRPass.whole, .topStrip, .bottomStrip] { run(pass) }
            if readings.isEmpty { for pass in [OCRPass.cornerA, .cornerB, .cornerC] { run(pass) } }
            world.emit(CardScannerOutput.ocr(crop: crop, passes: ran, readings: readings))
            all += readings.map(\.key)
            if !readings.isEmpty { break }
        }
        return all
    }

    /// The number-only path (the probe failed): guide, then loose; never identified.
    static func numberOnly(_ s: inout CardScannerState, _ frame: FrameInput, _ catalog: [CatalogCard], _ world: inout World<CardScanner>) {
        let readings = ocrPasses(frame, chosen: .guide, allowLooseRetry: true, downscaled: world.isOn(.downscaledOCR), &world)
        guard !readings.isEmpty else { return world.emit(CardScannerOutput.dropped(reason: "noNumber", extra: [])) }
        let sheet = ScanDecision.numberOnly(readings: readings, catalog: catalog, policy: s.policy)
        let numbers = Set(readings.map(\.literal)).sorted(by: bytesBefore)
        guard !sheet.isEmpty else {
            return world.emit(CardScannerOutput.dropped(reason: "noMatchingNumber", extra: [("numbers", .string(numbers.joined(separator: " ")))]))
        }
        world.emit(Record("decision").word("outcome", "ambiguous").word("reason", AmbiguousReason.artworkUnavailable.rawValue)
            .string("sheet", sheet.joined(separator: " ")).string("numbers", numbers.joined(separator: " ")).int("cjk", frame.cjkCount))
        conclude(&s, .ambiguous(.artworkUnavailable, sheet: sheet), numbers: numbers, offered: [], game: frame.game, &world)
    }
}
