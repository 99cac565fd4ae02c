import LockstepCore

/// A language of the site: `LANG_META[code]` and its home page.
struct Language: Sendable, Equatable {
    var code: String
    var html: String
    var title: String
    var desc: String
    var footer: String
}

/// `GUIDES[lang][slug]` after validation (NFC text, body decoded).
struct Guide: Sendable, Equatable {
    var lang: String
    var slug: String
    var title: String
    var desc: String
    var body: String
    var related: [String]

    var key: String { "\(lang)/\(slug)" }
}

/// What the last build published, kept for the invariants and the state digest.
struct BuildSummary: Sendable {
    var number: Int
    /// `"lang/slug"` keys in `all` order.
    var all: [String]
    var indexable: [String]
    var counts: [Int]
    var passes: Int
    var converged: Bool
    /// The written files, sorted by path, and their bytes.
    var files: [(path: String, bytes: [UInt8])]
    var check: SiteCheck.Report
}

public struct SiteState: Sendable {
    var settings: SiteGenerator.Settings
    var urls: SiteURLs
    /// GUIDE_LANGS, in declaration order.
    var langs: [Language] = []
    /// GUIDE_SLUGS: each slug at its first appearance (a slug whose guides are all deleted keeps
    /// its place and is skipped while it has none).
    var slugs: [String] = []
    /// Guides by `"lang/slug"`; always read in GUIDE_LANGS × GUIDE_SLUGS order, never iterated.
    var guides: [String: Guide] = [:]
    var builds = 0
    var last: BuildSummary? = nil

    func language(_ code: String) -> Language? { langs.first { $0.code == code } }

    func guide(_ lang: String, _ slug: String) -> Guide? { guides["\(lang)/\(slug)"] }

    /// The guides in GUIDE_LANGS × GUIDE_SLUGS order (the article's `all`).
    var allGuides: [Guide] {
        var out: [Guide] = []
        for l in langs {
            for s in slugs { if let g = guides["\(l.code)/\(s)"] { out.append(g) } }
        }
        return out
    }

    /// `GUIDE_LANGS.filter((l) => GUIDES[l]?.[slug])`: the languages this guide exists in.
    func langs(of slug: String) -> [String] {
        langs.map(\.code).filter { guides["\($0)/\(slug)"] != nil }
    }
}
