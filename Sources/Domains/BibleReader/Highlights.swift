import LockstepCore
import Platform

extension BibleReader {
    /// The device's highlight rows: its replica's newest record per row id, deletions removed.
    static func rows(_ s: BibleReaderState, _ device: String) -> [HighlightRow] {
        guard let replica = s.replicas[device] else { return [] }
        var out: [HighlightRow] = []
        for r in replica.view where r.value != "deleted" {
            let p = r.value.split(separator: " ")
            guard p.count >= 2, let verse = Int64(p[0]) else { continue }
            out.append(HighlightRow(uuid: r.key, verseID: verse, color: String(p[1]), translation: p.count > 2 ? String(p[2]) : nil,
                                    createdAt: r.stamp))
        }
        return out.sorted { ($0.verseID, $0.createdAt, $0.uuid) < ($1.verseID, $1.createdAt, $1.uuid) }
    }

    /// Keep the newest per verse (ties: the larger UUID string); the fault keeps every row.
    static func view(_ rows: [HighlightRow], dedupe: Bool) -> [HighlightRow] {
        if !dedupe { return rows }
        var out: [HighlightRow] = []
        for r in rows {
            if let last = out.last, last.verseID == r.verseID {
                if (r.createdAt, r.uuid) > (last.createdAt, last.uuid) { out[out.count - 1] = r }
            } else {
                out.append(r)
            }
        }
        return out
    }

    static let knownColors = ["yellow", "green", "blue", "pink", "purple"]

    static func toggle(_ s: inout BibleReaderState, device: String, verse: Int64, color: String, _ world: inout World<BibleReader>) {
        guard let ref = VerseRef(id: verse), ref.verse >= 1 else {
            return world.reject("toggleHighlight", "invalid-verse-ref") { $0.int64("verse", verse) }
        }
        guard s.launched.contains(device) else { return world.reject("toggleHighlight", "not-launched") { $0.word("device", device) } }
        let existing = rows(s, device).filter { $0.verseID == verse }
        if existing.isEmpty {
            let uuid = world.uuid().description
            let value = world.isOn(.perTranslationHighlights) ? "\(verse) \(color) \(s.lastTranslation[device] ?? "KJV")" : "\(verse) \(color)"
            if let rec = s.cloud.save(uuid, value, on: device, &world) { _ = s.replicas[device, default: CloudReplica()].add(rec) }
            world.emit(Record("highlight.added").word("device", device).int64("verse", verse).word("color", color).string("ref", ref.reference))
        } else {
            // As written (D4): any toggle on a highlighted verse removes every row, whatever colour,
            // which also cleans up offline duplicates.
            for row in existing {
                if let rec = s.cloud.save(row.uuid, "deleted", on: device, &world) { _ = s.replicas[device, default: CloudReplica()].add(rec) }
            }
            world.emit(Record("highlight.removed").word("device", device).int64("verse", verse).int("rows", existing.count))
        }
        emitStore(s, device, &world)
    }

    static func emitStore(_ s: BibleReaderState, _ device: String, _ world: inout World<BibleReader>) {
        let all = rows(s, device)
        let shown = view(all, dedupe: !world.isOn(.noReadDedupe))
        world.emit(Record("userStore").word("device", device).int("rows", all.count).int("shown", shown.count)
            .int("duplicates", all.count - Set(all.map(\.verseID)).count))
        for r in shown {
            world.emit(Record("highlight").word("device", device).int64("verse", r.verseID).word("color", r.color).string("id", r.uuid))
        }
    }
}
