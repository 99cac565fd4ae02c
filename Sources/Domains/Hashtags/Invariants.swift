import LockstepCore
import Platform

/// Hashtags Creator's invariants, checked after every step (each one's reason is its summary):
/// - `picksWithinLimit`: never more picks than the platform limit (failure 1, the 30 → 5 change).
/// - `tagsAreNormal`: every listed and picked tag is its own normal form under the article's
///   rules (failures 2 and 3: the filter and the lowercasing run on everything stored).
/// - `noDuplicateTags`: a category's list shows each tag once (derived failures 8 and 9).
/// - `picksAreListed`: every pick is a row of its category (derived failure 11, stale picks).
/// - `noPasteboardPrompts`: the app never causes a paste banner or alert (failure 5: no read on
///   launch or appear; the paste button carries the user's intent).
/// - `copyConfirmed`: a step that copies also plays the success haptic and shows the banner
///   (failure 6).
/// - `titleShowsLimit`: PickFive's title names the limit in force (failure 7, scattered 30s).
/// - `savedFileIsTheEdits`: once the app has saved, `tag-edits.json` holds exactly the edits
///   (a half-written or stale overlay would lose the user's changes at the next launch).
///
/// Explorer: one action per step, weights out of 100: typing a batch 14 (Latin, mixed case,
/// accented, Devanagari, Japanese, Arabic, Cyrillic, digits, symbols, emoji) then submit or Add
/// 10, swipe delete 10 (mostly listed tags), move 8 (sometimes bad offsets), pick 22, copy 8 (one in
/// four with an expiry, some localOnly), another app copying 6, the paste button 5, appear 4,
/// pasting into Instagram 4, remote config 3 (sometimes 0), relaunch 3, clock jumps 3. The header
/// draws the OS (12.0, 14.0, 15.4, 16.0, 17.0, 26.0).
extension Hashtags {
    static let articleRules = Hashtag.Rules()

    public static let invariants: [Invariant<Hashtags>] = [
        Invariant("picksWithinLimit", "PickFive never holds more picks than the platform limit") { s, _ in
            let limit = s.ledger.limit(tagLimitName) ?? instagramTagLimit
            return s.picked.count <= limit ? nil : "\(s.picked.count) picks, limit \(limit)"
        },
        Invariant("tagsAreNormal", "every stored tag is its own normal form (Unicode-aware, lowercased)") { s, _ in
            for c in s.categories {
                for t in Overlay.tags(for: c, s.edits, dedupe: false) {
                    guard let n = Hashtag.normalize(t, articleRules), Hashtag.same(n, t) else { return "\(c.id): \(t) is not normal" }
                }
            }
            return nil
        },
        Invariant("noDuplicateTags", "a category lists each tag once") { s, _ in
            for c in s.categories {
                let list = Overlay.tags(for: c, s.edits, dedupe: s.dedupeMerged)
                var seen = Set<[UInt8]>()
                for t in list where !seen.insert(Array(t.utf8)).inserted { return "\(c.id) lists \(t) twice" }
            }
            return nil
        },
        Invariant("picksAreListed", "every pick is one of its category's rows") { s, _ in
            guard !s.picked.isEmpty else { return nil }
            guard let id = s.pickCategory, let c = s.categories.first(where: { $0.id == id }) else { return "picks without a category" }
            let rows = Overlay.tags(for: c, s.edits)
            for p in s.picked where !rows.contains(where: { Hashtag.same($0, p) }) { return "\(p) is picked but not listed in \(id)" }
            return nil
        },
        Invariant("noPasteboardPrompts", "the app never causes a paste banner or alert") { s, _ in
            s.pasteboard.counts.prompts == 0 ? nil : "\(s.pasteboard.counts.banners) banners, \(s.pasteboard.counts.alerts) alerts"
        },
        Invariant("copyConfirmed", "every copy is confirmed with a haptic and a visible banner") { _, outputs in
            guard outputs.contains(where: { $0.name == "copied" }) else { return nil }
            let haptic = outputs.contains { $0.name == "haptic" && $0.fields.contains { $0.key == "kind" && $0.value == .word("success") } }
            let banner = outputs.contains { $0.name == "banner" }
            return haptic && banner ? nil : "copied without \(haptic ? "" : "haptic ")\(banner ? "" : "banner")"
        },
        Invariant("titleShowsLimit", "PickFive's title names the limit in force") { s, outputs in
            let limit = s.ledger.limit(tagLimitName) ?? instagramTagLimit
            for r in outputs where r.name == "picks" {
                guard let title = r.fields.first(where: { $0.key == "title" })?.value, case .string(let t) = title else { continue }
                if !t.hasSuffix(" of \(limit)") { return "title \"\(t)\" with limit \(limit)" }
            }
            return nil
        },
        Invariant("savedFileIsTheEdits", "after a save, tag-edits.json holds exactly the edits") { s, _ in
            guard s.saveCount > 0 else { return nil }
            guard let entry = s.files.peek(EditsFile.path) else { return "tag-edits.json is missing after \(s.saveCount) saves" }
            return entry.bytes == EditsFile.encode(s.edits) ? nil : "tag-edits.json differs from the edits"
        },
    ]

    public static let explorer: Explorer? = Explorer(header: { rng in
        ["set os \(["12.0", "14.0", "15.4", "16.0", "17.0", "26.0"][rng.int(below: 6)])"]
    }, next: { rng, _ in
        let categories = ["travel", "food", "fitness"]
        let tags = ["#travel", "#wanderlust", "#travelgram", "#food", "#foodie", "#fitness", "#gym", "#sunset", "#café", "#東京", "#नमस्ते", "#x"]
        let batches = ["#Travel #travel TRAVEL", "#sunset, #Sunset; beach", "café #cafe\\u{301}", "#नमस्ते #東京 #مرحبا",
                       "#Москва #ПРИВЕТ", "#2024 $$$ 😀", "#a#b", "  ", "#1️⃣love #İstanbul", "#x #y #z", "#food #foodie #yummy"]
        let c = categories[rng.int(below: categories.count)]
        let gap = "+\(rng.int(in: 1...20))s"
        let roll = rng.int(below: 100)
        switch roll {
        case 0..<14: return "\(gap) textInput text=\"\(batches[rng.int(below: batches.count)])\""
        case 14..<24: return "\(gap) \(rng.chance(0.5) ? "submit" : "tapAdd") category=\(c)"
        case 24..<34: return "\(gap) swipeDelete category=\(c) tag=\"\(tags[rng.int(below: tags.count)])\""
        case 34..<42: return "\(gap) move category=\(c) from=\(rng.int(below: 8)) to=\(rng.int(below: 9))"
        case 42..<64: return "\(gap) pick category=\(rng.chance(0.8) ? "travel" : c) tag=\"\(tags[rng.int(below: tags.count)])\""
        case 64..<72:
            var line = "\(gap) copy"
            if rng.chance(0.25) { line += " expiresAfter=\(rng.int(in: 1...120))s" }
            if rng.chance(0.3) { line += " localOnly=true" }
            return line
        case 72..<78: return "\(gap) pasteboard external text=\"\(batches[rng.int(below: batches.count)])\""
        case 78..<83: return "\(gap) pasteButton category=\(c)"
        case 83..<87: return "\(gap) appear category=\(c)"
        case 87..<91: return "\(gap) pasteIntoInstagram"
        case 91..<94: return "\(gap) remoteConfig tagLimit=\(rng.int(in: 0...8))"
        case 94..<97: return "\(gap) relaunch"
        default: return "+\(rng.int(in: 1...48))h pasteIntoInstagram"
        }
    })
}
