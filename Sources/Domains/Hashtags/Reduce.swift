import LockstepCore
import Platform

extension Hashtags {
    public static func reduce(_ s: inout HashtagsState, _ event: HashtagsEvent, _ world: inout World<Hashtags>) {
        switch event {
        case .textInput(let text):
            guard text.utf8.count <= Hashtag.maxTextBytes else {
                world.reject("textInput", "too-long") { $0.int("bytes", text.utf8.count).int("limit", Hashtag.maxTextBytes) }
                return
            }
            s.newTag = text
            let tags = Hashtag.parse(text, s.rules).tags
            world.emit(Record("field").string("value", text).string("tags", tags.joined(separator: " ")).bool("addEnabled", !tags.isEmpty))
        case .submit(let id):
            guard let c = category(id, s, &world, "submit") else { return }
            addTags(s.newTag, to: c, via: "submit", &s, &world)
            clearField(&s, &world)
        case .tapAdd(let id):
            guard let c = category(id, s, &world, "tapAdd") else { return }
            guard !Hashtag.parse(s.newTag, s.rules).tags.isEmpty else {
                world.reject("tapAdd", "add-disabled") { $0.string("value", s.newTag) }
                return
            }
            addTags(s.newTag, to: c, via: "tapAdd", &s, &world)
            clearField(&s, &world)
        case .swipeDelete(let id, let tag):
            guard let c = category(id, s, &world, "swipeDelete") else { return }
            remove(tag, from: c, &s, &world)
        case .move(let id, let offsets, let to):
            guard let c = category(id, s, &world, "move") else { return }
            reorder(c, offsets, to, &s, &world)
        case .appear(let id):
            guard let c = category(id, s, &world, "appear") else { return }
            let button = s.device.available("PasteButton", since: pasteButtonOS, &world) ? "shown" : "unavailable"
            world.emit(Record("editor").word("category", c.id).string("title", c.name).string("header", header(c, s))
                .word("pasteButton", button))
            if world.isOn(.readOnLaunch) { autoDetect("appear", &s, &world) }
        case .pasteButton(let id):
            guard let c = category(id, s, &world, "pasteButton") else { return }
            guard s.device.isAvailable(pasteButtonOS) else {
                world.reject("pasteButton", "unavailable") { $0.word("os", s.device.os.description).word("requires", pasteButtonOS.description) }
                return
            }
            let read = s.pasteboard.read(.pasteButton, os: s.device.os, &world)
            guard let text = read.text, !text.isEmpty else {
                world.emit(Record("paste").word("category", c.id).word("result", read.result.rawValue))
                return
            }
            addTags(text, to: c, via: "pasteButton", &s, &world)
        case .pick(let id, let tag):
            guard let c = category(id, s, &world, "pick") else { return }
            pick(tag, in: c, &s, &world)
        case .copy(let expiresAfter, let localOnly):
            copy(expiresAfter: expiresAfter, localOnly: localOnly, &s, &world)
        case .remoteConfig(let value):
            guard value > 0 else {
                world.reject("remoteConfig", "non-positive-limit") { $0.int("tagLimit", value) }
                return
            }
            s.ledger.setLimit(tagLimitName, value, &world, by: "remoteConfig")
            keepPicksWithinLimit(&s, &world)
        case .relaunch:
            launch(&s, &world)
        case .bundleUpdate(let bytes):
            s.bundle = bytes
            world.emit(Record("update").int("bundleBytes", bytes.count))
            launch(&s, &world)
            if world.isOn(.editsWipedOnUpdate) {
                s.edits = UserEdits()
                save(&s, &world)
                showEdits(s, &world)
                for c in s.categories { showTags(c, s, &world) }
            }
        case .pasteIntoInstagram:
            pasteIntoInstagram(&s, &world)
        case .bannerHide(let serial):
            guard serial == s.bannerSerial, let text = s.banner else { return }
            s.banner = nil
            s.bannerTimer = nil
            world.emit(Record("banner.hidden").string("text", text))
        case .pasteboardExpiry:
            s.pasteboard.expire(&world)
        case .pasteboard(let line):
            s.pasteboard.apply(line, &world)
        case .env(let change):
            s.device.apply(change, &world)
        }
    }

    /// The category `id`, or a refusal naming it.
    static func category(_ id: String, _ s: HashtagsState, _ world: inout World<Hashtags>, _ input: String) -> TagCategory? {
        if let c = s.categories.first(where: { $0.id == id }) { return c }
        world.reject(input, "unknown-category") { $0.word("category", id) }
        return nil
    }

