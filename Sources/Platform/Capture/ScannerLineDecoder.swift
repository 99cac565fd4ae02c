import LockstepCore

/// Reads `scanner …` lines (see `CaptureVocabulary`).
enum ScannerLineDecoder {
    static let eventWords = ["availability", "didAdd", "didRemove", "didUpdate"]

    static let spec = EventSpec(
        CaptureVocabulary.scannerKind,
        "Data scanner (Platform Capture): availability, didAdd, didRemove, didUpdate",
        positional: [FieldSpec("event", .word(choices: eventWords), "what happened")],
        fields: [
            .optional("supported", .bool, "availability: DataScannerViewController.isSupported"),
            .optional("available", .bool, "availability: DataScannerViewController.isAvailable"),
            .optional("items", .string, "didAdd: items separated by ';', each SYMBOLOGY[:PAYLOAD] or text:TEXT"),
            .optional("ids", .tuple(count: 0), "didRemove: the item ids"),
            .optional("id", .integer, "didUpdate: the item id"),
            .optional("item", .string, "didUpdate: the item's new content, SYMBOLOGY[:PAYLOAD] or text:TEXT"),
        ])

    static func decode(_ line: EventLine) throws(ScenarioError) -> CaptureSystemEvent {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'scanner EVENT' with EVENT one of: \(eventWords.joined(separator: ", "))")
        }
        let word = try line.word(at: first)
        let what = "scanner \(word)"
        switch word {
        case "availability":
            try CaptureVocabulary.onlyKeys(["supported", "available"], line, what)
            guard line.has("supported"), line.has("available") else { throw line.error("'scanner availability' needs supported= and available=") }
            return .scanner(.availability(supported: try line.bool("supported"), available: try line.bool("available")))
        case "didAdd":
            try CaptureVocabulary.onlyKeys(["items"], line, what)
            guard let i = line.index(of: "items") else { throw line.error("missing field 'items' for 'scanner didAdd'") }
            let text = try line.string(at: i)
            guard !text.isEmpty else { throw line.valueLocation(i).error("items is empty; a didAdd adds at least one item") }
            let parts = text.split(separator: ";", omittingEmptySubsequences: false)
            guard parts.count <= DataScanner.maxItems else {
                throw line.valueLocation(i).error("\(parts.count) items; the scanner tracks at most \(DataScanner.maxItems)")
            }
            var items: [RecognizedItemContent] = []
            for (n, part) in parts.enumerated() {
                switch RecognizedItemContent.parse(part) {
                case .success(let c): items.append(c)
                case .failure(let e): throw line.valueLocation(i).error("item \(n + 1): \(e.message)")
                }
            }
            return .scanner(.didAdd(items))
        case "didRemove":
            try CaptureVocabulary.onlyKeys(["ids"], line, what)
            guard let i = line.index(of: "ids") else { throw line.error("missing field 'ids' for 'scanner didRemove'") }
            var ids: [RecognizedItemID] = []
            for v in try line.doubles(at: i) {
                guard v >= 1, v <= Double(Int32.max), v == v.rounded(.towardZero) else {
                    throw line.valueLocation(i).error("ids must be whole numbers from 1, found '\(line.rawText(i))'")
                }
                ids.append(RecognizedItemID(Int(v)))
            }
            return .scanner(.didRemove(ids))
        case "didUpdate":
            try CaptureVocabulary.onlyKeys(["id", "item"], line, what)
            let id = try line.int("id", in: 1 ... Int64(Int32.max))
            guard let i = line.index(of: "item") else { throw line.error("missing field 'item' for 'scanner didUpdate'") }
            switch RecognizedItemContent.parse(Substring(try line.string(at: i))) {
            case .success(let c): return .scanner(.didUpdate(RecognizedItemID(Int(id)), c))
            case .failure(let e): throw line.valueLocation(i).error(e.message)
            }
        default:
            throw line.location(ofArg: first).error("unknown scanner event '\(word)'; expected one of: \(eventWords.joined(separator: ", "))")
        }
    }
}
