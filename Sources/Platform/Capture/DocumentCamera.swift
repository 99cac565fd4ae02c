import LockstepCore

/// `VNDocumentCameraViewController` as a scripted service: availability, presentation, and
/// exactly one delegate completion per presentation.
///
/// - `isSupported` is the class property the seed checks before offering the button (false on
///   devices without the scanner, and before iOS 13; the domain says which, the model obeys it).
/// - `present` shows the scanner. The camera permission is the app's to declare and the system's
///   to ask: with `notDetermined` the prompt is requested over the scanner (the first open), with
///   `denied` or `restricted` the model refuses (`cameraNotAllowed`) instead of showing a camera
///   that cannot see, so the domain offers its Settings link.
/// - The scenario ends the presentation with `documentCamera finish pages=N`, `cancel` or
///   `fail error=…`. The system dismisses the controller first and the pages are delivered in the
///   dismissal's completion, so a finish reports `dismissedBeforeDelivery: true`.
/// - A second completion for a presentation that already ended is a bug in the code under test
///   (a delegate called twice, a stale callback); it changes nothing and is reported as
///   `secondCompletion` so the domain can record it. A completion with nothing ever presented is
///   `notPresented`.
public struct DocumentCamera: Hashable, Sendable, CanonicallyWritable {
    /// The most pages one scan delivers: the system sets no documented limit, this bounds a scan's size.
    public static let maxPages = 100

    /// `VNDocumentCameraViewController.isSupported`.
    public var isSupported: Bool
    /// The presentation on screen, if any.
    public private(set) var presented: DocumentScanID?
    /// The most recent presentation that ended, and how (for telling a second completion apart).
    public private(set) var lastEnded: (id: DocumentScanID, end: DocumentCameraEvent)?
    public private(set) var nextID = DocumentScanID(1)
    public private(set) var presentations = 0
    /// Completions refused because their presentation had already ended.
    public private(set) var secondCompletions = 0

    public init(isSupported: Bool) { self.isSupported = isSupported }

    /// Presents the scanner; with the camera undetermined, also asks for it (through `permissions`).
    public mutating func present(_ permissions: inout CapturePermissions) -> DocumentCameraPresentOutcome {
        guard isSupported else { return .unsupported }
        if let id = presented { return .alreadyPresented(id) }
        let cameraRequest: CameraAccessRequest?
        switch permissions.camera {
        case .denied, .restricted: return .cameraNotAllowed(permissions.camera)
        case .authorized: cameraRequest = nil
        case .notDetermined: cameraRequest = permissions.requestCameraAccess()
        }
        let id = nextID
        nextID = DocumentScanID(id.rawValue + 1)
        presented = id
        presentations += 1
        return .presented(id, cameraRequest: cameraRequest)
    }

    /// The delegate callback the scenario scripted.
    public mutating func complete(_ event: DocumentCameraEvent) -> DocumentCameraOutcome {
        guard let id = presented else {
            if let last = lastEnded {
                secondCompletions += 1
                return .secondCompletion(last.id, first: last.end, second: event)
            }
            return .notPresented(event)
        }
        if case .finish(let pages) = event, pages.isEmpty || pages.count > DocumentCamera.maxPages {
            return .invalidPageCount(id, count: pages.count, limit: DocumentCamera.maxPages)
        }
        presented = nil
        lastEnded = (id, event)
        switch event {
        case .finish(let pages): return .finished(id, pages: pages, dismissedBeforeDelivery: true)
        case .cancel: return .cancelled(id)
        case .fail(let message): return .failed(id, message: message)
        }
    }

