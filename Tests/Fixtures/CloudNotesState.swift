import LockstepCore
import Platform

extension CloudNotes {
    /// One note as a device shows it.
    struct ShownRow: Hashable, Sendable {
        var key: String
        var id: String
        var value: String
    }

    public struct State {
        var cloud: Cloud<String>
        var group: AppGroup<KeyValueStore, PinOperation>
        /// Each device's local rows, by device index.
        var replicas: [CloudReplica<String>] = Array(repeating: CloudReplica(), count: CloudNotes.devices.count)
        /// What each device shows: one row per note, by key (under `noDedupe`, every row).
        var shown: [[ShownRow]] = Array(repeating: [], count: CloudNotes.devices.count)
        /// History for `noPinLost`: the notes whose pin committed and was not unpinned since, in
        /// commit order (left out of the state digest: the store already shows the pins).
        var pinsCommitted: [String] = []

        func index(_ device: String) -> Int { CloudNotes.devices.firstIndex(of: device)! }

        /// Recomputes device `d`'s view and records each note whose shown text changed; an
        /// `arrived` row that lost the merge is said too (`kept`), so no arrival is silent.
        mutating func refreshView(_ d: Int, arrived: [String] = [], _ world: inout World<CloudNotes>) {
            let rows = replicas[d].rows
            let view: [ShownRow]
            if world.isOn(.noDedupe) {
                view = rows.sorted { ($0.key, $0.id) < ($1.key, $1.id) }.map { ShownRow(key: $0.key, id: $0.id, value: $0.value) }
            } else if world.isOn(.dedupeByArrival) {
                var last: [String: CloudRecord<String>] = [:]
                for r in rows { last[r.key] = r }
                view = last.keys.sorted().map { ShownRow(key: $0, id: last[$0]!.id, value: last[$0]!.value) }
            } else {
                view = CloudMerge.newestPerKey(rows).map { ShownRow(key: $0.key, id: $0.id, value: $0.value) }
            }
            let before = shown[d]
            let device = CloudNotes.devices[d]
            for row in view where !before.contains(row) {
                var r = Record("shown").word("device", device).string("note", row.key).string("text", row.value).word("id", row.id)
                if let replaced = before.first(where: { $0.key == row.key && !view.contains($0) }) { r = r.word("over", replaced.id) }
                world.emit(r)
            }
            for id in arrived where !view.contains(where: { $0.id == id }) {
                guard let row = rows.first(where: { $0.id == id }) else { continue }
                world.emit(Record("kept").word("device", device).string("note", row.key).word("winner", view.first { $0.key == row.key }?.id ?? "none")
                    .word("over", id))
            }
            shown[d] = view
        }

        func write(to out: inout CanonicalWriter) {
            for (d, name) in CloudNotes.devices.enumerated() {
                out.section("device \(name)") { w in
                    w.int("rows", replicas[d].rows.count)
                    w.list("shown", shown[d]) { w, _, row in
                        w.record(Record("note").string("key", row.key).word("id", row.id).string("text", row.value))
                    }
                }
            }
            cloud.write(to: &out)
            group.write(to: &out)
        }
    }
}
