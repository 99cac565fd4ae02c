import LockstepCore
import Platform

/// Capture: the path choice, the camera permission and the document camera's delegate.
extension DocScanner {
    static func tapScan(_ s: inout DocScannerState, _ world: inout World<DocScanner>) {
        guard case .idle = s.flow else {
            world.reject("tapScan", "busy") { $0.word("flow", s.flow.word) }
            return
        }
        let osSupports = s.device.os.major >= 13
        if osSupports, s.docCameraHardware {
            world.emit(Record("capturePath").word("path", "docCamera").word("reason", "supported"))
            let outcome = s.documentCamera.present(&s.permissions)
            world.emit(outcome)
            switch outcome {
            case .presented(_, let request):
                if let request { promptIfAsked(request, &world) }
                s.flow = .docCameraPresented
            case .cameraNotAllowed(let status): cameraDenied(&s, status, &world)
            case .unsupported, .alreadyPresented: break
            }
            return
        }
        world.emit(Record("capturePath").word("path", "fallback").word("reason", osSupports ? "docCameraUnsupported" : "osBelow13"))
        switch s.permissions.camera {
        case .denied, .restricted:
            cameraDenied(&s, s.permissions.camera, &world)
        case .notDetermined:
            promptIfAsked(s.permissions.requestCameraAccess(), &world)
            s.flow = .pickerPresented
            world.emit(Record("picker.presented").word("source", "camera"))
        case .authorized:
            s.flow = .pickerPresented
            world.emit(Record("picker.presented").word("source", "camera"))
        }
    }

    /// The first open asks for the camera; the prompt shows the purpose string.
    static func promptIfAsked(_ request: CameraAccessRequest, _ world: inout World<DocScanner>) {
        world.emit(request)
        if case .prompting = request {
            world.emit(Record("permission.prompt").word("permission", "camera").string("purpose", cameraPurpose))
        }
    }

    /// Nothing is presented; a denial offers the way out (checklist 1: "a denied state links to Settings").
    static func cameraDenied(_ s: inout DocScannerState, _ status: CameraAuthorizationStatus, _ world: inout World<DocScanner>) {
        let link = s.permissions.settingsLink(for: .camera)
        let offered = link.isOffered && !world.isOn(.noSettingsLink)
        world.emit(Record("permission.denied").word("camera", status.rawValue).bool("settingsLinkOffered", offered))
        if !world.isOn(.noSettingsLink) { world.emit(link) }
    }

    static func capture(_ s: inout DocScannerState, _ event: CaptureSystemEvent, _ world: inout World<DocScanner>) {
        switch event {
        case .cameraPermissionAnswer(let answer):
            let outcome = s.permissions.answerCameraPrompt(answer)
            world.emit(outcome)
            guard case .answered(_, let status) = outcome, !status.allowsCapture else { return }
            // Denied under the open camera: it can show nothing, so the app closes it and offers Settings.
            switch s.flow {
            case .docCameraPresented:
                world.emit(s.documentCamera.complete(.cancel))
                s.flow = .idle
                cameraDenied(&s, status, &world)
            case .pickerPresented:
                world.emit(Record("picker.dismissed").word("reason", "cameraDenied"))
                s.flow = .idle
                cameraDenied(&s, status, &world)
            default: break
            }
        case .cameraPermissionSettings(let status):
            world.emit(s.permissions.setCameraInSettings(status))
        case .documentCamera(let e):
            documentCamera(&s, e, &world)
        case .visionResult(let line):
            visionResult(&s, line, &world)
        case .interruptionBegan, .interruptionEnded, .mediaServicesReset, .runtimeError, .frame, .photosAuthorization, .thermal,
             .storage, .scanner:
            // Not declared for this domain (`eventKinds(only:)`): the reader never makes them.
            world.reject(CaptureVocabulary.kind(of: event), "notModelled")
        }
    }

