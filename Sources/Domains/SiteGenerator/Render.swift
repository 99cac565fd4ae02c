import LockstepCore

/// The faults that change rendering, read once per build (renderers see no `World`).
struct RenderFaults: Sendable {
    var slashlessUrls = false
    var allLanguageAlternates = false
    var xDefaultAlwaysDefault = false
    var relativeLinks = false
    var distributedUrls = false
}

/// The page templates: one head builder for every page type, the guide and home pages, the
/// sitemap. Everything absolute comes from `urls.urlFor`, everything root-relative from
/// `urls.pathFor`.
struct Renderer {
    var state: SiteState
    var urls: SiteURLs
    var mode: RelatedMode
    var faults: RenderFaults

    static let stylesheet = "body{font-family:system-ui,sans-serif;max-width:42rem;margin:0 auto;padding:1rem}\n"

    /// `&`, `<`, `>`, `"` and `'` escaped: titles and descriptions go into attributes and markup
    /// (GAP: the article interpolates them raw).
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A JSON string literal, with `<` written `\u003c` so no `</script>` can end the block early.
    static func json(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x3C: out += "\\u003c"
            case 0x00..<0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    func html(_ lang: String) -> String { state.language(lang)?.html ?? lang }

    /// The canonical/og:url form: `urlFor`, or without its trailing slash (`slashlessUrls`).
    func selfURL(_ lang: String, _ slug: String) -> String {
        let url = urls.urlFor(lang, slug)
        return faults.slashlessUrls && url.hasSuffix("/") && url != urls.origin + "/" ? String(url.dropLast()) : url
    }

    /// The languages alternates are written for: where the page exists, or (fault) every language.
    func alternateLangs(_ langs: [String]) -> [String] {
        faults.allLanguageAlternates ? state.langs.map(\.code) : langs
    }

    func xDefault(_ langs: [String]) -> String {
        faults.xDefaultAlwaysDefault ? urls.defaultLang : urls.xDefault(langs)
    }

    /// A root-relative link from the page at `from` (its path) to `to` (a root-relative path), or
    /// under `relativeLinks` the same target written relative to the site root without its `/`,
    /// which the browser resolves against the page's own directory.
    func link(_ to: String) -> String { faults.relativeLinks ? String(to.dropFirst()) : to }

    /// The article's `headFor`. GAP: the elided parts are the viewport, `<title>`, description,
    /// stylesheet, JSON-LD and og:title, in the order below.
    func head(lang: String, slug: String, title: String, desc: String, langs: [String], noindex: Bool) -> String {
        let me = selfURL(lang, slug)
        let alternates = alternateLangs(langs).map {
            "  <link rel=\"alternate\" hreflang=\"\(html($0))\" href=\"\(urls.urlFor($0, slug))\">"
        }.joined(separator: "\n")
        let jsonld = "{\"@context\":\"https://schema.org\",\"@type\":\"\(slug.isEmpty ? "WebSite" : "Article")\",\"headline\":\(Self.json(title)),\"inLanguage\":\(Self.json(html(lang))),\"url\":\(Self.json(me))}"
        return """
              <meta charset="utf-8">
              <meta name="viewport" content="width=device-width, initial-scale=1">
              <title>\(Self.escape(title))</title>
              <meta name="description" content="\(Self.escape(desc))">
            \(noindex ? "  <meta name=\"robots\" content=\"noindex,follow\">\n" : "")  <link rel="canonical" href="\(me)">
            \(alternates)
              <link rel="alternate" hreflang="x-default" href="\(urls.urlFor(xDefault(langs), slug))">
              <link rel="stylesheet" href="\(link("/styles.css"))">
              <script type="application/ld+json">\(jsonld)</script>
              <meta property="og:title" content="\(Self.escape(title))">
              <meta property="og:url" content="\(me)">
            """
    }

    /// The shell around `<main>`: nav (home link and the language switcher for the languages the
    /// page exists in), then main, then the language's footer. Nav and footer are outside `<main>`,
    /// so boilerplate never counts.
    func page(lang: String, slug: String, title: String, desc: String, langs: [String], noindex: Bool, main: String) -> String {
        let switcher = langs.map { " <a href=\"\(link(urls.pathFor($0, slug)))\" hreflang=\"\(html($0))\">\(Self.escape(html($0)))</a>" }.joined()
        let footer = state.language(lang).map { Self.escape($0.footer) } ?? ""
        return """
            <!doctype html>
            <html lang="\(html(lang))">
            <head>
            \(head(lang: lang, slug: slug, title: title, desc: desc, langs: langs, noindex: noindex))
            </head>
            <body>
            <nav><a href="\(link(urls.pathFor(lang, "")))">Kibo</a>\(switcher)</nav>
            <main>
            \(main)
            </main>
            <footer><p>\(footer)</p></footer>
            </body>
            </html>

            """
    }

    /// One related entry: a link when the target is indexable, otherwise per `mode` (the article's
    /// code degrades it to text). nil when the entry is left out (`drop`).
    func relatedEntry(lang: String, slug s: String, indexable: Set<String>) -> String? {
        guard let target = state.guide(lang, s) else { return nil }
        let t = Self.escape(target.title)
        if indexable.contains(target.key) { return "      <li><a href=\"\(link(urls.pathFor(lang, s)))\">\(t)</a></li>" }
        switch mode {
        case .degrade: return "      <li>\(t)</li>"
        case .drop: return nil
        case .describe: return "      <li>\(t) (coming soon: \(Self.escape(target.desc)))</li>"
        }
    }

    /// The article's `guidePage(lang, slug, indexable, gate)`. GAP: the 4th argument (`false` in
    /// the gate) is taken to mean "no side effects"; it never changes the markup, so the gate
    /// measures exactly what is written.
    func guidePage(_ g: Guide, indexable: Set<String>) -> String {
        var main = "  <h1>\(Self.escape(g.title))</h1>\n\(g.body)"
        let entries = g.related.compactMap { relatedEntry(lang: g.lang, slug: $0, indexable: indexable) }
        if !entries.isEmpty {
            main += "\n    <ul class=\"related\">\n\(entries.joined(separator: "\n"))\n    </ul>"
        }
        return page(lang: g.lang, slug: g.slug, title: g.title, desc: g.desc, langs: state.langs(of: g.slug),
                    noindex: !indexable.contains(g.key), main: main)
    }

    /// A language's home page (GAP: not gated; lists that language's guides, linked when
    /// indexable, as text when not). It exists in every language of the site.
    func homePage(_ l: Language, indexable: Set<String>) -> String {
        var main = "  <h1>\(Self.escape(l.title))</h1>"
        let guides = state.slugs.compactMap { state.guide(l.code, $0) }
        if !guides.isEmpty {
            let items = guides.map { g in
                indexable.contains(g.key)
                    ? "      <li><a href=\"\(link(urls.pathFor(l.code, g.slug)))\">\(Self.escape(g.title))</a></li>"
                    : "      <li>\(Self.escape(g.title))</li>"
            }
            main += "\n    <ul class=\"guides\">\n\(items.joined(separator: "\n"))\n    </ul>"
        }
        return page(lang: l.code, slug: "", title: l.title, desc: l.desc, langs: state.langs.map(\.code), noindex: false, main: main)
    }

    /// The sitemap's own URL form: `urlFor`, or under `distributedUrls` a second constructor that
    /// puts the default language under `/en/` too (the drift the article's design removes).
    func sitemapURL(_ lang: String, _ slug: String) -> String {
        guard faults.distributedUrls else { return urls.urlFor(lang, slug) }
        return urls.origin + "/\(lang)/" + (slug.isEmpty ? "" : "\(slug)/")
    }

    /// The article's sitemap `entry`. GAP: the priority element and the closing tag.
    func sitemapEntry(lang: String, slug: String, langs: [String], priority: String) -> String {
        let alts = alternateLangs(langs).map {
            "    <xhtml:link rel=\"alternate\" hreflang=\"\(html($0))\" href=\"\(sitemapURL($0, slug))\"/>"
        }.joined(separator: "\n")
        return """
              <url>
                <loc>\(sitemapURL(lang, slug))</loc>
            \(alts)
                <xhtml:link rel="alternate" hreflang="x-default" href="\(sitemapURL(xDefault(langs), slug))"/>
                <priority>\(priority)</priority>
              </url>
            """
    }

    /// The sitemap: every home page (priority 1.0), then every indexable guide (0.8) in `all`
    /// order. Blocked guides are left out.
    func sitemap(indexable: Set<String>) -> String {
        var entries = state.langs.map { sitemapEntry(lang: $0.code, slug: "", langs: state.langs.map(\.code), priority: "1.0") }
        for g in state.allGuides where indexable.contains(g.key) {
            entries.append(sitemapEntry(lang: g.lang, slug: g.slug, langs: state.langs(of: g.slug), priority: "0.8"))
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
            \(entries.joined(separator: "\n"))
            </urlset>

            """
    }
}
