import LockstepCore
import Platform

extension EbookReader {
    static let suggestedActions = ["Copy", "Look Up", "Translate", "Share"]
    static let highlightAlpha = 0.35

    /// The edit menu for a selection. iOS 26 calls the ranges delegate with every range; iOS 16–25
    /// the single-range one, which gets the first (GAP). "Highlight" always comes first.
    static func select(_ s: inout EbookReaderState, _ ranges: [SpeechRange], os: Int, _ world: inout World<EbookReader>) {
        guard s.reader != nil else { return world.reject("select", "no-reader") }
        guard let first = ranges.first else { return world.reject("select", "empty-selection") }
        let multi = os >= 26 && !world.isOn(.singleRangeOnly)
        let delivered = multi ? ranges : [first]
        s.reader?.selection = delivered
        world.emit(Record("editMenu").int("os", os).word("path", multi ? "editMenuForTextInRanges" : "editMenuForTextIn")
            .int("selected", ranges.count).int("delivered", delivered.count)
            .with("items", .tuple((["Highlight"] + suggestedActions).map { .string($0) })))
    }

    static func isHigh(_ u: UInt16) -> Bool { u >= 0xD800 && u <= 0xDBFF }
    static func isLow(_ u: UInt16) -> Bool { u >= 0xDC00 && u <= 0xDFFF }

    static func highlight(_ s: inout EbookReaderState, _ world: inout World<EbookReader>) {
        guard let r = s.reader else { return world.reject("highlight", "no-reader") }
        guard !r.selection.isEmpty else { return world.reject("highlight", "no-selection") }
        s.reader?.selection = []
        let count = r.units.count
        var changed = false
        for range in r.selection {
            guard range.length != 0 else {
                world.emit(Record("highlight.skipped").int("location", range.location).int("length", 0).word("why", "empty"))
                continue
            }
            guard range.location >= 0, range.length > 0, range.location <= count - range.length else {
                world.reject("highlight", "invalid-range") { $0.int("location", range.location).int("length", range.length).int("textUTF16", count) }
                continue
            }
            var a = range.location, b = range.location + range.length
            if a > 0, a < count, isLow(r.units[a]), isHigh(r.units[a - 1]) { a -= 1 }
            if b < count, b > 0, isLow(r.units[b]), isHigh(r.units[b - 1]) { b += 1 }
            if a != range.location || b != range.location + range.length {
                world.emit(Record("highlight.snapped").int("from", range.location).int("fromLength", range.length).int("location", a).int("length", b - a))
            }
            if s.marks.contains(where: { $0.bookID == r.bookID && $0.kind == .highlight && $0.location == a && $0.length == b - a }) {
                world.emit(Record("highlight.skipped").int("location", a).int("length", b - a).word("why", "duplicate"))
                continue
            }
            if addMark(&s, book: r.bookID, kind: .highlight, location: a, length: b - a, &world) { changed = true }
        }
        if changed {
            emitMarks(s, r.bookID, &world)
            emitRender(s, &world)
        }
    }

    @discardableResult
    static func addMark(_ s: inout EbookReaderState, book: String, kind: MarkKind, location: Int, length: Int, _ world: inout World<EbookReader>) -> Bool {
        guard s.marks.count < maxMarks else {
            world.reject(kind.rawValue, "limit") { $0.int("maxMarks", maxMarks) }
            return false
        }
        let m = Mark(id: s.nextMarkID, bookID: book, kind: kind, location: location, length: length, created: world.now)
        s.nextMarkID += 1
        s.marks.append(m)
        world.emit(Record("mark.added").int("id", m.id).word("kind", kind.rawValue).int("location", location).int("length", length).instant("created", m.created))
        return true
    }

    /// The marks list of a book, sorted by (location, length, kind).
    static func emitMarks(_ s: EbookReaderState, _ book: String, _ world: inout World<EbookReader>) {
        let list = s.marks.filter { $0.bookID == book }.sorted { ($0.location, $0.length, $0.kind.rawValue) < ($1.location, $1.length, $1.kind.rawValue) }
        world.emit(Record("marks").string("book", book).int("count", list.count)
            .with("list", .tuple(list.map { .string("\($0.kind.rawValue):\($0.location):\($0.length)") })))
    }

