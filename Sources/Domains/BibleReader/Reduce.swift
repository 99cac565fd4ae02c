import LockstepCore
import Platform

extension BibleReader {
    static func openText(_ s: inout BibleReaderState, version: Int, _ world: inout World<BibleReader>) {
        var idx = FTSIndex()
        var per: [String: FTSIndex] = [:]
        for (t, id, text) in BibleText.rows(version: version) {
            _ = idx.insert(tag: t, key: id, text: text)
            _ = per[t, default: FTSIndex()].insert(tag: t, key: id, text: text)
        }
        s.text = idx
        s.textByTranslation = per
        s.textVersion = version
        world.emit(Record("textStore.opened").int("version", version).int("rows", idx.rows.count).int("tokens", idx.totalTokens)
            .word("mode", "readonly-immutable"))
    }

    public static func reduce(_ s: inout BibleReaderState, _ event: BibleReaderEvent, _ world: inout World<BibleReader>) {
        switch event {
        case .launch(let device, let bundle):
            guard BibleReaderState.devices.contains(device) else { return world.reject("launch", "unknown-device") { $0.word("device", device) } }
            s.launched.insert(device)
            world.emit(Record("launch").word("device", device).word("bundle", bundle.rawValue))
            switch bundle {
            case .fixture: if s.text == nil { openText(&s, version: max(1, s.textVersion), &world) }
            case .missing:
                s.text = nil
                s.textByTranslation = [:]
                world.emit(Record("textStore.openFailed").string("message", "bible.sqlite missing from bundle").word("userStore", "available"))
            }
            // The assistant is the only networked feature; nothing waits on it.
            world.emit(Record("assistant").word("status", s.cloud.isOnline(device) ? "online" : "offline").word("blocks", "nothing"))
            s.appGroupVerse = dailyVerses[(DayKey(at: world.now, in: world.zone).dayOfYear - 1) % dailyVerses.count].reference
            emitStore(s, device, &world)
        case .openChapter(let device, let book, let chapter, let translation):
            chapterView(&s, device: device, book: book, chapter: chapter, translation: translation, &world)
        case .search(let device, let q, let t, let limit):
            search(&s, device: device, query: q, translation: t, limit: limit, &world)
        case .toggleHighlight(let device, let verse, let color):
            toggle(&s, device: device, verse: verse, color: color, &world)
        case .appUpdate(let device):
            guard s.text != nil else { return world.reject("appUpdate", "text-unavailable") }
            let before = rows(s, device).count
            openText(&s, version: s.textVersion + 1, &world)
            if world.isOn(.textInUserStore) {
                for d in BibleReaderState.devices { s.replicas[d] = CloudReplica() }
            }
            world.emit(Record("appUpdate").word("device", device).int("userRowsBefore", before).int("userRowsAfter", rows(s, device).count))
        case .widget(let request):
            widget(&s, request, &world)
        case .cloud(let line):
            let arrived = s.cloud.handle(line, &world)
            if case .deliver(let to, _, _, _, _) = line { merge(&s, to, arrived, &world) }
            if case .fetch(let to) = line { merge(&s, to, arrived, &world) }
        }
    }

    static func merge(_ s: inout BibleReaderState, _ device: String, _ arrived: [CloudDelivery<String>], _ world: inout World<BibleReader>) {
        guard !arrived.isEmpty else { return }
        var added = 0, held = 0
        for d in arrived {
            switch s.replicas[device, default: CloudReplica()].add(d.record) {
            case .added: added += 1
            case .alreadyHeld: held += 1
            case .full: world.reject("cloud", "store-full") { $0.word("device", device) }
            }
        }
        // The remote-change notification wakes the app, which merges and refreshes its views.
        world.emit(Record("remoteChange").word("device", device).int("added", added).int("alreadyHeld", held))
        emitStore(s, device, &world)
    }

    static func chapterView(_ s: inout BibleReaderState, device: String, book: Int, chapter: Int, translation: String,
                            _ world: inout World<BibleReader>) {
        guard let text = s.text else { return world.reject("openChapter", "text-unavailable") { $0.string("why", "bible.sqlite missing from bundle") } }
        guard BibleText.translations.contains(translation) else {
            world.emit(Record("chapter").word("translation", translation).int("verses", 0))
            return world.reject("openChapter", "unknown-translation") { $0.word("translation", translation) }
        }
        s.lastTranslation[device] = translation
        let start = VerseRef(book: book, chapter: chapter, verse: 0)!.id
        let verses = text.rows.filter { $0.tag == translation && $0.key >= start && $0.key <= start + 999 }.sorted { $0.key < $1.key }
        let marks = view(rows(s, device), dedupe: !world.isOn(.noReadDedupe)).filter { $0.verseID >= start && $0.verseID <= start + 999 && ($0.translation == nil || $0.translation == translation) }
        world.emit(Record("chapter").word("device", device).word("translation", translation).string("ref", "\(BibleBooks.names[book - 1]) \(chapter)")
            .int("verses", verses.count))
        for v in verses {
            let colors = marks.filter { $0.verseID == v.key }.map(\.color)
            var r = Record("verse").int64("id", v.key).string("text", v.text)
            r = r.word("highlight", colors.isEmpty ? "none" : colors.joined(separator: ","))
            world.emit(r)
        }
    }
}
