import LockstepCore
import Platform

/// `PDFReport.make(title:period:rows:)` on the Platform `PagedTable`: its `a4Report` style is this
/// report's page (A4, title and period on every page, column headers, 34 pt row pitch, a break past
/// 762 pt, the disclaimer footer once, after the last row, as the article's code draws it). Only
/// the report's own texts and cells are here.
enum PDFReport {
    static let headers = ["Medication", "Schedule", "Adherence", "Remaining"]
    static let creator = "Track Your Pills"
    static let footer = "Generated on this device. Not medical advice; review with your clinician."

    /// The page; `paginates: false` is fault `pdfNoPagination` (every row on page 1).
    static func style(title: String, period: String, paginates: Bool) -> PagedTableStyle {
        var style = PagedTableStyle.a4Report(title: title, period: period, footer: footer)
        style.paginates = paginates
        return style
    }

    static func layout(title: String, period: String, rows: [[String]], paginates: Bool) throws(PagedTableError) -> PDFLayout {
        try PagedTable.layout(headers: headers, rows: rows, style: style(title: title, period: period, paginates: paginates),
                              info: (title: title, creator: creator))
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
