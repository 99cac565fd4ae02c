import LockstepCore
import Platform

/// `cloudNotes`: notes edited on three devices that sync through a CloudKit-like cloud, and a
/// widget on the phone that pins notes through the App Group container it shares with the app.
///
/// Not an app with a seed article: a fixture that exercises Platform's `Cloud` and `AppGroup`
/// through the runner (issue #21), in the shape of an app domain. Its rules are the ones the app
/// notes state for CloudKit mirroring and App Groups (`bibleReader`'s duplicate rule, the
/// cross-cutting note on shared App Group defaults):
/// - every edit is saved on the device first and pushed when the device is online; the cloud
///   delivers to the other devices in any order and in parts, repeats records and loses some
///   (a `fetch` recovers them);
/// - there is no unique constraint, so two devices editing one note make two rows; every device
///   shows one row per note, the newest (`CloudMerge`: newest stamp, ties to the larger record id),
///   so all devices agree once they have the same rows, whatever order those arrived in;
/// - a redelivered record changes nothing and says so (`deduped`);
/// - pins live in the App Group as one key per note (`pinned.NOTE`), so the app and the widget
///   pinning at the same moment both keep their pin; the historical design (one shared array,
///   read-modify-write) loses one of them.
///
/// Choices (GAPs):
/// - Devices are fixed: `phone`, `ipad`, `mac`; the App Group processes are `app` and `widget`
///   (both on the phone). Pins do not sync through the cloud.
/// - Edits stamp the device's virtual clock; a tie between devices goes to the larger record id
///   (`phone.1` over `mac.1`), as the bible reader's note breaks `createdAt` ties by the larger id.
/// - Unpinning a note that is not pinned is written anyway (a removal of a missing key): the
///   widget's intent does not read first.
/// - The widget's `refresh` reads the container directly (a timeline provider reads; it never
///   commits), so it is not an `AppGroup` operation.
public enum CloudNotes: Domain {
    public static let entry = DomainEntry(Self.self)

    public static let name = "cloudNotes"
    public static let summary = "Fixture: notes synced across devices through Platform's Cloud, and App Group pins from a widget (issue #21)."

    public static let devices = ["phone", "ipad", "mac"]
    public static let processes = ["app", "widget"]
    public static let groupID = "group.app.cloudnotes"
    /// A note's text at most (Unicode scalars): a bound on the trace and the store.
    public static let maxTextScalars = 200
    /// A note's key at most (bytes).
    public static let maxKeyBytes = 32

    public enum Device: String, CaseIterable, Sendable { case phone, ipad, mac }
    public enum Process: String, CaseIterable, Sendable { case app, widget }

    public enum Event: Sendable {
        case edit(device: Device, note: String, text: String)
        case open(device: Device)
        case pin(process: Process, note: String)
        case unpin(process: Process, note: String)
        case refresh
        case cloud(CloudLine)
        case appGroup(AppGroupLine)
    }

    public struct Settings: Sendable {
        var autoPush: Bool
    }

    public enum Fault: String, DomainFault {
        case dedupeByArrival, noDedupe, sharedArrayPins

        public var summary: String {
            switch self {
            case .dedupeByArrival: "each note shows the row that arrived last, not the newest: a late old edit overwrites a newer one on one device only"
            case .noDedupe: "no dedupe by note: two devices' edits of one note both show, the note is listed twice"
            case .sharedArrayPins: "pins kept as one shared array in the App Group (read-modify-write): the app and widget pinning together lose a pin"
            }
        }
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(autoPush: try s("autoPush", .bool, default: true, "online devices push each edit at once (false: only on 'cloud push')"))
    }

    /// A note's key: 1...`maxKeyBytes` letters, digits, `-` or `_`.
    static let noteKey = FieldKind.word.map("a note key (1...32 letters, digits, - or _)", placeholder: { "note" }, text: { $0 }) { value, _ in
        isNoteKey(value) ? value : nil
    }

    static func isNoteKey(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= maxKeyBytes
            && s.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    }

