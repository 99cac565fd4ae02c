import LockstepCore

/// An independent reading of what a build wrote, as a crawler and the host would see it: each page
/// parsed back from its bytes (not from the renderer's variables), every URL it names resolved and
/// asked of a model of the host (a path ending in `/` is served from its `index.html` with 200; a
/// path without the slash whose folder has an `index.html` is a 301 to the slashed form; anything
/// else not written is 404). The report is what the article's design promises: canonical, og:url,
/// hreflang and sitemap agree, nothing emitted redirects or 404s.
enum SiteCheck {
    struct Report: Sendable, Equatable {
        var pages = 0
        var indexablePages = 0
        var canonicalRedirects = 0
        var canonicalNotFound = 0
        var canonicalNotSelf = 0
        var ogUrlMismatch = 0
        var brokenAlternates = 0
        var nonReciprocal = 0
        var brokenXDefault = 0
        var brokenLinks = 0
        var sitemapLocs = 0
        var sitemapNotIndexable = 0
        var indexableNotInSitemap = 0
        var sitemapBrokenAlternates = 0
        var problems: [String] = []

        var problemCount: Int {
            canonicalRedirects + canonicalNotFound + canonicalNotSelf + ogUrlMismatch + brokenAlternates + nonReciprocal
                + brokenXDefault + brokenLinks + sitemapNotIndexable + indexableNotInSitemap + sitemapBrokenAlternates
        }

        var record: Record {
            Record("site.check").int("pages", pages).int("indexable", indexablePages).int("sitemapLocs", sitemapLocs)
                .int("canonicalRedirects", canonicalRedirects).int("canonicalNotFound", canonicalNotFound)
                .int("canonicalNotSelf", canonicalNotSelf).int("ogUrlMismatch", ogUrlMismatch)
                .int("brokenAlternates", brokenAlternates).int("nonReciprocal", nonReciprocal)
                .int("brokenXDefault", brokenXDefault).int("brokenLinks", brokenLinks)
                .int("sitemapNotIndexable", sitemapNotIndexable).int("indexableNotInSitemap", indexableNotInSitemap)
                .int("sitemapBrokenAlternates", sitemapBrokenAlternates)
        }

        mutating func problem(_ text: String) {
            if problems.count < SiteCheck.maxProblemsShown { problems.append(text) }
        }
    }

    /// The first problems are listed one record each; the rest are counted.
    static let maxProblemsShown = 12

    struct Page {
        var path: String
        var url: String
        var canonical: String?
        var ogURL: String?
        var alternates: [(hreflang: String, href: String)] = []
        var noindex = false
        var links: [String] = []
    }

    enum Status: String { case ok = "200", redirect = "301", notFound = "404", external }

    /// The attributes of every tag named `name` (`<link …>`), as ordered key/value pairs.
    static func tags(_ html: String, _ name: String) -> [[(String, String)]] {
        var out: [[(String, String)]] = []
        var rest = Substring(html)
        while let open = rest.firstRange(of: "<\(name) ") {
            guard let close = rest[open.upperBound...].firstIndex(of: ">") else { break }
            var attrs: [(String, String)] = []
            var body = rest[open.upperBound..<close]
            while let eq = body.firstRange(of: "=\"") {
                let key = body[..<eq.lowerBound].split(separator: " ").last.map(String.init) ?? ""
                guard let end = body[eq.upperBound...].firstIndex(of: "\"") else { break }
                attrs.append((key, String(body[eq.upperBound..<end])))
                body = body[body.index(after: end)...]
            }
            out.append(attrs)
            rest = rest[rest.index(after: close)...]
        }
        return out
    }

    static func value(_ attrs: [(String, String)], _ key: String) -> String? { attrs.first { $0.0 == key }?.1 }

    /// The URL path of a written file: `ja/foo/index.html` is `/ja/foo/`, `styles.css` `/styles.css`.
    static func urlPath(ofFile path: String) -> String {
        if path == "index.html" { return "/" }
        if path.hasSuffix("/index.html") { return "/" + path.dropLast("index.html".count) }
        return "/" + path
    }

    /// RFC 3986 resolution of `href` against the page at `pagePath`, with dot segments removed.
    static func resolve(_ href: String, from pagePath: String, origin: String) -> String {
        if href.hasPrefix("http://") || href.hasPrefix("https://") { return href }
        let joined: String
        if href.hasPrefix("/") {
            joined = href
        } else {
            let dir = pagePath.hasSuffix("/") ? pagePath : String(pagePath[...(pagePath.lastIndex(of: "/") ?? pagePath.startIndex)])
            joined = dir + href
        }
        var parts: [Substring] = []
        let segments = joined.split(separator: "/", omittingEmptySubsequences: false)
        for (i, seg) in segments.enumerated() {
            if seg == "." { continue }
            if seg == ".." { if parts.count > 1 { parts.removeLast() }; continue }
            if seg.isEmpty && i != 0 && i != segments.count - 1 { continue }
            parts.append(seg)
        }
        var path = parts.joined(separator: "/")
        if (joined.hasSuffix("/.") || joined.hasSuffix("/..")) && !path.hasSuffix("/") { path += "/" }
        return origin + (path.hasPrefix("/") ? path : "/" + path)
    }