    /// `documentCamera { supported presented presentations secondCompletions lastEnded }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("documentCamera") { w in
            w.bool("supported", isSupported)
            w.write("presented", presented.map { .int($0.rawValue) } ?? .word("none"))
            w.int("presentations", presentations)
            w.int("secondCompletions", secondCompletions)
            w.write("lastEnded", lastEnded.map { .word("\($0.id.rawValue):\($0.end.word)") } ?? .word("none"))
        }
    }

    public static func == (a: DocumentCamera, b: DocumentCamera) -> Bool {
        a.isSupported == b.isSupported && a.presented == b.presented && a.lastEnded?.id == b.lastEnded?.id
            && a.lastEnded?.end == b.lastEnded?.end && a.nextID == b.nextID && a.presentations == b.presentations
            && a.secondCompletions == b.secondCompletions
    }

    public func hash(into h: inout Hasher) {
        h.combine(nextID)
        h.combine(presented)
    }
}

/// What `DocumentCamera.present` did.
public enum DocumentCameraPresentOutcome: Hashable, Sendable, RecordConvertible {
    /// On screen. `cameraRequest` is the camera prompt the first open asked for (nil when the
    /// camera was already authorized).
    case presented(DocumentScanID, cameraRequest: CameraAccessRequest?)
    /// `isSupported` is false: the domain takes its fallback path.
    case unsupported
    /// Already on screen: nothing new.
    case alreadyPresented(DocumentScanID)
    /// The camera is denied or restricted: nothing is shown (offer the Settings link).
    case cameraNotAllowed(CameraAuthorizationStatus)

    public var record: Record {
        switch self {
        case .presented(let id, let request):
            var r = Record("documentCamera.presented").int("id", id.rawValue)
            if let request, case .prompting = request { r = r.bool("cameraPrompt", true) } else { r = r.bool("cameraPrompt", false) }
            return r
        case .unsupported: return Record("rejected").word("input", "documentCamera.present").word("reason", "unsupported")
        case .alreadyPresented(let id):
            return Record("rejected").word("input", "documentCamera.present").word("reason", "alreadyPresented").int("id", id.rawValue)
        case .cameraNotAllowed(let s):
            return Record("rejected").word("input", "documentCamera.present").word("reason", "cameraNotAllowed").word("camera", s.rawValue)
        }
    }
}

/// What a scripted delegate callback did.
public enum DocumentCameraOutcome: Hashable, Sendable, RecordConvertible {
    /// The scan finished: the controller was dismissed, then the pages delivered.
    case finished(DocumentScanID, pages: [DocumentPage], dismissedBeforeDelivery: Bool)
    /// The user cancelled: dismissed, no pages, no error.
    case cancelled(DocumentScanID)
    /// The scanner failed: dismissed, no pages; `message` is the error's text.
    case failed(DocumentScanID, message: String)
    /// A callback for a presentation that already ended (a bug in the code under test).
    case secondCompletion(DocumentScanID, first: DocumentCameraEvent, second: DocumentCameraEvent)
    /// A callback with nothing ever presented.
    case notPresented(DocumentCameraEvent)
    /// A finish with no pages or more than `DocumentCamera.maxPages`: refused, still presented.
    case invalidPageCount(DocumentScanID, count: Int, limit: Int)

    public var record: Record {
        switch self {
        case .finished(let id, let pages, let dismissed):
            return Record("documentCamera.finished").int("id", id.rawValue).int("pages", pages.count)
                .bool("dismissedBeforeDelivery", dismissed)
                .with("sizes", .tuple(pages.map { .word("\($0.widthPixels)x\($0.heightPixels)") }))
        case .cancelled(let id): return Record("documentCamera.cancelled").int("id", id.rawValue)
        case .failed(let id, let message): return Record("documentCamera.failed").int("id", id.rawValue).string("error", message)
        case .secondCompletion(let id, let first, let second):
            return Record("rejected").word("input", "documentCamera").word("reason", "secondCompletion").int("id", id.rawValue)
                .word("first", first.word).word("second", second.word)
        case .notPresented(let e):
            return Record("rejected").word("input", "documentCamera").word("reason", "notPresented").word("event", e.word)
        case .invalidPageCount(let id, let count, let limit):
            return Record("rejected").word("input", "documentCamera").word("reason", "invalidPageCount").int("id", id.rawValue)
                .int("pages", count).word("limit", "maxPages").int("value", limit)
        }
    }
}
