import LockstepCore
import Platform

/// A pin or unpin of a note, run by the app or the widget against the shared App Group container.
/// `sharedArray` is the historical layout (fault `sharedArrayPins`): one `pinned` key holding the
/// comma-separated list, rewritten from the snapshot; otherwise one `pinned.NOTE` key per pin.
struct PinOperation: AppGroupOperation {
    var note: String
    var pin: Bool
    var sharedArray: Bool

    var text: String { "\(pin ? "pin" : "unpin") \(note)" }

    static let sharedKey = "pinned"
    static let keyPrefix = "pinned."

    /// The writes computed from what the process read.
    func writes(_ snapshot: KeyValueSnapshot) -> [AppGroupWrite<[UInt8]>] {
        guard sharedArray else {
            return [AppGroupWrite(PinOperation.keyPrefix + note, pin ? Array("1".utf8) : nil)]
        }
        var list = snapshot.string(PinOperation.sharedKey).map { $0.split(separator: ",").map(String.init) } ?? []
        list.removeAll { $0 == note }
        if pin { list.append(note) }
        return [AppGroupWrite(PinOperation.sharedKey, Array(list.joined(separator: ",").utf8))]
    }
}

extension KeyValueStore {
    /// The pinned notes as the widget reads them, in either layout, sorted.
    var pinnedNotes: [String] {
        var notes: [String] = []
        for key in keys where key.hasPrefix(PinOperation.keyPrefix) { notes.append(String(key.dropFirst(PinOperation.keyPrefix.count))) }
        if let shared = peek(PinOperation.sharedKey) {
            notes += String(decoding: shared.bytes, as: UTF8.self).split(separator: ",").map(String.init)
        }
        return notes.sorted()
    }
}
