import LockstepCore

/// Vision's points are ImageKit's `NormalizedPoint` (0...1, bottom-left origin, so scaling to
/// Core Image pixels needs no flip; `imagePoint` is the one place the flip belongs). This adds how a
/// trace writes one.
extension NormalizedPoint {
    /// `0.1000,0.9000` (four decimals).
    public var value: Value { .tuple([.fixed(x, places: 4), .fixed(y, places: 4)]) }
}

/// `VNRectangleObservation`: four corners and a confidence, in the order Vision names them.
public struct RectangleObservation: Hashable, Sendable, RecordConvertible {
    public var topLeft: NormalizedPoint
    public var topRight: NormalizedPoint
    public var bottomLeft: NormalizedPoint
    public var bottomRight: NormalizedPoint
    /// 0...1.
    public var confidence: Double

    /// nil unless `confidence` is finite and in 0...1.
    public init?(topLeft: NormalizedPoint, topRight: NormalizedPoint, bottomLeft: NormalizedPoint, bottomRight: NormalizedPoint,
                 confidence: Double) {
        guard confidence.isFinite, (0 ... 1).contains(confidence) else { return nil }
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
        self.confidence = confidence
    }

    /// `rectangle tl=… tr=… bl=… br=… confidence=0.900`.
    public var record: Record {
        Record("rectangle").with("tl", topLeft.value).with("tr", topRight.value).with("bl", bottomLeft.value)
            .with("br", bottomRight.value).fixed("confidence", confidence, 3)
    }
}

/// One line of `VNRecognizedTextObservation.topCandidates(1)`: the string and its confidence.
public struct RecognizedTextLine: Hashable, Sendable, RecordConvertible {
    public var text: String
    /// 0...1.
    public var confidence: Double

    /// nil unless `confidence` is finite and in 0...1.
    public init?(text: String, confidence: Double) {
        guard confidence.isFinite, (0 ... 1).contains(confidence) else { return nil }
        self.text = text
        self.confidence = confidence
    }

    /// `textLine text="…" confidence=1.000`.
    public var record: Record { Record("textLine").string("text", text).fixed("confidence", confidence, 3) }
}