    public static let events: [EventKind<Event>] = [
        EventKind("edit", "The user edits a note on a device (saved there, then pushed).") { f throws(ScenarioError) in
            let device = try f("device", .choice(Device.self))
            let note = try f("note", noteKey)
            let text = try f("text", .string, "the note's new text")
            if !f.isDeclaring, text.unicodeScalars.count > maxTextScalars {
                throw f.error("text has \(text.unicodeScalars.count) scalars; a note holds at most \(maxTextScalars) (maxTextScalars)", at: "text")
            }
            return .edit(device: device, note: note, text: text)
        },
        EventKind("open", "The user opens the note list on a device.") { f throws(ScenarioError) in
            .open(device: try f("device", .choice(Device.self)))
        },
        EventKind("pin", "The app or the widget pins a note (an App Group operation).") { f throws(ScenarioError) in
            .pin(process: try f("process", .choice(Process.self)), note: try f("note", noteKey))
        },
        EventKind("unpin", "The app or the widget unpins a note (an App Group operation).") { f throws(ScenarioError) in
            .unpin(process: try f("process", .choice(Process.self)), note: try f("note", noteKey))
        },
        EventKind("refresh", "The widget's timeline reads the pinned notes.") { _ throws(ScenarioError) in .refresh },
        CloudVocabulary.eventKind { .cloud($0) },
        AppGroupVocabulary.eventKind { .appGroup($0) },
    ]

    public static func kind(of event: Event) -> String {
        switch event {
        case .edit: "edit"
        case .open: "open"
        case .pin: "pin"
        case .unpin: "unpin"
        case .refresh: "refresh"
        case .cloud: CloudVocabulary.kind
        case .appGroup: AppGroupVocabulary.kind
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<CloudNotes>) throws(ScenarioError) -> State {
        State(cloud: Cloud(devices: devices, autoPush: settings.autoPush, rng: world.rng("cloud")),
              group: AppGroup(processes: processes, store: KeyValueStore(.appGroup(groupID)), rng: world.rng("appgroup")))
    }

    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<CloudNotes>) {
        switch event {
        case .edit(let device, let note, let text):
            guard let record = state.cloud.save(note, text, on: device.rawValue, &world) else { return }
            let d = state.index(device.rawValue)
            _ = state.replicas[d].add(record)
            state.refreshView(d, &world)
        case .open(let device):
            let d = state.index(device.rawValue)
            let rows = state.shown[d]
            world.emit(Record("list").word("device", device.rawValue).int("count", rows.count)
                .string("notes", rows.isEmpty ? "" : rows.map { "\($0.key)=\($0.value)" }.joined(separator: " | ")))
        case .pin(let process, let note):
            state.group.submit(PinOperation(note: note, pin: true, sharedArray: world.isOn(.sharedArrayPins)), by: process.rawValue, &world)
        case .unpin(let process, let note):
            state.group.submit(PinOperation(note: note, pin: false, sharedArray: world.isOn(.sharedArrayPins)), by: process.rawValue, &world)
        case .refresh:
            let pins = state.group.store.pinnedNotes
            world.emit(Record("widget").int("count", pins.count).word("pinned", pins.isEmpty ? "none" : pins.joined(separator: ",")))
        case .cloud(let line):
            let arrived = state.cloud.handle(line, &world)
            guard !arrived.isEmpty, let d = state.cloud.index(of: deviceOf(line)) else { return }
            var added: [String] = []
            for delivery in arrived {
                switch state.replicas[d].add(delivery.record) {
                case .added: added.append(delivery.record.id)
                case .alreadyHeld:
                    world.emit(Record("deduped").word("device", devices[d]).word("id", delivery.record.id).bool("redelivery", delivery.duplicate))
                case .full:
                    world.reject("cloud", "replica-full") { $0.word("device", devices[d]).word("id", delivery.record.id) }
                }
            }
            state.refreshView(d, arrived: added, &world)
        case .appGroup(let line):
            let steps = state.group.handle(line, &world) { op, snapshot in op.writes(snapshot) }
            for case .committed(_, let op, _) in steps where op.pin { state.pinsCommitted.append(op.note) }
            for case .committed(_, let op, _) in steps where !op.pin { state.pinsCommitted.removeAll { $0 == op.note } }
        }
    }

    /// The device a `deliver` or `fetch` line delivers to.
    static func deviceOf(_ line: CloudLine) -> String {
        switch line {
        case .deliver(let to, _, _, _, _): to
        case .fetch(let d), .push(let d), .network(let d, _): d
        }
    }

    public static func write(_ state: State, to out: inout CanonicalWriter) { state.write(to: &out) }
}
