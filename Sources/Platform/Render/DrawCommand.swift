import LockstepCore

/// One drawing operation, in page points (origin top-left, y down).
///
/// The set is small on purpose: what SpriteKit nodes, SwiftUI `Canvas` paths and the SVG the apps
/// emit reduce to once a golden only needs to say *what* was drawn, not how a GPU shaded it.
/// Every command has one canonical record (`record`), with coordinates at 2 fixed decimals
/// (a hundredth of a point is below any display's pixel), colours by name only.
public enum DrawCommand: Hashable, Sendable {
    /// Starts a new sheet: clears to `background` and sets the raster size. Everything drawn
    /// before it is gone (the rasteriser starts over; the trace still lists it).
    case page(widthPoints: Double, heightPoints: Double, background: DrawColor)
    /// A filled disc.
    case circle(centerX: Double, centerY: Double, radiusPoints: Double, fill: DrawColor)
    /// An open path through `points`, stroked `lineWidthPoints` wide with round joins and caps,
    /// at `opacity` (0...1, clamped when rasterised) times the colour's alpha.
    case polyline(points: [DrawPoint], stroke: DrawColor, opacity: Double, lineWidthPoints: Double)
    /// A filled polygon through `points`, closed back to the first point, filled by the even-odd
    /// rule at pixel centres, at `opacity` (0...1, clamped when rasterised) times the colour's
    /// alpha. A rotated or skewed shape (an SVG frame) needs it; fewer than 3 points draw nothing.
    case polygon(points: [DrawPoint], fill: DrawColor, opacity: Double)
    /// A filled axis-aligned rectangle, top-left corner at (x, y); a negative size extends left/up.
    case rect(x: Double, y: Double, width: Double, height: Double, fill: DrawColor)
    /// Text whose top-left is at (x, y); `\n` starts a new line.
    case textBox(x: Double, y: Double, text: String, sizePoints: Double, color: DrawColor)
    /// A named bitmap (an asset, a texture). There are no real images in a simulation, so it
    /// rasterises as a labelled grey box; the trace pins the name and frame.
    case image(name: String, x: Double, y: Double, width: Double, height: Double)

    /// Decimals for every coordinate and size in records.
    public static let places = 2

    /// The record's name: `draw.page`, `draw.circle`, …
    public var recordName: String {
        switch self {
        case .page: "draw.page"
        case .circle: "draw.circle"
        case .polyline: "draw.polyline"
        case .polygon: "draw.polygon"
        case .rect: "draw.rect"
        case .textBox: "draw.text"
        case .image: "draw.image"
        }
    }

    /// A point list as one `x,y,x,y,…` tuple at `places` decimals.
    static func pathTuple(_ points: [DrawPoint]) -> [Value] {
        var path: [Value] = []
        path.reserveCapacity(points.count * 2)
        for point in points {
            path.append(.fixed(point.x, places: places))
            path.append(.fixed(point.y, places: places))
        }
        return path
    }

    /// The canonical trace line, e.g. `draw.circle x=10.00 y=10.00 r=5.00 fill=coral`.
    ///
    /// A polyline's path is one tuple, `x,y,x,y,…`, so a golden diff shows which point moved (no
    /// `path=` at all for an empty one).
    public var record: Record {
        let p = DrawCommand.places
        let r = Record(recordName)
        switch self {
        case .page(let w, let h, let background):
            return r.fixed("w", w, p).fixed("h", h, p).word("background", background.name)
        case .circle(let x, let y, let radius, let fill):
            return r.fixed("x", x, p).fixed("y", y, p).fixed("r", radius, p).word("fill", fill.name)
        case .polyline(let points, let stroke, let opacity, let width):
            let path = DrawCommand.pathTuple(points)
            let line = r.int("points", points.count).word("stroke", stroke.name).fixed("opacity", opacity, p)
                .fixed("width", width, p)
            return path.isEmpty ? line : line.with("path", .tuple(path))
        case .polygon(let points, let fill, let opacity):
            let path = DrawCommand.pathTuple(points)
            let line = r.int("points", points.count).word("fill", fill.name).fixed("opacity", opacity, p)
            return path.isEmpty ? line : line.with("path", .tuple(path))
        case .rect(let x, let y, let w, let h, let fill):
            return r.fixed("x", x, p).fixed("y", y, p).fixed("w", w, p).fixed("h", h, p).word("fill", fill.name)
        case .textBox(let x, let y, let text, let size, let color):
            return r.fixed("x", x, p).fixed("y", y, p).fixed("size", size, p).word("color", color.name)
                .string("text", text)
        case .image(let name, let x, let y, let w, let h):
            return r.string("name", name).fixed("x", x, p).fixed("y", y, p).fixed("w", w, p).fixed("h", h, p)
        }
    }
}
