import LockstepCore

/// Text placed at a point in a given font (a title, a period line, a footer).
public struct PlacedText: Hashable, Sendable {
    public var text: String
    public var x: Double
    public var y: Double
    public var font: PDFFont

    public init(_ text: String, x: Double, y: Double, font: PDFFont) {
        self.text = text
        self.x = x
        self.y = y
        self.font = font
    }
}

/// How a table is laid out over pages: the texts repeated at the top of every page, the column
/// header row, the body rows at a fixed pitch, and where a page breaks.
///
/// The break rule is the renderer loop's: before each row, if the row's y is past
/// `height − margin − bottomReserve`, a new page starts (and its top texts and column headers are
/// drawn again); then the row is drawn and y advances by `rowPitch`. So a page holds
/// `floor((breakY − firstRowY) / rowPitch) + 1` rows (`rowsPerPage`).
///
/// `a4Report` is Track Your Pills' report (pillTracker note §9): A4, margin 40, columns at
/// x = 40, 230, 360, 460, cells 8 pt narrower than their column (widths 182, 122, 92, 87), column
/// headers at y = 98, first row at y = 118, pitch 34, cell height 32, break past
/// 842 − 40 − 40 = 762. Hence rows at 118 + 34k: row k = 18 is at 730 ≤ 762, row 19 would be at
/// 764 > 762, so **19 rows fit one page and the 20th starts page 2** (38 → 2 pages, 39 → 3). The
/// footer is drawn once, at (40, 802) on the last page (the article's code; `footerOnEveryPage`
/// repeats it).
public struct PagedTableStyle: Hashable, Sendable {
    public var geometry: PageGeometry
    /// Each column's left x.
    public var columnsX: [Double]
    /// A cell is this much narrower than the gap to the next column (or the right margin).
    public var cellGapPoints: Double
    public var headerY: Double
    public var firstRowY: Double
    public var rowPitchPoints: Double
    public var rowHeightPoints: Double
    /// Space kept above the bottom margin: a row whose y is past `height − margin − this` goes to the next page.
    public var bottomReservePoints: Double
    public var headerFont: PDFFont
    public var bodyFont: PDFFont
    /// Drawn at the top of every page, before the column headers.
    public var pageTexts: [PlacedText]
    public var footer: PlacedText?
    public var footerOnEveryPage: Bool
    /// False: the renderer loop without its break check, so every row goes on page 1 and rows run
    /// past the bottom margin (pillTracker's historical `pdfNoPagination`; a fault, never a design).
    public var paginates: Bool

    public init(geometry: PageGeometry, columnsX: [Double], cellGapPoints: Double, headerY: Double, firstRowY: Double,
                rowPitchPoints: Double, rowHeightPoints: Double, bottomReservePoints: Double, headerFont: PDFFont, bodyFont: PDFFont,
                pageTexts: [PlacedText], footer: PlacedText?, footerOnEveryPage: Bool = false, paginates: Bool = true) {
        precondition(!columnsX.isEmpty && rowPitchPoints > 0 && rowHeightPoints > 0)
        self.geometry = geometry
        self.columnsX = columnsX
        self.cellGapPoints = cellGapPoints
        self.headerY = headerY
        self.firstRowY = firstRowY
        self.rowPitchPoints = rowPitchPoints
        self.rowHeightPoints = rowHeightPoints
        self.bottomReservePoints = bottomReservePoints
        self.headerFont = headerFont
        self.bodyFont = bodyFont
        self.pageTexts = pageTexts
        self.footer = footer
        self.footerOnEveryPage = footerOnEveryPage
        self.paginates = paginates
    }

