import LockstepCore
import Platform

extension EbookReader {
    static func field(_ r: Record, _ key: String) -> Value? { r.fields.first { $0.key == key }?.value }
    static func intField(_ r: Record, _ key: String) -> Int64? { if case .int(let v)? = field(r, key) { v } else { nil } }

    public static let invariants: [Invariant<EbookReader>] = [
        Invariant("restoreShowsTheSavedCharacter", "item 7: after a restore the top line holds the saved character") { s, outputs in
            guard let r = s.reader else { return nil }
            for rec in outputs where rec.name == "restore" {
                guard let off = intField(rec, "offset"), let first = intField(rec, "topLineFirstOffset"), let line = intField(rec, "topLine") else { continue }
                let next = Int(line) + 1 < r.layout.lineCount ? Int64(r.layout.start(ofLine: Int(line) + 1)) : Int64(r.units.count) + 1
                if off < first || off >= next { return "offset \(off) is not on the top line [\(first), \(next))" }
            }
            return nil
        },
        Invariant("savedOnlyAtScrollEnd", "item 6: progress is written at a scroll end, a jump or by read-aloud, never per scroll event") { _, outputs in
            outputs.contains { $0.name == "progress.saved" && field($0, "reason") == .word("scroll") } ? "progress saved by a scroll event" : nil
        },
        Invariant("sessionCapped", "item 13: a reading session counts at most 30 minutes") { _, outputs in
            for rec in outputs where rec.name == "clock.pause" {
                if case .duration(let d)? = field(rec, "counted"), d > ReadingClock.sessionCap { return "counted \(d)" }
            }
            return nil
        },
        Invariant("clockStoppedWhenNotReading", "item 13: the clock runs only with the reader visible and the scene active") { s, _ in
            s.clock.startedAt != nil && !(s.readerVisible && s.isActive) ? "clock running with visible=\(s.readerVisible) active=\(s.isActive)" : nil
        },
        Invariant("noOrphanMarks", "item 12: every mark belongs to a book in the catalog") { s, _ in
            s.marks.first { s.books[$0.bookID] == nil }.map { "mark \($0.id) of deleted book \($0.bookID)" }
        },
        Invariant("marksInsideTheText", "bad input: a mark never reaches the text outside it") { s, _ in
            guard let r = s.reader else { return nil }
            return s.marks.first { $0.bookID == r.bookID && ($0.location < 0 || $0.length < 0 || $0.location + $0.length > r.units.count) }
                .map { "mark \($0.id) at \($0.location):\($0.length) in \(r.units.count) units" }
        },
        Invariant("booksInApplicationSupport", "item 2: books are never stored where the system purges them") { s, _ in
            s.files.paths.first { $0.hasPrefix("Caches/") }.map { "book file at \($0)" }
        },
        Invariant("safeBookIDs", "D6: a book id never escapes Books/") { s, _ in
            s.books.keys.sorted().first { !isSafeID($0) }.map { "book id \($0)" }
        },
        Invariant("emptyPreviewSaysWhy", "D4: a preview that decodes to nothing says it is not UTF-8") { _, outputs in
            outputs.contains { $0.name == "preview" && field($0, "trimmedBytes") == .word("none") && field($0, "notice") == nil }
                ? "empty preview without notice" : nil
        },
        Invariant("downloadsExcludedFromBackup", "item 2: a finished download is excluded from backup unless setResourceValues failed") { s, outputs in
            for rec in outputs where rec.name == "download.finished" {
                if field(rec, "isExcludedFromBackup") == .bool(false), !outputs.contains(where: { $0.name == "fs.setResourceValues" }) {
                    return "download not excluded from backup"
                }
            }
            return nil
        },
    ]

    public static let explorer: Explorer? = Explorer(header: { _ in [] }, next: { rng, step in
        let f = "ebookReader/fixtures"
        switch step {
        case 0: return "+0 book id=harbour title=\"The Harbour\" words=700"
        case 1: return "+0 book id=emoji title=\"Emoji\""
        case 2: return "+0.1 download book=harbour"
        case 3: return "+0.1 net respond id=latest status=200 file=\"\(f)/harbour.txt\""
        default: break
        }
        let dt = "+\(rng.int(in: 1...900))"
        switch rng.int(below: 26) {
        case 0, 1: return "\(dt) open book=\(rng.chance(0.7) ? "harbour" : "emoji")"
        case 2, 3, 4: return "\(dt) scroll y=\(rng.int(in: -50...4000))"
        case 5, 6: return "\(dt) scrollEnd kind=\(rng.chance(0.5) ? "dragEnd" : "decelerationEnd") decelerate=\(rng.chance(0.5))"
        case 7: return "\(dt) settings size=\([12, 17, 19, 21, 0][rng.int(below: 5)]) margin=\([0, 24, 40, 300][rng.int(below: 4)])"
        case 8: return "\(dt) dynamicType size=\(["xSmall", "large", "ax1", "ax5"][rng.int(below: 4)])"
        case 9: return "\(dt) select ranges=\"\(rng.int(in: -5...400)):\(rng.int(in: -2...30)),\(rng.int(in: 0...3000)):\(rng.int(in: 0...20))\" os=\(rng.chance(0.5) ? 25 : 26)"
        case 10: return "\(dt) highlight"
        case 11: return "\(dt) bookmark"
        case 12: return "\(dt) jump mark=\(rng.int(in: 1...6))"
        case 13: return "\(dt) deleteMark id=\(rng.int(in: 1...6))"
        case 14: return "\(dt) appear"
        case 15: return "\(dt) disappear"
        case 16: return "\(dt) scene phase=\(["active", "inactive", "background"][rng.int(below: 3)])"
        case 17: return "\(dt) speak rate=\([0.25, 0.5, 1.0][rng.int(below: 3)])"
        case 18: return "\(dt) speechPause at=\(rng.chance(0.5) ? "word" : "immediate")"
        case 19: return "\(dt) speechResume"
        case 20: return "\(dt) audio interruption \(rng.chance(0.5) ? "began" : "ended shouldResume=true")"
        case 21: return "\(dt) relaunch"
        case 22: return "\(dt) purgeCaches"
        case 23: return "\(dt) download book=emoji\n+0.1 net respond id=latest status=\(rng.chance(0.8) ? 200 : 404) file=\"\(f)/emoji.txt\""
        case 24: return "\(dt) preview book=harbour bytes=\(rng.int(in: 1...40))\n+0.1 net respond id=latest status=206 file=\"\(f)/voila.txt\""
        default: return "\(dt) deleteBook book=\(rng.chance(0.5) ? "emoji" : "harbour")"
        }
    })
}
