import LockstepCore
import Platform

/// `ScanOutput`: the share sheet (PNG data, a source view on iPad) and AirPrint; the OCR
/// and PDF layout. Every export renders the page's mode on the kept original again.
extension DocScanner {
    static let shareDestinations = "Mail,Messages,Files,AirDrop,Print"

    static func share(_ s: inout DocScannerState, anchor: Bool, _ world: inout World<DocScanner>) {
        guard !s.pages.isEmpty else { world.reject("share", "nothingToShare"); return }
        if s.device.idiom == .pad, !anchor {
            if world.isOn(.noPopoverAnchor) {
                // UIKit raises on a popover without a source: the app dies with the unsaved scan.
                world.emit(Record("app.crashed").string("reason", "UIActivityViewController popover has no sourceView")
                    .int("unsavedPagesLost", s.pages.count))
                s.crashed = true
                s.pages = []
                s.flow = .idle
                return
            }
            world.reject("share", "missingPopoverSource") { $0.word("idiom", "pad") }
            return
        }
        var items = 0
        for i in s.pages.indices {
            guard s.pages[i].pngEncodable else {
                world.emit(Record("share.skipped").int("page", i + 1).word("reason", "pngDataNil"))
                continue
            }
            let image = render(&s, page: i, purpose: "share", record: false, &world)
            let item: (kind: String, bytes: [UInt8])
            if world.isOn(.shareUIImage) {
                item = ("jpeg", recompressed(image).pngBytes())
            } else {
                item = ("png", image.pngBytes())
            }
            items += 1
            world.emit(Record("share.item").int("page", i + 1).word("kind", item.kind).int("bytes", item.bytes.count)
                .string("sha256", Pixels.sha256(item.bytes)))
        }
        guard items > 0 else { world.reject("share", "nothingToShare") { $0.string("why", "no page has PNG data") }; return }
        world.emit(Record("share.presented").int("items", items).bool("sourceViewSet", anchor).string("destinations", shareDestinations))
    }

    /// Stand-in for the receiver's JPEG re-compression of a UIImage item: every channel loses its
    /// low four bits (a lossy copy, never the PNG's bytes).
    static func recompressed(_ image: RGBA8Image) -> RGBA8Image {
        var bytes = image.rgba
        for i in bytes.indices where i % 4 != 3 { bytes[i] = (bytes[i] & 0xF0) | 0x08 }
        return (try? RGBA8Image(width: image.width, height: image.height, rgba: bytes)) ?? image
    }

    static func printPages(_ s: inout DocScannerState, jobName: String, output: PrintOutputType, _ world: inout World<DocScanner>) {
        guard !s.pages.isEmpty else { world.reject("print", "nothingToShare"); return }
        // `guard UIPrintInteractionController.isPrintingAvailable else { return }`.
        guard s.printingAvailable || world.isOn(.printWithoutCheck) else {
            world.emit(Record("print.unavailable").bool("noop", true))
            return
        }
        var digests: [Value] = []
        for i in s.pages.indices {
            let image = render(&s, page: i, purpose: "print", record: false, &world)
            digests.append(.digest(image.digest))
        }
        world.emit(Record("print.job").string("job", jobName).word("output", output.rawValue).int("pages", s.pages.count)
            .with("items", .tuple(digests)).bool("printerAvailable", s.printingAvailable))
    }

    // MARK: OCR

    static func ocr(_ s: inout DocScannerState, page: Int, _ world: inout World<DocScanner>) {
        guard page <= s.pages.count else {
            world.reject("ocr", "noSuchPage") { $0.int("page", page).int("pages", s.pages.count) }
            return
        }
        let outcome = s.vision.perform(.recognizeText(TextRecognitionParameters()), image: "page-\(page)",
                                       atNanoseconds: world.elapsed.nanoseconds)
        world.emit(outcome)
        if let request = outcome.request { s.ocrRequests.append((request.id, page - 1)) }
    }

    static func ocrAnswer(_ s: inout DocScannerState, page: Int, _ result: VisionResult, _ world: inout World<DocScanner>) {
        guard page < s.pages.count else {
            world.reject("vision", "pageGone") { $0.int("page", page + 1) }
            return
        }
        switch result {
        case .text(let lines):
            s.pages[page].ocrLines = lines
            world.emit(Record("ocr.result").int("page", page + 1).int("lines", lines.count))
            for line in lines { world.emit(line) }
        case .error(let message):
            world.emit(Record("ocr.failed").int("page", page + 1).string("message", message))
        case .rectangles:
            break  // Platform refuses rectangles for a text request.
        }
    }

    // MARK: PDF layout

    static let pdfPageWidthPoints = 612.0
    static let pdfPageHeightPoints = 792.0
    static let pdfMarginPoints = 36.0
    static let pdfFooterSpacePoints = 48.0
    static let maxTextLayerLines = 200

    static func exportPDF(_ s: inout DocScannerState, _ world: inout World<DocScanner>) {
        guard !s.pages.isEmpty else { world.reject("exportPDF", "nothingToShare"); return }
        s.pdfExports += 1
        let title = s.library.last?.title ?? defaultTitle
        for i in s.pages.indices {
            let image = render(&s, page: i, purpose: "pdf", record: false, &world)
            let list = pdfPage(image, page: i, of: s.pages.count, title: title, ocr: s.pages[i].ocrLines, mode: s.pages[i].mode, &world)
            for r in list.records(frame: i) { world.emit(r) }
            world.emit(Record("pdf.image").int("page", i + 1).digest("digest", image.digest))
            if s.artifacts, let png = try? list.png(scale: 1) { world.artifact("pdf-\(s.pdfExports)-page-\(i + 1).png", png) }
        }
        world.emit(Record("pdf.exported").int("pages", s.pages.count).string("title", title))
    }

    /// One US Letter page: the image fitted and centred inside the margins, a footer, and the OCR
    /// lines as an invisible text layer.
    static func pdfPage(_ image: RGBA8Image, page i: Int, of n: Int, title: String, ocr: [RecognizedTextLine], mode: ScanMode,
                        _ world: inout World<DocScanner>) -> DrawList {
        var list = DrawList()
        let boxW = pdfPageWidthPoints - 2 * pdfMarginPoints
        let boxH = pdfPageHeightPoints - pdfMarginPoints - pdfFooterSpacePoints
        let scale = min(boxW / Double(image.width), boxH / Double(image.height))
        let w = Double(image.width) * scale, h = Double(image.height) * scale
        let x = pdfMarginPoints + (boxW - w) / 2, y = pdfMarginPoints + (boxH - h) / 2
        _ = list.append(.page(widthPoints: pdfPageWidthPoints, heightPoints: pdfPageHeightPoints, background: .white))
        _ = list.append(.image(name: "page-\(i + 1)-\(mode.rawValue)", x: x, y: y, width: w, height: h))
        _ = list.append(.textBox(x: pdfMarginPoints, y: pdfPageHeightPoints - 30, text: "\(title) · page \(i + 1) of \(n)",
                                 sizePoints: 9, color: .black))
        var placed = 0
        for line in ocr {
            let lineY = y + 12 * Double(placed)
            guard placed < maxTextLayerLines, lineY + 12 <= y + h else {
                world.emit(Record("pdf.textLayerTruncated").int("page", i + 1).int("placed", placed).int("lines", ocr.count)
                    .word("limit", "maxTextLayerLines").int("value", maxTextLayerLines))
                break
            }
            _ = list.append(.textBox(x: x, y: lineY, text: line.text, sizePoints: 10, color: .clear))
            placed += 1
        }
        return list
    }
}
