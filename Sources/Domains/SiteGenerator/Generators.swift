import LockstepCore

/// `gen filler`: one `guide` event whose body holds exactly `count` words (spaced languages) or
/// `count` CJK characters (`ja`, `ko`, `zh…`), so a scenario can sit a page on either side of the
/// threshold without a 5 KB line. Words and characters are drawn from small fixed pools with the
/// line's own random stream; CJK text gets a `。` (not counted) after every 20 characters.
extension SiteGenerator {
    static let fillerWords = ["keyboard", "layout", "swipe", "typing", "language", "privacy", "offline", "theme",
                              "shortcut", "predictive", "accent", "emoji", "dictionary", "haptic", "setting", "gesture"]
    /// Hiragana, katakana and kanji, all inside `WordCount.cjkRanges`.
    static let fillerKana: [Unicode.Scalar] = Array("日本語入力速正確大切的変換候補学習辞書設定のをにはがでとキーボードテキスト".unicodeScalars)
    static let fillerHangul: [Unicode.Scalar] = Array("한국어키보드입력설정자동완성문장단어사전".unicodeScalars)

    static func fillerBody(lang: String, count: Int, rng: inout SeededRNG) -> String {
        var paragraphs: [String] = []
        if BodyWords.countsCharacters(lang) {
            let pool = lang.hasPrefix("ko") ? fillerHangul : fillerKana
            var text = String.UnicodeScalarView()
            for i in 0..<count {
                text.append(pool[rng.int(below: pool.count)])
                if (i + 1) % 20 == 0 { text.append("。") }
                if (i + 1) % 200 == 0 && i + 1 < count {
                    paragraphs.append(String(text))
                    text = String.UnicodeScalarView()
                }
            }
            if !text.isEmpty { paragraphs.append(String(text)) }
        } else {
            var words: [String] = []
            for i in 0..<count {
                words.append(fillerWords[rng.int(below: fillerWords.count)])
                if (i + 1) % 50 == 0 {
                    paragraphs.append(words.joined(separator: " ") + ".")
                    words = []
                }
            }
            if !words.isEmpty { paragraphs.append(words.joined(separator: " ") + ".") }
        }
        return paragraphs.map { "  <p>\($0)</p>" }.joined(separator: "\n")
    }

    public static let generators: [Generator<SiteEvent>] = [
        Generator("filler", "one guide whose body holds exactly count words (or CJK characters)", parameters: { f throws(ScenarioError) in
            (lang: try f("lang", .text), slug: try f("slug", .text), title: try f("title", .string, default: "Guide"),
             desc: try f("desc", .string, default: ""), count: try f("count", .int, in: 0...20_000, "words, or CJK characters"),
             related: try f("related", .string, default: "", "related slugs, space-separated"))
        }, expand: { p, context throws(ScenarioError) in
            var rng = context.rng
            let body = fillerBody(lang: p.lang, count: p.count, rng: &rng)
            return [Generated(.zero, .guide(GuideInput(lang: p.lang, slug: p.slug, title: p.title, desc: p.desc, body: .text(body),
                                                        related: p.related.split(separator: " ").map(String.init))))]
        }),
    ]

    /// The scenario line of a recorded event: `lang`, `guide` (body inline), `delete`, `build`.
    /// Nil for a guide whose body came from a file: its bytes may not be text a line can hold
    /// (a BOM, invalid UTF-8), and the file's own line replays it.
    public static func text(of event: SiteEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .lang(let code, let html, let title, let desc, let footer):
            return line.text("code", code).text("html", html).string("title", title, default: "Kibo")
                .string("desc", desc, default: "").string("footer", footer, default: "").line
        case .guide(let g):
            guard case .text(let body) = g.body else { return nil }
            return line.text("lang", g.lang).text("slug", g.slug).string("title", g.title).string("desc", g.desc, default: "")
                .string("body", body).string("related", g.related.joined(separator: " "), default: "").line
        case .delete(let lang, let slug):
            return line.text("lang", lang).text("slug", slug).line
        case .build:
            return line.line
        }
    }
}
