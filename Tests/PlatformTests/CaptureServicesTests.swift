import LockstepCore
import Platform
import Testing

/// A Vision point the test knows is in range.
func point(x: Double, y: Double) -> NormalizedPoint { try! NormalizedPoint(x: x, y: y) }

private func pages(_ n: Int) -> [DocumentPage] { (0 ..< n).map { DocumentPage(index: $0, widthPixels: 2480, heightPixels: 3508) } }

@Suite struct CaptureDocumentCameraTests {
    @Test func unsupportedIsAnOutcome() {
        var cam = DocumentCamera(isSupported: false)
        var p = CapturePermissions(camera: .authorized)
        let o = cam.present(&p)
        #expect(o == .unsupported)
        #expect(o.record.description == "rejected input=documentCamera.present reason=unsupported")
    }

    @Test func firstOpenAsksForTheCamera() {
        var cam = DocumentCamera(isSupported: true)
        var p = CapturePermissions()
        let o = cam.present(&p)
        #expect(o == .presented(DocumentScanID(1), cameraRequest: .prompting))
        #expect(o.record.description == "documentCamera.presented id=1 cameraPrompt=true")
        #expect(p.cameraPromptShowing)
        #expect(cam.present(&p) == .alreadyPresented(DocumentScanID(1)))
    }

    @Test func deniedCameraPresentsNothing() {
        var cam = DocumentCamera(isSupported: true)
        var p = CapturePermissions(camera: .denied)
        #expect(cam.present(&p).record.description == "rejected input=documentCamera.present reason=cameraNotAllowed camera=denied")
        #expect(cam.presented == nil)
        #expect(p.settingsLink(for: .camera).isOffered)
    }

    @Test func finishDeliversPagesAfterDismissal() {
        var cam = DocumentCamera(isSupported: true)
        var p = CapturePermissions(camera: .authorized)
        #expect(cam.present(&p) == .presented(DocumentScanID(1), cameraRequest: nil))
        let done = cam.complete(.finish(pages: pages(3)))
        #expect(done == .finished(DocumentScanID(1), pages: pages(3), dismissedBeforeDelivery: true))
        #expect(done.record.description == "documentCamera.finished id=1 pages=3 dismissedBeforeDelivery=true sizes=2480x3508,2480x3508,2480x3508")
        #expect(cam.presented == nil)
    }

    @Test func exactlyOneCompletionPerPresentation() {
        var cam = DocumentCamera(isSupported: true)
        var p = CapturePermissions(camera: .authorized)
        // Nothing presented yet.
        #expect(cam.complete(.cancel).record.description == "rejected input=documentCamera reason=notPresented event=cancel")
        _ = cam.present(&p)
        #expect(cam.complete(.cancel) == .cancelled(DocumentScanID(1)))
        // The delegate fires again for the same presentation: a bug, reported, nothing changes.
        let second = cam.complete(.fail(message: "late"))
        #expect(second == .secondCompletion(DocumentScanID(1), first: .cancel, second: .fail(message: "late")))
        #expect(second.record.description == "rejected input=documentCamera reason=secondCompletion id=1 first=cancel second=fail")
        #expect(cam.secondCompletions == 1)
        // A new presentation gets a new id and its own single completion.
        #expect(cam.present(&p) == .presented(DocumentScanID(2), cameraRequest: nil))
        #expect(cam.complete(.fail(message: "camera unavailable")).record.description == "documentCamera.failed id=2 error=\"camera unavailable\"")
        #expect(cam.complete(.finish(pages: pages(1))) == .secondCompletion(DocumentScanID(2), first: .fail(message: "camera unavailable"),
                                                                           second: .finish(pages: pages(1))))
        #expect(cam.presentations == 2 && cam.secondCompletions == 2)
    }

    @Test func pageCountLimits() {
        var cam = DocumentCamera(isSupported: true)
        var p = CapturePermissions(camera: .authorized)
        _ = cam.present(&p)
        #expect(cam.complete(.finish(pages: [])).record.description
            == "rejected input=documentCamera reason=invalidPageCount id=1 pages=0 limit=maxPages value=100")
        #expect(cam.complete(.finish(pages: pages(101))) == .invalidPageCount(DocumentScanID(1), count: 101, limit: 100))
        // Still presented: the scan can still end properly.
        #expect(cam.complete(.finish(pages: pages(100))) == .finished(DocumentScanID(1), pages: pages(100), dismissedBeforeDelivery: true))
    }
}

private let scannerParameters = RectangleDetectionParameters(minimumAspectRatio: 0.3, maximumAspectRatio: 1.0, minimumSize: 0.3,
                                                              minimumConfidence: 0.6, maximumObservations: 1)

private func quad(_ c: Double) -> RectangleObservation {
    RectangleObservation(topLeft: point(x: 0.1, y: 0.9), topRight: point(x: 0.9, y: 0.9),
                         bottomLeft: point(x: 0.1, y: 0.1), bottomRight: point(x: 0.9, y: 0.1), confidence: c)!
}

