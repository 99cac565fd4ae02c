import LockstepCore
import Platform

/// The server-less quote of the day: FNV-1a 64 of the unpadded local day key, modulo the count,
/// then the row at that offset of a fetch sorted by id.
extension Quotes {
    /// `DailyPick.index`: 0 for an empty library (the `% 0` guard).
    static func dailyIndex(hash: UInt64, count: Int) -> Int {
        guard count > 0 else { return 0 }
        return Int(hash % UInt64(count))
    }

    static func dailyHash(_ key: String, _ s: QuotesState, _ world: World<Quotes>) -> UInt64 {
        let fnv = FNV1a64.hash(key.utf8)
        guard world.isOn(.hashValueDailyPick) else { return fnv }
        // String.hashValue: seeded afresh on every process launch.
        var rng = world.rng("hashValueSeed", UInt64(s.launches))
        return fnv ^ rng.next()
    }

    static func openQuoteOfTheDay(_ s: inout QuotesState, _ world: inout World<Quotes>) {
        let day = DayKey(at: world.now, in: world.zone)
        let key = world.isOn(.paddedDailyKey) ? day.padded : day.unpadded
        if let pin = s.pinned, pin.day == day.padded, !world.isOn(.unpinnedDailyPick), quoteRow(s, pin.id) != nil {
            world.emit(Record("qotd").string("key", key).string("id", pin.id).bool("pinned", true).word("zone", world.zone.name))
            return
        }
        let total = s.store.count("quote")
        let hash = dailyHash(key, s, world)
        let index = dailyIndex(hash: hash, count: total)
        let order: ObjectOrder? = world.isOn(.unsortedOffsetFetch) ? ObjectOrder("seq") : nil  // nil: key order, the id sort
        guard total > 0, let row = ((try? s.store.fetch("quote", order: order, offset: index, limit: 1)) ?? []).first else {
            world.emit(Record("qotd").string("key", key).int("count", total).word("quote", "none").string("message", "No quote yet"))
            return
        }
        let id = row["id"].text ?? ""
        s.pinned = (day.padded, id)
        world.emit(Record("qotd").string("key", key).string("fnv", "0x" + hex16(hash)).int("count", total).int("index", index)
            .string("id", id).string("author", row["author"].text ?? "").word("zone", world.zone.name))
    }

    static func hex16(_ v: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for shift in stride(from: 60, through: 0, by: -4) { out.append(digits[Int((v >> UInt64(shift)) & 0xF)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
