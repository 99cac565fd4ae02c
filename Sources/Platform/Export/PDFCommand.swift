import LockstepCore

/// A font as a layout names it: no metrics, no rasterising (the golden pins what is drawn where).
public struct PDFFont: Hashable, Sendable {
    public enum Style: String, Hashable, Sendable, CaseIterable { case regular, bold, italic }
    public var style: Style
    public var sizePoints: Double

    public init(_ style: Style, _ sizePoints: Double) {
        self.style = style
        self.sizePoints = sizePoints
    }

    /// `bold-20`, `italic-9`, `regular-11.5`.
    public var word: String { "\(style.rawValue)-\(FixedDecimal.format(sizePoints, places: sizePoints.rounded() == sizePoints ? 0 : 2))" }
}

/// One operation of a PDF renderer (`UIGraphicsPDFRenderer` with `NSString.draw`), in page points
/// (origin top-left, y down).
public enum PDFCommand: Hashable, Sendable {
    /// The document info dictionary.
    case info(title: String, creator: String)
    /// `beginPage`: page `number` (from 1) of this size.
    case beginPage(number: Int, widthPoints: Double, heightPoints: Double)
    /// `draw(at:)`: text whose top-left is at (x, y).
    case text(String, x: Double, y: Double, font: PDFFont)
    /// `draw(in:)`: text laid out in a box (clipped to it by the renderer).
    case textBox(String, x: Double, y: Double, width: Double, height: Double, font: PDFFont)

    /// `pdf.info`, `pdf.page`, `pdf.text`, `pdf.box`, with coordinates at 2 decimals.
    public var record: Record {
        let p = DrawCommand.places
        switch self {
        case .info(let title, let creator): return Record("pdf.info").string("title", title).string("creator", creator)
        case .beginPage(let n, let w, let h): return Record("pdf.page").int("n", n).fixed("w", w, p).fixed("h", h, p)
        case .text(let s, let x, let y, let font):
            return Record("pdf.text").fixed("x", x, p).fixed("y", y, p).word("font", font.word).string("text", s)
        case .textBox(let s, let x, let y, let w, let h, let font):
            return Record("pdf.box").fixed("x", x, p).fixed("y", y, p).fixed("w", w, p).fixed("h", h, p).word("font", font.word)
                .string("text", s)
        }
    }
}