@Suite struct CaptureVisionTests {
    @Test func performRecordsTheParameters() {
        var v = VisionRequests()
        let o = v.perform(.detectRectangles(scannerParameters), image: "photo-1", atNanoseconds: 1_000_000_000)
        #expect(o.record.description
            == "vision.request id=1 kind=detectRectangles minAspect=0.300 maxAspect=1.000 minSize=0.300 minConfidence=0.600 maxObservations=1 image=\"photo-1\"")
        let bad = v.perform(.detectRectangles(RectangleDetectionParameters(minimumAspectRatio: 0.8, maximumAspectRatio: 0.5)), image: "x", atNanoseconds: 0)
        #expect(bad.record.description == "rejected input=vision.perform reason=invalidParameters why=\"minimumAspectRatio is above maximumAspectRatio\"")
        #expect(v.pending.count == 1)
    }

    @Test func firstAnswerCompletesAndSecondIsADuplicate() {
        var v = VisionRequests()
        _ = v.perform(.detectRectangles(scannerParameters), image: "p", atNanoseconds: 1_000_000_000)
        let done = v.complete(VisionResultLine(id: VisionRequestID(1), result: .rectangles([quad(0.8)])), atNanoseconds: 1_250_000_000)
        #expect(done.record.description == "vision.completed id=1 kind=detectRectangles result=rectangles count=1 after=0.250000000s")
        #expect(v.pending.isEmpty)
        let again = v.complete(VisionResultLine(id: VisionRequestID(1), result: .error("again")), atNanoseconds: 2_000_000_000)
        #expect(again == .duplicate(VisionRequestID(1), first: "rectangles", second: "error"))
        #expect(again.record.description == "rejected input=vision.result reason=duplicate id=1 first=rectangles second=error")
        #expect(v.duplicateCount == 1 && v.completedCount == 1)
    }

    @Test func unknownIDsAreRefused() {
        var v = VisionRequests()
        _ = v.perform(.recognizeText(TextRecognitionParameters()), image: "p", atNanoseconds: 0)
        #expect(v.complete(VisionResultLine(id: VisionRequestID(7), result: .text([])), atNanoseconds: 0).record.description
            == "rejected input=vision.result reason=unknown id=7 nextId=2")
        #expect(v.complete(VisionResultLine(id: VisionRequestID(0), result: .text([])), atNanoseconds: 0)
            == .unknownRequest(VisionRequestID(0), nextID: VisionRequestID(2)))
        #expect(v.pending.count == 1)
    }

    @Test func wrongKindKeepsTheRequestPending() {
        var v = VisionRequests()
        _ = v.perform(.recognizeText(TextRecognitionParameters(level: .fast, usesLanguageCorrection: false)), image: "r", atNanoseconds: 0)
        let wrong = v.complete(VisionResultLine(id: VisionRequestID(1), result: .rectangles([])), atNanoseconds: 0)
        #expect(wrong.record.description == "rejected input=vision.result reason=wrongKind id=1 expected=recognizeText got=rectangles")
        #expect(v.pending.count == 1)
        // An error answers any kind.
        let line = RecognizedTextLine(text: "TOTAL 12.50", confidence: 0.9)!
        #expect(v.complete(VisionResultLine(id: VisionRequestID(1), result: .text([line])), atNanoseconds: 5).record.description
            == "vision.completed id=1 kind=recognizeText result=text count=1 after=0.000000005s")
    }

    @Test func errorAnswersEndTheRequest() {
        var v = VisionRequests()
        _ = v.perform(.detectRectangles(scannerParameters), image: "p", atNanoseconds: 0)
        #expect(v.complete(VisionResultLine(id: VisionRequestID(1), result: .error("perform threw")), atNanoseconds: 0).record.description
            == "vision.completed id=1 kind=detectRectangles result=error error=\"perform threw\" after=0.000000000s")
        #expect(v.neverCompleted().isEmpty)
    }

    @Test func neverAnsweredRequestsAreReportedAtTheEnd() {
        var v = VisionRequests()
        _ = v.perform(.detectRectangles(scannerParameters), image: "a", atNanoseconds: 0)
        _ = v.perform(.recognizeText(TextRecognitionParameters()), image: "b", atNanoseconds: 2_500_000_000)
        _ = v.complete(VisionResultLine(id: VisionRequestID(1), result: .rectangles([])), atNanoseconds: 1)
        #expect(v.neverCompleted().map(\.record.description)
            == ["vision.neverCompleted id=2 kind=recognizeText image=\"b\" performedAt=2.500000000s"])
    }

    @Test func pendingLimit() {
        var v = VisionRequests()
        for _ in 0 ..< VisionRequests.maxPending { #expect(v.perform(.recognizeText(TextRecognitionParameters()), image: "x", atNanoseconds: 0).request != nil) }
        #expect(v.perform(.recognizeText(TextRecognitionParameters()), image: "x", atNanoseconds: 0).record.description
            == "rejected input=vision.perform reason=tooManyPending limit=maxPending value=64")
    }

    @Test func observationsValidateAndScaleWithoutFlip() {
        #expect((try? NormalizedPoint(x: 1.01, y: 0)) == nil)
        #expect((try? NormalizedPoint(x: .nan, y: 0)) == nil)
        #expect(RectangleObservation(topLeft: point(x: 0, y: 1), topRight: point(x: 1, y: 1),
                                     bottomLeft: point(x: 0, y: 0), bottomRight: point(x: 1, y: 0), confidence: 1.5) == nil)
        // The scanner note's known values: a 3000×4000 image, TL (0.1, 0.9) → (300, 3600), BR (0.9, 0.1) → (2700, 400).
        let o = quad(0.8)
        #expect(o.topLeft.coreImagePoint(widthPixels: 3000, heightPixels: 4000) == CoreImagePoint(x: 300, y: 3600))
        #expect(o.bottomRight.coreImagePoint(widthPixels: 3000, heightPixels: 4000) == CoreImagePoint(x: 2700, y: 400))
        // Top-left origin (UIKit) flips y: TL is near the top.
        // (Values exact in binary, so the check is exact: 0.25, 0.75.)
        let p = point(x: 0.25, y: 0.75)
        #expect(p.coreImagePoint(widthPixels: 3000, heightPixels: 4000) == CoreImagePoint(x: 750, y: 3000))
        #expect(p.imagePoint(widthPixels: 3000, heightPixels: 4000) == ImagePoint(x: 750, y: 1000))
        #expect(o.record.description == "rectangle tl=0.1000,0.9000 tr=0.9000,0.9000 bl=0.1000,0.1000 br=0.9000,0.1000 confidence=0.800")
    }
}

