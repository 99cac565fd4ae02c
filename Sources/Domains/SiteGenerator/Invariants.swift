import LockstepCore

/// The article's promises, checked after every build step (a step that built emits `dist`):
///
/// - `siteAgreesWithItself`: read back from the written bytes, canonical equals og:url and the
///   page's own URL, nothing emitted answers 301 or 404, hreflang is reciprocal, and the sitemap
///   lists exactly the indexable pages (`SiteCheck`; catches the URL, alternate, link, write-path
///   and deletion faults).
/// - `indexableClearsThreshold`: every guide published as indexable measures at least `minWords`
///   on the page as written (catches `singlePass`, `silentNonConvergence`, `countWholePage`).
/// - `blockedOnlyBelowThreshold`: a gate that converged blocked only guides under `minWords` as
///   written (catches `whitespaceCJK`).
/// - `gateBoundedAndHonest`: the gate ran at most `maxPasses` passes, and a gate that did not
///   converge left the warning line in the log (catches `silentNonConvergence`).
///
/// The explorer writes small sites (a threshold of 20-60 words, filler counts mostly within a few
/// words of it, so pages sit on both sides):
/// languages from a pool (sometimes bad or repeated), guides through `gen filler` with random
/// counts and related lists in every related mode, deletions, bad slugs, and builds about one step
/// in five.
extension SiteGenerator {
    static func built(_ outputs: [Record]) -> Bool { outputs.contains { $0.name == "dist" } }

    static func field(_ r: Record, _ key: String) -> Value? { r.fields.first { $0.key == key }?.value }

    public static let invariants: [Invariant<SiteGenerator>] = [
        Invariant("siteAgreesWithItself",
                  "one urlFor: canonical, og:url, hreflang, x-default, links and sitemap name the same URLs, and each answers 200") { s, outputs in
            guard built(outputs), let last = s.last, last.check.problemCount > 0 else { return nil }
            return "build \(last.number): \(last.check.problemCount) problems, first: \(last.check.problems.first ?? "?")"
        },
        Invariant("indexableClearsThreshold",
                  "the gate: no guide under minWords words of <main> is published indexable") { s, outputs in
            guard built(outputs) else { return nil }
            for r in outputs where r.name == "page" {
                guard case .word("index")? = field(r, "robots"), case .word("guide")? = field(r, "kind"),
                      case .int(let words)? = field(r, "words") else { continue }
                if words < Int64(s.settings.minWords) {
                    let url: String
                    if case .word(let u)? = field(r, "url") { url = u } else { url = "?" }
                    return "\(url) is indexable with \(words) words (threshold \(s.settings.minWords))"
                }
            }
            return nil
        },
        Invariant("blockedOnlyBelowThreshold",
                  "a gate that converged blocks only guides that measure under minWords on the page as written (catches whitespaceCJK)") { s, outputs in
            guard built(outputs), let last = s.last, last.converged else { return nil }
            for r in outputs where r.name == "page" {
                guard case .word("noindex,follow")? = field(r, "robots"), case .int(let words)? = field(r, "words") else { continue }
                if words >= Int64(s.settings.minWords) {
                    let url: String
                    if case .word(let u)? = field(r, "url") { url = u } else { url = "?" }
                    return "\(url) is blocked with \(words) words (threshold \(s.settings.minWords))"
                }
            }
            return nil
        },
        Invariant("gateBoundedAndHonest",
                  "at most maxPasses passes, and a gate that gave up says so in the log") { s, outputs in
            guard built(outputs), let last = s.last else { return nil }
            if last.passes > s.settings.maxPasses { return "\(last.passes) passes, over maxPasses \(s.settings.maxPasses)" }
            let warned = outputs.contains { r in
                r.name == "log" && { if case .string(let l)? = field(r, "line") { l.contains("WARNING") } else { false } }()
            }
            if !last.converged && !warned { return "the gate did not converge after \(last.passes) passes and the log says nothing" }
            return nil
        },
    ]

    /// The walk remembers its threshold so filler counts cluster around it (where the gate's
    /// decisions, cascades and oscillations happen).
    public static let explorer: Explorer? = Explorer(memory: 40, header: { rng, minWords in
        minWords = rng.int(in: 20...60)
        var lines = ["set minWords \(minWords)", "set maxPasses \(rng.int(in: 2...10))"]
        lines.append("set related \(["degrade", "drop", "describe"][rng.int(below: 3)])")
        if rng.chance(0.2) { lines.append("set defaultLang ja") }
        return lines
    }, next: { rng, minWords, step in
        let langs = ["en", "ja", "ko", "zh-hans", "fr"]
        let slugs = ["a", "b", "c", "d", "e"]
        if step < 2 {
            return "+1 lang code=\(langs[step == 0 ? 0 : 1]) html=\(step == 0 ? "en" : "ja")"
        }
        let lang = langs[rng.int(below: langs.count)]
        let slug = slugs[rng.int(below: slugs.count)]
        switch rng.int(below: 20) {
        case 0:
            let code = ["ko", "zh-hans", "fr", "EN", "ja"][rng.int(below: 5)]
            return "+1 lang code=\(code) html=\(code == "zh-hans" ? "zh-Hans" : code)"
        case 1..<10:
            var related: [String] = []
            for s in slugs where s != slug && rng.chance(0.3) { related.append(s) }
            // Near the threshold (in words, or in CJK characters at 1.8 per word) most of the time.
            let cjk = lang == "ja" || lang == "ko" || lang == "zh-hans"
            let near = cjk ? Int(Double(minWords) * 1.8) : minWords
            let count = rng.chance(0.7) ? max(0, near - 4 + rng.int(in: 0...6)) : rng.int(in: 0...2 * near)
            return "+1 gen filler lang=\(lang) slug=\(slug) title=\"\(slug.uppercased())\" desc=\"x y\" count=\(count) related=\"\(related.joined(separator: " "))\""
        case 10..<12: return "+1 delete lang=\(lang) slug=\(slug)"
        case 12: return "+1 guide lang=\(lang) slug=\"\(["../x", "Ab", "a b", "ja", ""][rng.int(below: 5)])\" title=\"T\" body=\"<p>x</p>\""
        case 13: return "+1 guide lang=\(lang) slug=\(slug) title=\"T &amp; <b>\" body=\"<main>x</main> y <!-- </main> -->\""
        default: return "+1 build"
        }
    })
}
