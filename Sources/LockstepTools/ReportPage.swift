import LockstepCore
import LockstepRunner

/// The HTML of `lockstep report`: one static page, no script, no network, every image a relative
/// link into the report's own folder, so CI can upload the folder and a person opens `index.html`.
///
/// The page is a pure function of its model: the same check run gives the same bytes (no clock, no
/// host name), so two reports can themselves be compared.
public struct ReportPage: Sendable {
    /// One picture of an artifact: a path relative to the report's folder and its size in pixels.
    public struct Picture: Sendable, Equatable {
        public var path: String
        public var widthPixels: Int
        public var heightPixels: Int
        public init(path: String, widthPixels: Int, heightPixels: Int) {
            self.path = path; self.widthPixels = widthPixels; self.heightPixels = heightPixels
        }
    }

    /// One PNG artifact of a failed scenario: whichever of the three pictures exist.
    public struct ImageSet: Sendable, Equatable {
        public var artifact: String
        public var expected: Picture?
        public var actual: Picture?
        public var difference: Picture?
    }

    public struct Entry: Sendable {
        public var scenario: String
        public var label: String
        /// What `check` printed for it (the first divergence), empty when it passed.
        public var report: String
        /// The whole difference between the golden and this run (nil: no trace to compare).
        public var diff: TraceReview?
        public var images: [ImageSet] = []
        /// Other differing artifacts (not PNG): relative links to the expected and actual files.
        public var files: [(artifact: String, expected: String?, actual: String?)] = []
        public var plots: [(artifact: String, picture: Picture)] = []
        public var passed: Bool { label == "ok" }

        public init(scenario: String, label: String, report: String = "", diff: TraceReview? = nil) {
            self.scenario = scenario; self.label = label; self.report = report; self.diff = diff
        }
    }

    public var title: String
    public var entries: [Entry]
    /// Where the entries came from, said under the summary (`replayed 160 scenarios`, `read …/summary.txt`).
    public var source: String

    public init(title: String, entries: [Entry], source: String) {
        self.title = title; self.entries = entries; self.source = source
    }

    /// Failures shown in full; later ones are listed only, with a line saying so. A change that
    /// moves every golden still gives a page a browser opens (each section holds up to
    /// `ReportCommand.maxDiffLines` diff lines and its pictures).
    public static let maxFailureSections = 200

    /// Small canvases are shown enlarged (nearest neighbour) until their longer side reaches this.
    public static let zoomTargetPixels = 320
    public static let maxZoom = 8

    /// The integer zoom for a picture: 1 for anything already as large as the target.
    public static func zoom(_ p: Picture) -> Int {
        let side = max(p.widthPixels, p.heightPixels, 1)
        return max(1, min(maxZoom, zoomTargetPixels / side))
    }