@Suite struct CaptureDataScannerTests {
    @Test func canScanNeedsBothFlags() {
        var s = DataScanner(isSupported: false, isAvailable: true)
        #expect(!s.canScan)
        #expect(s.startScanning().record.description == "rejected input=scanner reason=unsupported")
        s = DataScanner(isSupported: true, isAvailable: false)
        #expect(s.startScanning() == .refused(.unavailable))
        s = DataScanner(isSupported: true, isAvailable: true)
        #expect(s.startScanning() == .started)
        #expect(s.startScanning() == .refused(.alreadyScanning))
    }

    @Test func addRemoveUpdateWithScannerIDs() {
        var s = DataScanner(isSupported: true, isAvailable: true)
        _ = s.startScanning()
        let added = s.handle(.didAdd([.text("Aspirin"), .barcode(.ean13, payload: nil), .barcode(.ean13, payload: "4006381333931")]))
        #expect(added.record.description == "scanner.added ids=1,2,3 all=3")
        let updated = s.handle(.didUpdate(RecognizedItemID(2), .barcode(.ean13, payload: "123")))
        #expect(updated.record.description == "scanner.updated id=2 kind=barcode symbology=ean13 payload=\"123\" previous=\"ean13\" all=3")
        #expect(s.handle(.didRemove([RecognizedItemID(1), RecognizedItemID(3)])).record.description == "scanner.removed ids=1,3 all=1")
        #expect(s.handle(.didRemove([RecognizedItemID(3)])).record.description == "rejected input=scanner reason=unknownItem id=3")
        #expect(s.handle(.didUpdate(RecognizedItemID(9), .text("x"))) == .refused(.unknownItem(RecognizedItemID(9))))
        // Ids are never reused.
        #expect(s.handle(.didAdd([.text("b")])).record.description == "scanner.added ids=4 all=2")
        #expect(s.items.map(\.id.rawValue) == [2, 4])
    }

    @Test func callbacksAfterStopAreReported() {
        var s = DataScanner(isSupported: true, isAvailable: true)
        #expect(s.handle(.didAdd([.text("a")])).record.description == "rejected input=scanner reason=notScanning")
        _ = s.startScanning()
        _ = s.handle(.didAdd([.text("a"), .text("b")]))
        #expect(s.stopScanning() == .stopped(clearedItems: 2))
        #expect(s.stopScanning() == .refused(.notScanning))
        #expect(s.handle(.didRemove([RecognizedItemID(1)])) == .refused(.notScanning))
    }

    @Test func losingAvailabilityStopsTheScan() {
        var s = DataScanner(isSupported: true, isAvailable: true)
        _ = s.startScanning()
        _ = s.handle(.didAdd([.text("a")]))
        let o = s.handle(.availability(supported: true, available: false))
        #expect(o.record.description == "scanner.availability supported=true available=false canScan=false stoppedScanning=true clearedItems=1")
        #expect(!s.isScanning)
    }

    @Test func itemLimit() {
        var s = DataScanner(isSupported: true, isAvailable: true)
        _ = s.startScanning()
        #expect(s.handle(.didAdd(Array(repeating: .text("t"), count: 256))).record.description == "scanner.added ids=" + (1 ... 256).map(String.init).joined(separator: ",") + " all=256")
        #expect(s.handle(.didAdd([.text("one more")])).record.description == "rejected input=scanner reason=tooManyItems limit=maxItems value=256")
    }
}
