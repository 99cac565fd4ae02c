import LockstepCore

/// Reads `vision result id=N …` lines (see `CaptureVocabulary`).
enum VisionLineDecoder {
    /// Numbers per rectangle in `rectangles=`: tl, tr, bl, br as x,y pairs, then the confidence.
    static let numbersPerRectangle = 9

    static let spec = EventSpec(
        CaptureVocabulary.visionKind,
        "A Vision request's answer (Platform Capture): result id=N with rectangles=, text= or error=",
        positional: [FieldSpec("event", .word(choices: ["result"]), "result")],
        fields: [
            FieldSpec("id", .integer, "the request id perform gave (1, 2, ...)"),
            .optional("rectangles", .any, "tlx,tly,trx,try,blx,bly,brx,bry,confidence per rectangle (normalised, origin bottom-left), or none"),
            .optional("text", .string, "recognised lines, separated by \\n (empty: none)"),
            .optional("confidence", .tuple(count: 0), "text: one confidence per line (default 1 each)"),
            .optional("error", .any, "the request failed with this text"),
        ])

    static func decode(_ line: EventLine) throws(ScenarioError) -> CaptureSystemEvent {
        try CaptureVocabulary.noPhase(line, "vision result")
        let id = try line.int("id", in: 0 ... CaptureVocabulary.maxRequestID)
        let given = [line.index(of: "rectangles"), line.index(of: "text"), line.index(of: "error")].compactMap { $0 }
        guard given.count == 1 else {
            if given.isEmpty { throw line.error("'vision result' needs one of rectangles=, text= or error=") }
            throw line.valueLocation(given.max()!).error("a result has one of rectangles=, text= and error=, not several")
        }
        if let c = line.index(of: "confidence"), !line.has("text") {
            throw line.location(ofArg: c).error("'confidence' applies to text= results only (a rectangle carries its own)")
        }
        let result: VisionResult
        if let i = line.index(of: "rectangles") {
            result = .rectangles(try rectangles(line, i))
        } else if let i = line.index(of: "text") {
            result = .text(try textLines(line, i))
        } else {
            result = .error(try CaptureVocabulary.nonEmptyText(line, "error", "vision result"))
        }
        return .visionResult(VisionResultLine(id: VisionRequestID(Int(id)), result: result))
    }

    static func rectangles(_ line: EventLine, _ i: Int) throws(ScenarioError) -> [RectangleObservation] {
        if line.rawText(i) == "none" { return [] }
        let values = try line.doubles(at: i)
        guard values.count % numbersPerRectangle == 0 else {
            throw line.valueLocation(i).error("rectangles needs \(numbersPerRectangle) numbers per rectangle "
                                              + "(tlx,tly,trx,try,blx,bly,brx,bry,confidence), found \(values.count)")
        }
        var out: [RectangleObservation] = []
        let names = ["tl", "tr", "bl", "br"]
        for r in 0 ..< values.count / numbersPerRectangle {
            let v = Array(values[(r * numbersPerRectangle) ..< ((r + 1) * numbersPerRectangle)])
            var corners: [NormalizedPoint] = []
            for c in 0 ..< 4 {
                guard let p = try? NormalizedPoint(x: v[2 * c], y: v[2 * c + 1]) else {
                    throw line.valueLocation(i).error("rectangle \(r + 1): corner \(names[c])=\(v[2 * c]),\(v[2 * c + 1]) is outside 0...1")
                }
                corners.append(p)
            }
            guard let obs = RectangleObservation(topLeft: corners[0], topRight: corners[1], bottomLeft: corners[2], bottomRight: corners[3],
                                                 confidence: v[8]) else {
                throw line.valueLocation(i).error("rectangle \(r + 1): confidence \(v[8]) is outside 0...1")
            }
            out.append(obs)
        }
        return out
    }

    static func textLines(_ line: EventLine, _ i: Int) throws(ScenarioError) -> [RecognizedTextLine] {
        let text = try line.string(at: i)
        let lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var confidences = [Double](repeating: 1, count: lines.count)
        if let c = line.index(of: "confidence") {
            let given = try line.doubles(at: c)
            guard given.count == lines.count else {
                throw line.valueLocation(c).error("\(given.count) confidences for \(lines.count) text lines; give one per line")
            }
            confidences = given
        }
        var out: [RecognizedTextLine] = []
        for (n, (t, conf)) in zip(lines, confidences).enumerated() {
            guard let l = RecognizedTextLine(text: t, confidence: conf) else {
                throw line.error("text line \(n + 1): confidence \(conf) is outside 0...1", at: "confidence")
            }
            out.append(l)
        }
        return out
    }
}
