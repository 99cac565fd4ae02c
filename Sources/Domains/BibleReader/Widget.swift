import LockstepCore
import Platform

/// The Verse-of-the-Day widget: a pure function of the local calendar day, computed inside the
/// extension from its own copy of the curated list, so it works before the app is ever opened.
extension BibleReader {
    /// The curated list compiled into the extension: 31 fixture verses (KJV), so the note's known
    /// values hold (day 365 → index 23, day 366 → 24).
    static let dailyVerses: [(reference: String, text: String)] = {
        let kjv = BibleText.rows(version: 1).filter { $0.0 == "KJV" }.prefix(31)
        return kjv.map { (VerseRef(id: $0.1)!.reference, $0.2) }
    }()

    static let placeholder = (reference: "John 3:16", text: "For God so loved the world…")

    static func dailyIndex(dayOfYear: Int, count: Int, _ world: World<BibleReader>) -> Int {
        world.isOn(.yearWrapIndex) ? dayOfYear % count : (dayOfYear - 1) % count
    }

    static func entry(_ s: BibleReaderState, at date: Instant, _ world: World<BibleReader>) -> Record {
        let day = DayKey(at: date, in: world.zone)
        if world.isOn(.widgetNeedsApp) {
            guard let verse = s.appGroupVerse else {
                return Record("widget.entry").string("date", world.zone.formatLocal(date)).string("reference", placeholder.reference)
                    .string("text", placeholder.text).word("source", "placeholder")
            }
            return Record("widget.entry").string("date", world.zone.formatLocal(date)).string("reference", verse).word("source", "appGroup")
        }
        let i = dailyIndex(dayOfYear: day.dayOfYear, count: dailyVerses.count, world)
        return Record("widget.entry").string("date", world.zone.formatLocal(date)).string("reference", dailyVerses[i].reference)
            .string("text", dailyVerses[i].text).int("dayOfYear", day.dayOfYear).int("index", i).word("source", "extension")
    }

    static func widget(_ s: inout BibleReaderState, _ request: WidgetRequest, _ world: inout World<BibleReader>) {
        s.widgetCalls += 1
        let now = world.now
        switch request {
        case .placeholder:
            world.emit(Record("widget.placeholder").string("reference", placeholder.reference).string("text", placeholder.text))
        case .snapshot:
            world.emit(Record("widget.snapshot"))
            world.emit(entry(s, at: now, world))
        case .timeline:
            // D2 fixed: the next local midnight by calendar days, never startOfDay(now + 86,400 s).
            let naive = DayKey(at: now + .seconds(86_400), in: world.zone).firstInstant(in: world.zone)
            let tomorrow = world.isOn(.naiveMidnightReload) ? naive : DayKey.nextLocalMidnight(after: now, in: world.zone)
            let inPast = tomorrow <= now
            world.emit(Record("widget.timeline").int("entries", world.isOn(.singleEntryTimeline) ? 1 : 2)
                .string("reloadAfter", world.zone.formatLocal(tomorrow)).bool("reloadInPast", inPast))
            world.emit(entry(s, at: now, world))
            // D3 fixed: a second entry dated tomorrow, so a late reload still switches at midnight.
            if !world.isOn(.singleEntryTimeline) { world.emit(entry(s, at: tomorrow, world)) }
        }
    }
}
