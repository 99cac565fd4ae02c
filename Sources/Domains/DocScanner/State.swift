import LockstepCore
import Platform

/// Where a page came from: the document camera (already flat) or the fallback's own flatten.
public enum PageOrigin: String, Sendable {
    case documentCamera, fallback
}

/// One page of the current scan. `original` is never replaced (article: keep the original,
/// apply the filter for display and export).
public struct ScanPage: Sendable {
    var original: RGBA8Image
    /// `original.digest` when the page was made: the "original never changes" rule checks it.
    var originalDigest: UInt64
    var mode: ScanMode
    var origin: PageOrigin
    /// Perspective corrections applied to this page's pixels (the fallback flattens once; a
    /// document-camera page is already flat, so 0).
    var corrections: Int
    /// False when `pngData()` would return nil.
    var pngEncodable: Bool
    /// The user confirmed the crop (fallback pages), or the document camera made the page.
    var confirmedByUser: Bool
    var ocrLines: [RecognizedTextLine] = []
    /// Distinct grey levels of the original (a page with print has at least 2).
    var originalLevels: Int
}

/// The corner-adjust step: the photo, the quad the handles show, and the grabbed handle.
public struct Adjusting: Sendable {
    var source: RGBA8Image
    var quad: ImageQuad
    var grabbed: Int?
    var detected: Bool
    var pngEncodable: Bool
}

/// The photo in flight while Vision looks for the page.
public struct Detecting: Sendable {
    var requestID: VisionRequestID
    var source: RGBA8Image
    var fixture: PhotoFixture
}

public enum Flow: Sendable {
    case idle
    case docCameraPresented
    case pickerPresented
    case detecting(Detecting)
    case adjusting(Adjusting)

    var word: String {
        switch self {
        case .idle: "idle"
        case .docCameraPresented: "docCameraPresented"
        case .pickerPresented: "pickerPresented"
        case .detecting: "detecting"
        case .adjusting: "adjusting"
        }
    }
}

/// One saved scan: the record and the files written for it.
public struct SavedScan: Sendable {
    var id: String
    var createdAt: Instant
    var title: String
    var pageCount: Int
    var mode: String
    var folder: String
    /// Page files still stored, in order (a restore can lose excluded ones).
    var pageFiles: [String]
    /// Page files the save wrote: what `pageCount` must match.
    var writtenPageFiles: Int
    var recordJSON: [UInt8]
}

/// The last detection's corners, kept so the origin rule can be checked.
public struct LastDetection: Sendable {
    var normalized: [NormalizedPoint]
    var pixel: ImageQuad
    var widthPixels: Int
    var heightPixels: Int
}

public struct DocScannerState: Sendable {
    var device: Device
    var docCameraHardware: Bool
    var printingAvailable: Bool
    var artifacts: Bool
    var permissions: CapturePermissions
    var documentCamera: DocumentCamera
    var vision = VisionRequests()
    var flow: Flow = .idle
    var pages: [ScanPage] = []
    var queuedContent: [PageContent] = []
    /// OCR requests in flight: Vision id → page index (0-based).
    var ocrRequests: [(id: VisionRequestID, page: Int)] = []
    /// CIContexts made in the process; the article: one shared context.
    var ciContextsCreated = 0
    var files = FileStore()
    var library: [SavedScan] = []
    var excludeFromBackup = false
    /// Paths excluded from backup, ascending.
    var excludedPaths: [String] = []
    var lastDetection: LastDetection?
    /// The photo's UIKit orientation and the EXIF value the domain used, for the mapping rule.
    var lastOrientation: (uikit: UIImageOrientationValue, exif: ExifOrientation)?
    var flattenCount = 0
    var crashed = false
    var pdfExports = 0
    var renders = 0
}
