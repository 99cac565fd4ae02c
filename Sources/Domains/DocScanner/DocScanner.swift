import LockstepCore
import Platform

/// `docScanner`: Scan Via Cam, a document scanner. Point the camera at a receipt, note or
/// certificate; the app finds the page, flattens it, enhances it ("clear & sharp"), keeps it only on
/// the phone as PNG with complete file protection, and shares it as PNG or prints it over AirPrint.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "A Document Scanner in an Afternoon".
/// Modelled: the capture-path choice (iOS 13+ and `isSupported` → the document camera, otherwise
/// the picker + Vision rectangles + perspective-correction fallback); the camera purpose string,
/// first-open prompt and the Settings link after a denial; the document camera's dismiss-then-
/// deliver finish, cancel and "Scan failed: …"; the fallback's CGImage guard, the case-for-case
/// UIKit → EXIF orientation switch, the rectangle request's filters (aspect 0.3...1.0, size 0.3,
/// confidence 0.6, one observation), Vision's bottom-left points scaled to Core Image pixels with
/// no flip, "no page found: keep original", one perspective correction; the corner-adjust step
/// the article's prose asks for; the three modes and their filter chains per OS, applied to the
/// kept original for display and export with one shared CIContext; the scan folder of
/// `page-N-original.png` files and `record.json` written atomic with complete protection; reads
/// refused while locked; the backup-exclusion switch; PNG share items and the iPad source-view
/// rule; AirPrint with `isPrintingAvailable`, grayscale by default; no network at all. The issue
/// adds OCR through scripted Vision text answers and a PDF page layout as a draw list.
///
/// Choices where the article is silent (GAPs), and where the note's proposals were changed:
/// - Platform does the OS models: `DocumentCamera` (supported only when the `docCameraSupported`
///   setting is true **and** the OS is 13 or later), `CapturePermissions`, `VisionRequests`, the
///   image kit (`ExifOrientation`, `NormalizedPoint`, `PerspectiveCorrection`, `EnhanceChain`,
///   `SimDocumentEnhancer` "sim enhancer v1", `HardThreshold`, `DocumentPagePattern`), `FileStore`
///   (protection class `complete`), `DrawList`. Colour controls use Platform's Rec. 709 weights
///   (0.2126/0.7152/0.0722), not the note's 0.2125/0.7154/0.0721 (at most one level apart).
/// - Permission: a denied camera offers the Settings link (Platform `settingsLink`); a restricted
///   one has none (parental controls, not the user's choice; Platform refuses it with `restricted`),
///   where the note proposed a link for both. The fallback picker needs the same camera permission,
///   so a denial blocks both paths. With the camera undetermined, the first open shows the prompt
///   over the scanner/picker (the purpose string is recorded).
/// - Pages: document-camera pages are generated flat pages (`scanContent` lines queue what the next
///   pages show, in order; a page with nothing queued is a default page seeded by its index), at
///   the finish line's size. A fixture PNG keeps its own size. Delivered pages start in Enhanced
///   (the save default). Every page is at most 4096 pixels a side and 16,777,216 pixels in all
///   (`maxPageSidePixels`, `maxPagePixels`): past that the page or photo is refused with a record
///   naming the limit. At most 100 pages in a scan (Platform `DocumentCamera.maxPages`).
/// - Vision: the scripted `vision result … rectangles=` are the candidates Vision saw; the domain
///   applies the request's filters (Apple's semantics: aspect = shorter / longer side of the
///   quad's mean edge lengths, 0.3 and 1.0 inclusive; size = shorter side over the image's
///   smaller dimension, inclusive; confidence inclusive; the most confident first, at most
///   `maximumObservations`), recording every candidate it drops and why. The `detector id=N`
///   line is the simulated detector: for a generated photo it finds the page quad with confidence
///   `min(1, 4·|paper − background|)` (so white on a white desk, 0.02 apart, is 0.08 and fails the
///   0.6 threshold); a fixture PNG gives no candidate.
/// - A Vision error completes the flatten with the original kept and `detectionFailed` (exactly
///   one completion per flatten; the article's `try?` would leave it waiting). A `vision result` for
///   an unknown or finished id is refused by Platform's table with its reason.
/// - Corner adjust: detection (or nothing) opens the adjust step; nothing found starts from the full
///   frame. `touch down` grabs the nearest corner within 0.05 normalised units (ties: TL, TR, BR,
///   BL); `move` sets it, clamped to 0...1 with a record when clamped; `up` releases; `confirmCrop`
///   flattens once, or refuses a quad that is not convex (Platform `ImageQuad.validate`) and stays.
/// - An unknown `UIImage.Orientation` raw value maps to `.up` as the article's `@unknown default`
///   does, and says so (`orientation.unknown`).
/// - Save: an empty scan is refused (`noPages`); an empty or blank title becomes "Scan"; a locked
///   device refuses the save before anything is written (`protectedDataUnavailable`); a page whose
///   `pngData()` is nil fails the whole save (`pageEncodingFailed page=N`, nothing written) instead
///   of the article's silent skip. Paths: `Documents/Scans/<UUID>/page-N-original.png` and
///   `record.json`; the UUID is the run's seeded v4 (uppercase). `record.json` is canonical JSON
///   with sorted keys (JSONEncoder's order is not guaranteed); `createdAt` is seconds since
///   2001-01-01T00:00:00Z (JSONEncoder's `.deferredToDate`), written as a whole number or with its
///   exact decimal fraction; `mode` is always "enhanced", as the article hard-codes.
/// - Backups: the switch applies to every stored scan file and to later saves; `device restore`
///   brings back only files not excluded (each lost file is a record).
/// - Share items are the export renders (the page's mode applied to the original) as PNG; a
///   page whose `pngData()` is nil is left out with a record; none left is `nothingToShare`.
/// - Print: unavailable printing is the article's silent return, recorded as `print.unavailable
///   noop=true`; items are the export renders, one per page.
/// - OCR: `ocr page=N` sends a Vision text request (accurate, language correction on); the answer's
///   lines are kept on the page and laid into the PDF as an invisible text layer.
/// - PDF layout (`exportPDF`): US Letter 612×792 pt, 36 pt margins, the page image fitted and
///   centred (aspect kept), a 9 pt footer "TITLE · page i of n" 24 pt above the bottom edge, OCR
///   lines as clear-colour text boxes from the image's top, 12 pt apart, at most 200 per page.
/// - Fixture photos: a generated page's corners are fractions of the upright picture (as the user
///   sees it); the stored pixels are that picture turned back by the inverse of the photo's true
///   orientation, as a portrait shot on a landscape sensor is stored. `orientationRaw=` gives an
///   unknown raw value. Touches use Platform's `touch` lines with x, y in image-normalised units,
///   bottom-left origin (the view-to-image mapping is the UI's, not modelled).
/// - Records list corners TL, TR, BR, BL (`detection normalized= pixels=`; pixels are Core Image
///   space, y up); the `vision result rectangles=` line keeps Platform's tl, tr, bl, br order.
/// - The hard-threshold fault replaces the whole B&W chain with a threshold at 0.5 on the original
///   (the naive "B&W"): after the sim enhancer's stretch a threshold would keep the print, so the
///   fault is the threshold alone, as the article warns against.
/// - The iPad crash (fault `noPopoverAnchor`) is modelled as `app.crashed`, losing the unsaved scan.
/// - `set artifacts true` writes each flattened page and each render as a PNG artifact.
public enum DocScanner: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = DocScannerState
    public typealias Event = DocScannerEvent
    public typealias Fault = DocScannerFault

    public static let name = "docScanner"
    public static let summary = "Scan Via Cam: document camera or iOS 12 Vision fallback, EXIF orientation and bottom-left corners, one perspective correction, per-OS filter chains on a kept original, protected PNG scan folders, PNG share and AirPrint, OCR and a PDF layout (seed 001, \"A Document Scanner in an Afternoon\")."

    /// The app's deployment target (the listing: iOS 12.0 and later).
    static let minimumOS = OSRelease(12, 0)
    /// `NSCameraUsageDescription`, the article's example.
    static let cameraPurpose = "Scan Via Cam uses the camera to scan your documents."
    static let maxPageSidePixels = 4_096
    static let maxPagePixels = 16_777_216

    public struct Settings: Sendable {
        var device: Device
        var docCameraSupported: Bool
        var printingAvailable: Bool
        var camera: CameraAuthorizationStatus
        var artifacts: Bool
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let device = try DeviceVocabulary.settings(&s, default: Device(os: OSRelease(17, 0)), minimumOS: minimumOS)
        let supported = try s("docCameraSupported", .bool, default: true, "VNDocumentCameraViewController.isSupported on iOS 13+ (false: older hardware)")
        let printing = try s("printingAvailable", .bool, default: true, "UIPrintInteractionController.isPrintingAvailable")
        let camera = try s("camera", .choice(CameraAuthorizationStatus.self), default: .notDetermined, "the camera permission at launch")
        let artifacts = try s("artifacts", .bool, default: false, "write flattened pages and renders as PNG artifacts")
        return Settings(device: device, docCameraSupported: supported, printingAvailable: printing, camera: camera, artifacts: artifacts)
    }

    public static let events: [EventKind<DocScannerEvent>] = [
        DeviceVocabulary.eventKind(minimumOS: minimumOS) { .env($0) },
        EventKind("printer", "AirPrint availability changes") { f throws(ScenarioError) in
            .printer(available: try f("available", .bool, "isPrintingAvailable"))
        },
        EventKind("tapScan", "The Scan button: document camera on iOS 13+ when supported, else the picker fallback") { _ throws(ScenarioError) in .tapScan },
        EventKind("scanContent", "What the document camera sees for its next page (queued in order)") { f throws(ScenarioError) in
            let source = try EventFields.source(&f, defaultPage: PatternParameters.fullFrame)
            let png = try f("pngEncodable", .bool, default: true, "false: pngData() returns nil for this page")
            return .scanContent(PageContent(source: source.source, pngEncodable: png))
        },
        EventKind("photoPicked", "The picker returns a photo (fallback path)") { f throws(ScenarioError) in
            .photoPicked(try EventFields.photo(&f))
        },
        EventKind("pickerCancelled", "The picker is cancelled") { _ throws(ScenarioError) in .pickerCancelled },
        EventKind("detector", "The simulated rectangle detector answers a request from the photo's fixture") { f throws(ScenarioError) in
            .detector(requestID: try f("id", .int, in: 0 ... 1_000_000_000, "the Vision request id"))
        },
        TouchVocabulary.touchKind { .touch($0) },
        EventKind("confirmCrop", "Flatten with the current corners") { _ throws(ScenarioError) in .confirmCrop },
        EventKind("setMode", "Original, Enhanced or Black & White for one page or all") { f throws(ScenarioError) in
            let page = try f.optional("page", .int, in: 1 ... DocumentCamera.maxPages, "1-based page; absent: every page")
            return .setMode(page: page, mode: try f("mode", .choice(ScanMode.self), "original, enhanced or bw"))
        },
        EventKind("ocr", "Recognise a page's text (a Vision text request)") { f throws(ScenarioError) in
            .ocr(page: try f("page", .int, in: 1 ... DocumentCamera.maxPages, "1-based page"))
        },
        EventKind("save", "Save the scan to Documents/Scans") { f throws(ScenarioError) in
            .save(title: try f("title", .text, default: "", "the scan's title"))
        },
        EventKind("share", "The share sheet") { f throws(ScenarioError) in
            .share(anchor: try f("anchor", .bool, default: true, "a popover source view is set"))
        },
        EventKind("print", "Direct AirPrint") { f throws(ScenarioError) in
            let job = try f("job", .text, default: "Scan", "UIPrintInfo.jobName")
            return .print(jobName: job, output: try f("output", .choice(PrintOutputType.self), default: .grayscale, "grayscale or photo"))
        },
        EventKind("exportPDF", "Lay the pages out as PDF pages") { _ throws(ScenarioError) in .exportPDF },
        DeviceLockVocabulary.eventKind { .device($0) },
        EventKind("readFile", "Read a saved scan's file (the data-protection probe)") { f throws(ScenarioError) in
            let scan = try f("scan", .int, in: 1 ... 10_000, "1-based, in save order")
            return .readFile(scan: scan, name: try f("name", .word, "page-N-original.png or record.json"))
        },
        EventKind("setExcludeFromBackup", "The app's exclude-from-backup switch") { f throws(ScenarioError) in
            .setExcludeFromBackup(try f("on", .bool, "isExcludedFromBackup"))
        },
    ] + CaptureVocabulary.eventKinds(only: [CaptureVocabulary.cameraKind, CaptureVocabulary.visionKind, CaptureVocabulary.documentCameraKind]) {
        .capture($0)
    }

    public static func kind(of event: DocScannerEvent) -> String {
        switch event {
        case .env: DeviceVocabulary.kind
        case .printer: "printer"
        case .tapScan: "tapScan"
        case .capture(let e): CaptureVocabulary.kind(of: e)
        case .scanContent: "scanContent"
        case .photoPicked: "photoPicked"
        case .pickerCancelled: "pickerCancelled"
        case .detector: "detector"
        case .touch: TouchVocabulary.touchKindName
        case .confirmCrop: "confirmCrop"
        case .setMode: "setMode"
        case .ocr: "ocr"
        case .save: "save"
        case .share: "share"
        case .print: "print"
        case .exportPDF: "exportPDF"
        case .device: DeviceLockVocabulary.kind
        case .readFile: "readFile"
        case .setExcludeFromBackup: "setExcludeFromBackup"
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<DocScanner>) throws(ScenarioError) -> DocScannerState {
        let state = DocScannerState(device: settings.device, docCameraHardware: settings.docCameraSupported,
                                    printingAvailable: settings.printingAvailable, artifacts: settings.artifacts,
                                    permissions: CapturePermissions(camera: settings.camera),
                                    documentCamera: DocumentCamera(isSupported: settings.docCameraSupported && settings.device.os.major >= 13))
        world.emit(state.device)
        return state
    }

    public static func write(_ s: DocScannerState, to out: inout CanonicalWriter) {
        out.write("os", .word(s.device.os.description))
        out.word("idiom", s.device.idiom.rawValue)
        out.bool("printingAvailable", s.printingAvailable)
        s.permissions.write(to: &out)
        s.documentCamera.write(to: &out)
        s.vision.write(to: &out)
        switch s.flow {
        case .detecting(let d):
            out.write("flow", .word(s.flow.word))
            out.int("detectingRequest", d.requestID.rawValue)
        case .adjusting(let a):
            out.write("flow", .word(s.flow.word))
            out.string("quad", quadText(a.quad))
            out.word("grabbed", a.grabbed.map { cornerNames[$0] } ?? "none")
        default:
            out.word("flow", s.flow.word)
        }
        out.list("pages", s.pages) { w, i, p in
            w.record(Record("page").int("n", i + 1).word("origin", p.origin.rawValue).int("width", p.original.width)
                .int("height", p.original.height).word("mode", p.mode.rawValue).int("corrections", p.corrections)
                .digest("original", p.original.digest).int("ocrLines", p.ocrLines.count))
        }
        out.int("queuedContent", s.queuedContent.count)
        out.int("ciContextsCreated", s.ciContextsCreated)
        out.list("library", s.library) { w, i, scan in
            w.record(Record("scan").int("n", i + 1).string("id", scan.id).string("title", scan.title).int("pageCount", scan.pageCount)
                .word("mode", scan.mode).int("files", scan.pageFiles.count))
        }
        out.bool("excludeFromBackup", s.excludeFromBackup)
        out.list("excludedFromBackup", s.excludedPaths) { w, _, p in w.string("path", p) }
        s.files.write(to: &out)
        out.bool("crashed", s.crashed)
    }
}