    static func documentCamera(_ s: inout DocScannerState, _ e: DocumentCameraEvent, _ world: inout World<DocScanner>) {
        let outcome = s.documentCamera.complete(e)
        world.emit(outcome)
        switch outcome {
        case .finished(_, let pages, _):
            s.flow = .idle
            // The system dismisses first; `onPages` runs in the dismissal's completion.
            world.emit(Record("dismissed").bool("animated", true))
            deliver(&s, pages, &world)
        case .cancelled:
            s.flow = .idle
            world.emit(Record("dismissed").bool("animated", true))
        case .failed(_, let message):
            s.flow = .idle
            world.emit(Record("dismissed").bool("animated", true))
            world.emit(Record("scanFailed").string("log", "Scan failed: \(message)"))
        case .secondCompletion, .notPresented, .invalidPageCount:
            break
        }
    }

    /// `onPages`: the scan's pages in order, already cropped and flattened.
    static func deliver(_ s: inout DocScannerState, _ pages: [DocumentPage], _ world: inout World<DocScanner>) {
        let queued = s.queuedContent
        s.queuedContent = []
        var delivered: [Value] = []
        for page in pages {
            guard s.pages.count < DocumentCamera.maxPages else {
                world.reject("page", "scanFull") { $0.int("index", page.index).word("limit", "maxPages").int("value", DocumentCamera.maxPages) }
                continue
            }
            let content = page.index < queued.count ? queued[page.index] : defaultContent(index: page.index)
            var image: RGBA8Image
            switch Pixels.image(content.source, widthPixels: page.widthPixels, heightPixels: page.heightPixels) {
            case .success(let i): image = i
            case .failure(let refusal):
                world.reject("page", refusal.reason) { refusal.details($0.int("index", page.index)) }
                continue
            }
            var corrections = 0
            if world.isOn(.doubleCorrection), let flat = correctAgain(&s, image, &world) {
                image = flat
                corrections = 1
            }
            s.pages.append(ScanPage(original: image, originalDigest: image.digest, mode: .enhanced, origin: .documentCamera,
                                    corrections: corrections, pngEncodable: content.pngEncodable, confirmedByUser: true,
                                    originalLevels: Pixels.lumaLevels(image)))
            delivered.append(.word("\(image.width)x\(image.height)#\(image.digestHex)"))
        }
        world.emit(Record("pagesDelivered").int("count", delivered.count).with("pages", .tuple(delivered)).int("total", s.pages.count))
        for i in (s.pages.count - delivered.count) ..< s.pages.count {
            render(&s, page: i, purpose: "display", record: true, &world)
        }
    }

    /// What Vision finds on a page that is already flat: the printed block inside the margins,
    /// which the fallback's flatten then crops and stretches (failure 1).
    static func correctAgain(_ s: inout DocScannerState, _ image: RGBA8Image, _ world: inout World<DocScanner>) -> RGBA8Image? {
        let w = Double(image.width), h = Double(image.height)
        let quad = ImageQuad(topLeft: ImagePoint(x: 0.1 * w, y: 0.1 * h), topRight: ImagePoint(x: 0.9 * w, y: 0.1 * h),
                             bottomRight: ImagePoint(x: 0.9 * w, y: 0.9 * h), bottomLeft: ImagePoint(x: 0.1 * w, y: 0.9 * h))
        useContext(&s, &world, for: "flatten")
        return try? PerspectiveCorrection.apply(image, quad: quad)
    }

    /// A page nobody queued content for: a plain printed page seeded by its index.
    static func defaultContent(index: Int) -> PageContent {
        PageContent(source: .pattern(PatternParameters(pageFractions: PatternParameters.fullFrame, paperLuma: 0.95, inkLuma: 0.2,
                                                       backgroundLuma: 0.35, seed: UInt64(index + 1), lineCount: 12, noiseLevels: 0)),
                    pngEncodable: true)
    }
}
