/// How the word list is held: parsed Swift literal (dirty heap) or memory-mapped file (clean).
enum WordListStorage: Equatable, Sendable {
    case dirtyParsed
    case mapped
}

/// Memory fault variants (items 9, 11); combinable.
struct MemoryLedgerFaults: OptionSet, Sendable {
    let rawValue: Int
    /// Released controllers' views stay retained (no deferred deinit teardown).
    static let retainViews = MemoryLedgerFaults(rawValue: 1 << 0)
    /// Teardown in viewWillDisappear: every re-show rebuilds the view (transient high-water + UIKit caches).
    static let teardownInViewWillDisappear = MemoryLedgerFaults(rawValue: 1 << 1)
    /// Each language switch warms up on the global queue, spawning a blocked thread.
    static let globalQueueWarmups = MemoryLedgerFaults(rawValue: 1 << 2)
}

enum MemoryLedgerError: Error, Equatable, Sendable {
    case invalidBytes(limit: Int)
    case freeExceedsLive
    case tooManyLanguages(limit: Int)
}

/// One checkpoint of the ledger; MB text is bytes / 1_048_576 to one decimal, half up.
struct MemorySnapshot: Equatable, Sendable {
    var label: String
    var footprintBytes: Int
    var liveAllocBytes: Int
    var ceilingBytes: Int
    var retainedViews: Int
    var threadStacks: Int
    var killed: Bool
    var footprintMBText: String { MemoryLedger.megabytesText(footprintBytes) }
}

/// Simulated phys_footprint ledger and jetsam (items 9, 11, 13).
///
/// WHY a ledger: jetsam kills silently at the ceiling, so the harness must account every
/// charged component itself. Sizes (integer bytes) are chosen to give the article's
/// baselines: runtime 24 MiB + one live view (50 × 62,915 B = 3,145,750 B ≈ 3.0 MB) = 27.0 MB
/// with a mapped word list; + 25 MiB dirty parsed word list = 52.0 MB.
struct MemoryLedger: Sendable {
    static let bytesPerMB = 1_048_576
    static let runtimeBytes = 24 * bytesPerMB
    static let keyButtonCount = 50
    /// ≈60 KB per button (gradient + glow + rasterised shadow); 50 of them ≈ 3 MB per view.
    static let keyButtonBytes = 62_915
    static let viewBytes = keyButtonCount * keyButtonBytes
    static let dirtyWordListBytes = 25 * bytesPerMB
    static let warmupThreadStackBytes = 524_288
    /// UIKit cache growth per viewWillDisappear-teardown rebuild (model choice; unpurgeable).
    static let rebuildUnpurgeableCacheBytes = 262_144
    static let defaultCeilingBytes = 62_914_560
    static let maxAllocationBytes = 1 << 30
    static let maxWarmedLanguages = 64

    let faults: MemoryLedgerFaults
    let wordListStorage: WordListStorage
    private(set) var wordListCharged = false
    private(set) var liveViewLoaded = false
    /// Views of released controllers awaiting the deferred one-turn teardown.
    private(set) var pendingTeardownViews = 0
    private(set) var retainedViews = 0
    private(set) var threadStacks = 0
    /// Sorted.
    private(set) var warmedLanguages: [String] = []
    private(set) var heapHighWaterBytes = 0
    private(set) var liveAllocBytes = 0
    private(set) var purgeableCacheBytes = 0
    private(set) var rebuildCount = 0
    private(set) var hostCycles = 0
    var configuredCeilingBytes: Int
    private(set) var pressureCeilingBytes: Int?
    private(set) var killed = false

    init(wordListStorage: WordListStorage, faults: MemoryLedgerFaults = [],
         ceilingBytes: Int = MemoryLedger.defaultCeilingBytes) {
        self.wordListStorage = wordListStorage
        self.faults = faults
        self.configuredCeilingBytes = ceilingBytes
    }

    var ceilingBytes: Int { min(configuredCeilingBytes, pressureCeilingBytes ?? configuredCeilingBytes) }

    /// Bytes the word index costs the footprint (budget guard of item 13): mapped pages are clean.
    var indexChargedBytes: Int { wordListCharged ? Self.dirtyWordListBytes : 0 }

    /// Dirty + compressed pages, i.e. what jetsam measures.
    var footprintBytes: Int {
        Self.runtimeBytes + indexChargedBytes
            + (liveViewLoaded ? Self.viewBytes : 0)
            + (retainedViews + pendingTeardownViews) * Self.viewBytes
            + threadStacks * Self.warmupThreadStackBytes
            + max(heapHighWaterBytes, liveAllocBytes)
    }

    /// What the probe reports: 0 when task_info fails (so 0 means "unknown", not "small").
    func reportedFootprintBytes(taskInfoSucceeds: Bool) -> Int { taskInfoSucceeds ? footprintBytes : 0 }

