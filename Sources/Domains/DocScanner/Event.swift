import LockstepCore
import Platform

/// What reaches the scanner app: the environment, the user's taps and drags, the scripted
/// capture services (camera prompt, document camera, Vision), the picked photo, storage probes
/// and the device's lock and restore.
public enum DocScannerEvent: Sendable {
    /// `env os= idiom=`: the device after an OS update (Platform `DeviceVocabulary`).
    case env(DeviceChange)
    /// `printer available=`: `UIPrintInteractionController.isPrintingAvailable` changes.
    case printer(available: Bool)
    /// The Scan button: picks the capture path.
    case tapScan
    /// `camera permission …`, `vision result …`, `documentCamera …` (Platform `CaptureVocabulary`).
    case capture(CaptureSystemEvent)
    /// What the document camera will see for its next page (queued in order; used by the next finish).
    case scanContent(PageContent)
    /// The fallback path: `UIImagePickerController` returned this photo.
    case photoPicked(PhotoFixture)
    /// The fallback path: the picker was cancelled.
    case pickerCancelled
    /// The simulated rectangle detector answers request `requestID` from the photo's fixture.
    case detector(requestID: Int)
    /// `touch phase= x= y=`: a finger on the corner handles (image-normalised, bottom-left origin).
    case touch(DragLine)
    /// Flatten with the current quad.
    case confirmCrop
    /// Mode of one page (1-based) or of all pages (nil).
    case setMode(page: Int?, mode: ScanMode)
    /// Recognise the text of a page (1-based): a Vision text request, answered by `vision result`.
    case ocr(page: Int)
    /// `ScanLibrary.save(pages:title:)`.
    case save(title: String)
    /// The share sheet; `anchor` is whether a popover source view is set.
    case share(anchor: Bool)
    /// Direct AirPrint.
    case print(jobName: String, output: PrintOutputType)
    /// Lay the pages out as PDF pages (a draw list per page).
    case exportPDF
    /// `device lock state=…`, `device restore` (Platform `DeviceLockVocabulary`).
    case device(DeviceLockLine)
    /// Read a stored file of saved scan `scan` (1-based, save order): the data-protection probe.
    case readFile(scan: Int, name: String)
    /// The app's "exclude scans from backup" switch (`URLResourceValues.isExcludedFromBackup`).
    case setExcludeFromBackup(Bool)
}

/// `UIPrintInfo.OutputType`, the two the article names.
public enum PrintOutputType: String, CaseIterable, Sendable {
    case grayscale, photo
}

/// Where a page's or photo's pixels come from: a generated document page, or a PNG fixture.
public enum PixelSource: Hashable, Sendable {
    /// A `DocumentPagePattern` whose page corners are given as fractions of the upright picture
    /// (as the user sees it), in row space (x right, y down), TL, TR, BR, BL.
    case pattern(PatternParameters)
    /// A PNG file under `Scenarios/` (read by the runner).
    case file([UInt8])
}

/// The fixture parameters of a generated page (lumas 0...1, as the note's fixtures).
public struct PatternParameters: Hashable, Sendable {
    var pageFractions: [Double]
    var paperLuma: Double
    var inkLuma: Double
    var backgroundLuma: Double
    var seed: UInt64
    var lineCount: Int
    var noiseLevels: Int

    static let fullFrame: [Double] = [0, 0, 1, 0, 1, 1, 0, 1]
}

/// A page the document camera will deliver (already flat: a generated page fills it).
public struct PageContent: Hashable, Sendable {
    var source: PixelSource
    /// False simulates `pngData()` returning nil for this page.
    var pngEncodable: Bool
}

/// The photo `UIImagePickerController` returns: stored pixels plus `imageOrientation`.
public struct PhotoFixture: Hashable, Sendable {
    var source: PixelSource
    var widthPixels: Int
    var heightPixels: Int
    /// `UIImage.imageOrientation` as its raw value (0...7); anything else is unknown.
    var orientationRaw: Int
    /// False simulates a CIImage-backed UIImage (`cgImage` is nil).
    var hasCGImage: Bool
    var pngEncodable: Bool
}
