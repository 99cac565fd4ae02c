/// Four corners of a page in row space (`ImagePoint`, y down): what `CIPerspectiveCorrection`
/// flattens, and what the scanner's corner handles edit.
///
/// Corners go top-left, top-right, bottom-right, bottom-left: once around the page.
public struct ImageQuad: Hashable, Sendable, CustomStringConvertible {
    public var topLeft: ImagePoint
    public var topRight: ImagePoint
    public var bottomRight: ImagePoint
    public var bottomLeft: ImagePoint

    /// Smallest accepted `|cross product|` at a corner: twice the area of the triangle a corner
    /// makes with its neighbours, in square pixels. 1.0 means half a square pixel: below that the
    /// three points are collinear for any practical purpose and the homography is unstable.
    public static let minimumTwiceCornerAreaPixels2 = 1.0

    public init(topLeft: ImagePoint, topRight: ImagePoint, bottomRight: ImagePoint, bottomLeft: ImagePoint) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The whole image: (0, 0), (W, 0), (W, H), (0, H). Its corrected size is the image's size.
    public static func fullExtent(widthPixels: Int, heightPixels: Int) -> ImageQuad {
        let w = Double(widthPixels), h = Double(heightPixels)
        return ImageQuad(topLeft: ImagePoint(x: 0, y: 0), topRight: ImagePoint(x: w, y: 0),
                         bottomRight: ImagePoint(x: w, y: h), bottomLeft: ImagePoint(x: 0, y: h))
    }

    /// A Vision observation's corners (normalised, bottom-left origin) on a `width × height`
    /// oriented image, in row space.
    public init(topLeft: NormalizedPoint, topRight: NormalizedPoint, bottomRight: NormalizedPoint,
                bottomLeft: NormalizedPoint, widthPixels: Int, heightPixels: Int) {
        self.init(topLeft: topLeft.imagePoint(widthPixels: widthPixels, heightPixels: heightPixels),
                  topRight: topRight.imagePoint(widthPixels: widthPixels, heightPixels: heightPixels),
                  bottomRight: bottomRight.imagePoint(widthPixels: widthPixels, heightPixels: heightPixels),
                  bottomLeft: bottomLeft.imagePoint(widthPixels: widthPixels, heightPixels: heightPixels))
    }

    /// TL, TR, BR, BL.
    public var corners: [ImagePoint] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Refuses what no perspective correction can flatten: a NaN or infinite corner; three
    /// consecutive corners closer to a line than `minimumTwiceCornerAreaPixels2`; or a concave or
    /// self-intersecting (bow-tie) outline, i.e. corners that do not all turn the same way. Either
    /// winding is accepted: a quad listed the other way round flattens to the mirror image, as
    /// Core Image's filter would.
    public func validate() throws(ImageKitError) {
        let p = corners
        guard p.allSatisfy(\.isFinite) else { throw .quadNotFinite }
        let names = ["topLeft", "topRight", "bottomRight", "bottomLeft"]
        var positive = 0
        for i in 0..<4 {
            let prev = p[(i + 3) % 4], cur = p[i], next = p[(i + 1) % 4]
            let cross = (cur.x - prev.x) * (next.y - cur.y) - (cur.y - prev.y) * (next.x - cur.x)
            guard cross.magnitude >= ImageQuad.minimumTwiceCornerAreaPixels2 else {
                throw .quadCollinear(corner: names[i], twiceAreaPixels2: cross.magnitude,
                                     minimumTwiceAreaPixels2: ImageQuad.minimumTwiceCornerAreaPixels2)
            }
            if cross > 0 { positive += 1 }
        }
        guard positive == 0 || positive == 4 else { throw .quadNotConvex }
    }

    /// The flattened page's size, pinned (Apple does not document CIPerspectiveCorrection's):
    /// width = round(max(|TR − TL|, |BR − BL|)), height = round(max(|BL − TL|, |BR − TR|)), halves
    /// up, at least 1. Taking the longer of each pair of opposite edges never shrinks the page's
    /// nearer (larger) side; the full-extent quad gives back the image's own size.
    public var correctedSize: PixelSize {
        let w = max(topLeft.distance(to: topRight), bottomLeft.distance(to: bottomRight))
        let h = max(topLeft.distance(to: bottomLeft), topRight.distance(to: bottomRight))
        return PixelSize(widthPixels: max(1, IntegerRounding.halfUp(w)), heightPixels: max(1, IntegerRounding.halfUp(h)))
    }

    public var description: String { "TL\(topLeft) TR\(topRight) BR\(bottomRight) BL\(bottomLeft)" }
}