    public var html: String {
        let failed = entries.filter { !$0.passed }
        let passed = entries.count - failed.count
        var h = HTMLText()
        h.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        h.raw("<title>"); h.text("\(title): \(failed.count) failed, \(passed) passed"); h.raw("</title>\n")
        h.raw("<style>\n\(ReportPage.style)</style>\n</head>\n<body>\n")
        h.raw("<h1>"); h.text(title); h.raw("</h1>\n")
        h.raw("<p class=\"summary\">")
        h.raw(failed.isEmpty ? "<span class=\"pass\">all passed</span>" : "<span class=\"fail\">\(failed.count) failed</span>")
        h.text(", \(passed) passed (\(entries.count) scenario\(entries.count == 1 ? "" : "s")) · lockstep \(LockstepCommand.version) · \(source)")
        h.raw("</p>\n")
        if !failed.isEmpty {
            h.raw("<h2>Failed</h2>\n<ol class=\"toc\">\n")
            for (i, e) in failed.enumerated() {
                if i < ReportPage.maxFailureSections {
                    h.raw("<li><a href=\"#f\(i + 1)\">"); h.text("\(e.label) \(e.scenario)"); h.raw("</a>")
                } else {
                    h.raw("<li>"); h.text("\(e.label) \(e.scenario)")
                }
                if let first = e.report.split(separator: "\n").dropFirst().first {
                    h.raw(" <span class=\"headline\">"); h.text(String(first.drop { $0 == " " })); h.raw("</span>")
                }
                h.raw("</li>\n")
            }
            h.raw("</ol>\n")
        }
        for (i, e) in failed.prefix(ReportPage.maxFailureSections).enumerated() { section(&h, e, id: "f\(i + 1)") }
        if failed.count > ReportPage.maxFailureSections {
            h.raw("<p class=\"limit\">")
            h.text("\(failed.count - ReportPage.maxFailureSections) more failures are listed above without a section "
                   + "(the limit ReportPage.maxFailureSections=\(ReportPage.maxFailureSections)); 'lockstep check' prints each one")
            h.raw("</p>\n")
        }
        let withPlots = entries.filter { !$0.plots.isEmpty }
        if !withPlots.isEmpty {
            h.raw("<h2>Plots</h2>\n")
            for e in withPlots {
                h.raw("<section class=\"plots\">\n<h3>"); h.text(e.scenario); h.raw("</h3>\n<div class=\"images\">\n")
                for plot in e.plots { figure(&h, plot.picture, caption: plot.artifact, zoom: 1) }
                h.raw("</div>\n</section>\n")
            }
        }
        h.raw("<details class=\"passed\"><summary>\(passed) passed</summary>\n<ul>\n")
        for e in entries where e.passed { h.raw("<li>"); h.text(e.scenario); h.raw("</li>\n") }
        h.raw("</ul>\n</details>\n</body>\n</html>\n")
        return h.bytes
    }

    func section(_ h: inout HTMLText, _ e: Entry, id: String) {
        h.raw("<section class=\"scenario\" id=\"\(id)\">\n<h2><span class=\"label fail\">")
        h.text(e.label); h.raw("</span> "); h.text(e.scenario); h.raw("</h2>\n")
        h.raw("<h3>First divergence</h3>\n<pre class=\"report\">"); h.text(e.report); h.raw("</pre>\n")
        if !e.images.isEmpty {
            h.raw("<h3>Images</h3>\n")
            for set in e.images {
                let shown = [set.expected, set.actual, set.difference].compactMap { $0 }
                let zoom = shown.map(ReportPage.zoom).min() ?? 1
                h.raw("<div class=\"artifact\">\n<h4>"); h.text(set.artifact)
                if let p = shown.first {
                    h.text(" · \(p.widthPixels)×\(p.heightPixels) px" + (zoom > 1 ? ", shown \(zoom)× (nearest neighbour)" : ""))
                }
                h.raw("</h4>\n<div class=\"images\">\n")
                if let p = set.expected { figure(&h, p, caption: "expected", zoom: zoom) } else { missing(&h, "expected", "no stored artifact") }
                if let p = set.actual { figure(&h, p, caption: "actual", zoom: zoom) } else { missing(&h, "actual", "this run wrote none") }
                if let p = set.difference { figure(&h, p, caption: "difference (changed pixels red)", zoom: zoom) }
                else if set.expected != nil && set.actual != nil { missing(&h, "difference", "the sizes differ") }
                h.raw("</div>\n</div>\n")
            }
        }
        if !e.files.isEmpty {
            h.raw("<h3>Other artifacts</h3>\n<ul>\n")
            for f in e.files {
                h.raw("<li>"); h.text(f.artifact)
                if let x = f.expected { h.raw(": <a href=\""); h.url(x); h.raw("\">expected</a>") }
                if let x = f.actual { h.raw(f.expected == nil ? ": " : ", "); h.raw("<a href=\""); h.url(x); h.raw("\">actual</a>") }
                h.raw("</li>\n")
            }
            h.raw("</ul>\n")
        }
        if !e.plots.isEmpty {
            h.raw("<h3>Plots</h3>\n<div class=\"images\">\n")
            for plot in e.plots { figure(&h, plot.picture, caption: plot.artifact, zoom: 1) }
            h.raw("</div>\n")
        }
        if let diff = e.diff {
            h.raw("<h3>Full diff</h3>\n<p class=\"diffsummary\">")
            h.text(diff.isNew ? "no golden: the whole trace is new (\(diff.proposedLines) lines)"
                   : "\(diff.differingSteps) of \(diff.steps) steps differ"
                   + (diff.headerDiffers ? "; the header differs" : "") + (diff.footerDiffers ? "; the footer differs" : ""))
            h.raw("</p>\n<pre class=\"diff\">")
            for line in diff.lines {
                let cls = switch line.kind { case .removed: "del"; case .added: "ins"; case .note: "note"; case .context: "ctx" }
                h.raw("<span class=\"\(cls)\">"); h.text(line.text); h.raw("</span>")
            }
            if diff.notShown > 0 {
                h.raw("<span class=\"note\">"); h.text("… \(diff.notShown) more differing lines not shown (ReportCommand.maxDiffLines)"); h.raw("</span>")
            }
            h.raw("</pre>\n")
        }
        h.raw("</section>\n")
    }

