import LockstepCore
import Platform

/// `siteGenerator`: the Kibo site, a one-file, zero-dependency multilingual static site generator.
/// Every URL it emits (canonical, og:url, hreflang alternates, x-default, sitemap `<loc>`, nav and
/// related links, the file's place on disk) comes from one `urlFor`/`pathFor` pair, and a build gate
/// measures each rendered guide's `<main>` and makes pages under 450 words `noindex,follow` and
/// drops them from the sitemap, iterating to a fixpoint. A build is a pure function of the content.
///
/// Source: seed article `000_8b8814f04b5ca09f.txt`, "One function that makes canonical, hreflang
/// and sitemap unable to disagree". Modelled, all of it: `pathFor` (default language at `/`, others
/// at `/lang/`, trailing slash always, an empty slug is the language root), `urlFor` = origin +
/// path, `write` at `dist/` + path + `index.html`; the per-page language list (existence-based, in
/// GUIDE_LANGS order), x-default (the default language if the page has it, else `langs[0]`);
/// `headFor` (robots only when blocked, canonical and og:url the same value, alternates, x-default);
/// the sitemap entry; `bodyWords` with the article's regexes ported exactly (`BodyWords`) and CJK
/// characters ÷ 1.8 for `ja|ko|zh…` (`Platform.WordCount`); `runGate` (every guide starts
/// indexable, at most 10 passes, stable when the new set equals the old); related links that
/// degrade to text; delisting is not deletion; the build log's two lines plus the warning the
/// article says is missing. Content comes from the scenario: `lang` and `guide` lines, guide bodies
/// inline or as content files under `Scenarios/siteGenerator/` (`file=`), `gen filler` for long
/// bodies of an exact size.
///
/// Choices where the article is silent (GAPs):
/// - DEFAULT_LANG is a setting, default `en`; ORIGIN a setting, default `https://kibo.douhouse.com`
///   (scheme and host, no path or trailing slash; checked). The default language must be declared
///   before a build.
/// - GUIDE_LANGS is the order of `lang` lines; GUIDE_SLUGS the order in which each slug first
///   appears in a `guide` line (a slug whose guides are all deleted keeps its place, skipped).
/// - The page shell (`Renderer`): `<nav>` (home link, then the language switcher for the languages
///   the page exists in), `<main>` (`<h1>` title, the body, the related list), `<footer>` (the
///   language's footer text). The head's elided parts are viewport, `<title>`, description,
///   stylesheet (`/styles.css`, written to DIST), JSON-LD (`Article`/`WebSite`, headline,
///   inLanguage, url) and og:title. The sitemap entry ends with `<priority>` (1.0 homes, 0.8 guides).
/// - Every language has a home page at `pathFor(lang, "")`, listing its guides (linked when
///   indexable, text when not); homes are not gated and are always in the sitemap, first.
/// - `guidePage`'s 4th argument (`false` in the gate) is read as "gate render, no side effects": the
///   gate measures exactly the markup that is written.
/// - Related lists: `set related degrade` (default, the article's code: text instead of a link, so
///   counts never change and the gate settles on pass 2), `drop` (the article's prose: the entry is
///   removed, pages shorten, cascades), `describe` (contrived: a delisted entry shows its
///   description, so pages grow on delisting and two such pages can oscillate). The titles of
///   related guides count as words (they are inside `<main>`).
/// - Titles and descriptions are HTML-escaped (`&amp;` then counts as a gap between words, as the
///   entity regex removes it); bodies are HTML and inserted as given. Text is normalised to NFC on
///   input (`UnicodeNormalization`), with a record when that changed it.
/// - CJK characters are grapheme clusters (Lockstep's pinned segmentation) whose first scalar is in
///   the article's ranges: a decomposed `か` + U+3099 counts once, where the article's regex counts
///   two. Precomposed text counts the same either way.
/// - Non-convergence: after `maxPasses` passes without a stable set the build logs
///   `gate: WARNING did not converge after N passes; K flipping pages blocked` and blocks the
///   guides that were indexable in the last pass but not in the one before (the safe failure);
///   the article's loop keeps the last set silently (`silentNonConvergence`).
/// - The log's `words: shortest, longest` runs over every checked guide, blocked ones included
///   (measured on the written page); no guides → `words: no guides`.
/// - Bad content is a `rejected` record, never a crash or a half-written site: slugs must be
///   `[a-z0-9]+(-[a-z0-9]+)*`, at most 64 characters (a traversal like `../../etc` also reports
///   where node's `path.join` would have written); a default-language slug equal to a language
///   code would collide with that language's root; a language code is `[a-z]{2,3}(-[a-z0-9]{1,8})*`;
///   a related slug must be a guide of the same language at build time (else the build is refused
///   and nothing is written), not the guide itself, and not repeated. Content files are UTF-8 (a
///   leading BOM is dropped with a record). Limits: 16 languages, 400 guides, 16 related links,
///   title 200 bytes, description 1,000 bytes, body 256 KiB.
/// - Alternates stay existence-based (the article's `langs`): a blocked translation is still listed
///   as an alternate, since it is written, reachable and canonical to itself. A page's `langs` is
///   never empty (a guide exists in its own language, and languages cannot be removed), so the
///   article's `langs[0]` is always defined. No `lastmod` is emitted (the article shows none).
/// - `site.check` is not in the article: a crawler and host model reading the written bytes back, so
///   a golden shows that canonical, og:url, hreflang and sitemap agree and nothing redirects or 404s.
public enum SiteGenerator: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = SiteState
    public typealias Event = SiteEvent
    public typealias Fault = SiteFault

    public static let name = "siteGenerator"
    public static let summary = "Kibo site: one urlFor for every URL, hreflang with x-default, a <main> word-count gate iterated to a fixpoint, sitemap (seed 000, \"One function that makes canonical, hreflang and sitemap unable to disagree\")."

    public struct Settings: Sendable {
        var origin: String
        var defaultLang: String
        var minWords: Int
        var maxPasses: Int
        var related: RelatedMode
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let origin = try s("origin", .string, default: "https://kibo.douhouse.com", "scheme and host, no trailing slash")
        let defaultLang = try s("defaultLang", .word, default: "en", "the language served at /")
        let minWords = try s("minWords", .int, default: 450, in: 1...100_000, "the gate's threshold")
        let maxPasses = try s("maxPasses", .int, default: 10, in: 1...100, "gate passes before giving up")
        let related = try s("related", .choice(RelatedMode.self), default: .degrade, "how a delisted related guide is shown")
        if !s.isDeclaring {
            if !Content.isOrigin(origin) {
                throw s.error("origin must be http(s)://host[:port] with no path or trailing slash, found \"\(origin)\"", at: "origin")
            }
            if let why = Content.langProblem(defaultLang) { throw s.error("defaultLang: \(why)", at: "defaultLang") }
        }
        return Settings(origin: origin, defaultLang: defaultLang, minWords: minWords, maxPasses: maxPasses, related: related)
    }

    public static let events: [EventKind<SiteEvent>] = [
        EventKind("lang", "Adds a language (GUIDE_LANGS order) with its hreflang code and home page.") { f throws(ScenarioError) in
            .lang(code: try f("code", .text, "path segment: ja, zh-hans"),
                  html: try f("html", .text, "hreflang and <html lang>: ja, zh-Hans"),
                  title: try f("title", .string, default: "Kibo", "the home page's title"),
                  desc: try f("desc", .string, default: "", "the home page's description"),
                  footer: try f("footer", .string, default: "", "footer text on every page of the language (outside <main>)"))
        },
        EventKind("guide", "Adds or replaces GUIDES[lang][slug]; body inline or from a content file.") { f throws(ScenarioError) in
            let lang = try f("lang", .text)
            let slug = try f("slug", .text)
            let title = try f("title", .string)
            let desc = try f("desc", .string, default: "")
            let body = try f.optional("body", .string, "the <main> HTML after the <h1>")
            let file = try f.optional("file", .file, "a content file under Scenarios/ holding the body")
            let related = try f("related", .string, default: "", "related slugs, space-separated")
            if !f.isDeclaring, (body == nil) == (file == nil) {
                throw f.error("give the body either inline (body=) or as a file (file=), exactly one", atAnyOf: ["body", "file"])
            }
            let content: GuideBody = file.map { .file($0) } ?? .text(body ?? "")
            return .guide(GuideInput(lang: lang, slug: slug, title: title, desc: desc, body: content,
                                     related: related.split(separator: " ").map(String.init)))
        },
        EventKind("delete", "Removes GUIDES[lang][slug].") { f throws(ScenarioError) in
            .delete(lang: try f("lang", .text), slug: try f("slug", .text))
        },
        EventKind("build", "Gate, render, write, sitemap, log, check.") { _ throws(ScenarioError) in .build },
    ]

    public static func kind(of event: SiteEvent) -> String {
        switch event {
        case .lang: "lang"
        case .guide: "guide"
        case .delete: "delete"
        case .build: "build"
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<SiteGenerator>) throws(ScenarioError) -> SiteState {
        SiteState(settings: settings, urls: SiteURLs(origin: settings.origin, defaultLang: settings.defaultLang))
    }

    public static func reduce(_ state: inout SiteState, _ event: SiteEvent, _ world: inout World<SiteGenerator>) {
        switch event {
        case .lang(let code, let html, let title, let desc, let footer):
            Content.addLanguage(&state, Language(code: code, html: html, title: title, desc: desc, footer: footer), &world)
        case .guide(let input):
            Content.saveGuide(&state, input, &world)
        case .delete(let lang, let slug):
            guard state.guides.removeValue(forKey: "\(lang)/\(slug)") != nil else {
                world.reject("delete", "unknown-guide") { $0.string("lang", lang).string("slug", slug) }
                return
            }
            world.emit(Record("guide.deleted").word("lang", lang).word("slug", slug))
        case .build:
            build(&state, &world)
        }
    }

    public static func write(_ state: SiteState, to out: inout CanonicalWriter) {
        out.string("origin", state.urls.origin)
        out.word("defaultLang", state.urls.defaultLang)
        out.int("minWords", state.settings.minWords)
        out.int("maxPasses", state.settings.maxPasses)
        out.word("related", state.settings.related.rawValue)
        out.list("langs", state.langs) { w, _, l in
            w.word("code", l.code)
            w.word("html", l.html)
            w.write("text", .digest(FNV1a64.hash(Array("\(l.title)\u{0}\(l.desc)\u{0}\(l.footer)".utf8))))
        }
        out.list("slugs", state.slugs) { w, _, s in w.word("slug", s) }
        out.list("guides", state.allGuides) { w, _, g in
            w.word("key", g.key)
            w.write("content", .digest(FNV1a64.hash(Array("\(g.title)\u{0}\(g.desc)\u{0}\(g.body)".utf8))))
            w.string("related", g.related.joined(separator: " "))
        }
        out.int("builds", state.builds)
        if let last = state.last {
            out.section("last") { w in
                w.int("build", last.number)
                w.int("passes", last.passes)
                w.bool("converged", last.converged)
                w.string("indexable", last.indexable.joined(separator: " "))
                w.int("files", last.files.count)
                w.int("problems", last.check.problemCount)
            }
        } else {
            out.word("last", "none")
        }
    }
}
