import LockstepCore
import Platform

/// The editor's three edits (the article's `TagLibrary.add`, `remove` and the `onMove` handler),
/// each a change of the overlay followed by a save per mutation.
extension Hashtags {
    /// `add(raw, to:)`: every parsed tag not already listed is added; a removed default is only
    /// un-removed (derived failure 8). Every piece of the text is a `token` record.
    static func addTags(_ raw: String, to c: TagCategory, via: String, _ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        guard raw.utf8.count <= Hashtag.maxTextBytes else {
            world.reject(via, "too-long") { $0.int("bytes", raw.utf8.count).int("limit", Hashtag.maxTextBytes) }
            return
        }
        let parsed = Hashtag.parse(raw, s.rules)
        for t in parsed.tokens {
            var r = Record("token").string("raw", t.raw)
            r = t.tag.map { r.string("tag", $0) } ?? r.word("tag", "none")
            if let why = t.reason { r = r.word("reason", why) }
            world.emit(r)
        }
        if parsed.unparsedPieces > 0 {
            world.emit(Record("parse.truncated").int("unparsed", parsed.unparsedPieces).int("limit", Hashtag.maxPieces))
        }
        var added = 0, unremoved = 0, present = 0
        for tag in parsed.tags {
            // The article's `where` clause, evaluated again for each tag against the current edits.
            if tags(c, s, world).contains(where: { Hashtag.same($0, tag) }) {
                present += 1
                world.emit(Record("add.skipped").word("category", c.id).string("tag", tag).word("reason", "listed"))
                continue
            }
            let isDefault = c.tags.contains { Hashtag.same($0, tag) }
            var e = s.edits[c.id]
            e.removed?.removeAll { Hashtag.same($0, tag) }
            s.edits[c.id] = e
            save(&s, &world)
            if isDefault && !world.isOn(.reAddDuplicatesDefault) {
                unremoved += 1
                world.emit(Record("unremoved").word("category", c.id).string("tag", tag))
                continue
            }
            guard (s.edits[c.id].added ?? []).count < BundleFile.maxTagsPerCategory else {
                world.reject(via, "limit") { $0.word("category", c.id).string("tag", tag).word("limit", "maxAddedTags").int("value", BundleFile.maxTagsPerCategory) }
                continue
            }
            e = s.edits[c.id]
            e.added = (e.added ?? []) + [tag]
            s.edits[c.id] = e
            save(&s, &world)
            added += 1
            world.emit(Record("added").word("category", c.id).string("tag", tag))
        }
        world.emit(Record("add").word("category", c.id).word("via", via).int("tags", parsed.tags.count).int("added", added)
            .int("unremoved", unremoved).int("listed", present))
        if added + unremoved > 0 { showEdits(s, &world) }
        showTags(c, s, world: &world)
    }

    /// `remove(tag, from:)`: out of `added` (a no-op mutation when there is none), into `removed`:
    /// two mutations, two saves. A picked tag leaves the picks (derived failure 11).
    static func remove(_ tag: String, from c: TagCategory, _ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        guard tags(c, s, world).contains(where: { Hashtag.same($0, tag) }) else {
            world.reject("swipeDelete", "not-listed") { $0.word("category", c.id).string("tag", tag) }
            return
        }
        var e = s.edits[c.id]
        e.added?.removeAll { Hashtag.same($0, tag) }
        s.edits[c.id] = e
        save(&s, &world)
        s.edits.insertRemoved(tag, in: c.id)
        save(&s, &world)
        world.emit(Record("deleted").word("category", c.id).string("tag", tag))
        showEdits(s, &world)
        showTags(c, s, world: &world)
        if s.pickCategory == c.id, let i = s.picked.firstIndex(where: { Hashtag.same($0, tag) }), !world.isOn(.stalePicks) {
            s.picked.remove(at: i)
            _ = s.ledger.release(tagLimitName, 1, &world)
            world.emit(Record("picks.dropped").string("tag", tag).word("reason", "deleted"))
            picksChanged(c, &s, &world)
        }
    }

    /// The `onMove` handler: the current list moved, stored whole as the category's `order`.
    static func reorder(_ c: TagCategory, _ offsets: [Int], _ to: Int, _ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        let current = tags(c, s, world)
        if let problem = Overlay.moveProblem(count: current.count, offsets: offsets, destination: to) {
            world.reject("move", "bad-offsets") { $0.word("category", c.id).string("why", problem) }
            return
        }
        let moved = Overlay.move(current, fromOffsets: offsets, toOffset: to)
        var e = s.edits[c.id]
        e.order = moved
        s.edits[c.id] = e
        save(&s, &world)
        world.emit(Record("moved").word("category", c.id).string("from", offsets.map(String.init).joined(separator: ",")).int("to", to))
        showEdits(s, &world)
        showTags(c, s, world: &world)
    }

    static func showTags(_ c: TagCategory, _ s: HashtagsState, world: inout World<Hashtags>) { showTags(c, s, &world) }
}
