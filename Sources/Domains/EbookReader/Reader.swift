import LockstepCore
import Platform

extension EbookReader {
    // MARK: Opening and layout

    static func openBook(_ s: inout EbookReaderState, _ id: String, _ world: inout World<EbookReader>) {
        guard var book = s.books[id] else { return world.reject("open", "unknown-book") { $0.string("book", id) } }
        guard let fileName = book.localFileName else { return world.reject("open", "not-downloaded") { $0.string("book", id) } }
        let path = bookPath(fileName, world)
        let bytes: [UInt8]
        switch s.files.read(path, &world) {
        case .ok(let b): bytes = b
        case .missing:
            // The file went (purged): the book is not downloaded any more.
            s.books[id]?.localFileName = nil
            return world.emit(Record("open.failed").string("book", id).word("reason", "missing").string("path", path))
        case .corrupt(let why): return world.emit(Record("open.failed").string("book", id).word("reason", "corrupt").string("why", why))
        case .denied(let d): return world.emit(Record("open.failed").string("book", id).word("reason", d.rawValue))
        }
        let (body, bom) = world.isOn(.bomKeptInText) ? (bytes, false) : UTF8BOM.drop(from: bytes)
        guard case .valid(let text) = UTF8Validation(body) else {
            var byteOffset = 0
            if case .invalid(let at, _) = UTF8Validation(body) { byteOffset = at }
            return world.emit(Record("open.failed").string("book", id).word("reason", "notUTF8").int("byteOffset", byteOffset))
        }
        if !world.isOn(.notExcludedFromBackup), !s.excludedFromBackup.contains(path) {
            // D7: an exclusion that failed at download is retried now.
            setExcluded(&s, path)
            world.emit(Record("fs.setResourceValues").string("path", path).bool("failed", false).word("retry", "open"))
        }
        if s.reader != nil { closeReader(&s, &world) }
        book.lastOpened = world.now
        s.books[id] = book
        let units = Array(text.utf16)
        let empty = TextLayout(units: [], effectiveSize: 17, lineHeight: 1, margin: 0, viewWidth: 100, paragraphSpacing: 0)
        s.reader = ReaderScreen(bookID: id, units: units, layout: empty)
        world.emit(Record("open").string("book", id).int("units", units.count).bool("bomDropped", bom)
            .int("progress", book.progressOffset).fixed("percent", Double(ReadingRules.permille(offset: book.progressOffset, of: units.count)) / 10, 1))
        relayout(&s, reason: "open", &world)
        emitRender(s, &world)
    }

    static func closeReader(_ s: inout EbookReaderState, _ world: inout World<EbookReader>) {
        if s.speech.isSpeaking, case .success(let cs) = s.speech.stop(.immediate, nowMs: nowMs(world)) { processSpeech(&s, cs, &world) }
        s.reader = nil
    }

    static func effectiveSize(_ s: EbookReaderState) -> Double { s.settings.fontSize * s.category.scale }

    /// The coordinator's `updateUIView`: rebuild only when what the text was built with changed
    /// (item 4), then restore the saved place after layout (item 7).
    static func relayout(_ s: inout EbookReaderState, reason: String, _ world: inout World<EbookReader>) {
        guard var r = s.reader else { return }
        let key = LayoutKey(settings: s.settings, category: s.category, viewWidth: s.viewWidth)
        guard r.applied != key || world.isOn(.relayoutEveryUpdate) else {
            world.emit(Record("layout").word("reason", reason).bool("rebuilt", false))
            return
        }
        let known = knownFonts.contains(s.settings.fontName)
        if !known { world.emit(Record("fontFallback").string("requested", s.settings.fontName).word("used", "system")) }
        let size = effectiveSize(s)
        let spacing = s.settings.fontSize * 0.6
        r.layout = TextLayout(units: r.units, effectiveSize: size, lineHeight: s.settings.lineHeight, margin: s.settings.margin,
                              viewWidth: s.viewWidth, paragraphSpacing: spacing)
        r.applied = key
        r.rebuilds += 1
        s.reader = r
        let c = s.settings.theme.colours
        world.emit(Record("layout").word("reason", reason).bool("rebuilt", true).fixed("effectiveFontSize", size, 3)
            .fixed("paragraphSpacing", spacing, 3).with("insets", .tuple([.fixed(TextLayout.insetTop, places: 0), .fixed(s.settings.margin, places: 2),
                                                                           .fixed(TextLayout.insetBottom, places: 0), .fixed(s.settings.margin, places: 2)]))
            .int("charsPerLine", r.layout.charsPerLine).int("lines", r.layout.lineCount).fixed("pitch", r.layout.pitch, 3)
            .word("theme", s.settings.theme.rawValue).with("background", .tuple(c.background.map { .fixed($0, places: 2) }))
            .with("text", .tuple(c.text.map { .fixed($0, places: 2) })))
        restore(&s, reason: reason, &world)
    }

    /// `restore(offset)`: the line holding the saved character goes to the top.
    static func restore(_ s: inout EbookReaderState, reason: String, _ world: inout World<EbookReader>) {
        guard var r = s.reader, var book = s.books[r.bookID] else { return }
        if world.isOn(.progressAsScrollOffset) {
            r.contentOffsetY = min(book.savedScrollY ?? 0, maxY(s, r))
        } else {
            if book.progressOffset > r.units.count {
                world.emit(Record("progress.clamped").int("from", book.progressOffset).int("to", r.units.count).string("why", "beyond the end of this edition"))
                book.progressOffset = r.units.count
                s.books[book.id] = book
            }
            let line = r.layout.line(containing: book.progressOffset)
            r.contentOffsetY = max(0, r.layout.top(ofLine: line) - TextLayout.insetTop)
        }
        r.restoredY = r.contentOffsetY
        s.reader = r
        let top = r.layout.line(atY: r.contentOffsetY + TextLayout.insetTop + 1)
        world.emit(Record("restore").word("reason", reason).int("offset", book.progressOffset).fixed("contentOffsetY", r.contentOffsetY, 2)
            .int("topLine", top).int("topLineFirstOffset", r.layout.start(ofLine: top)).string("topText", snippet(r.units, r.layout.start(ofLine: top), 24)))
    }

