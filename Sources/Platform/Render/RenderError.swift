import LockstepCore

/// Why a draw list could not be rasterised. Each names the limit or rule it broke.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The list has no `page` command, so there is no size to draw at.
    case noPage
    /// `scale` outside `1...Rasterizer.maxScale`.
    case scale(Int, limit: Int)
    /// The last page's size in pixels (points × scale, rounded) is not `1...Rasterizer.maxSidePixels`
    /// on each side, or is not finite.
    case pageSize(widthPoints: Double, heightPoints: Double, scale: Int, limit: Int)

    /// The commands needed more than `limit` pixel tests (`Rasterizer.maxPixelTests`).
    case tooMuchWork(limit: Int)

    public var description: String {
        switch self {
        case .noPage:
            "draw list has no page command: nothing says how large the raster is"
        case .scale(let scale, let limit):
            "scale \(scale) is outside 1...\(limit) (limit)"
        case .pageSize(let w, let h, let scale, let limit):
            "page \(FixedDecimal.format(w, places: 2))x\(FixedDecimal.format(h, places: 2)) points at scale \(scale) "
                + "is not 1...\(limit) pixels on each side (limit)"
        case .tooMuchWork(let limit):
            "drawing needs more than \(limit) pixel tests (limit): fewer or smaller shapes, or a lower scale"
        }
    }
}
