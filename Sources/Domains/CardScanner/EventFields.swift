import LockstepCore

/// Reading a frame's text fields: sparse embeddings (A7 levels) and the OCR answer list.
enum FrameFields {
    static let maxObservationsPerPass = 64
    static let maxCandidatesPerObservation = 2
    static let maxStringCharacters = 256

    static func embedding(_ f: inout Fields, _ key: StaticString, _ text: String?) throws(ScenarioError) -> Embedding? {
        guard let text, !f.isDeclaring else { return nil }
        switch Embedding.parse(text) {
        case .success(let e): return e
        case .failure(.token(let index, let token, let why)):
            throw f.error("\(key): token \(index) '\(token)': \(why)", at: key)
        }
    }

    /// `crop.pass=obs|obs; …`, each observation `candidate~candidate` (topCandidates(2)).
    static func ocr(_ f: inout Fields, _ text: String) throws(ScenarioError) -> [OCRAnswer] {
        guard !f.isDeclaring, !text.isEmpty else { return [] }
        var answers: [OCRAnswer] = []
        var seen: Set<String> = []
        for (i, entry) in text.split(separator: ";", omittingEmptySubsequences: true).enumerated() {
            let trimmed = entry.drop { $0 == " " }
            guard let eq = trimmed.firstIndex(of: "=") else {
                throw f.error("ocr entry \(i + 1) '\(trimmed)' has no '=': expected CROP.PASS=TEXT", at: "ocr")
            }
            let key = trimmed[..<eq]
            let parts = key.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let crop = CropID(rawValue: String(parts[0])), let pass = OCRPass(rawValue: String(parts[1])) else {
                throw f.error("ocr entry \(i + 1): '\(key)' is not CROP.PASS (crops tight, guide, loose; passes whole, topStrip, bottomStrip, cornerA, cornerB, cornerC)", at: "ocr")
            }
            guard seen.insert(String(key)).inserted else { throw f.error("ocr entry \(i + 1): '\(key)' is given twice", at: "ocr") }
            let body = trimmed[trimmed.index(after: eq)...]
            var observations: [[String]] = []
            for obs in body.split(separator: "|", omittingEmptySubsequences: false) {
                let candidates = obs.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
                guard candidates.count <= maxCandidatesPerObservation else {
                    throw f.error("ocr entry \(i + 1): an observation has \(candidates.count) candidates; topCandidates(2) gives at most \(maxCandidatesPerObservation)", at: "ocr")
                }
                guard !candidates.contains(where: { $0.count > maxStringCharacters }) else {
                    throw f.error("ocr entry \(i + 1): a candidate is longer than \(maxStringCharacters) characters", at: "ocr")
                }
                observations.append(candidates)
            }
            guard observations.count <= maxObservationsPerPass else {
                throw f.error("ocr entry \(i + 1): \(observations.count) observations, over the limit of \(maxObservationsPerPass)", at: "ocr")
            }
            answers.append(OCRAnswer(crop: crop, pass: pass, observations: observations))
        }
        return answers
    }

    static func frame(_ f: inout Fields) throws(ScenarioError) -> FrameInput {
        let game = try f("game", .word, default: "mtg", "which game's index to search")
        let source = try f("source", .choice(FrameSource.self), default: .live, "live camera or a picked photo")
        let steady = try f("steady", .bool, default: true, "the device is steady")
        let variance = try f("variance", .number, default: 250, "variance of the Laplacian of the rectified card (A3)")
        let ciVariance = try f.optional("ciVariance", .number, "what the Core Image blend pipeline measured (used only by its fault)")
        var texts: [(CropID, String?, String?)] = []
        let tight = try f.optional("tight", .text, "tight crop, sharp embedding (sparse AXIS:LEVEL, levels in 1/256)")
        let tightBlur = try f.optional("tightBlur", .text, "tight crop, slightly blurred embedding")
        let guide = try f.optional("guide", .text, "guide crop, sharp embedding")
        let guideBlur = try f.optional("guideBlur", .text, "guide crop, blurred embedding")
        let loose = try f.optional("loose", .text, "loose crop, sharp embedding")
        let looseBlur = try f.optional("looseBlur", .text, "loose crop, blurred embedding")
        let center = try f.optional("centerCrop", .text, "the .centerCrop feature print (used only by its fault)")
        let ocrText = try f("ocr", .text, default: "", "OCR answers: CROP.PASS=cand~cand|obs; …")
        let cjk = try f("cjk", .int, default: 0, in: 0 ... 100_000, "Han, kana and hangul characters counted")
        texts = [(.tight, tight, tightBlur), (.guide, guide, guideBlur), (.loose, loose, looseBlur)]
        var crops: [CropID: CropEmbeddings] = [:]
        let keys: [CropID: (StaticString, StaticString)] = [.tight: ("tight", "tightBlur"), .guide: ("guide", "guideBlur"), .loose: ("loose", "looseBlur")]
        for (crop, s, b) in texts {
            let k = keys[crop]!
            let sharp = try embedding(&f, k.0, s)
            let blurred = try embedding(&f, k.1, b)
            if sharp != nil || blurred != nil { crops[crop] = CropEmbeddings(sharp: sharp, blurred: blurred) }
        }
        let centerCrop = try embedding(&f, "centerCrop", center)
        let ocr = try ocr(&f, ocrText)
        return FrameInput(game: game, source: source, steady: steady, variance: variance, ciVariance: ciVariance, crops: crops,
                          centerCrop: centerCrop, ocr: ocr, cjkCount: cjk)
    }
}
