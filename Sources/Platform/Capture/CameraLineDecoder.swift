import LockstepCore

/// Reads `camera …` lines (see `CaptureVocabulary`).
enum CameraLineDecoder {
    static let eventWords = ["permission", "interruption", "mediaServicesReset", "runtimeError", "frame"]

    static let spec = EventSpec(
        CaptureVocabulary.cameraKind,
        "Camera (Platform Capture): permission, interruption, mediaServicesReset, runtimeError, frame",
        positional: [FieldSpec("event", .word(choices: eventWords), "what happened"),
                     FieldSpec("phase", .word(choices: ["began", "ended"]), required: false, "interruption: began|ended")],
        fields: [
            .optional("answer", .word(choices: CameraPermissionAnswer.allCases.map(\.rawValue)), "permission: the tap on the prompt"),
            .optional("settings", .word(choices: CameraAuthorizationStatus.allCases.map(\.rawValue)), "permission: set in the Settings app"),
            .optional("reason", .word(choices: CaptureInterruptionReason.allCases.map(\.rawValue)), "interruption began: why"),
            .optional("error", .word(choices: CaptureRuntimeError.allCases.map(\.rawValue)), "runtimeError: the error (default unknown)"),
            .optional("camera", .word(choices: CameraPosition.allCases.map(\.rawValue)), "frame: back|front"),
            .optional("pts", .duration, "frame: the presentation timestamp"),
            .optional("index", .integer, "frame: its number in the stream (default 0)"),
            .optional("pattern", .word(choices: CameraTestPattern.allCases.map(\.rawValue)), "frame: a generated test pattern (default colorBars)"),
            .optional("fixture", .any, "frame: an image fixture's name instead of a pattern"),
        ])

    static func decode(_ line: EventLine) throws(ScenarioError) -> CaptureSystemEvent {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'camera EVENT' with EVENT one of: \(eventWords.joined(separator: ", "))")
        }
        let word = try line.word(at: first)
        switch word {
        case "permission":
            try CaptureVocabulary.noPhase(line, "camera permission")
            try CaptureVocabulary.onlyKeys(["answer", "settings"], line, "camera permission")
            switch (line.has("answer"), line.has("settings")) {
            case (true, false): return .cameraPermissionAnswer(try line.choice("answer"))
            case (false, true): return .cameraPermissionSettings(try line.choice("settings"))
            case (true, true): throw line.error("write answer= (the prompt) or settings= (the Settings app), not both", at: "settings")
            case (false, false): throw line.error("'camera permission' needs answer=allow|deny or settings=STATUS")
            }
        case "interruption":
            let p = line.positionalIndices
            guard p.count > 1 else { throw line.error("expected 'camera interruption began reason=WORD' or 'camera interruption ended'") }
            let phase = try line.word(at: p[1])
            if phase == "began" {
                try CaptureVocabulary.onlyKeys(["reason"], line, "camera interruption began")
                guard line.has("reason") else {
                    throw line.error("missing field 'reason' for 'camera interruption began' (one of: "
                                     + CaptureInterruptionReason.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                }
                return .interruptionBegan(try line.choice("reason"))
            }
            try CaptureVocabulary.onlyKeys([], line, "camera interruption ended")
            return .interruptionEnded
        case "mediaServicesReset":
            try CaptureVocabulary.noPhase(line, "camera mediaServicesReset")
            try CaptureVocabulary.onlyKeys([], line, "camera mediaServicesReset")
            return .mediaServicesReset
        case "runtimeError":
            try CaptureVocabulary.noPhase(line, "camera runtimeError")
            try CaptureVocabulary.onlyKeys(["error"], line, "camera runtimeError")
            return .runtimeError(line.has("error") ? try line.choice("error") : .unknown)
        case "frame":
            try CaptureVocabulary.noPhase(line, "camera frame")
            try CaptureVocabulary.onlyKeys(["camera", "pts", "index", "pattern", "fixture"], line, "camera frame")
            guard line.has("camera") else { throw line.error("missing field 'camera' for 'camera frame' (back or front)") }
            guard let ptsIndex = line.index(of: "pts") else { throw line.error("missing field 'pts' for 'camera frame'") }
            let pts = try line.duration(at: ptsIndex)
            guard pts.nanoseconds >= 0 else { throw line.valueLocation(ptsIndex).error("pts must not be negative") }
            let index = try line.int("index", in: 0 ... CaptureVocabulary.maxFrameIndex, default: 0)
            let content = try FrameContentField.read(line)
            return .frame(CameraFrame(position: try line.choice("camera"), index: index, ptsNanoseconds: pts.nanoseconds, content: content))
        default:
            throw line.location(ofArg: first).error("unknown camera event '\(word)'; expected one of: \(eventWords.joined(separator: ", "))")
        }
    }
}

/// `pattern=` or `fixture=` (not both), shared by `camera frame` and `gen cameraFrames`.
enum FrameContentField {
    static func read(_ line: EventLine) throws(ScenarioError) -> FrameContent {
        switch (line.index(of: "pattern"), line.index(of: "fixture")) {
        case (let p?, let f?): throw line.valueLocation(max(p, f)).error("a frame shows a pattern= or a fixture=, not both")
        case (let p?, nil): return .pattern(try line.choice(at: p))
        case (nil, let f?):
            let name = try line.text(at: f)
            guard !name.isEmpty else { throw line.valueLocation(f).error("fixture= needs a name") }
            return .fixture(name)
        case (nil, nil): return .pattern(.colorBars)
        }
    }
}