    static func tags(_ c: TagCategory, _ s: HashtagsState, _ world: World<Hashtags>) -> [String] {
        Overlay.tags(for: c, s.edits, dedupe: s.dedupeMerged)
    }

    static func header(_ c: TagCategory, _ s: HashtagsState) -> String {
        let n = Overlay.tags(for: c, s.edits, dedupe: s.dedupeMerged).count
        return "\(n) tags"
    }

    /// The editor's list after a change: the section header and the rows.
    static func showTags(_ c: TagCategory, _ s: HashtagsState, _ world: inout World<Hashtags>) {
        let list = tags(c, s, world)
        world.emit(Record("tags").word("category", c.id).string("header", "\(list.count) tags").string("list", list.joined(separator: " ")))
    }

    static func clearField(_ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        s.newTag = ""
        world.emit(Record("field").string("value", "").string("tags", "").bool("addEnabled", false))
    }

    /// `save()`: the edits as canonical JSON, written atomically to Application Support.
    static func save(_ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        let bytes = EditsFile.encode(s.edits)
        s.files.write(EditsFile.path, bytes, &world)
        s.saveCount += 1
        world.emit(Record("saved").int("saveCount", s.saveCount).int("bytes", bytes.count))
    }

    /// The canonical edits after a change (once per event, after its last save).
    static func showEdits(_ s: HashtagsState, _ world: inout World<Hashtags>) {
        world.emit(Record("edits").string("json", String(decoding: EditsFile.encode(s.edits), as: UTF8.self)))
    }

    /// Launch: the bundle, then the edits file, then (under `readOnLaunch` only) the pasteboard.
    static func launch(_ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        s.launches += 1
        s.newTag = ""
        s.picked = []
        s.pickCategory = nil
        if (s.ledger.used(tagLimitName) ?? 0) > 0 { s.ledger.reset(tagLimitName, &world) }
        s.banner = nil
        if let t = s.bannerTimer { world.cancel(t) }
        s.bannerTimer = nil
        switch BundleFile.decode(s.bundle, s.rules) {
        case .success(let loaded):
            s.categories = loaded.categories
            for n in loaded.notes {
                var r = Record("bundle.note").word("category", n.category).string("raw", n.raw)
                if let t = n.tag { r = r.string("tag", t) }
                world.emit(r.string("reason", n.reason))
            }
        case .failure(let e):
            s.categories = []
            world.emit(Record("bundle.invalid").string("reason", e.reason).int("bytes", s.bundle.count))
        }
        loadEdits(&s, &world)
        world.emit(Record("launch").word("os", s.device.os.description).int("launch", s.launches).int("categories", s.categories.count)
            .int("editedCategories", s.edits.categories.count))
        for c in s.categories { showTags(c, s, &world) }
        if world.isOn(.readOnLaunch) { autoDetect("launch", &s, &world) }
    }

    static func loadEdits(_ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        switch s.files.read(EditsFile.path, &world) {
        case .missing:
            s.edits = UserEdits()
            world.emit(Record("edits.missing"))
        case .ok(let bytes):
            switch EditsFile.decode(bytes) {
            case .success(let edits):
                s.edits = edits
                world.emit(Record("edits.loaded").int("bytes", bytes.count).int("categories", edits.categories.count))
            case .failure(let e):
                s.edits = UserEdits()
                if world.isOn(.corruptEditsOverwritten) { return }   // the article's try?: silently empty
                s.files.write(EditsFile.quarantinePath, bytes, &world)
                world.emit(Record("edits.corrupt").string("reason", e.reason).int("bytes", bytes.count)
                    .string("quarantined", EditsFile.quarantinePath))
            }
        case .corrupt(let reason):
            s.edits = UserEdits()
            world.emit(Record("edits.corrupt").string("reason", reason).int("bytes", 0).string("quarantined", "none"))
        case .denied(let why):
            s.edits = UserEdits()
            world.emit(Record("edits.unavailable").string("reason", "\(why)"))
        }
    }

    /// The historical "helpful" import (fault `readOnLaunch`): a programmatic read that looks for tags.
    static func autoDetect(_ context: String, _ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        let read = s.pasteboard.read(.programmatic, os: s.device.os, &world)
        let found = read.text.map { Hashtag.parse($0, s.rules).tags } ?? []
        world.emit(Record("import.detect").word("context", context).int("tags", found.count))
    }
}
