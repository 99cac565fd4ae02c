/// Simulated `AudioServicesCreateSystemSoundID` / `DisposeSystemSoundID` registry (item 5).
///
/// WHY: dropping the app's id table without disposing leaves ids live in the system;
/// the registry is the system's view, so a leak is visible as extra live ids.
struct SoundRegistry: Sendable {
    typealias SoundID = UInt32
    static let maxLiveIDs = 4_096
    static let firstID: SoundID = 4_097

    private var nextID: SoundID = SoundRegistry.firstID
    /// Sorted by id.
    private(set) var live: [(id: SoundID, path: String)] = []
    private(set) var createCount = 0
    private(set) var disposeCount = 0

    init() {}

    var liveIDs: [SoundID] { live.map(\.id) }

    /// nil when the live table is full (system refuses) or ids are exhausted.
    mutating func create(path: String) -> SoundID? {
        guard live.count < Self.maxLiveIDs, nextID < SoundID.max else { return nil }
        let id = nextID
        nextID += 1
        live.append((id, path))
        createCount += 1
        return id
    }

    /// False for an unknown id (double dispose), which the harness can flag.
    @discardableResult
    mutating func dispose(_ id: SoundID) -> Bool {
        guard let i = live.firstIndex(where: { $0.id == id }) else { return false }
        live.remove(at: i)
        disposeCount += 1
        return true
    }

    func path(of id: SoundID) -> String? { live.first(where: { $0.id == id })?.path }
}
