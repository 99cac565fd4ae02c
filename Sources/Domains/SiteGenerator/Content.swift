import LockstepCore
import Platform

/// Content edits: languages and guides, validated on the way in. Every refusal is a `rejected`
/// record with the reason; nothing invalid reaches a build.
enum Content {
    static let maxLanguages = 16
    static let maxRelated = 16
    static let maxSlugCharacters = 64
    static let maxTitleBytes = 200
    static let maxDescBytes = 1_000
    static let maxBodyBytes = 262_144

    static func isLowerAlnum(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "0" && c <= "9") }

    /// Why `slug` is not a path-safe slug (`[a-z0-9]+(-[a-z0-9]+)*`, at most 64), or nil.
    static func slugProblem(_ slug: String) -> String? {
        if slug.isEmpty { return "empty: the language root is the home page, not a guide" }
        if slug.unicodeScalars.count > maxSlugCharacters { return "longer than \(maxSlugCharacters) characters (the limit)" }
        var previousHyphen = true
        for c in slug.unicodeScalars {
            if c == "-" {
                if previousHyphen { return "a hyphen must sit between letters or digits" }
                previousHyphen = true
            } else if isLowerAlnum(c) {
                previousHyphen = false
            } else {
                let shown = c.value < 0x21 || c.value == 0x7F ? "U+\(String(c.value, radix: 16, uppercase: true))" : "'\(c)'"
                return "\(shown) is not allowed: slugs are lowercase letters, digits and single hyphens"
            }
        }
        return previousHyphen ? "a hyphen must sit between letters or digits" : nil
    }

    /// Why `code` is not a language code for paths (`[a-z]{2,3}(-[a-z0-9]{1,8})*`), or nil.
    static func langProblem(_ code: String) -> String? {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.unicodeScalars.allSatisfy({ $0 >= "a" && $0 <= "z" }) else {
            return "\"\(code)\" must start with 2 or 3 lowercase letters"
        }
        for p in parts.dropFirst() where !(1...8).contains(p.count) || !p.unicodeScalars.allSatisfy(isLowerAlnum) {
            return "\"\(code)\" has a subtag that is not 1-8 lowercase letters or digits"
        }
        return nil
    }

    /// Whether `code` is a BCP 47-shaped hreflang value (letters, digits, hyphens; 2-3 letter start).
    static func isHreflang(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
              first.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") }) else { return false }
        return parts.dropFirst().allSatisfy { p in
            (1...8).contains(p.count) && p.unicodeScalars.allSatisfy { isLowerAlnum($0) || ($0 >= "A" && $0 <= "Z") }
        }
    }

    /// `http(s)://host[:port]`, host of lowercase letters, digits, dots and hyphens.
    static func isOrigin(_ origin: String) -> Bool {
        let rest: Substring
        if origin.hasPrefix("https://") { rest = origin.dropFirst(8) } else if origin.hasPrefix("http://") { rest = origin.dropFirst(7) } else { return false }
        let hostPort = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard hostPort.count <= 2, let host = hostPort.first, !host.isEmpty, !host.hasPrefix("."), !host.hasSuffix("."),
              host.unicodeScalars.allSatisfy({ isLowerAlnum($0) || $0 == "." || $0 == "-" }) else { return false }
        if hostPort.count == 2 {
            let port = hostPort[1]
            return (1...5).contains(port.count) && port.unicodeScalars.allSatisfy { $0 >= "0" && $0 <= "9" }
        }
        return true
    }

    /// A value for a record, at most 80 bytes (cut between scalars).
    static func preview(_ s: String) -> String {
        let p = UTF8Prefix(s, maxBytes: 80)
        return p.cut ? p.string + "…" : p.string
    }

    static func addLanguage(_ state: inout SiteState, _ l: Language, _ world: inout World<SiteGenerator>) {
        if let why = langProblem(l.code) {
            world.reject("lang", "bad-code") { $0.string("code", preview(l.code)).string("why", why) }
            return
        }
        guard isHreflang(l.html) else {
            world.reject("lang", "bad-hreflang") { $0.word("code", l.code).string("html", preview(l.html)) }
            return
        }
        guard state.language(l.code) == nil else {
            world.reject("lang", "duplicate") { $0.word("code", l.code) }
            return
        }
        guard state.langs.count < maxLanguages else {
            world.reject("lang", "limit") { $0.word("code", l.code).word("limit", "maxLanguages").int("value", maxLanguages) }
            return
        }
        if state.guide(state.urls.defaultLang, l.code) != nil {
            world.reject("lang", "collides-with-slug") {
                $0.word("code", l.code).string("why", "the \(state.urls.defaultLang) guide '\(l.code)' is already at \(state.urls.pathFor(state.urls.defaultLang, l.code))")
            }
            return
        }
        var lang = l
        lang.title = normalized(l.title, "title", key: l.code, &world)
        lang.desc = normalized(l.desc, "desc", key: l.code, &world)
        lang.footer = normalized(l.footer, "footer", key: l.code, &world)
        state.langs.append(lang)
        world.emit(Record("lang.added").word("code", l.code).word("html", l.html).word("home", state.urls.pathFor(l.code, ""))
            .int("langs", state.langs.count))
    }

    /// `s` in NFC, with a record when that changed it (content saved on macOS arrives decomposed).
    static func normalized(_ s: String, _ field: String, key: String, _ world: inout World<SiteGenerator>) -> String {
        let nfc = UnicodeNormalization.nfc(s)
        if !nfc.unicodeScalars.elementsEqual(s.unicodeScalars) {
            world.emit(Record("content.normalized").word("field", field).word("of", key)
                .int("scalarsBefore", s.unicodeScalars.count).int("scalarsAfter", nfc.unicodeScalars.count))
        }
        return nfc
    }

    static func saveGuide(_ state: inout SiteState, _ input: GuideInput, _ world: inout World<SiteGenerator>) {
        let lang = input.lang, slug = input.slug
        func reject(_ reason: String, _ details: (Record) -> Record = { $0 }) {
            world.reject("guide", reason) { details($0.string("lang", preview(lang)).string("slug", preview(slug))) }
        }
        guard state.language(lang) != nil else {
            reject("unknown-lang") { $0.string("known", state.langs.map(\.code).joined(separator: " ")) }
            return
        }
        if let why = slugProblem(slug) {
            let target = DistPath.join(state.urls.pathFor(lang, slug))
            reject("bad-slug") { r in
                let r2 = r.string("why", why)
                return target.escapes ? r2.string("wouldWrite", target.path + "index.html").bool("escapesDist", true) : r2
            }
            return
        }
        if lang == state.urls.defaultLang, state.language(slug) != nil {
            reject("slug-is-language") { $0.string("why", "\(state.urls.pathFor(lang, slug)) is the \(slug) home page") }
            return
        }
        if state.guide(lang, slug) == nil && state.guides.count >= SiteGenerator.maxGuides {
            reject("limit") { $0.word("limit", "maxGuides").int("value", SiteGenerator.maxGuides) }
            return
        }
        if input.related.count > maxRelated {
            reject("limit") { $0.word("limit", "maxRelated").int("value", maxRelated).int("given", input.related.count) }
            return
        }
        var seen: [String] = []
        for r in input.related {
            if let why = slugProblem(r) {
                reject("bad-related") { $0.string("related", preview(r)).string("why", why) }
                return
            }
            if r == slug {
                reject("related-to-itself")
                return
            }
            if seen.contains(r) {
                reject("related-repeated") { $0.word("related", r) }
                return
            }
            seen.append(r)
        }
        let title = normalized(input.title, "title", key: "\(lang)/\(slug)", &world)
        let desc = normalized(input.desc, "desc", key: "\(lang)/\(slug)", &world)
        if title.isEmpty || JavaScriptSemantics.trimJS(title).isEmpty {
            reject("empty-title")
            return
        }
        if title.utf8.count > maxTitleBytes {
            reject("limit") { $0.word("limit", "maxTitleBytes").int("value", maxTitleBytes).int("given", title.utf8.count) }
            return
        }
        if desc.utf8.count > maxDescBytes {
            reject("limit") { $0.word("limit", "maxDescBytes").int("value", maxDescBytes).int("given", desc.utf8.count) }
            return
        }
        var bodyText: String
        switch input.body {
        case .text(let t): bodyText = t
        case .file(let raw):
            let (bytes, dropped) = UTF8BOM.drop(from: raw)
            switch UTF8Validation(bytes) {
            case .invalid(let offset, let problem):
                reject("invalid-utf8") { $0.int("byteOffset", offset + (dropped ? 3 : 0)).word("problem", problem.rawValue) }
                return
            case .valid(let t):
                if dropped { world.emit(Record("content.bom-dropped").word("of", "\(lang)/\(slug)")) }
                bodyText = t
            }
        }
        guard bodyText.utf8.count <= maxBodyBytes else {
            reject("limit") { $0.word("limit", "maxBodyBytes").int("value", maxBodyBytes).int("given", bodyText.utf8.count) }
            return
        }
        bodyText = normalized(bodyText, "body", key: "\(lang)/\(slug)", &world)
        let replaced = state.guide(lang, slug) != nil
        state.guides["\(lang)/\(slug)"] = Guide(lang: lang, slug: slug, title: title, desc: desc, body: bodyText, related: input.related)
        if !state.slugs.contains(slug) { state.slugs.append(slug) }
        world.emit(Record("guide.saved").word("lang", lang).word("slug", slug).bool("replaced", replaced)
            .int("bodyBytes", bodyText.utf8.count).word("url", state.urls.pathFor(lang, slug)))
    }
}