    static func megabytesText(_ bytes: Int) -> String {
        let negative = bytes < 0
        let magnitude = negative ? -bytes : bytes
        let tenths = (magnitude * 10 + bytesPerMB / 2) / bytesPerMB
        return (negative ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }

    func snapshot(_ label: String) -> MemorySnapshot {
        MemorySnapshot(label: label, footprintBytes: footprintBytes, liveAllocBytes: liveAllocBytes,
                       ceilingBytes: ceilingBytes, retainedViews: retainedViews,
                       threadStacks: threadStacks, killed: killed)
    }

    // MARK: events — all ignored once killed; each returns `killed` after the jetsam check.

    @discardableResult mutating func viewDidLoad() -> Bool {
        guard !killed else { return true }
        liveViewLoaded = true
        return checkJetsam()
    }

    @discardableResult mutating func viewWillAppear() -> Bool {
        guard !killed else { return true }
        if faults.contains(.teardownInViewWillDisappear), !liveViewLoaded {
            rebuildCount += 1
            heapHighWaterBytes = max(heapHighWaterBytes, liveAllocBytes + Self.viewBytes)
            liveAllocBytes += Self.rebuildUnpurgeableCacheBytes
            heapHighWaterBytes = max(heapHighWaterBytes, liveAllocBytes)
            liveViewLoaded = true
        }
        return checkJetsam()
    }

    @discardableResult mutating func viewWillDisappear() -> Bool {
        guard !killed else { return true }
        if faults.contains(.teardownInViewWillDisappear) { liveViewLoaded = false }
        return checkJetsam()
    }

    /// The old controller is released; iOS keeps its view.
    @discardableResult mutating func controllerDeinit() -> Bool {
        guard !killed else { return true }
        if liveViewLoaded {
            if faults.contains(.retainViews) || faults.contains(.teardownInViewWillDisappear) {
                retainedViews += 1
            } else {
                pendingTeardownViews += 1
            }
        }
        liveViewLoaded = false
        return checkJetsam()
    }

    /// One run-loop turn: deferred deinit teardowns empty their views.
    @discardableResult mutating func mainQueueTurn() -> Bool {
        guard !killed else { return true }
        pendingTeardownViews = 0
        return checkJetsam()
    }

    /// New host app: old controller released, new one built (an empty baseline controller never loads its view).
    @discardableResult mutating func hostAppChange(newControllerLoadsView: Bool = true) -> Bool {
        guard !killed else { return true }
        hostCycles += 1
        controllerDeinit()
        if newControllerLoadsView { viewDidLoad() }
        return killed
    }

    /// The dirty word list is parsed on the first keystroke, in front of the user.
    @discardableResult mutating func keystroke() -> Bool {
        guard !killed else { return true }
        if wordListStorage == .dirtyParsed { wordListCharged = true }
        return checkJetsam()
    }

    /// Warm-up per switch: serial queue = one thread, each language once; global queue = a thread per switch.
    @discardableResult mutating func languageSwitch(_ id: String) throws(MemoryLedgerError) -> Bool {
        guard !killed else { return true }
        let known = warmedLanguages.contains(id)
        if !known {
            guard warmedLanguages.count < Self.maxWarmedLanguages else {
                throw .tooManyLanguages(limit: Self.maxWarmedLanguages)
            }
            let at = warmedLanguages.firstIndex(where: { $0 > id }) ?? warmedLanguages.count
            warmedLanguages.insert(id, at: at)
        }
        if faults.contains(.globalQueueWarmups) {
            threadStacks += 1
        } else {
            threadStacks = 1
        }
        return checkJetsam()
    }

    @discardableResult mutating func allocate(bytes: Int, purgeableCache: Bool = false) throws(MemoryLedgerError) -> Bool {
        guard !killed else { return true }
        guard bytes >= 0, bytes <= Self.maxAllocationBytes, liveAllocBytes <= Self.maxAllocationBytes else {
            throw .invalidBytes(limit: Self.maxAllocationBytes)
        }
        liveAllocBytes += bytes
        if purgeableCache { purgeableCacheBytes += bytes }
        heapHighWaterBytes = max(heapHighWaterBytes, liveAllocBytes)
        return checkJetsam()
    }

    mutating func free(bytes: Int) throws(MemoryLedgerError) {
        guard !killed else { return }
        guard bytes >= 0, bytes <= Self.maxAllocationBytes else { throw .invalidBytes(limit: Self.maxAllocationBytes) }
        guard bytes <= liveAllocBytes - purgeableCacheBytes else { throw .freeExceedsLive }
        liveAllocBytes -= bytes
    }

    /// Large transient allocation: raises the high-water mark for good, then is freed.
    @discardableResult mutating func transientAllocation(bytes: Int) throws(MemoryLedgerError) -> Bool {
        guard !killed else { return true }
        let dead = try allocate(bytes: bytes)
        if !dead { liveAllocBytes -= bytes }
        return dead
    }

    /// Drops purgeable caches; the heap high-water stays charged (the article's "did not move").
    mutating func memoryWarning() {
        guard !killed else { return }
        liveAllocBytes -= purgeableCacheBytes
        purgeableCacheBytes = 0
    }

    /// The rest of the phone lowers the effective ceiling; nil lifts the pressure.
    @discardableResult mutating func systemMemoryPressure(ceilingBytes: Int?) -> Bool {
        guard !killed else { return true }
        pressureCeilingBytes = ceilingBytes.map { max($0, 0) }
        return checkJetsam()
    }

    private mutating func checkJetsam() -> Bool {
        if footprintBytes > ceilingBytes { killed = true }
        return killed
    }
}
