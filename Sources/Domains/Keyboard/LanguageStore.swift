/// One defaults store's view of the active language (item 1).
///
/// Stamps are Int64 nanoseconds from the injected clock (the app stores
/// `timeIntervalSince1970` seconds as a Double; integer ns is exact and orders the
/// same way). `nil` stamp means "missing / non-numeric" and sorts as −∞.
struct LanguageRecord: Equatable, Sendable {
    var id: String?
    var stampNanoseconds: Int64?

    static let missing = LanguageRecord(id: nil, stampNanoseconds: nil)
}

/// Which side wrote through the setter: the extension, or the container app
/// (which always owns a writable App Group container).
enum LanguageWriter: Equatable, Sendable {
    case keyboardExtension
    case containerApp
}

/// Read-path variants: `sharedOnly` is the "language reverts to English" bug —
/// the getter trusts only the App Group store, whose writes vanish without Full Access.
enum LanguageStoreVariant: Equatable, Sendable {
    case correctMerge
    case sharedOnly
}

/// Where the resolved id came from, so goldens can pin *why* a language won.
enum LanguageSource: Equatable, Sendable {
    case shared
    case local
    case fallback
}

struct LanguageResolution: Equatable, Sendable {
    var id: String
    var source: LanguageSource
    /// A candidate stamp later than `now` was seen; accepted as-is (newest wins) but surfaced.
    var futureStampSeen: Bool
}

/// Result of a write so the harness can record the silent drop the app never sees.
struct LanguageWriteResult: Equatable, Sendable {
    var sharedDropped: Bool
}

enum LanguageStoreError: Error, Equatable, Sendable {
    /// `enabled[0]` is the fallback, so an empty list would index out of range.
    case emptyEnabledList
    case tooManyLanguages(limit: Int)
}

/// Two-store active-language merge (App Group + the extension's own defaults).
///
/// WHY two stores: without Full Access the App Group write can silently vanish, so the
/// extension keeps a local mirror and the newer stamp wins on read.
struct LanguageStore: Sendable {
    static let maxEnabledLanguages = 64

    let enabledLanguageIDs: [String]
    let variant: LanguageStoreVariant
    /// False when Full Access is off: the extension's shared writes are dropped without error.
    var sharedWritable: Bool
    private(set) var shared: LanguageRecord = .missing
    private(set) var local: LanguageRecord = .missing
    /// The container app's own standard defaults; never read by the extension.
    private(set) var containerLocal: LanguageRecord = .missing

    init(
        enabledLanguageIDs: [String],
        sharedWritable: Bool,
        variant: LanguageStoreVariant = .correctMerge,
        shared: LanguageRecord = .missing,
        local: LanguageRecord = .missing
    ) throws(LanguageStoreError) {
        guard !enabledLanguageIDs.isEmpty else { throw .emptyEnabledList }
        guard enabledLanguageIDs.count <= Self.maxEnabledLanguages else {
            throw .tooManyLanguages(limit: Self.maxEnabledLanguages)
        }
        self.enabledLanguageIDs = enabledLanguageIDs
        self.sharedWritable = sharedWritable
        self.variant = variant
        self.shared = shared
        self.local = local
    }

    /// Is `lhs` at least as new as `rhs`, with a missing stamp as −∞ (so missing == missing ties).
    private static func isAtLeastAsNew(_ lhs: Int64?, _ rhs: Int64?) -> Bool {
        switch (lhs, rhs) {
        case (nil, _): return rhs == nil
        case (_, nil): return true
        case let (l?, r?): return l >= r
        }
    }

    /// Getter: newest candidate whose id is enabled; ties go to the shared store; else `enabled[0]`.
    func resolve(nowNanoseconds: Int64? = nil) -> LanguageResolution {
        var candidates: [(LanguageRecord, LanguageSource)]
        switch variant {
        case .sharedOnly:
            candidates = [(shared, .shared)]
        case .correctMerge:
            candidates = Self.isAtLeastAsNew(shared.stampNanoseconds, local.stampNanoseconds)
                ? [(shared, .shared), (local, .local)]
                : [(local, .local), (shared, .shared)]
        }
        var future = false
        if let now = nowNanoseconds {
            for (record, _) in candidates {
                if let stamp = record.stampNanoseconds, stamp > now { future = true }
            }
        }
        for (record, source) in candidates {
            if let id = record.id, enabledLanguageIDs.contains(id) {
                return LanguageResolution(id: id, source: source, futureStampSeen: future)
            }
        }
        // Non-empty guaranteed by init.
        return LanguageResolution(id: enabledLanguageIDs[0], source: .fallback, futureStampSeen: future)
    }

    var activeLanguageID: String { resolve().id }

    /// Setter used by both sides: writes id + stamp to the App Group store and the writer's own store.
    @discardableResult
    mutating func set(_ id: String, nowNanoseconds: Int64, writer: LanguageWriter = .keyboardExtension)
        -> LanguageWriteResult
    {
        let record = LanguageRecord(id: id, stampNanoseconds: nowNanoseconds)
        switch writer {
        case .keyboardExtension:
            local = record
            if sharedWritable {
                shared = record
                return LanguageWriteResult(sharedDropped: false)
            }
            return LanguageWriteResult(sharedDropped: true)
        case .containerApp:
            containerLocal = record
            shared = record
            return LanguageWriteResult(sharedDropped: false)
        }
    }
}
