import LockstepCore
import Platform

/// The PickFive screen (the article's §6): rows are the category's tags; a tap picks (in order,
/// while below the limit) or un-picks (later picks move up); the title is "Copy n of LIMIT".
extension Hashtags {
    static func pick(_ tag: String, in c: TagCategory, _ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        if s.pickCategory != c.id {
            if let old = s.pickCategory, !s.picked.isEmpty {
                world.emit(Record("picks.reset").word("from", old).word("to", c.id).int("dropped", s.picked.count))
            }
            s.picked = []
            if (s.ledger.used(tagLimitName) ?? 0) > 0 { s.ledger.reset(tagLimitName, &world) }
            s.pickCategory = c.id
        }
        let rows = tags(c, s, world)
        guard let row = rows.first(where: { Hashtag.same($0, tag) }) else {
            world.reject("pick", "not-listed") { $0.word("category", c.id).string("tag", tag) }
            return
        }
        if let i = s.picked.firstIndex(where: { Hashtag.same($0, row) }) {
            s.picked.remove(at: i)
            _ = s.ledger.release(tagLimitName, 1, &world)
            world.emit(Record("unpicked").string("tag", row))
        } else if s.ledger.spend(tagLimitName, 1, &world) {   // refused with a record when full
            s.picked.append(row)
            world.emit(Record("picked").string("tag", row).int("position", s.picked.count))
        } else {
            return
        }
        picksChanged(c, &s, &world)
    }

    /// The limit the screen shows and disables rows at: the ledger's, or the literal of the
    /// `scatteredLimit` fault.
    static func shownLimit(_ s: HashtagsState, _ world: World<Hashtags>) -> Int {
        world.isOn(.scatteredLimit) ? scatteredLiteral : (s.ledger.limit(tagLimitName) ?? instagramTagLimit)
    }

    /// What the screen shows after the picks changed, and the selection haptic.
    static func picksChanged(_ c: TagCategory, _ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        s.selectionHaptics += 1
        world.emit(Record("haptic").word("kind", "selection"))
        let limit = shownLimit(s, world)
        let rows = tags(c, s, world)
        let full = s.picked.count >= limit
        let disabled = full ? rows.filter { r in !s.picked.contains { Hashtag.same($0, r) } }.count : 0
        let badges = s.picked.enumerated().map { "\($1)=\($0 + 1)" }.joined(separator: " ")
        world.emit(Record("picks").word("category", c.id).string("picked", s.picked.joined(separator: " ")).string("badges", badges)
            .int("disabledRows", disabled).string("title", "Copy \(s.picked.count) of \(limit)").bool("copyEnabled", !s.picked.isEmpty))
    }

    /// A limit lowered below the picks keeps the first ones (GAP) and says which went.
    static func keepPicksWithinLimit(_ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        let limit = s.ledger.limit(tagLimitName) ?? instagramTagLimit
        guard s.picked.count > limit, let id = s.pickCategory, let c = s.categories.first(where: { $0.id == id }) else { return }
        let dropped = Array(s.picked[limit...])
        s.picked.removeLast(s.picked.count - limit)
        _ = s.ledger.release(tagLimitName, dropped.count, &world)
        world.emit(Record("picks.truncated").int("limit", limit).string("dropped", dropped.joined(separator: " ")))
        picksChanged(c, &s, &world)
    }
}
