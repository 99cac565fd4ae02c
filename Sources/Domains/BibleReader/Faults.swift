import LockstepCore

/// The article's failure modes and the note's D-list, each switched back on by name and caught by
/// a golden under `Golden/bibleReader/` through what the reader shows or what is stored.
public enum BibleReaderFault: String, DomainFault {
    case bareOperatorTerms
    case noReadDedupe
    case widgetNeedsApp
    case naiveMidnightReload
    case singleEntryTimeline
    case yearWrapIndex
    case queryNotFolded
    case perTranslationHighlights
    case textInUserStore
    case statsPerTranslation

    public var summary: String {
        switch self {
        case .bareOperatorTerms: "D1: terms sent as w*: a bare AND, OR or NOT is an FTS5 syntax error at the first step, and the search silently shows nothing"
        case .noReadDedupe: "F8: two offline devices' highlights of one verse both show (no keep-newest on read), the verse listed twice"
        case .widgetNeedsApp: "F11: the widget reads the verse the app last wrote: installed and never opened, it shows only the placeholder"
        case .naiveMidnightReload: "D2: reload at startOfDay(now + 86,400 s): at 00:30 on the 25-hour day it lands at 00:00, in the past"
        case .singleEntryTimeline: "D3: one entry per timeline: a late reload keeps yesterday's verse after midnight"
        case .yearWrapIndex: "D5: the pick indexes by day % n instead of (day − 1) % n: 1 January shows the second verse"
        case .queryNotFolded: "the query terms are not folded like the text: LÓVE* finds nothing"
        case .perTranslationHighlights: "F2: highlights keyed by translation and id: a KJV highlight is missing in WEB"
        case .textInUserStore: "F1: text and user data in one store: the text update's migration drops every highlight"
        case .statsPerTranslation: "bm25 statistics taken from one translation's rows: ranks differ from FTS5's table-wide ones"
        }
    }
}