    /// Item 9: every highlight within the text gets the background colour at 0.35; others are skipped.
    static func emitRender(_ s: EbookReaderState, _ world: inout World<EbookReader>) {
        guard let r = s.reader else { return }
        let hs = s.marks.filter { $0.bookID == r.bookID && $0.kind == .highlight }.sorted { ($0.location, $0.length) < ($1.location, $1.length) }
        guard !hs.isEmpty else { return }
        var skipped: [Value] = []
        for m in hs {
            if m.location < 0 || m.length < 0 || m.location + m.length > r.units.count {
                skipped.append(.int(Int64(m.id)))
                continue
            }
            world.emit(Record("highlight.render").int("id", m.id).int("location", m.location).int("length", m.length)
                .fixed("alpha", highlightAlpha, 2).string("text", snippet(r.units, m.location, min(m.length, 40))))
        }
        if !skipped.isEmpty { world.emit(Record("highlight.skippedOutOfRange").with("ids", .tuple(skipped))) }
    }

    static func deleteBook(_ s: inout EbookReaderState, _ id: String, _ world: inout World<EbookReader>) {
        guard let book = s.books[id] else { return world.reject("deleteBook", "unknown-book") { $0.string("book", id) } }
        if s.reader?.bookID == id { closeReader(&s, &world) }
        let before = s.marks.count
        if !world.isOn(.orphanedMarks) { s.marks.removeAll { $0.bookID == id } }
        var fileRemoved = false
        if let name = book.localFileName {
            let path = bookPath(name, world)
            if s.files.peek(path) != nil {
                s.files.remove(path, &world)
                fileRemoved = true
            }
            s.excludedFromBackup.removeAll { $0 == path }
        }
        s.books[id] = nil
        world.emit(Record("book.deleted").string("book", id).int("marksDeleted", before - s.marks.count).bool("fileRemoved", fileRemoved)
            .int("marksLeft", s.marks.count))
    }

    // MARK: Reading clock

    /// Item 13: resume when the reader is on screen and the scene active; pause otherwise, adding at
    /// most 30 minutes, and never a negative duration.
    static func updateClock(_ s: inout EbookReaderState, _ world: inout World<EbookReader>) {
        let run = s.readerVisible && (s.isActive || world.isOn(.countsInBackground))
        if run, s.clock.startedAt == nil {
            s.clock.startedAt = world.now
            world.emit(Record("clock.resume").instant("at", world.now))
        } else if !run, let started = s.clock.startedAt {
            pauseClock(&s, started, &world)
        } else {
            world.emit(Record("clock.unchanged").bool("running", s.clock.startedAt != nil))
        }
    }

    static func pauseClock(_ s: inout EbookReaderState, _ started: Instant, _ world: inout World<EbookReader>) {
        let session = world.now < started ? Duration.zero : world.now - started
        let counted = world.isOn(.noSessionCap) ? session : min(session, ReadingClock.sessionCap)
        s.clock.total = s.clock.total + counted
        s.clock.startedAt = nil
        world.emit(Record("clock.pause").duration("session", session).duration("counted", counted)
            .bool("capped", counted < session).duration("total", s.clock.total))
        creditReadingDays(&s, from: started, counted: counted, &world)
    }

    // MARK: Relaunch

    static func relaunch(_ s: inout EbookReaderState, _ world: inout World<EbookReader>) {
        let wasOpen = s.reader?.bookID
        if let started = s.clock.startedAt { pauseClock(&s, started, &world) }
        let speaking = s.speech.isSpeaking
        if let t = s.speechTimer { _ = world.cancel(t) }
        s.speechTimer = nil
        let voices = s.speech.voices
        s.speech = SpeechSynthesizer()
        s.speech.voices = voices
        s.utteranceBase = [:]
        s.utteranceEnd = [:]
        s.lastSpokenOffset = nil
        s.audio = AudioSession()
        for id in s.requests.keys.sorted() { s.network.cancel(id, &world) }
        s.requests = [:]
        s.reader = nil
        s.readerVisible = false
        s.isActive = true
        world.emit(Record("relaunch").with("readerWas", wasOpen.map { .string($0) } ?? .word("closed")).bool("speechLost", speaking))
    }
}
