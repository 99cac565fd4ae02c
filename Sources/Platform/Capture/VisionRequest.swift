import LockstepCore

/// The id the Vision model gives a request when it is performed: 1, 2, 3, ... never reused, so a
/// `vision result id=N` line names exactly one request for the whole run.
public struct VisionRequestID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: VisionRequestID, b: VisionRequestID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}

/// `VNDetectRectanglesRequest`'s filters, as the app sets them (Apple's defaults unless given).
/// Kept with the request so a golden pins what was asked; the scripted answer is what Vision
/// returned after applying them.
public struct RectangleDetectionParameters: Hashable, Sendable {
    /// Shorter side over longer side, 0...1.
    public var minimumAspectRatio: Double = 0.5
    public var maximumAspectRatio: Double = 0.5
    /// A fraction of the image's smaller dimension, 0...1.
    public var minimumSize: Double = 0.2
    public var minimumConfidence: Double = 0
    /// 0 means no limit (Vision's convention).
    public var maximumObservations: Int = 1

    public init(minimumAspectRatio: Double = 0.5, maximumAspectRatio: Double = 0.5, minimumSize: Double = 0.2,
                minimumConfidence: Double = 0, maximumObservations: Int = 1) {
        self.minimumAspectRatio = minimumAspectRatio
        self.maximumAspectRatio = maximumAspectRatio
        self.minimumSize = minimumSize
        self.minimumConfidence = minimumConfidence
        self.maximumObservations = maximumObservations
    }

    /// Why these parameters are not a valid request (Vision raises on them), or nil.
    public var invalidReason: String? {
        for (name, v) in [("minimumAspectRatio", minimumAspectRatio), ("maximumAspectRatio", maximumAspectRatio),
                          ("minimumSize", minimumSize), ("minimumConfidence", minimumConfidence)]
        where !(v.isFinite && (0 ... 1).contains(v)) {
            return "\(name) must be in 0...1"
        }
        if minimumAspectRatio > maximumAspectRatio { return "minimumAspectRatio is above maximumAspectRatio" }
        if maximumObservations < 0 { return "maximumObservations must not be negative" }
        return nil
    }
}

/// `VNRequestTextRecognitionLevel` and the language-correction switch.
public struct TextRecognitionParameters: Hashable, Sendable {
    public enum Level: String, Hashable, Sendable, CaseIterable { case fast, accurate }
    public var level: Level = .accurate
    public var usesLanguageCorrection = true

    public init(level: Level = .accurate, usesLanguageCorrection: Bool = true) {
        self.level = level
        self.usesLanguageCorrection = usesLanguageCorrection
    }
}

/// What a request asks Vision to do.
public enum VisionRequestKind: Hashable, Sendable {
    case detectRectangles(RectangleDetectionParameters)
    case recognizeText(TextRecognitionParameters)

    /// `detectRectangles` or `recognizeText`.
    public var word: String {
        switch self {
        case .detectRectangles: "detectRectangles"
        case .recognizeText: "recognizeText"
        }
    }

    /// Whether `result` is an answer this request can get (an error answers any request).
    public func accepts(_ result: VisionResult) -> Bool {
        switch (self, result) {
        case (_, .error), (.detectRectangles, .rectangles), (.recognizeText, .text): true
        default: false
        }
    }

    func append(to r: Record) -> Record {
        switch self {
        case .detectRectangles(let p):
            r.word("kind", word).fixed("minAspect", p.minimumAspectRatio, 3).fixed("maxAspect", p.maximumAspectRatio, 3)
                .fixed("minSize", p.minimumSize, 3).fixed("minConfidence", p.minimumConfidence, 3).int("maxObservations", p.maximumObservations)
        case .recognizeText(let p):
            r.word("kind", word).word("level", p.level.rawValue).bool("languageCorrection", p.usesLanguageCorrection)
        }
    }
}

/// One performed request: what was asked, of which image, when.
public struct VisionRequest: Hashable, Sendable, RecordConvertible {
    public var id: VisionRequestID
    public var kind: VisionRequestKind
    /// The domain's name for the image (a fixture, a page id), for the record.
    public var image: String
    /// When `perform` was called, in nanoseconds on the caller's clock.
    public var performedAtNanoseconds: Int64

    public init(id: VisionRequestID, kind: VisionRequestKind, image: String, performedAtNanoseconds: Int64) {
        self.id = id
        self.kind = kind
        self.image = image
        self.performedAtNanoseconds = performedAtNanoseconds
    }

    /// `vision.request id=1 kind=detectRectangles … image="page-1"`.
    public var record: Record { kind.append(to: Record("vision.request").int("id", id.rawValue)).string("image", image) }
}

/// What Vision answered: observations of the request's kind, or an error (the completion
/// handler's error argument, or a throwing `perform`; both end the request, so none is lost).
public enum VisionResult: Hashable, Sendable {
    /// Possibly empty: Vision found nothing (the scanner keeps the original photo).
    case rectangles([RectangleObservation])
    case text([RecognizedTextLine])
    case error(String)

    /// `rectangles`, `text`, `error`.
    public var word: String {
        switch self {
        case .rectangles: "rectangles"
        case .text: "text"
        case .error: "error"
        }
    }

    /// How many observations (0 for an error).
    public var count: Int {
        switch self {
        case .rectangles(let r): r.count
        case .text(let t): t.count
        case .error: 0
        }
    }
}

/// One decoded `vision result` line: which request it answers, and with what.
public struct VisionResultLine: Hashable, Sendable {
    public var id: VisionRequestID
    public var result: VisionResult

    public init(id: VisionRequestID, result: VisionResult) {
        self.id = id
        self.result = result
    }
}
