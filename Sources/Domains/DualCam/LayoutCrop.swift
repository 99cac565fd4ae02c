import LockstepCore
import Platform

/// How the two cameras share the portrait canvas (GAP: the article describes side-by-side only;
/// picture-in-picture is the model's second layout: the back camera fills the canvas and the front
/// is an inset a third of the width at the top right, 48 px from the edges).
public enum CompositeLayout: String, Hashable, Sendable, CaseIterable {
    case sideBySide, pictureInPicture
}

/// A take's aspect ratio, frozen at record time (GAP: the article names the freeze, not the choices).
public enum TakeAspect: String, Hashable, Sendable, CaseIterable {
    case portrait, square, landscape
}

/// A rectangle on the composite canvas, in pixels.
public struct TileRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var widthPixels: Int
    public var heightPixels: Int

    public init(x: Int, y: Int, widthPixels: Int, heightPixels: Int) {
        self.x = x
        self.y = y
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
    }

    /// `540x1920+0+0`.
    public var description: String { "\(widthPixels)x\(heightPixels)+\(x)+\(y)" }
}

/// Aspect fill of a source into a tile: the source is scaled by the larger of the two ratios, so
/// the tile is covered and the overflow is cropped equally from both sides of one axis. The
/// article's example: a 720×1280 portrait source in a 540×1920 column scales by
/// max(540/720, 1920/1280) = 1.5 to 1080×1920, so 270 scaled px = 180 source px = 25% of the
/// width is lost from each side. Integer arithmetic: the visible source span is
/// `tile · source / tile` on the cropped axis, exact for these sizes (floored otherwise).
public struct AspectFillCrop: Hashable, Sendable, RecordConvertible {
    public var sourceWidthPixels: Int
    public var sourceHeightPixels: Int
    public var tile: TileRect
    /// True when the width overflows (left and right are cropped).
    public var cropsWidth: Bool
    /// Source pixels cropped from each side of the cropped axis.
    public var cropEachSideSourcePixels: Int

    public init(sourceWidthPixels sw: Int, sourceHeightPixels sh: Int, tile: TileRect) {
        sourceWidthPixels = sw
        sourceHeightPixels = sh
        self.tile = tile
        // tileW/sw vs tileH/sh without division: the larger ratio is the scale.
        let widthRatioTerm = tile.widthPixels * sh
        let heightRatioTerm = tile.heightPixels * sw
        if heightRatioTerm >= widthRatioTerm {
            cropsWidth = true
            let visible = tile.widthPixels * sh / max(1, tile.heightPixels)
            cropEachSideSourcePixels = max(0, sw - visible) / 2
        } else {
            cropsWidth = false
            let visible = tile.heightPixels * sw / max(1, tile.widthPixels)
            cropEachSideSourcePixels = max(0, sh - visible) / 2
        }
    }

    /// The scale factor (for records only).
    public var scale: Double {
        max(Double(tile.widthPixels) / Double(max(1, sourceWidthPixels)), Double(tile.heightPixels) / Double(max(1, sourceHeightPixels)))
    }

    /// Percent of the cropped axis lost on each side.
    public var cropEachSidePercent: Double {
        Double(cropEachSideSourcePixels) * 100 / Double(max(1, cropsWidth ? sourceWidthPixels : sourceHeightPixels))
    }

    public var record: Record {
        Record("layout.crop").word("source", "\(sourceWidthPixels)x\(sourceHeightPixels)").word("tile", tile.description)
            .fixed("scale", scale, 4).word("axis", cropsWidth ? "width" : "height")
            .int("cropEachSideSourcePixels", cropEachSideSourcePixels).fixed("cropEachSidePercent", cropEachSidePercent, 2)
    }
}

/// The composite canvas and where each camera goes.
public enum CompositeCanvas {
    public static let widthPixels = 1_080
    public static let heightPixels = 1_920

    /// Back tile, then front tile.
    public static func tiles(_ layout: CompositeLayout) -> (back: TileRect, front: TileRect) {
        switch layout {
        case .sideBySide:
            (TileRect(x: 0, y: 0, widthPixels: 540, heightPixels: 1_920), TileRect(x: 540, y: 0, widthPixels: 540, heightPixels: 1_920))
        case .pictureInPicture:
            (TileRect(x: 0, y: 0, widthPixels: 1_080, heightPixels: 1_920), TileRect(x: 672, y: 48, widthPixels: 360, heightPixels: 640))
        }
    }
}
