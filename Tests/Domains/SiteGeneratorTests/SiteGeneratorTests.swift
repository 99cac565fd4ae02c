import Testing
import LockstepCore
import LockstepRunner
@testable import SiteGenerator

/// Known values: URLs and word counts from the seed article and its note (the note's counts were
/// checked with node, running the article's own `bodyWords`: the independent oracle), and gate
/// outcomes worked out by hand from the templates.
@Suite struct SiteGeneratorTests {
    let urls = SiteURLs(origin: "https://kibo.douhouse.com", defaultLang: "en")

    @Test func declarationsMeetTheContract() {
        #expect(SiteGenerator.entry.problems.isEmpty, "\(SiteGenerator.entry.problems)")
    }

    @Test func pathForAndUrlFor() {
        #expect(urls.pathFor("en", "") == "/")
        #expect(urls.pathFor("en", "foo") == "/foo/")
        #expect(urls.pathFor("ja", "") == "/ja/")
        #expect(urls.pathFor("ja", "foo") == "/ja/foo/")
        #expect(urls.urlFor("ja", "foo") == "https://kibo.douhouse.com/ja/foo/")
        #expect(urls.filePath("ja", "foo") == "ja/foo/index.html")
        #expect(urls.filePath("en", "") == "index.html")
    }

    @Test func xDefaultFallsBackToFirstLanguage() {
        #expect(urls.urlFor(urls.xDefault(["en", "ja"]), "foo") == "https://kibo.douhouse.com/foo/")
        #expect(urls.urlFor(urls.xDefault(["ja", "ko"]), "foo") == "https://kibo.douhouse.com/ja/foo/")
    }

    /// node: path.join("dist", pathFor("en", "../../etc")) is "../etc/".
    @Test func traversalIsSeen() {
        #expect(DistPath.join(urls.pathFor("en", "../../etc")) == ("../etc/", true))
        #expect(DistPath.join(urls.pathFor("ja", "foo")) == ("dist/ja/foo/", false))
        #expect(Content.slugProblem("../../etc") != nil)
        #expect(Content.slugProblem("a--b") != nil)
        #expect(Content.slugProblem("install-guide-2") == nil)
    }

    /// The note's bodyWords values (node, the article's function).
    @Test func bodyWordsMatchesTheArticle() {
        let cases: [(String, String, Int)] = [
            ("<nav>one two</nav><main><h1>Hello world</h1><p>Fast &amp; free&#8212;really</p><script>var a = 1 2 3</script></main><footer>x y z</footer>", "en", 5),
            ("<main class=\"x\"><p>a&nbsp;b</p></main>", "en", 2),
            ("<main><p>it&#x27;s here</p></main>", "en", 2),
            ("<main>   </main>", "en", 0),
            ("<p>no main at all</p>", "en", 0),
            ("<MAIN>Upper case tags</MAIN>", "en", 3),
            ("<main>word<br>word</main>", "en", 2),
            ("<main>Style<style>p{a:b} q r</style>kept</main>", "en", 2),
            ("<main><p>日本語のテキストです。</p></main>", "ja", 6),
            ("<main><p>日本語 English words here</p></main>", "ja", 2),
            ("<main><p>한국어 문장입니다</p></main>", "ko", 4),
            ("<main><p>中文</p></main>", "zh-Hans", 1),
            ("<main>a<main>b</main>c d e</main>", "en", 2),
            ("<!-- <main> --><main>x y</main>", "en", 3),
        ]
        for (html, lang, expected) in cases {
            #expect(BodyWords.count(html, lang: lang) == expected, "\(html)")
        }
    }

    /// 809 CJK characters → 449 (blocked), 810 → 450 (indexable): a ja page titled in Latin
    /// (which a CJK page does not count) with the filler body, through a real build.
    @Test func cjkThresholdThroughTheGate() throws {
        var sim = try Simulation<SiteGenerator>()
        sim.send(.lang(code: "en", html: "en", title: "Kibo", desc: "", footer: ""))
        sim.send(.lang(code: "ja", html: "ja", title: "Kibo", desc: "", footer: ""))
        var rng = SeededRNG(seed: 1)
        for (slug, n) in [("thin", 809), ("ok", 810)] {
            let body = SiteGenerator.fillerBody(lang: "ja", count: n, rng: &rng)
            sim.send(.guide(GuideInput(lang: "ja", slug: slug, title: "Guide", desc: "", body: .text(body), related: [])))
        }
        sim.send(.build)
        let pages = sim.outputs.filter { $0.name == "page" }.map(\.description)
        #expect(pages.contains("page url=/ja/thin/ file=ja/thin/index.html kind=guide words=449 robots=noindex,follow sitemap=false"))
        #expect(pages.contains("page url=/ja/ok/ file=ja/ok/index.html kind=guide words=450 robots=index sitemap=true"))
        #expect(sim.state.last?.indexable == ["ja/ok"])
        #expect(sim.state.last?.passes == 2)
        #expect(sim.state.last?.check.problemCount == 0)
    }

