import LockstepCore
import Platform

extension EbookReader {
    static func wake(_ timer: NetTimer) -> EbookReaderEvent { .network(.timer(timer)) }

    static func nowMs(_ world: World<EbookReader>) -> Int64 { world.elapsed.nanoseconds / 1_000_000 }

    /// D6: an id becomes a file name, so only `[A-Za-z0-9_-]`, 1…64 bytes.
    static func isSafeID(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= maxIDBytes else { return false }
        return id.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
        }
    }

    /// Where a downloaded book lives: Application Support (Caches under the `booksInCaches` fault).
    static func bookPath(_ fileName: String, _ world: World<EbookReader>) -> String {
        (world.isOn(.booksInCaches) ? "Caches/Books/" : "ApplicationSupport/Books/") + fileName
    }

    public static func reduce(_ s: inout EbookReaderState, _ event: EbookReaderEvent, _ world: inout World<EbookReader>) {
        switch event {
        case .book(let id, let title, let author, let words, let language):
            addBook(&s, id: id, title: title, author: author, words: words, language: language, &world)
        case .preview(let id, let bytes):
            guard let book = s.books[id] else { return world.reject("preview", "unknown-book") { $0.string("book", id) } }
            guard bytes >= 1 else {
                return world.reject("preview", "invalid-range") { $0.int("bytes", bytes).string("why", "a Range needs at least one byte (bytes=0-\(bytes - 1) is not a range)") }
            }
            let request = HTTPRequest(.get, book.remoteURL, timeout: .seconds(30), range: ByteRange(first: 0, last: bytes - 1))
            send(&s, request, PendingFetch(bookID: id, purpose: .preview, bytes: bytes), &world)
        case .download(let id):
            guard let book = s.books[id] else { return world.reject("download", "unknown-book") { $0.string("book", id) } }
            send(&s, HTTPRequest(.get, book.remoteURL, timeout: .seconds(120)), PendingFetch(bookID: id, purpose: .download, bytes: 0), &world)
        case .fsFail(let op):
            switch op {
            case .move: s.failMove = true
            case .setResourceValues: s.failSetResourceValues = true
            }
            world.emit(Record("fs.armed").word("op", op.rawValue).string("applies", "the next download"))
        case .network(let e):
            guard let done = s.network.handle(e, &world, wake: wake) else { return }
            finished(&s, done, &world)
        case .open(let id):
            openBook(&s, id, &world)
        case .viewport(let w, let h):
            guard w.isFinite, h.isFinite, w > 0, h > 0, w <= 10_000, h <= 10_000 else {
                return world.reject("viewport", "invalid-size") { $0.string("why", "width and height must be finite, in 0 < x ≤ 10000") }
            }
            s.viewWidth = w
            s.viewHeight = h
            world.emit(Record("viewport").fixed("width", w, 2).fixed("height", h, 2))
            if s.reader != nil { relayout(&s, reason: "viewport", &world) }
        case .dynamicType(let c):
            s.category = c
            world.emit(Record("dynamicType").word("size", c.rawValue).fixed("scale", c.scale, 4))
            if s.reader != nil { relayout(&s, reason: "dynamicType", &world) }
        case .settings(let line):
            applySettings(&s, line, &world)
        case .scroll(let y):
            scroll(&s, y, &world)
        case .scrollEnd(let kind, let decelerate):
            guard s.reader != nil else { return world.reject("scrollEnd", "no-reader") }
            if kind == .dragEnd && decelerate {
                world.emit(Record("scrollEnd").word("kind", kind.rawValue).bool("willDecelerate", true).bool("saved", false))
                return
            }
            world.emit(Record("scrollEnd").word("kind", kind.rawValue).bool("willDecelerate", decelerate).bool("saved", true))
            saveProgress(&s, reason: "scrollEnd", &world)
        case .select(let ranges, let os):
            select(&s, ranges, os: os, &world)
        case .highlight:
            highlight(&s, &world)
        case .bookmark:
            guard let r = s.reader, let book = s.books[r.bookID] else { return world.reject("bookmark", "no-reader") }
            addMark(&s, book: book.id, kind: .bookmark, location: book.progressOffset, length: 0, &world)
            emitMarks(s, book.id, &world)
        case .jump(let id):
            jump(&s, id, &world)
        case .deleteMark(let id):
            guard let i = s.marks.firstIndex(where: { $0.id == id }) else { return world.reject("deleteMark", "unknown-mark") { $0.int("id", id) } }
            let m = s.marks.remove(at: i)
            world.emit(Record("mark.deleted").int("id", id).word("kind", m.kind.rawValue))
            emitMarks(s, m.bookID, &world)
        case .deleteBook(let id):
            deleteBook(&s, id, &world)
        case .appear:
            s.readerVisible = true
            updateClock(&s, &world)
        case .disappear:
            s.readerVisible = false
            updateClock(&s, &world)
        case .scene(let phase):
            s.isActive = phase == .active
            world.emit(Record("scene").word("phase", phase.rawValue))
            updateClock(&s, &world)
        case .speak(let rate):
            speak(&s, rate: rate, &world)
        case .speechPause(let b):
            speechCall(&s, "speechPause", s.speech.pause(b, nowMs: nowMs(world)), &world)
        case .speechResume:
            speechCall(&s, "speechResume", s.speech.resume(nowMs: nowMs(world)), &world)
        case .speechStop(let b):
            speechCall(&s, "speechStop", s.speech.stop(b, nowMs: nowMs(world)), &world)
        case .speech(let voices):
            SpeechVocabulary.apply(voices, to: &s.speech.voices, &world)
        case .speechWake:
            s.speechTimer = nil
            processSpeech(&s, s.speech.advance(to: nowMs(world)), &world)
        case .audio(let e):
            let notice = s.audio.handle(e, &world)
            processSpeech(&s, s.speech.handle(notice, nowMs: nowMs(world)), &world)
        case .streak:
            showStreak(s, &world)
        case .relaunch:
            relaunch(&s, &world)
        case .purgeCaches:
            let n = s.files.purgeCaches(&world)
            world.emit(Record("purge").int("files", n))
        }
    }

    // MARK: Catalog

    static func addBook(_ s: inout EbookReaderState, id: String, title: String, author: String, words: Int?, language: String,
                        _ world: inout World<EbookReader>) {
        if !world.isOn(.unsafeBookID), !isSafeID(id) {
            return world.reject("book", "invalid-book-id") { $0.string("id", id).string("why", "ids are file names: [A-Za-z0-9_-], 1…\(maxIDBytes) bytes") }
        }
        guard s.books[id] != nil || s.books.count < maxBooks else { return world.reject("book", "limit") { $0.int("maxBooks", maxBooks) } }
        var book = s.books[id] ?? Book(id: id, title: title, author: author, wordCount: words, language: language,
                                       remoteURL: "https://books.example.com/\(id).txt")
        book.title = title
        book.author = author
        book.wordCount = words
        book.language = language
        s.books[id] = book
        var r = Record("catalog.book").string("id", id).string("title", title).string("author", author)
        if let secs = ReadingRules.estimateSeconds(words: words) {
            r = r.int64("estimateSeconds", secs).string("estimate", ReadingRules.estimateText(seconds: secs))
        } else {
            r = r.word("estimate", "none")
        }
        world.emit(r)
    }

    // MARK: Network

    static func send(_ s: inout EbookReaderState, _ request: HTTPRequest, _ fetch: PendingFetch, _ world: inout World<EbookReader>) {
        switch s.network.send(request, tag: fetch.purpose.rawValue, &world, wake: wake) {
        case .sent(let id): s.requests[id] = fetch
        case .failedNow(let done):
            s.requests[done.id] = fetch
            finished(&s, done, &world)
        case .refused: break  // the transport wrote the refusal
        }
    }

    static func finished(_ s: inout EbookReaderState, _ done: TransportCompletion, _ world: inout World<EbookReader>) {
        guard let fetch = s.requests.removeValue(forKey: done.id) else { return world.reject("net", "not-ours") { $0.int("id", done.id.rawValue) } }
        switch (fetch.purpose, done.result) {
        case (.preview, .failure(let f)), (.download, .failure(let f)):
            world.emit(Record("\(fetch.purpose.rawValue).failed").string("book", fetch.bookID).word("error", f.rawValue))
        case (.preview, .response(let r)):
            preview(s, fetch, r, &world)
        case (.download, .response(let r)):
            download(&s, fetch.bookID, r, &world)
        }
    }

    static func preview(_ s: EbookReaderState, _ fetch: PendingFetch, _ r: HTTPResponse, _ world: inout World<EbookReader>) {
        guard r.status == 200 || r.status == 206 else {
            return world.emit(Record("preview.failed").string("book", fetch.bookID).word("error", "badServerResponse").int("status", r.status))
        }
        let d = PreviewDecode.decode(r.body, maxBytes: fetch.bytes, trims: !world.isOn(.previewNoTrim))
        let units = Array(d.text.utf16)
        var rec = Record("preview").string("book", fetch.bookID).int("status", r.status).int("bytesReceived", r.body.count)
            .int("kept", min(r.body.count, fetch.bytes)).with("trimmedBytes", d.trimmedBytes.map { .int(Int64($0)) } ?? .word("none"))
            .int("textUTF16", units.count).bool("bomDropped", d.bomDropped)
        if d.trimmedBytes == nil, !world.isOn(.previewInvalidSilent) {
            rec = rec.word("notice", "notUTF8")
        }
        rec = rec.string("head", String(decoding: units.prefix(24), as: UTF16.self)).string("tail", String(decoding: units.suffix(12), as: UTF16.self))
        world.emit(rec)
    }

    static func download(_ s: inout EbookReaderState, _ id: String, _ r: HTTPResponse, _ world: inout World<EbookReader>) {
        guard r.status == 200 else {
            return world.emit(Record("download.failed").string("book", id).word("error", "badServerResponse").int("status", r.status))
        }
        guard r.body.count <= maxBookBytes else {
            return world.emit(Record("download.failed").string("book", id).word("error", "tooLarge").int("bytes", r.body.count).int("limit", maxBookBytes))
        }
        s.tempCounter += 1
        let temp = "tmp/download-\(s.tempCounter).tmp"
        s.files.write(temp, r.body, &world)
        if world.isOn(.tempFileNotMoved) {
            // The handler returned before the move: the system deleted the temp file.
            s.files.remove(temp, by: "system", &world)
        }
        guard case .ok(let bytes) = s.files.read(temp, &world) else {
            return world.emit(Record("download.failed").string("book", id).word("error", "tempFileMissing"))
        }
        if s.failMove {
            s.failMove = false
            s.files.remove(temp, by: "system", &world)
            return world.emit(Record("download.failed").string("book", id).word("error", "moveFailed"))
        }
        let fileName = "\(id).txt"
        let dest = bookPath(fileName, world)
        if s.files.peek(dest) != nil { s.files.remove(dest, &world) }
        guard s.files.write(dest, bytes, &world).didWrite else {
            s.files.remove(temp, by: "system", &world)
            return world.emit(Record("download.failed").string("book", id).word("error", "writeFailed").string("path", dest))
        }
        s.files.remove(temp, &world)
        var excluded = false
        var rec = Record("download.finished").string("book", id).int("status", 200).string("destinationPath", dest).int("bytes", bytes.count)
        if s.failSetResourceValues {
            s.failSetResourceValues = false
            world.emit(Record("fs.setResourceValues").string("path", dest).bool("failed", true))
            if world.isOn(.exclusionFailureHidesBook) {
                world.emit(rec.bool("isExcludedFromBackup", false).word("localFileName", "none"))
                return
            }
        } else if !world.isOn(.notExcludedFromBackup) {
            setExcluded(&s, dest)
            excluded = true
        }
        s.books[id]?.localFileName = fileName
        rec = rec.bool("isExcludedFromBackup", excluded).string("localFileName", fileName)
        world.emit(rec)
    }

    static func setExcluded(_ s: inout EbookReaderState, _ path: String) {
        guard !s.excludedFromBackup.contains(path) else { return }
        s.excludedFromBackup.append(path)
        s.excludedFromBackup.sort()
    }
}
