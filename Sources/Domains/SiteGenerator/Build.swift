import LockstepCore
import Platform

/// `build`: validate, run the gate, render and write every page, the stylesheet and the sitemap,
/// log what happened, read the result back (`SiteCheck`) and attach the site as artifacts.
extension SiteGenerator {
    /// At most this many guides in one build (each pass renders all of them).
    static let maxGuides = 400

    static func build(_ state: inout SiteState, _ world: inout World<SiteGenerator>) {
        // Refusals first: nothing is written unless the whole site can be.
        var problems: [Record] = []
        if state.language(state.urls.defaultLang) == nil {
            problems.append(Record("rejected").word("input", "build").word("reason", "default-language-undeclared")
                .word("defaultLang", state.urls.defaultLang))
        }
        for g in state.allGuides {
            for s in g.related where state.guide(g.lang, s) == nil {
                problems.append(Record("rejected").word("input", "build").word("reason", "related-missing")
                    .word("lang", g.lang).word("slug", g.slug).word("related", s))
            }
        }
        guard problems.isEmpty else {
            for p in problems { world.emit(p) }
            world.emit(Record("build.refused").int("problems", problems.count).string("why", "nothing written"))
            return
        }
        state.builds += 1
        let number = state.builds
        let faults = RenderFaults(slashlessUrls: world.isOn(.slashlessUrls), allLanguageAlternates: world.isOn(.allLanguageAlternates),
                                  xDefaultAlwaysDefault: world.isOn(.xDefaultAlwaysDefault), relativeLinks: world.isOn(.relativeLinks),
                                  distributedUrls: world.isOn(.distributedUrls))
        let renderer = Renderer(state: state, urls: state.urls, mode: state.settings.related, faults: faults)
        let gate = Gate(renderer: renderer, minWords: state.settings.minWords, maxPasses: state.settings.maxPasses,
                        wholePage: world.isOn(.countWholePage), whitespaceCJK: world.isOn(.whitespaceCJK),
                        singlePass: world.isOn(.singlePass), silentNonConvergence: world.isOn(.silentNonConvergence)).run()
        world.emit(Record("build").int("n", number).int("langs", state.langs.count).int("guides", gate.all.count)
            .word("related", state.settings.related.rawValue))
        for (i, pass) in gate.passes.enumerated() {
            let counts = zip(gate.all, pass.counts).map { "\($0)=\($1)" }.joined(separator: " ")
            let blocked = gate.all.filter { !pass.next.contains($0) }
            world.emit(Record("gate.pass").int("pass", i + 1).string("counts", counts).int("indexable", pass.next.count)
                .string("blocked", blocked.joined(separator: " ")))
        }
        let indexable = Set(gate.indexable)
        world.emit(Record("gate.result").int("passes", gate.passes.count).bool("converged", gate.converged)
            .int("indexable", gate.indexable.count).int("blocked", gate.all.count - gate.indexable.count)
            .string("flippingBlocked", gate.flipping.joined(separator: " ")))

        // Write: homes, then guides, all through pathFor (or, under the fault, a mapping of its own).
        var files: [(path: String, bytes: [UInt8])] = []
        let mapped = world.isOn(.mappedWritePath)
        func file(_ lang: String, _ slug: String) -> String {
            guard mapped, !slug.isEmpty else { return state.urls.filePath(lang, slug) }
            return (lang == state.urls.defaultLang ? "" : "\(lang)/") + "\(slug).html"
        }
        for l in state.langs {
            let html = renderer.homePage(l, indexable: indexable)
            files.append((file(l.code, ""), Array(html.utf8)))
            world.emit(Record("page").word("url", state.urls.pathFor(l.code, "")).word("file", file(l.code, ""))
                .word("kind", "home").word("robots", "index").bool("sitemap", true))
        }
        var checkedWords: [Int] = []
        for g in state.allGuides {
            let ok = indexable.contains(g.key)
            let html = renderer.guidePage(g, indexable: indexable)
            let words = BodyWords.count(html, lang: g.lang)
            checkedWords.append(words)
            if !ok && world.isOn(.removeDelisted) {
                world.emit(Record("page").word("url", state.urls.pathFor(g.lang, g.slug)).word("file", "none")
                    .word("kind", "guide").int("words", words).word("robots", "deleted").bool("sitemap", false))
                continue
            }
            files.append((file(g.lang, g.slug), Array(html.utf8)))
            var record = Record("page").word("url", state.urls.pathFor(g.lang, g.slug)).word("file", file(g.lang, g.slug))
                .word("kind", "guide").int("words", words).word("robots", ok ? "index" : "noindex,follow").bool("sitemap", ok)
            if !BodyWords.hasMain(html) { record = record.string("note", "no <main>…</main>: counts 0") }
            world.emit(record)
        }
        files.append(("styles.css", Array(Renderer.stylesheet.utf8)))
        let sitemap = renderer.sitemap(indexable: indexable)
        files.append(("sitemap.xml", Array(sitemap.utf8)))
        files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }

        // The build log (the article's two lines, and the missing warning).
        let blocked = gate.all.count - gate.indexable.count
        if let lo = checkedWords.min(), let hi = checkedWords.max() {
            world.emit(Record("log").string("line", "words: shortest \(lo), longest \(hi)"))
        } else {
            world.emit(Record("log").string("line", "words: no guides"))
        }
        world.emit(Record("log").string("line", "gate: \(gate.all.count) pages checked, \(blocked) blocked (threshold \(state.settings.minWords))"))
        if !gate.converged && !world.isOn(.silentNonConvergence) {
            world.emit(Record("log").string("line", "gate: WARNING did not converge after \(state.settings.maxPasses) passes; \(gate.flipping.count) flipping pages blocked"))
        }

        let report = SiteCheck.run(files: files, origin: state.urls.origin)
        world.emit(report.record)
        for p in report.problems { world.emit(Record("site.problem").string("what", p)) }
        if report.problemCount > report.problems.count {
            world.emit(Record("site.problem").string("what", "… and \(report.problemCount - report.problems.count) more (the first \(SiteCheck.maxProblemsShown) are listed)"))
        }

        // Artifacts: the whole DIST tree as one reviewable text bundle, and the sitemap alone.
        var bundle: [UInt8] = []
        for f in files {
            bundle.append(contentsOf: "=== \(f.path) (\(f.bytes.count) bytes, sha256 \(SHA256.hex(SHA256.hash(f.bytes)))) ===\n".utf8)
            bundle.append(contentsOf: f.bytes)
        }
        world.emit(Record("dist").int("files", files.count).int("bytes", files.reduce(0) { $0 + $1.bytes.count })
            .word("sha256", SHA256.hex(SHA256.hash(bundle))))
        world.artifact("build\(number).site.txt", bundle)
        world.artifact("build\(number).sitemap.xml", Array(sitemap.utf8))
        state.last = BuildSummary(number: number, all: gate.all, indexable: gate.indexable, counts: gate.counts,
                                  passes: gate.passes.count, converged: gate.converged, files: files, check: report)
    }
}