    static func status(_ url: String, origin: String, served: [String: Int]) -> Status {
        guard url.hasPrefix(origin + "/") else { return .external }
        let path = String(url.dropFirst(origin.count + 1))
        if path.isEmpty || path.hasSuffix("/") { return served[path + "index.html"] != nil ? .ok : .notFound }
        if served[path] != nil { return .ok }
        return served[path + "/index.html"] != nil ? .redirect : .notFound
    }

    static func run(files: [(path: String, bytes: [UInt8])], origin: String) -> Report {
        var report = Report()
        var index: [String: Int] = [:]
        for (i, f) in files.enumerated() { index[f.path] = i }
        var pages: [Page] = []
        var byURL: [String: Int] = [:]
        for f in files where f.path.hasSuffix(".html") {
            let html = String(decoding: f.bytes, as: UTF8.self)
            var page = Page(path: f.path, url: origin + urlPath(ofFile: f.path))
            for attrs in tags(html, "link") {
                guard let rel = value(attrs, "rel"), let href = value(attrs, "href") else { continue }
                switch rel {
                case "canonical": page.canonical = href
                case "alternate": page.alternates.append((value(attrs, "hreflang") ?? "", href))
                default: page.links.append(href)
                }
            }
            for attrs in tags(html, "meta") {
                if value(attrs, "property") == "og:url" { page.ogURL = value(attrs, "content") }
                if value(attrs, "name") == "robots", value(attrs, "content")?.contains("noindex") == true { page.noindex = true }
            }
            for attrs in tags(html, "a") { if let href = value(attrs, "href") { page.links.append(href) } }
            byURL[page.url] = pages.count
            pages.append(page)
        }
        report.pages = pages.count
        var indexableURLs: [String] = []
        for page in pages {
            if !page.noindex { indexableURLs.append(page.url); report.indexablePages += 1 }
            let pagePath = urlPath(ofFile: page.path)
            guard let canonical = page.canonical else {
                report.canonicalNotFound += 1
                report.problem("\(page.path): no canonical")
                continue
            }
            switch status(canonical, origin: origin, served: index) {
            case .ok: break
            case .redirect:
                report.canonicalRedirects += 1
                report.problem("\(page.path): canonical \(canonical) answers 301")
            case .notFound, .external:
                report.canonicalNotFound += 1
                report.problem("\(page.path): canonical \(canonical) answers 404")
            }
            if canonical != page.url && status(canonical, origin: origin, served: index) == .ok {
                report.canonicalNotSelf += 1
                report.problem("\(page.path): canonical \(canonical) is not the page's own URL \(page.url)")
            }
            if page.ogURL != canonical {
                report.ogUrlMismatch += 1
                report.problem("\(page.path): og:url \(page.ogURL ?? "none") differs from canonical \(canonical)")
            }
            var sawXDefault = false
            for alt in page.alternates {
                let st = status(alt.href, origin: origin, served: index)
                if alt.hreflang == "x-default" {
                    sawXDefault = true
                    if st != .ok {
                        report.brokenXDefault += 1
                        report.problem("\(page.path): x-default \(alt.href) answers \(st.rawValue)")
                    }
                    continue
                }
                guard st == .ok else {
                    report.brokenAlternates += 1
                    report.problem("\(page.path): hreflang=\(alt.hreflang) \(alt.href) answers \(st.rawValue)")
                    continue
                }
                let targetURL = alt.href
                if let t = byURL[targetURL], !pages[t].alternates.contains(where: { $0.href == canonical }) {
                    report.nonReciprocal += 1
                    report.problem("\(page.path): hreflang=\(alt.hreflang) \(alt.href) does not link back to \(canonical)")
                }
            }
            if !sawXDefault {
                report.brokenXDefault += 1
                report.problem("\(page.path): no x-default")
            }
            for href in page.links {
                let st = status(resolve(href, from: pagePath, origin: origin), origin: origin, served: index)
                if st != .ok {
                    report.brokenLinks += 1
                    report.problem("\(page.path): link \(href) resolves to \(resolve(href, from: pagePath, origin: origin)) (\(st.rawValue))")
                }
            }
        }
        // The sitemap, read back the same way.
        if let i = index["sitemap.xml"] {
            let xml = String(decoding: files[i].bytes, as: UTF8.self)
            var locs: [String] = []
            var rest = Substring(xml)
            while let open = rest.firstRange(of: "<loc>"), let close = rest[open.upperBound...].firstRange(of: "</loc>") {
                locs.append(String(rest[open.upperBound..<close.lowerBound]))
                rest = rest[close.upperBound...]
            }
            report.sitemapLocs = locs.count
            for loc in locs {
                guard let p = byURL[loc], !pages[p].noindex, status(loc, origin: origin, served: index) == .ok else {
                    report.sitemapNotIndexable += 1
                    report.problem("sitemap.xml: \(loc) is not an indexable page")
                    continue
                }
            }
            for url in indexableURLs where !locs.contains(url) {
                report.indexableNotInSitemap += 1
                report.problem("sitemap.xml: indexable \(url) is missing")
            }
            for attrs in tags(xml, "xhtml:link") {
                guard let href = value(attrs, "href") else { continue }
                if status(href, origin: origin, served: index) != .ok {
                    report.sitemapBrokenAlternates += 1
                    report.problem("sitemap.xml: alternate \(href) answers \(status(href, origin: origin, served: index).rawValue)")
                }
            }
        }
        return report
    }
}