    /// Track Your Pills' report page (see the type's documentation for the derivation).
    public static func a4Report(title: String, period: String, footer: String) -> PagedTableStyle {
        let g = PageGeometry.a4
        return PagedTableStyle(
            geometry: g, columnsX: [40, 230, 360, 460], cellGapPoints: 8, headerY: 98, firstRowY: 118,
            rowPitchPoints: 34, rowHeightPoints: 32, bottomReservePoints: 40,
            headerFont: PDFFont(.bold, 11), bodyFont: PDFFont(.regular, 11),
            pageTexts: [PlacedText(title, x: g.marginPoints, y: 40, font: PDFFont(.bold, 20)),
                        PlacedText(period, x: g.marginPoints, y: 70, font: PDFFont(.regular, 11))],
            footer: PlacedText(footer, x: g.marginPoints, y: g.heightPoints - g.marginPoints, font: PDFFont(.italic, 9)))
    }

    /// The y past which a row moves to the next page.
    public var breakY: Double { geometry.heightPoints - geometry.marginPoints - bottomReservePoints }

    /// Each column's cell width: to the next column (the last: to the right margin) minus the gap.
    public var columnWidths: [Double] {
        columnsX.indices.map { i in
            (i + 1 < columnsX.count ? columnsX[i + 1] : geometry.contentRightPoints) - columnsX[i] - cellGapPoints
        }
    }

    /// Rows on one page (at least 1, so a table always advances).
    public var rowsPerPage: Int {
        guard breakY >= firstRowY else { return 1 }
        // Exact for the whole-point geometries used; a tiny epsilon would only hide a real tie.
        return Int(((breakY - firstRowY) / rowPitchPoints).rounded(.down)) + 1
    }

    /// Pages for `rows` rows (an empty table is still one page of headers).
    public func pageCount(rows: Int) -> Int { rows <= 0 || !paginates ? 1 : (rows + rowsPerPage - 1) / rowsPerPage }
}

/// Why a table could not be laid out.
public enum PagedTableError: Error, Hashable, Sendable, CustomStringConvertible {
    case columnCount(row: Int, found: Int, expected: Int)
    case tooManyRows(count: Int, limit: Int)

    public var description: String {
        switch self {
        case .columnCount(let r, let f, let e): "row \(r) has \(f) cells; the table has \(e) columns"
        case .tooManyRows(let c, let l): "\(c) rows; a report holds at most \(l) (maxRows)"
        }
    }
}

/// Lays a table out over pages by `PagedTableStyle`'s rules.
public enum PagedTable {
    public static var maxRows: Int { 5_000 }

    /// The layout of `rows` under `headers`: `info` first (when given), then per page its top
    /// texts, the column headers and its rows, and the footer (last page, or every page).
    public static func layout(headers: [String], rows: [[String]], style: PagedTableStyle,
                              info: (title: String, creator: String)? = nil) throws(PagedTableError) -> PDFLayout {
        guard rows.count <= maxRows else { throw .tooManyRows(count: rows.count, limit: maxRows) }
        let n = style.columnsX.count
        guard headers.count == n else { throw .columnCount(row: 0, found: headers.count, expected: n) }
        for (i, r) in rows.enumerated() where r.count != n { throw .columnCount(row: i + 1, found: r.count, expected: n) }
        var doc = PDFLayout()
        if let info { doc.append(.info(title: info.title, creator: info.creator)) }
        let widths = style.columnWidths
        var y = 0.0
        func newPage() {
            if doc.pageCount > 0, style.footerOnEveryPage { footer() }
            doc.append(.beginPage(number: doc.pageCount + 1, widthPoints: style.geometry.widthPoints, heightPoints: style.geometry.heightPoints))
            for t in style.pageTexts { doc.append(.text(t.text, x: t.x, y: t.y, font: t.font)) }
            for (i, h) in headers.enumerated() { doc.append(.text(h, x: style.columnsX[i], y: style.headerY, font: style.headerFont)) }
            y = style.firstRowY
        }
        func footer() {
            if let f = style.footer { doc.append(.text(f.text, x: f.x, y: f.y, font: f.font)) }
        }
        newPage()
        for row in rows {
            if style.paginates, y > style.breakY { newPage() }
            for (i, cell) in row.enumerated() {
                doc.append(.textBox(cell, x: style.columnsX[i], y: y, width: widths[i], height: style.rowHeightPoints, font: style.bodyFont))
            }
            y += style.rowPitchPoints
        }
        footer()
        return doc
    }
}
