import LockstepCore
import Platform

/// `PDFReport.make(title:period:rows:)` as a layout command list: A4 pages, the title and period
/// on every page, column headers, 34 pt row pitch, a break when the next row would start below
/// 762 pt, the disclaimer footer once, after the last row (as the article's code draws it).
enum PDFReport {
    static let pageWidth = 595.0
    static let pageHeight = 842.0
    static let margin = 40.0
    static let columns = [40.0, 230.0, 360.0, 460.0]
    static let headers = ["Medication", "Schedule", "Adherence", "Remaining"]
    static let rowHeight = 32.0
    static let rowPitch = 34.0
    static let creator = "Track Your Pills"
    static let footer = "Generated on this device. Not medical advice; review with your clinician."
    static let maxRows = 10_000

    enum Font: String, Sendable {
        case titleBold20 = "bold20", headerBold11 = "bold11", body11 = "body11", footerItalic9 = "italic9"
    }

    enum Command: Hashable, Sendable {
        case info(title: String, creator: String)
        case beginPage(Int)
        case text(String, x: Double, y: Double, Font)
        case textBox(String, x: Double, y: Double, width: Double, height: Double, Font)

        var record: Record {
            switch self {
            case .info(let t, let c): Record("pdf.info").string("title", t).string("creator", c)
            case .beginPage(let n): Record("pdf.beginPage").int("page", n)
            case .text(let s, let x, let y, let f): Record("pdf.text").string("s", s).fixed("x", x, 0).fixed("y", y, 0).word("font", f.rawValue)
            case .textBox(let s, let x, let y, let w, let h, let f):
                Record("pdf.textBox").string("s", s).fixed("x", x, 0).fixed("y", y, 0).fixed("w", w, 0).fixed("h", h, 0).word("font", f.rawValue)
            }
        }
    }

    /// Column `i`'s text width: to the next column (or the right margin) less 8 pt of gutter.
    static func cellWidth(_ i: Int) -> Double {
        (i < 3 ? columns[i + 1] : pageWidth - margin) - columns[i] - 8
    }

    static func layout(title: String, period: String, rows: [[String]], paginate: Bool) -> (commands: [Command], pages: Int) {
        var out: [Command] = [.info(title: title, creator: creator)]
        var pages = 0
        var y = 0.0
        func newPage() {
            pages += 1
            out.append(.beginPage(pages))
            y = margin
            out.append(.text(title, x: margin, y: y, .titleBold20))
            y += 30
            out.append(.text(period, x: margin, y: y, .body11))
            y += 28
            for (i, h) in headers.enumerated() { out.append(.text(h, x: columns[i], y: y, .headerBold11)) }
            y += 20
        }
        newPage()
        for row in rows {
            if paginate && y > pageHeight - margin - 40 { newPage() }
            for (i, cell) in row.prefix(4).enumerated() {
                out.append(.textBox(cell, x: columns[i], y: y, width: cellWidth(i), height: rowHeight, .body11))
            }
            y += rowPitch
        }
        out.append(.text(footer, x: margin, y: pageHeight - margin, .footerItalic9))
        return (out, pages)
    }

    /// "Medication report – Oct 2026.pdf" (en dash; GAP: English month abbreviations).
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static func fileName(_ t: LocalDateTime) -> String { "Medication report \u{2013} \(months[t.month - 1]) \(t.year).pdf" }

    /// The adherence cell: a whole percent, or an em dash when nothing was due.
    static func percent(_ s: Adherence.Stats) -> String {
        s.due == 0 ? "\u{2014}" : "\(Int((s.rate * 100).rounded()))%"
    }

    /// The Remaining cell: up to two decimals, trailing zeros trimmed, and the form's unit.
    static func remaining(_ q: Double, _ form: MedForm) -> String { QuantityText.format(q) + " " + form.unit(q) }
}

/// Quantities as the app shows them: at most two decimals, no trailing zeros (`12`, `7.5`).
enum QuantityText {
    static func format(_ q: Double) -> String {
        let hundredths = Int64((q * 100).rounded())
        let whole = hundredths / 100, frac = abs(hundredths % 100)
        if frac == 0 { return String(whole) }
        return frac % 10 == 0 ? "\(whole).\(frac / 10)" : "\(whole).\(ZeroPad.two(Int(frac)))"
    }
}