    /// English at the threshold: 448 filler + a 1-word title = 449 blocked; 449 + 1 = 450 passes.
    @Test func englishThreshold() throws {
        var sim = try Simulation<SiteGenerator>()
        sim.send(.lang(code: "en", html: "en", title: "Kibo", desc: "", footer: ""))
        var rng = SeededRNG(seed: 2)
        for (slug, n) in [("below", 448), ("at", 449)] {
            let body = SiteGenerator.fillerBody(lang: "en", count: n, rng: &rng)
            sim.send(.guide(GuideInput(lang: "en", slug: slug, title: "Guide", desc: "", body: .text(body), related: [])))
        }
        sim.send(.build)
        #expect(sim.state.last?.indexable == ["en/at"])
        #expect(sim.state.last?.counts == [449, 450])
    }

    /// The head: canonical and og:url are urlFor; alternates in GUIDE_LANGS order; x-default.
    @Test func headIsSingleSource() throws {
        var state = SiteState(settings: .init(origin: "https://kibo.douhouse.com", defaultLang: "en", minWords: 450, maxPasses: 10, related: .degrade),
                              urls: urls)
        state.langs = [Language(code: "en", html: "en", title: "K", desc: "", footer: ""),
                       Language(code: "ja", html: "ja", title: "K", desc: "", footer: "")]
        state.slugs = ["foo"]
        state.guides["ja/foo"] = Guide(lang: "ja", slug: "foo", title: "T", desc: "D", body: "", related: [])
        state.guides["en/foo"] = Guide(lang: "en", slug: "foo", title: "T", desc: "D", body: "", related: [])
        let r = Renderer(state: state, urls: urls, mode: .degrade, faults: RenderFaults())
        let head = r.head(lang: "ja", slug: "foo", title: "T", desc: "D", langs: ["en", "ja"], noindex: true)
        #expect(head.contains("  <meta name=\"robots\" content=\"noindex,follow\">\n  <link rel=\"canonical\" href=\"https://kibo.douhouse.com/ja/foo/\">\n  <link rel=\"alternate\" hreflang=\"en\" href=\"https://kibo.douhouse.com/foo/\">\n  <link rel=\"alternate\" hreflang=\"ja\" href=\"https://kibo.douhouse.com/ja/foo/\">\n  <link rel=\"alternate\" hreflang=\"x-default\" href=\"https://kibo.douhouse.com/foo/\">"))
        #expect(head.contains("<meta property=\"og:url\" content=\"https://kibo.douhouse.com/ja/foo/\">"))
        #expect(!r.head(lang: "en", slug: "foo", title: "T", desc: "D", langs: ["en", "ja"], noindex: false).contains("robots"))
    }

    /// The cascade of the drop rendering (worked out in the scenario's comment): 5 passes, 4 blocked.
    @Test func dropCascadeNeedsFivePasses() throws {
        var sim = try Simulation<SiteGenerator>(settings: ["related drop"])
        sim.send(.lang(code: "en", html: "en", title: "Kibo", desc: "", footer: ""))
        var rng = SeededRNG(seed: 3)
        let chain: [(String, Int, [String])] = [("c0", 10, []), ("c1", 448, ["c0"]), ("c2", 448, ["c1"]), ("c3", 448, ["c2"])]
        for (slug, n, related) in chain {
            let body = SiteGenerator.fillerBody(lang: "en", count: n, rng: &rng)
            sim.send(.guide(GuideInput(lang: "en", slug: slug, title: slug.uppercased(), desc: "", body: .text(body), related: related)))
        }
        sim.send(.build)
        #expect(sim.state.last?.passes == 5)
        #expect(sim.state.last?.converged == true)
        #expect(sim.state.last?.indexable == [])
    }

    /// Two pages whose `describe` entries flip each other: no fixpoint in 10 passes, the warning.
    @Test func oscillationWarns() throws {
        var sim = try Simulation<SiteGenerator>(settings: ["related describe"])
        sim.send(.lang(code: "en", html: "en", title: "Kibo", desc: "", footer: ""))
        var rng = SeededRNG(seed: 4)
        for (slug, other) in [("ping", "pong"), ("pong", "ping")] {
            let body = SiteGenerator.fillerBody(lang: "en", count: 447, rng: &rng)
            sim.send(.guide(GuideInput(lang: "en", slug: slug, title: slug, desc: "a guide", body: .text(body), related: [other])))
        }
        sim.send(.build)
        #expect(sim.state.last?.passes == 10)
        #expect(sim.state.last?.converged == false)
        #expect(sim.state.last?.indexable == [])
        #expect(sim.outputs.contains(Record("log").string("line", "gate: WARNING did not converge after 10 passes; 2 flipping pages blocked")))
    }
}
