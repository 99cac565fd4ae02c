/// The single exit point for every URL and every file path the site emits (the article's
/// `pathFor`/`urlFor`/`write`). Canonical, og:url, hreflang, x-default, the sitemap, nav and
/// related links and the on-disk location all call these; nothing else builds a URL.
struct SiteURLs: Sendable {
    var origin: String
    var defaultLang: String

    /// Root-relative path: the default language at `/`, others under `/lang/`, a trailing slash
    /// always. An empty slug is the language's root (JS truthiness: `slug ? … : base`).
    func pathFor(_ lang: String, _ slug: String) -> String {
        let base = lang == defaultLang ? "/" : "/\(lang)/"
        return slug.isEmpty ? base : "\(base)\(slug)/"
    }

    /// The absolute URL: `origin + pathFor`.
    func urlFor(_ lang: String, _ slug: String) -> String { origin + pathFor(lang, slug) }

    /// Where `write` puts the page, relative to DIST: the same path plus `index.html`.
    func filePath(_ lang: String, _ slug: String) -> String {
        String(pathFor(lang, slug).dropFirst()) + "index.html"
    }

    /// x-default: the default language when the page exists in it, else the first language it
    /// exists in. `langs` is never empty (a page exists at least in its own language).
    func xDefault(_ langs: [String]) -> String {
        langs.contains(defaultLang) ? defaultLang : langs[0]
    }
}

/// Node's `path.join("dist", p)` as far as the traversal check needs it: segments joined, `.`
/// dropped, `..` popping a segment, and popping past `dist` reported (the article's `write` with a
/// slug of `../../etc` would leave DIST).
enum DistPath {
    /// The normalised path of `relative` under `dist`, and whether it climbs out of `dist`.
    static func join(_ relative: String) -> (path: String, escapes: Bool) {
        var parts = ["dist"]
        var above = 0
        for segment in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                if parts.isEmpty { above += 1 } else { parts.removeLast() }
            default: parts.append(String(segment))
            }
        }
        let joined = (Array(repeating: "..", count: above) + parts).joined(separator: "/")
        let escapes = above > 0 || parts.first != "dist"
        return (relative.hasSuffix("/") ? joined + "/" : joined, escapes)
    }
}
