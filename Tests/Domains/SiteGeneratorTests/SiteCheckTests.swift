import Testing
import LockstepCore
import LockstepRunner
@testable import SiteGenerator

/// The crawler check reads the written bytes back, so the article's failure modes show up as
/// counted problems, and the scenario text round-trips.
@Suite struct SiteCheckTests {
    func site(_ faults: [SiteFault]) throws -> Simulation<SiteGenerator> {
        var sim = try Simulation<SiteGenerator>(settings: SiteGenerator.Settings(origin: "https://kibo.douhouse.com", defaultLang: "en",
                                                                                 minWords: 3, maxPasses: 10, related: .degrade),
                                                faults: faults)
        sim.send(.lang(code: "en", html: "en", title: "Kibo", desc: "", footer: ""))
        sim.send(.lang(code: "ja", html: "ja", title: "Kibo", desc: "", footer: ""))
        sim.send(.guide(GuideInput(lang: "en", slug: "foo", title: "Foo", desc: "", body: .text("<p>one two three</p>"), related: [])))
        sim.send(.guide(GuideInput(lang: "ja", slug: "bar", title: "バー", desc: "", body: .text("<p>日本語のテキストです</p>"), related: [])))
        sim.send(.build)
        return sim
    }

    @Test func cleanBuildHasNoProblems() throws {
        let report = try #require(try site([]).state.last?.check)
        #expect(report.problemCount == 0, "\(report.problems)")
        #expect(report.pages == 4)            // two homes, two guides
        #expect(report.sitemapLocs == 4)
    }

    /// Each URL fault is seen by the check, by its effect on what is served.
    @Test func faultsAreSeen() throws {
        // /ja, /foo and /ja/bar answer 301; the root keeps its slash (an origin alone is not a path).
        #expect(try site([.slashlessUrls]).state.last?.check.canonicalRedirects == 3)
        #expect(try site([.mappedWritePath]).state.last?.check.canonicalNotFound == 2)
        // ja/bar exists only in ja: an alternate for en is a 404, and x-default to /bar/ too.
        #expect(try site([.allLanguageAlternates]).state.last?.check.brokenAlternates == 2)
        #expect(try site([.xDefaultAlwaysDefault]).state.last?.check.brokenXDefault == 1)
        #expect(try site([.distributedUrls]).state.last?.check.sitemapNotIndexable == 2)
        #expect(try site([.relativeLinks]).state.last?.check.brokenLinks ?? 0 > 0)
    }

    @Test func hostModel() {
        let served = ["index.html": 0, "ja/foo/index.html": 1, "styles.css": 2]
        let o = "https://kibo.douhouse.com"
        #expect(SiteCheck.status(o + "/ja/foo/", origin: o, served: served) == .ok)
        #expect(SiteCheck.status(o + "/ja/foo", origin: o, served: served) == .redirect)
        #expect(SiteCheck.status(o + "/ja/", origin: o, served: served) == .notFound)
        #expect(SiteCheck.status(o + "/styles.css", origin: o, served: served) == .ok)
        #expect(SiteCheck.status("https://other.example/", origin: o, served: served) == .external)
        #expect(SiteCheck.resolve("styles.css", from: "/ja/foo/", origin: o) == o + "/ja/foo/styles.css")
        #expect(SiteCheck.resolve("../bar/", from: "/ja/foo/", origin: o) == o + "/ja/bar/")
        #expect(SiteCheck.resolve("/styles.css", from: "/ja/foo/", origin: o) == o + "/styles.css")
    }

    @Test func eventsRoundTrip() throws {
        let events: [SiteEvent] = [
            .lang(code: "zh-hans", html: "zh-Hans", title: "Kibo \"键盘\"", desc: "d", footer: "f"),
            .lang(code: "en", html: "en", title: "Kibo", desc: "", footer: ""),
            .guide(GuideInput(lang: "en", slug: "a-b", title: "T & <b>", desc: "", body: .text("<p>x\ny</p>"), related: ["c", "d"])),
            .guide(GuideInput(lang: "ja", slug: "x", title: "T", desc: "D", body: .text(""), related: [])),
            .delete(lang: "en", slug: "a-b"),
            .build,
        ]
        #expect(try EventDecoding.roundTripDifferences(SiteGenerator.self, events) == [])
    }

    /// `gen filler` makes one guide with exactly `count` words of filler.
    @Test func fillerIsExact() throws {
        let events = try EventDecoding.generated(SiteGenerator.self, "gen filler lang=en slug=a count=123")
        guard case .guide(let g)? = events.first, case .text(let body) = g.body else {
            Issue.record("expected one guide")
            return
        }
        #expect(events.count == 1)
        #expect(BodyWords.count("<main>\(body)</main>", lang: "en") == 123)
        let ja = try EventDecoding.generated(SiteGenerator.self, "gen filler lang=ja slug=a count=90")
        guard case .guide(let j)? = ja.first, case .text(let jb) = j.body else { return }
        #expect(BodyWords.count("<main>\(jb)</main>", lang: "ja") == 50)   // 90 / 1.8
    }
}
