import LockstepCore
import Platform

/// Random walks: two devices launching, reading, searching (keywords, punctuation, folded and
/// emoji input), toggling highlights online and offline with seeded deliveries, app updates, and
/// widget calls around the 2026 fall-back night in Los Angeles and New Year's Eve of a leap year.
extension BibleReader {
    static let explorerStarts = ["2026-11-01T06:00:00Z", "2028-12-31T07:50:00Z", "2026-03-08T07:00:00Z"]
    static let explorerQueries = ["love one another", "faith AND hope", "NOT", "LÓVE One", "shepherd", "don't", "\\\"", "🙏", "x²", "the", "God"]
    static let explorerVerses: [Int64] = [43_003_016, 43_003_017, 19_023_001, 43_013_034, 62_004_007]

    public static let explorer: Explorer? = Explorer(header: { rng in
        ["start \(explorerStarts[rng.int(below: explorerStarts.count)])", "zone America/Los_Angeles"]
    }, next: { rng, step in
        if step == 0 { return "+0 launch device=A" }
        let d = rng.chance(0.5) ? "A" : "B"
        switch rng.int(below: 14) {
        case 0: return "+1s launch device=\(d)"
        case 1, 2: return "+\(rng.int(in: 1...90))s search device=\(d) q=\"\(explorerQueries[rng.int(below: explorerQueries.count)])\" translation=\(rng.chance(0.7) ? "KJV" : "WEB")"
        case 3, 4, 5: return "+\(rng.int(in: 1...60))s toggleHighlight device=\(d) verse=\(explorerVerses[rng.int(below: explorerVerses.count)]) color=\(["yellow", "pink", "blue"][rng.int(below: 3)])"
        case 6: return "+1s openChapter device=\(d) book=43 chapter=\(rng.chance(0.5) ? 3 : 13) translation=\(rng.chance(0.5) ? "KJV" : "WEB")"
        case 7: return "+1s cloud deliver to=\(d)"
        case 8: return "+1s cloud \(rng.chance(0.5) ? "offline" : "online") device=\(d)"
        case 9: return "+1s cloud fetch device=\(d)"
        case 10: return "+\(rng.int(in: 1...120))m verseWidget call=timeline"
        case 11: return "+\(rng.int(in: 1...40))m verseWidget call=snapshot"
        case 12: return "+1s appUpdate device=\(d)"
        default: return "+\(rng.int(in: 1...30))m openChapter device=\(d) book=19 chapter=23"
        }
    })
}
