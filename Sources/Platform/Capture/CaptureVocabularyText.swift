import LockstepCore

extension CaptureVocabulary {
    /// The line `eventKinds` reads back as `event`, for a domain's `Domain.text(of:)` (and so for
    /// `lockstep expand` of `gen cameraFrames`); nil for the few values no line gives: a text line
    /// containing a newline, an item with a `;` (the list separator), a scan whose pages differ in
    /// size, more rectangles than a tuple holds, a frame index or request id out of range.
    public static func text(of event: CaptureSystemEvent) -> String? {
        let camera = LineText(cameraKind)
        switch event {
        case .cameraPermissionAnswer(let a): return camera.word("permission").choice("answer", a).line
        case .cameraPermissionSettings(let s): return camera.word("permission").choice("settings", s).line
        case .interruptionBegan(let r): return camera.word("interruption").word("began").choice("reason", r).line
        case .interruptionEnded: return camera.word("interruption").word("ended").line
        case .mediaServicesReset: return camera.word("mediaServicesReset").line
        case .runtimeError(let e): return camera.word("runtimeError").choice("error", e).line
        case .frame(let f):
            guard (0 ... maxFrameIndex).contains(f.index) else { return nil }
            var out = camera.word("frame").choice("camera", f.position).duration("pts", Duration(nanoseconds: f.ptsNanoseconds)).int("index", f.index)
            switch f.content {
            case .pattern(let p): out = out.choice("pattern", p)
            case .fixture(let name):
                guard !name.isEmpty else { return nil }
                out = out.text("fixture", name)
            }
            return out.line
        case .photosAuthorization(let s, let level): return LineText(photosKind).choice("auth", s).choice("level", level).line
        case .thermal(let t): return LineText(thermalKind).choice("level", t).line
        case .storage(let bytes):
            guard bytes >= 0 else { return nil }
            return LineText(storageKind).int("free", bytes).line
        case .visionResult(let v): return visionText(v)
        case .scanner(let s): return scannerText(s)
        case .documentCamera(let d):
            let out = LineText(documentCameraKind)
            switch d {
            case .cancel: return out.word("cancel").line
            case .fail(let message):
                guard !message.isEmpty else { return nil }
                return out.word("fail").text("error", message).line
            case .finish(let pages):
                guard let size = pages.first, (1 ... DocumentCamera.maxPages).contains(pages.count),
                      pages.enumerated().allSatisfy({ $0.element.index == $0.offset && $0.element.widthPixels == size.widthPixels
                          && $0.element.heightPixels == size.heightPixels }) else { return nil }
                return out.word("finish").int("pages", pages.count).int("width", size.widthPixels).int("height", size.heightPixels).line
            }
        }
    }

    static func visionText(_ v: VisionResultLine) -> String? {
        guard v.id.rawValue >= 0, Int64(v.id.rawValue) <= maxRequestID else { return nil }
        let out = LineText(visionKind).word("result").int("id", v.id.rawValue)
        switch v.result {
        case .rectangles(let obs):
            if obs.isEmpty { return out.word("rectangles", "none").line }
            var numbers: [Double] = []
            for o in obs {
                for p in [o.topLeft, o.topRight, o.bottomLeft, o.bottomRight] { numbers += [p.x, p.y] }
                numbers.append(o.confidence)
            }
            return out.tuple("rectangles", numbers).line
        case .text(let lines):
            guard lines.allSatisfy({ !$0.text.contains("\n") }) else { return nil }
            let joined = lines.map(\.text).joined(separator: "\n")
            // One empty line joins to "", which reads back as no lines at all.
            if lines.count == 1, lines[0].text.isEmpty { return nil }
            var text = out.string("text", joined)
            if !lines.isEmpty, lines.contains(where: { $0.confidence != 1 }) { text = text.tuple("confidence", lines.map(\.confidence)) }
            return text.line
        case .error(let message):
            guard !message.isEmpty else { return nil }
            return out.text("error", message).line
        }
    }

    static func scannerText(_ s: DataScannerEvent) -> String? {
        let out = LineText(scannerKind)
        func spelled(_ c: RecognizedItemContent) -> String? {
            let t = c.spelling
            if case .text(let v) = c, v.isEmpty { return nil }
            if case .barcode(_, let payload?) = c, payload.isEmpty { return nil }
            return t.contains(";") ? nil : t
        }
        switch s {
        case .availability(let supported, let available):
            return out.word("availability").bool("supported", supported).bool("available", available).line
        case .didAdd(let items):
            guard !items.isEmpty else { return nil }
            var parts: [String] = []
            for i in items {
                guard let t = spelled(i) else { return nil }
                parts.append(t)
            }
            return out.word("didAdd").string("items", parts.joined(separator: ";")).line
        case .didRemove(let ids):
            guard !ids.isEmpty, ids.allSatisfy({ $0.rawValue >= 1 }) else { return nil }
            return out.word("didRemove").tuple("ids", ids.map { Double($0.rawValue) }).line
        case .didUpdate(let id, let c):
            guard id.rawValue >= 1, let t = spelled(c) else { return nil }
            return out.word("didUpdate").int("id", id.rawValue).string("item", t).line
        }
    }
}
