import LockstepCore

/// The failure modes the seed article names (the setups it replaced and the escape hatches it
/// admits), each switched back on by `set fault NAME`. Each changes what the build publishes: the
/// pages' bytes, the sitemap, which files exist, and so what `site.check` finds.
public enum SiteFault: String, DomainFault {
    case distributedUrls
    case slashlessUrls
    case allLanguageAlternates
    case xDefaultAlwaysDefault
    case countWholePage
    case whitespaceCJK
    case singlePass
    case silentNonConvergence
    case relativeLinks
    case mappedWritePath
    case removeDelisted

    public var summary: String {
        switch self {
        case .distributedUrls:
            "URL construction is distributed: the sitemap has its own builder that puts the default language under /en/, so sitemap and canonical disagree"
        case .slashlessUrls:
            "canonical and og:url are written without the trailing slash, a URL the host answers with a 301"
        case .allLanguageAlternates:
            "hreflang alternates are listed for every site language, not the languages the page exists in: partial translations point at 404s"
        case .xDefaultAlwaysDefault:
            "x-default is always the default language, even for a page that does not exist in it (a 404), instead of falling back to langs[0]"
        case .countWholePage:
            "the gate counts the whole document, so nav and footer boilerplate inflate a thin page into passing"
        case .whitespaceCJK:
            "CJK pages are split on whitespace like English, so a whole Japanese page counts as a few words and is blocked"
        case .singlePass:
            "the gate decides in one pass: a page pushed under the threshold by another page's delisting stays indexable"
        case .silentNonConvergence:
            "after the last pass the gate keeps whatever set it holds and says nothing, so flipping pages ship indexable without a warning"
        case .relativeLinks:
            "links and the stylesheet are written relative (styles.css, ja/foo/), which a page at /ja/ resolves against its own folder"
        case .mappedWritePath:
            "write() has its own mapping (lang/slug.html) instead of pathFor, so every guide URL the site emits answers 404"
        case .removeDelisted:
            "delisting deletes: a blocked guide is not written, so its related links, nav and hreflang alternates point at nothing"
        }
    }
}
