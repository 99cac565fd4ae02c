import LockstepCore

/// Where a guide's body came from: inline text, or the bytes of a content file the runner read
/// (confined to `Scenarios/`). File bytes are validated in the reducer, so a damaged file is a
/// record, not an error that stops the scenario.
public enum GuideBody: Sendable, Equatable {
    case text(String)
    case file([UInt8])
}

/// A guide as the scenario gives it (content lives as objects, `GUIDES[lang][slug]`).
public struct GuideInput: Sendable, Equatable {
    public var lang: String
    public var slug: String
    public var title: String
    public var desc: String
    public var body: GuideBody
    /// Slugs of related guides in the same language, in order.
    public var related: [String]
}

/// Every input the generator reacts to: content edits and builds.
public enum SiteEvent: Sendable, Equatable {
    /// Adds a language (GUIDE_LANGS order is declaration order) with its LANG_META `html` code
    /// (hreflang and `<html lang>`), its home page's title and description and its footer text.
    case lang(code: String, html: String, title: String, desc: String, footer: String)
    /// Adds or replaces `GUIDES[lang][slug]`.
    case guide(GuideInput)
    /// Removes `GUIDES[lang][slug]`.
    case delete(lang: String, slug: String)
    /// Runs the gate, renders and writes every page, the sitemap and the log.
    case build
}

/// How a related-links entry to a delisted guide is rendered.
public enum RelatedMode: String, CaseIterable, Sendable {
    /// The article's code: the entry degrades to plain text (`<li>title</li>`); word counts do
    /// not change, so the gate settles on its second pass.
    case degrade
    /// The article's prose ("delisting removes it from other pages' related-links lists"): the
    /// entry is left out, which shortens the page and can cascade.
    case drop
    /// A contrived renderer for the non-convergence case: a delisted entry is shown as text WITH
    /// its description ("coming soon"), so a page grows when a related page is delisted and two
    /// borderline pages that relate to each other flip together every pass.
    case describe
}
