import LockstepCore

/// Reads `documentCamera …` lines (see `CaptureVocabulary`).
enum DocumentCameraLineDecoder {
    static let eventWords = ["finish", "cancel", "fail"]

    static let spec = EventSpec(
        CaptureVocabulary.documentCameraKind,
        "The document camera's delegate callback (Platform Capture): finish pages=N, cancel, fail error=TEXT",
        positional: [FieldSpec("event", .word(choices: eventWords), "how the scan ended")],
        fields: [
            .optional("pages", .integer, "finish: pages scanned (1...\(DocumentCamera.maxPages))"),
            .optional("width", .integer, "finish: each page's width in pixels (default \(CaptureVocabulary.defaultPageWidth))"),
            .optional("height", .integer, "finish: each page's height in pixels (default \(CaptureVocabulary.defaultPageHeight))"),
            .optional("error", .any, "fail: the error's text"),
        ])

    static func decode(_ line: EventLine) throws(ScenarioError) -> CaptureSystemEvent {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'documentCamera EVENT' with EVENT one of: \(eventWords.joined(separator: ", "))")
        }
        let word = try line.word(at: first)
        let what = "documentCamera \(word)"
        switch word {
        case "finish":
            try CaptureVocabulary.onlyKeys(["pages", "width", "height"], line, what)
            guard line.has("pages") else { throw line.error("missing field 'pages' for 'documentCamera finish' (1...\(DocumentCamera.maxPages))") }
            let pages = try line.int("pages", in: 1 ... Int64(DocumentCamera.maxPages))
            let side = 1 ... Int64(CaptureFormat.maxSidePixels)
            let width = Int(try line.int("width", in: side, default: Int64(CaptureVocabulary.defaultPageWidth)))
            let height = Int(try line.int("height", in: side, default: Int64(CaptureVocabulary.defaultPageHeight)))
            return .documentCamera(.finish(pages: (0 ..< Int(pages)).map { DocumentPage(index: $0, widthPixels: width, heightPixels: height) }))
        case "cancel":
            try CaptureVocabulary.onlyKeys([], line, what)
            return .documentCamera(.cancel)
        case "fail":
            try CaptureVocabulary.onlyKeys(["error"], line, what)
            return .documentCamera(.fail(message: try CaptureVocabulary.nonEmptyText(line, "error", what)))
        default:
            throw line.location(ofArg: first).error("unknown documentCamera event '\(word)'; expected one of: \(eventWords.joined(separator: ", "))")
        }
    }
}
