import LockstepCore
import Platform

/// The article's rules as invariants, checked after every step.
extension Quotes {
    static func field(_ r: Record, _ key: String) -> String? {
        guard let v = r.fields.first(where: { $0.key == key })?.value else { return nil }
        switch v {
        case .word(let w), .string(let w): return w
        case .int(let i): return String(i)
        default: return nil
        }
    }

    public static let invariants: [Invariant<Quotes>] = [
        Invariant("dailyPickIsFNV", "the day's index is FNV-1a 64 of the unpadded local key modulo the count", checkStep: { s, outputs, step in
            for r in outputs where r.name == "qotd" {
                guard let index = field(r, "index"), let count = Int(field(r, "count") ?? "") else { continue }
                let key = DayKey(at: step.now, in: step.zone).unpadded
                let expected = dailyIndex(hash: FNV1a64.hash(key.utf8), count: count)
                if field(r, "key") != key { return "key \(field(r, "key") ?? "?") is not the unpadded local day \(key)" }
                if index != String(expected) { return "index \(index) for \(key), FNV gives \(expected)" }
                let sortedID = s.store.fetch(allIDs: "quote").dropFirst(expected).first
                if let id = field(r, "id"), id != sortedID { return "offset \(expected) of the id sort is \(sortedID ?? "none"), shown \(id)" }
            }
            return nil
        }),
        Invariant("dayPickStable", "today's quote does not change within the local day") { s, outputs in
            for r in outputs where r.name == "qotd" {
                if let pin = s.pinned, let id = field(r, "id"), id != pin.id { return "shown \(id) but \(pin.day) is pinned to \(pin.id)" }
            }
            return nil
        },
        Invariant("streakCalendarDays", "the streak is consecutive calendar days ending today or yesterday", checkStep: { s, outputs, step in
            for r in outputs where r.name == "streak" || r.name == "read" {
                let value = field(r, r.name == "streak" ? "current" : "streak").flatMap { Int($0) } ?? -1
                let today = DayKey(at: step.now, in: step.zone)
                let expected = s.days.currentStreak(asOf: today)
                if value != expected { return "streak \(value) on \(today.padded), the calendar days give \(expected)" }
            }
            return nil
        }),
        Invariant("favouritesSurviveImport", "an import does not clear a favourite") { s, outputs in
            guard outputs.contains(where: { $0.name == "import.saved" }) else { return nil }
            let stored = favorites(s).count
            return stored != s.favoriteTally ? "an import left \(stored) favourites of \(s.favoriteTally)" : nil
        },
        Invariant("cardIsPixelSized", "the share card is 1080×1350 at scale 1") { _, outputs in
            for r in outputs where r.name == "share.image" {
                if field(r, "w") != "1080" || field(r, "h") != "1350" || field(r, "scale") != "1" { return "card \(field(r, "w") ?? "?")×\(field(r, "h") ?? "?") at scale \(field(r, "scale") ?? "?")" }
            }
            return nil
        },
        Invariant("textReadable", "primary text contrasts with the surface in the resolved scheme") { _, outputs in
            for r in outputs where r.name == "theme" {
                if field(r, "textPrimary") == field(r, "surface") || (field(r, "scheme") == "dark" && field(r, "textPrimary") == "#000000") {
                    return "textPrimary \(field(r, "textPrimary") ?? "?") on \(field(r, "surface") ?? "?")"
                }
            }
            return nil
        },
        Invariant("readDayIsLocal", "a read lands on the local day of the zone it happens in (the calendar of that moment)", checkStep: { _, outputs, step in
            for r in outputs where r.name == "read" {
                let local = DayKey(at: step.now, in: step.zone).padded
                if let day = field(r, "day"), day != local { return "read on \(day), the local day in \(step.zone.name) is \(local)" }
            }
            return nil
        }),
        Invariant("versionAtLeastOne", "a bundle version below 1 is refused, never compared with the stored version") { _, outputs in
            for r in outputs where r.name == "import.upToDate" || r.name == "import.started" {
                if let v = field(r, r.name == "import.started" ? "version" : "bundle").flatMap({ Int($0) }), v < 1 { return "\(r.name) with version \(v)" }
            }
            return nil
        },
        Invariant("searchIsUntrimmed", "search matches the query as typed: a padded query is not trimmed", checkStep: { s, outputs, _ in
            // Recounted only for a query with blanks at an end, where trimming would change it.
            for r in outputs where r.name == "results" {
                guard let q = field(r, "q"), trimSpacesAndTabs(q) != q, let count = field(r, "count").flatMap({ Int($0) }) else { continue }
                let needle = SearchFolding.foldedQuery(q)
                let expected = ((try? s.store.fetch("quote")) ?? []).count { row in
                    row.cells.dropFirst().prefix(3).contains { SearchFolding.matches(folded: needle, in: $0.text ?? "") }
                }
                if count != expected { return "\"\(q)\" found \(count), the untrimmed query matches \(expected)" }
            }
            return nil
        }),
        Invariant("collectionDeleteKeepsQuotes", "deleting a collection nullifies; its quotes stay") { _, outputs in
            for r in outputs where r.name == "collection.deleted" {
                if field(r, "quotesDeleted") != "0" { return "deleting \(field(r, "name") ?? "?") deleted \(field(r, "quotesDeleted") ?? "?") quotes" }
            }
            return nil
        },
    ]
}
