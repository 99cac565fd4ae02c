/// The drum pads and their layout.
///
/// GAP (the article says only "a grid of rectangles"): the seven pads fill a 4 × 2 grid in list
/// order, row by row (kick snare hihat-closed hihat-open / crash tom-high tom-low), the eighth
/// cell is empty. Cells are half-open rectangles of `width/4 × height/2`.
public struct PadGrid: Hashable, Sendable {
    public var widthPoints: Double
    public var heightPoints: Double

    public static let pads = ["kick", "snare", "hihat-closed", "hihat-open", "crash", "tom-high", "tom-low"]
    public static let columns = 4
    public static let rows = 2

    /// Sample lengths in milliseconds. GAP: the article ships `.caf` files without naming lengths;
    /// these are typical one-shot lengths (a crash rings longest).
    public static let sampleMilliseconds = [500, 400, 150, 800, 2000, 600, 700]

    public init(widthPoints: Double = 400, heightPoints: Double = 200) {
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
    }

    public var problem: String? {
        guard widthPoints.isFinite, heightPoints.isFinite, widthPoints > 0, heightPoints > 0, widthPoints <= 100_000, heightPoints <= 100_000 else {
            return "width and height must be finite numbers of points in (0, 100000]"
        }
        return nil
    }

    /// The pad index under a point: nil outside the view; `.emptyCell` in the grid's empty cell.
    public enum Hit: Hashable, Sendable { case pad(Int), emptyCell, outside }

    public func hit(x: Double, y: Double) -> Hit {
        guard x >= 0, x < widthPoints, y >= 0, y < heightPoints else { return .outside }
        let col = min(Self.columns - 1, Int(x / (widthPoints / Double(Self.columns))))
        let row = min(Self.rows - 1, Int(y / (heightPoints / Double(Self.rows))))
        let index = row * Self.columns + col
        return index < Self.pads.count ? .pad(index) : .emptyCell
    }

    /// The centre of pad `index`.
    public func center(of index: Int) -> (x: Double, y: Double) {
        let cw = widthPoints / Double(Self.columns), ch = heightPoints / Double(Self.rows)
        return (Double(index % Self.columns) * cw + cw / 2, Double(index / Self.columns) * ch + ch / 2)
    }

    public static func index(of name: String) -> Int? { pads.firstIndex(of: name) }
}
