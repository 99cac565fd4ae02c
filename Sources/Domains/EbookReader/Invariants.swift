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
        Invariant("marksInsideTheText", "bad input: no negative mark, and only ranges inside the text are rendered (a shorter edition's marks are skipped)") { s, outputs in
            if let m = s.marks.first(where: { $0.location < 0 || $0.length < 0 }) { return "mark \(m.id) at \(m.location):\(m.length)" }
            guard let r = s.reader else { return nil }
            for rec in outputs where rec.name == "highlight.render" {
                if let a = intField(rec, "location"), let n = intField(rec, "length"), a + n > Int64(r.units.count) {
                    return "rendered \(a):\(n) in \(r.units.count) units"
                }
            }
            return nil
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
        Invariant("jumpMovesTheView", "D1: a bookmark jump while reading restores the view to the mark") { _, outputs in
            let jumped = outputs.contains { $0.name == "progress.saved" && field($0, "reason") == .word("jump") }
            let restored = outputs.contains { $0.name == "restore" && field($0, "reason") == .word("jump") }
            return jumped && !restored ? "jump saved the offset but the view did not move" : nil
        },
        Invariant("tempFileMovedAtOnce", "item 2: a 200 download is moved before its temp file can vanish") { _, outputs in
            outputs.contains { $0.name == "download.failed" && field($0, "error") == .word("tempFileMissing") } ? "the temp file was gone before the move" : nil
        },
        Invariant("allRangesDelivered", "item 10: on iOS 26 the edit menu gets every range of the selection") { _, outputs in
            for rec in outputs where rec.name == "editMenu" {
                if let os = intField(rec, "os"), os >= 26, intField(rec, "selected") != intField(rec, "delivered") { return "iOS \(os) delivered fewer ranges" }
            }
            return nil
        },
        Invariant("stillViewKeepsOffset", "D2: a scroll end without movement since the restore keeps the saved offset") { s, outputs in
            guard let r = s.reader, r.restoredY == r.contentOffsetY else { return nil }
            return outputs.contains { $0.name == "progress.saved" && field($0, "reason") == .word("scrollEnd") && field($0, "kept") == .bool(false) }
                ? "the offset stepped back to the line start without movement" : nil
        },
        Invariant("noBOMInText", "D5: the full text is decoded like the preview, without a BOM") { s, _ in
            s.reader?.units.first == 0xFEFF ? "the text starts with U+FEFF: every offset is one off" : nil
        },
        Invariant("storedBookIsDownloaded", "D7: a book whose file is in Books/ shows as downloaded") { s, _ in
            for id in s.books.keys.sorted() where s.books[id]!.localFileName == nil {
                if s.files.peek("ApplicationSupport/Books/\(id).txt") != nil { return "\(id) has a file but localFileName is nil" }
            }
            return nil
        },
    ]

    public static let explorer: Explorer? = Explorer(header: { _ in [] }, next: { rng, step in
        let f = "../fixtures"
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
        case 23:
            let file = ["emoji.txt", "emoji.txt", "bom.txt", "truncated.bin"][rng.int(below: 4)]
            let fail = rng.chance(0.2) ? "+0 fsFail op=\(rng.chance(0.5) ? "move" : "setResourceValues")\n" : ""
            return "\(dt) book id=\(rng.chance(0.9) ? "emoji" : "\"../escape\"")\n\(fail)+0 download book=emoji\n+0.1 net respond id=latest status=\(rng.chance(0.8) ? 200 : 404) file=\"\(f)/\(file)\""
        case 24: return "\(dt) preview book=harbour bytes=\(rng.int(in: 1...40))\n+0.1 net respond id=latest status=206 file=\"\(f)/\(rng.chance(0.7) ? "voila.txt" : "latin1.bin")\""
        default: return "\(dt) deleteBook book=\(rng.chance(0.5) ? "emoji" : "harbour")"
        }
    })
}
