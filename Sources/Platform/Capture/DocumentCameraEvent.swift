import LockstepCore

/// One page of a finished document scan (`VNDocumentCameraScan.imageOfPage(at:)`): already
/// cropped and flattened by the system, so a domain must not run its own perspective correction
/// on it again. Pixels are the domain's (a fixture or a generated page); the model keeps the size.
public struct DocumentPage: Hashable, Sendable, RecordConvertible {
    /// 0-based, in scan order (`imageOfPage(at: index)`).
    public var index: Int
    public var widthPixels: Int
    public var heightPixels: Int

    public init(index: Int, widthPixels: Int, heightPixels: Int) {
        self.index = index
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
    }

    /// `page index=0 width=2480 height=3508`.
    public var record: Record { Record("page").int("index", index).int("width", widthPixels).int("height", heightPixels) }
}

/// How the document camera's delegate is called back, as a scenario scripts it
/// (`documentCamera finish|cancel|fail ...`): exactly one of these ends a presentation.
public enum DocumentCameraEvent: Hashable, Sendable {
    /// `documentCameraViewController(_:didFinishWith:)` with these pages, in order.
    case finish(pages: [DocumentPage])
    /// `documentCameraViewControllerDidCancel(_:)`.
    case cancel
    /// `documentCameraViewController(_:didFailWithError:)`.
    case fail(message: String)

    /// `finish`, `cancel`, `fail`.
    public var word: String {
        switch self {
        case .finish: "finish"
        case .cancel: "cancel"
        case .fail: "fail"
        }
    }
}

/// The id of one presentation of the document camera: 1, 2, 3, ... in presentation order.
public struct DocumentScanID: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: DocumentScanID, b: DocumentScanID) -> Bool { a.rawValue < b.rawValue }
}