    func figure(_ h: inout HTMLText, _ p: Picture, caption: String, zoom: Int) {
        h.raw("<figure><a href=\""); h.url(p.path); h.raw("\"><img src=\""); h.url(p.path)
        h.raw("\" width=\"\(p.widthPixels * zoom)\" height=\"\(p.heightPixels * zoom)\" alt=\""); h.attribute(caption)
        h.raw("\"\(zoom > 1 ? " class=\"zoomed\"" : "")></a><figcaption>"); h.text(caption); h.raw("</figcaption></figure>\n")
    }

    func missing(_ h: inout HTMLText, _ caption: String, _ why: String) {
        h.raw("<figure class=\"absent\"><div>"); h.text(why); h.raw("</div><figcaption>"); h.text(caption); h.raw("</figcaption></figure>\n")
    }

    static let style = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; max-width: 1400px; }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin-top: 28px; }
        h3 { font-size: 15px; margin: 18px 0 6px; } h4 { font-size: 13px; margin: 10px 0 4px; font-weight: 600; }
        .fail { color: #b00020; font-weight: 600; } .pass { color: #137333; font-weight: 600; }
        .label { font-family: ui-monospace, monospace; }
        .headline { color: #555; font-size: 13px; } .limit { color: #9a6700; }
        section.scenario { border-top: 2px solid #b00020; margin-top: 24px; }
        pre { background: #f6f8fa; padding: 8px; overflow-x: auto; font: 12px/1.35 ui-monospace, monospace; }
        pre.diff span { display: block; white-space: pre; }
        .del { background: #ffebe9; color: #82071e; } .ins { background: #dafbe1; color: #116329; } .note { color: #6e7781; }
        .images { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #555; text-align: center; }
        figure img { border: 1px solid #d0d7de; display: block; background: repeating-conic-gradient(#eee 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
        img.zoomed { image-rendering: pixelated; image-rendering: crisp-edges; }
        figure.absent div { width: 160px; height: 80px; border: 1px dashed #999; display: flex; align-items: center; justify-content: center; color: #777; font-size: 12px; }
        details.passed { margin-top: 28px; }

        """
}

/// HTML built from raw markup and escaped text.
struct HTMLText {
    private(set) var bytes = ""

    mutating func raw(_ s: String) { bytes += s }

    /// Text content: `&`, `<`, `>` escaped; other characters as they are (the page is UTF-8).
    mutating func text(_ s: String) {
        for c in s.unicodeScalars {
            switch c {
            case "&": bytes += "&amp;"
            case "<": bytes += "&lt;"
            case ">": bytes += "&gt;"
            default: bytes.unicodeScalars.append(c)
            }
        }
    }

    /// A relative path as a URL: every byte but unreserved characters and `/` percent-encoded, so a
    /// scenario named `a b#1` still links to its file.
    mutating func url(_ path: String) {
        let hex = Array("0123456789ABCDEF".utf8)
        for b in path.utf8 {
            let unreserved = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
                || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E || b == 0x2F
            if unreserved { bytes.unicodeScalars.append(Unicode.Scalar(b)) }
            else { bytes += "%" + String(decoding: [hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self) }
        }
    }

    /// An attribute value inside double quotes: text escaping plus `"`.
    mutating func attribute(_ s: String) {
        for c in s.unicodeScalars {
            if c == "\"" { bytes += "&quot;" } else { text(String(c)) }
        }
    }
}