    static func maxY(_ s: EbookReaderState, _ r: ReaderScreen) -> Double { max(0, r.layout.contentHeight - s.viewHeight) }

    static func snippet(_ units: [UInt16], _ at: Int, _ n: Int) -> String {
        let a = min(max(at, 0), units.count)
        return String(decoding: units[a..<min(a + n, units.count)], as: UTF16.self)
    }

    // MARK: Settings

    static func applySettings(_ s: inout EbookReaderState, _ line: SettingsLine, _ world: inout World<EbookReader>) {
        var why: String?
        if !(line.size.isFinite && line.size > 0 && line.size <= 200) { why = "fontSize must be in 0 < size ≤ 200" }
        else if !(line.lineHeight.isFinite && line.lineHeight > 0 && line.lineHeight <= 5) { why = "lineHeight must be in 0 < x ≤ 5" }
        else if !(line.margin.isFinite && line.margin >= 0) { why = "margin must be finite and ≥ 0" }
        else if 2 * line.margin >= s.viewWidth { why = "2 × margin must be less than the view width \(s.viewWidth)" }
        else if line.font.isEmpty || line.font.utf8.count > 128 { why = "font name must be 1…128 bytes" }
        if let why { return world.reject("settings", "invalid-settings") { $0.string("why", why) } }
        s.settings = ReaderSettings(fontName: line.font, fontSize: line.size, lineHeight: line.lineHeight, margin: line.margin, theme: line.theme)
        world.emit(Record("settings").string("font", line.font).fixed("size", line.size, 2).fixed("lineHeight", line.lineHeight, 3)
            .fixed("margin", line.margin, 2).word("theme", line.theme.rawValue))
        if s.reader != nil { relayout(&s, reason: "settings", &world) }
    }

    // MARK: Scrolling and progress

    static func scroll(_ s: inout EbookReaderState, _ y: Double, _ world: inout World<EbookReader>) {
        guard var r = s.reader else { return world.reject("scroll", "no-reader") }
        guard y.isFinite else { return world.reject("scroll", "not-finite") }
        let top = maxY(s, r)
        let clamped = min(max(y, 0), top)
        if clamped != y { world.emit(Record("scroll.clamped").fixed("y", y, 2).fixed("to", clamped, 2)) }
        r.contentOffsetY = clamped
        if r.restoredY != clamped { r.restoredY = nil }
        s.reader = r
        if world.isOn(.saveEveryScroll) { saveProgress(&s, reason: "scroll", &world) }
    }

    /// Item 6: the offset of the character at the top-left of the visible text.
    static func saveProgress(_ s: inout EbookReaderState, reason: String, _ world: inout World<EbookReader>) {
        guard let r = s.reader, var book = s.books[r.bookID] else { return }
        s.progressSaves += 1
        if world.isOn(.progressAsScrollOffset) {
            book.savedScrollY = r.contentOffsetY
            s.books[book.id] = book
            world.emit(Record("progress.saved").word("reason", reason).fixed("scrollY", r.contentOffsetY, 2))
            return
        }
        let line = r.layout.line(atY: r.contentOffsetY + TextLayout.insetTop + 1)
        var offset = r.layout.start(ofLine: line)
        let kept = r.restoredY == r.contentOffsetY && !world.isOn(.saveSnapsToLineStart)
        if kept { offset = book.progressOffset }
        setProgress(&s, book.id, offset, reason: reason, kept: kept, &world)
    }

    static func setProgress(_ s: inout EbookReaderState, _ id: String, _ offset: Int, reason: String, kept: Bool, _ world: inout World<EbookReader>) {
        guard var book = s.books[id] else { return }
        let count = s.reader?.bookID == id ? s.reader!.units.count : offset
        book.progressOffset = offset
        let oldPages = book.furthestOffset / ReadingRules.charactersPerPage
        book.furthestOffset = max(book.furthestOffset, offset)
        let newPages = book.furthestOffset / ReadingRules.charactersPerPage
        s.pagesRead += newPages - oldPages
        let permille = ReadingRules.permille(offset: offset, of: count)
        var rec = Record("progress.saved").word("reason", reason).int("offset", offset).bool("kept", kept)
            .fixed("percent", Double(permille) / 10, 1).int("pagesRead", s.pagesRead)
        if permille >= ReadingRules.readThresholdPermille, !book.countedAsRead {
            book.countedAsRead = true
            s.booksRead += 1
            rec = rec.int("booksRead", s.booksRead)
        }
        s.books[id] = book
        world.emit(rec)
    }

    static func jump(_ s: inout EbookReaderState, _ id: Int, _ world: inout World<EbookReader>) {
        guard let r = s.reader else { return world.reject("jump", "no-reader") }
        guard let m = s.marks.first(where: { $0.id == id && $0.bookID == r.bookID }) else { return world.reject("jump", "unknown-mark") { $0.int("mark", id) } }
        setProgress(&s, r.bookID, m.location, reason: "jump", kept: false, &world)
        if world.isOn(.progressAsScrollOffset) { s.books[r.bookID]?.savedScrollY = nil }
        // D1: the binding changed from outside; as written, updateUIView returns early here.
        guard !world.isOn(.jumpIgnored) else { return }
        restore(&s, reason: "jump", &world)
    }
}
