import LockstepCore

/// `DataScannerViewController` (VisionKit, iOS 16) as a scripted recogniser: availability flags,
/// start and stop, and the delegate's add/remove/update callbacks with the scanner's own item ids.
///
/// - `canScan` is `isSupported && isAvailable`, the seed's check; when it is false the app goes to
///   manual entry rather than show a dead button, and `startScanning` is refused with the reason.
/// - Items get ids 1, 2, 3, ... in the order they are added, never reused; `allItems` is ascending
///   by id. `stopScanning` clears them (a new session starts with no highlights; the model's choice).
/// - A callback while not scanning is reported as `notScanning` and changes nothing: the system
///   does not deliver after `stopScanning`, so a scripted one is a scenario that disagrees with
///   the app, and silence would hide it.
/// - Availability turning false while scanning stops the scan (`stoppedScanning` in the outcome).
public struct DataScanner: Hashable, Sendable, CanonicallyWritable {
    /// The most items tracked at once (a bound on state; a camera frame holds far fewer codes).
    public static let maxItems = 256

    public private(set) var isSupported: Bool
    public private(set) var isAvailable: Bool
    public private(set) var isScanning = false
    /// `allItems`, ascending by id.
    public private(set) var items: [RecognizedItem] = []
    public private(set) var nextItemID = RecognizedItemID(1)

    public init(isSupported: Bool, isAvailable: Bool) {
        self.isSupported = isSupported
        self.isAvailable = isAvailable
    }

    /// `DataScannerViewController.isSupported && DataScannerViewController.isAvailable`.
    public var canScan: Bool { isSupported && isAvailable }

    /// `try scanner.startScanning()`.
    public mutating func startScanning() -> DataScannerOutcome {
        guard isSupported else { return .refused(.unsupported) }
        guard isAvailable else { return .refused(.unavailable) }
        guard !isScanning else { return .refused(.alreadyScanning) }
        isScanning = true
        return .started
    }

    /// `scanner.stopScanning()`.
    public mutating func stopScanning() -> DataScannerOutcome {
        guard isScanning else { return .refused(.notScanning) }
        isScanning = false
        let cleared = items.count
        items = []
        return .stopped(clearedItems: cleared)
    }

    /// Applies a scripted availability change or delegate callback.
    public mutating func handle(_ event: DataScannerEvent) -> DataScannerOutcome {
        switch event {
        case .availability(let supported, let available):
            isSupported = supported
            isAvailable = available
            guard isScanning, !canScan else {
                return .availability(supported: supported, available: available, stoppedScanning: false, clearedItems: 0)
            }
            let cleared = items.count
            isScanning = false
            items = []
            return .availability(supported: supported, available: available, stoppedScanning: true, clearedItems: cleared)
        case .didAdd(let contents):
            guard isScanning else { return .refused(.notScanning) }
            guard items.count + contents.count <= DataScanner.maxItems else { return .refused(.tooManyItems(limit: DataScanner.maxItems)) }
            var added: [RecognizedItem] = []
            for c in contents {
                added.append(RecognizedItem(id: nextItemID, content: c))
                nextItemID = RecognizedItemID(nextItemID.rawValue + 1)
            }
            items.append(contentsOf: added)
            return .added(added, all: items)
        case .didRemove(let ids):
            guard isScanning else { return .refused(.notScanning) }
            for id in ids where !items.contains(where: { $0.id == id }) { return .refused(.unknownItem(id)) }
            let removed = items.filter { ids.contains($0.id) }
            items.removeAll { ids.contains($0.id) }
            return .removed(removed, all: items)
        case .didUpdate(let id, let content):
            guard isScanning else { return .refused(.notScanning) }
            guard let i = items.firstIndex(where: { $0.id == id }) else { return .refused(.unknownItem(id)) }
            let before = items[i]
            items[i].content = content
            return .updated(items[i], previous: before.content, all: items)
        }
    }

    /// `scanner { supported available scanning nextItemId items count=N { item … } }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("scanner") { w in
            w.bool("supported", isSupported)
            w.bool("available", isAvailable)
            w.bool("scanning", isScanning)
            w.int("nextItemId", nextItemID.rawValue)
            w.section("items count=\(items.count)") { w in
                for i in items { w.record(i.record) }
            }
        }
    }
}

/// What a data-scanner call or callback did.
public enum DataScannerOutcome: Hashable, Sendable, RecordConvertible {
    case started
    case stopped(clearedItems: Int)
    case availability(supported: Bool, available: Bool, stoppedScanning: Bool, clearedItems: Int)
    /// The new items (with their ids) and `allItems` after.
    case added([RecognizedItem], all: [RecognizedItem])
    case removed([RecognizedItem], all: [RecognizedItem])
    case updated(RecognizedItem, previous: RecognizedItemContent, all: [RecognizedItem])
    case refused(DataScannerRefusal)

    public var record: Record {
        switch self {
        case .started: return Record("scanner.started")
        case .stopped(let n): return Record("scanner.stopped").int("clearedItems", n)
        case .availability(let s, let a, let stopped, let n):
            return Record("scanner.availability").bool("supported", s).bool("available", a).bool("canScan", s && a)
                .bool("stoppedScanning", stopped).int("clearedItems", n)
        case .added(let added, let all):
            return Record("scanner.added").with("ids", .tuple(added.map { .int($0.id.rawValue) })).int("all", all.count)
        case .removed(let removed, let all):
            return Record("scanner.removed").with("ids", .tuple(removed.map { .int($0.id.rawValue) })).int("all", all.count)
        case .updated(let item, let previous, let all):
            return item.content.append(to: Record("scanner.updated").int("id", item.id.rawValue))
                .string("previous", previous.spelling).int("all", all.count)
        case .refused(let why): return why.record
        }
    }
}

/// Why a data-scanner call or callback was refused.
public enum DataScannerRefusal: Hashable, Sendable, RecordConvertible {
    /// `isSupported` is false (no A12 or later): manual entry.
    case unsupported
    /// `isAvailable` is false (camera permission, restrictions): manual entry.
    case unavailable
    case alreadyScanning
    /// A stop, or a callback, while not scanning.
    case notScanning
    /// A remove or update of an id the scanner is not tracking.
    case unknownItem(RecognizedItemID)
    /// More than `DataScanner.maxItems` at once.
    case tooManyItems(limit: Int)

    public var record: Record {
        let r = Record("rejected").word("input", "scanner")
        switch self {
        case .unsupported: return r.word("reason", "unsupported")
        case .unavailable: return r.word("reason", "unavailable")
        case .alreadyScanning: return r.word("reason", "alreadyScanning")
        case .notScanning: return r.word("reason", "notScanning")
        case .unknownItem(let id): return r.word("reason", "unknownItem").int("id", id.rawValue)
        case .tooManyItems(let limit): return r.word("reason", "tooManyItems").word("limit", "maxItems").int("value", limit)
        }
    }
}
