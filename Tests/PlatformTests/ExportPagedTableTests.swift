import LockstepCore
import Platform
import Testing

private let style = PagedTableStyle.a4Report(title: "Medication report", period: "1 Oct 2026 – 31 Oct 2026",
                                             footer: "Generated on this device. Not medical advice; review with your clinician.")
private let headers = ["Medication", "Schedule", "Adherence", "Remaining"]
private func rows(_ n: Int) -> [[String]] { (0..<n).map { ["Med \($0)", "08:00", "100%", "12 tablets"] } }

/// The y of each body cell box in the first column, by page.
private func rowYs(_ doc: PDFLayout, page: Int) -> [Double] {
    doc.texts(onPage: page).compactMap { c -> Double? in
        if case .textBox(_, let x, let y, _, _, _) = c, x == 40 { return y }
        return nil
    }
}

@Suite struct ExportPagedTableTests {
    /// The geometry the note derives: breaks past 842 − 40 − 40 = 762, widths 182/122/92/87,
    /// 19 rows per page (118 + 34·18 = 730 ≤ 762 < 764 = 118 + 34·19).
    @Test func a4ReportGeometry() {
        #expect(style.breakY == 762)
        #expect(style.columnWidths == [182, 122, 92, 87])
        #expect(style.rowsPerPage == 19)
        #expect([0, 1, 19, 20, 38, 39].map(style.pageCount(rows:)) == [1, 1, 1, 2, 2, 3])
    }

    /// 1, 19, 20 and 39 rows lay out on 1, 1, 2 and 3 pages, matching `pageCount`.
    @Test func pagination() throws {
        for (n, pages) in [(1, 1), (19, 1), (20, 2), (39, 3)] {
            let doc = try PagedTable.layout(headers: headers, rows: rows(n), style: style)
            #expect(doc.pageCount == pages, "\(n) rows")
            #expect(doc.records.last == Record("pdf.pages").int("count", pages).int("commands", doc.commands.count))
        }
        let doc = try PagedTable.layout(headers: headers, rows: rows(20), style: style)
        #expect(rowYs(doc, page: 1) == (0..<19).map { 118 + 34 * Double($0) })
        #expect(rowYs(doc, page: 1).last == 730)
        #expect(rowYs(doc, page: 2) == [118])
    }

    /// Title, period and column headers repeat on every page; the footer is on the last page only
    /// (the article's code), at (40, 802), unless `footerOnEveryPage`.
    /// `paginates: false` (pillTracker's fault): 39 rows stay on one page, the last at
    /// 118 + 34·38 = 1410, past the 842 pt page; the footer is still drawn once.
    @Test func withoutPagination() throws {
        var flat = style
        flat.paginates = false
        #expect(flat.pageCount(rows: 39) == 1)
        let doc = try PagedTable.layout(headers: headers, rows: rows(39), style: flat)
        #expect(doc.pageCount == 1)
        #expect(rowYs(doc, page: 1).count == 39)
        #expect(rowYs(doc, page: 1).last == 1410)
        let footers = doc.commands.filter { if case .text(let t, _, _, _) = $0 { t.hasPrefix("Generated") } else { false } }
        #expect(footers.count == 1)
    }

    @Test func headersRepeatFooterOnce() throws {
        let doc = try PagedTable.layout(headers: headers, rows: rows(39), style: style, info: (title: "Medication report", creator: "Track Your Pills"))
        #expect(doc.commands.first == .info(title: "Medication report", creator: "Track Your Pills"))
        for page in 1...3 {
            let texts = doc.texts(onPage: page).compactMap { c -> String? in
                if case .text(let s, _, _, _) = c { return s }
                return nil
            }
            #expect(Array(texts.prefix(6)) == ["Medication report", "1 Oct 2026 – 31 Oct 2026"] + headers)
            let hasFooter = doc.texts(onPage: page).contains { c in
                if case .text(let s, 40, 802, PDFFont(.italic, 9)) = c { return s.hasPrefix("Generated") }
                return false
            }
            #expect(hasFooter == (page == 3), "page \(page)")
        }
        var every = style
        every.footerOnEveryPage = true
        let repeated = try PagedTable.layout(headers: headers, rows: rows(39), style: every)
        #expect(repeated.commands.filter { if case .text(let s, _, _, _) = $0 { s.hasPrefix("Generated") } else { false } }.count == 3)
    }

    /// Records: a cell box with its rect and font; the draw list has one page per page.
    @Test func recordsAndDrawList() throws {
        let doc = try PagedTable.layout(headers: headers, rows: rows(20), style: style)
        let lines = doc.records.map(\.description)
        #expect(lines.contains("pdf.page n=2 w=595.00 h=842.00"))
        #expect(lines.contains("pdf.box x=230.00 y=118.00 w=122.00 h=32.00 font=regular-11 text=\"08:00\""))
        #expect(lines.contains("pdf.text x=40.00 y=40.00 font=bold-20 text=\"Medication report\""))
        let pages = doc.drawList.commands.filter { if case .page = $0 { true } else { false } }
        #expect(pages.count == 2)
    }

    @Test func badTablesAreErrors() {
        #expect(throws: PagedTableError.columnCount(row: 2, found: 1, expected: 4)) {
            try PagedTable.layout(headers: headers, rows: [rows(1)[0], ["only one"]], style: style)
        }
        #expect(throws: PagedTableError.tooManyRows(count: PagedTable.maxRows + 1, limit: PagedTable.maxRows)) {
            try PagedTable.layout(headers: headers, rows: rows(PagedTable.maxRows + 1), style: style)
        }
    }
}
