import LockstepCore
import Platform

/// What `VNDetectRectanglesRequest`'s filters keep of the rectangles Vision saw, with Apple's
/// documented semantics (the article sets the values, Apple defines them):
/// - aspect ratio = shorter side / longer side, in 0...1, kept when within
///   `minimumAspectRatio...maximumAspectRatio` (both inclusive);
/// - size = the rectangle's shorter side as a proportion of the image's smaller dimension, kept
///   when at least `minimumSize`;
/// - confidence kept when at least `minimumConfidence`;
/// - the most confident first (ties keep Vision's order), at most `maximumObservations` (0: all).
///
/// A side is the mean of the two opposite edges in Core Image pixels of the oriented image, so a
/// perspective-skewed page measures as its average width and height.
enum RectangleFilter {
    /// The article's request: receipts are tall and thin (0.3), the page fills a fair part of the
    /// frame (0.3), confidence 0.6, one observation.
    static let articleParameters = RectangleDetectionParameters(minimumAspectRatio: 0.3, maximumAspectRatio: 1.0, minimumSize: 0.3,
                                                                minimumConfidence: 0.6, maximumObservations: 1)

    enum Drop: String, Sendable {
        case lowConfidence, aspectTooLow, aspectTooHigh, tooSmall, degenerate, maxObservations
    }

    struct Measure: Sendable {
        var aspect: Double
        var size: Double
    }

    /// Aspect and size of `o` on a `widthPixels × heightPixels` image; nil for a zero-length side.
    static func measure(_ o: RectangleObservation, widthPixels: Int, heightPixels: Int) -> Measure? {
        func p(_ n: NormalizedPoint) -> ImagePoint {
            let c = n.coreImagePoint(widthPixels: widthPixels, heightPixels: heightPixels)
            return ImagePoint(x: c.x, y: c.y)
        }
        let tl = p(o.topLeft), tr = p(o.topRight), bl = p(o.bottomLeft), br = p(o.bottomRight)
        let width = (tl.distance(to: tr) + bl.distance(to: br)) / 2
        let height = (tl.distance(to: bl) + tr.distance(to: br)) / 2
        let short = min(width, height), long = max(width, height)
        guard short > 0, long > 0 else { return nil }
        return Measure(aspect: short / long, size: short / Double(min(widthPixels, heightPixels)))
    }

    /// Why `o` fails the filters (before the observation limit), or nil when it passes.
    static func drop(_ o: RectangleObservation, _ p: RectangleDetectionParameters, widthPixels: Int, heightPixels: Int) -> (Drop, Double)? {
        if o.confidence < p.minimumConfidence { return (.lowConfidence, o.confidence) }
        guard let m = measure(o, widthPixels: widthPixels, heightPixels: heightPixels) else { return (.degenerate, 0) }
        if m.aspect < p.minimumAspectRatio { return (.aspectTooLow, m.aspect) }
        if m.aspect > p.maximumAspectRatio { return (.aspectTooHigh, m.aspect) }
        if m.size < p.minimumSize { return (.tooSmall, m.size) }
        return nil
    }

    /// The kept observations, most confident first, and one record per candidate dropped.
    static func apply(_ candidates: [RectangleObservation], _ p: RectangleDetectionParameters, widthPixels: Int,
                      heightPixels: Int) -> (kept: [RectangleObservation], drops: [Record]) {
        var passed: [(Int, RectangleObservation)] = []
        var drops: [Record] = []
        for (i, o) in candidates.enumerated() {
            if let (why, value) = drop(o, p, widthPixels: widthPixels, heightPixels: heightPixels) {
                drops.append(Record("rectangle.dropped").int("candidate", i + 1).word("reason", why.rawValue).fixed("value", value, 4))
            } else {
                passed.append((i, o))
            }
        }
        // Stable: equal confidences keep Vision's order.
        passed.sort { a, b in a.1.confidence != b.1.confidence ? a.1.confidence > b.1.confidence : a.0 < b.0 }
        let limit = p.maximumObservations == 0 ? passed.count : min(p.maximumObservations, passed.count)
        for (i, o) in passed[limit...] {
            drops.append(Record("rectangle.dropped").int("candidate", i + 1).word("reason", Drop.maxObservations.rawValue)
                .fixed("value", o.confidence, 4))
        }
        return (passed[..<limit].map(\.1), drops)
    }
}
