import LockstepCore
import Platform

/// Supply figures for one medication, recomputed on every change (a dose, a refill, an edit).
public struct SupplyStatus: Hashable, Sendable {
    public var pillsPerDay: Int
    /// nil when nothing is scheduled (paused): no run-out date and no warning.
    public var daysLeft: Int?
    /// Local midnight `daysLeft` calendar days after today's.
    public var runOut: Instant?
    /// When the low-supply warning fires, or nil when none is scheduled.
    public var warningAt: Instant?
    /// Days left on the warning's day, as the warning's body says.
    public var warningDaysLeft: Int?
}

/// Why the medication list is not in memory.
public enum StoreProblem: Hashable, Sendable {
    /// Data protection refused the read (locked, before first unlock): retry later.
    case unavailable(StoreDenial)
    /// The file is unreadable: keep its bytes and refuse to save over them until `resetData`.
    case corrupt(String)
}

/// A Taken tapped while the list could not be read, held in memory until it can be saved.
public struct QueuedDose: Hashable, Sendable {
    public var med: String
    public var slot: String
    public var at: Instant
}

/// Everything Daily Pills holds: the process, its files, the system's notification centre, and
/// the medication list (nil while unreadable or not loaded).
public struct PillState: Sendable {
    public var life = AppLifecycle()
    public var files = FileStore()
    public var centre = NotificationCentre()
    /// nil: not loaded (no process) or unreadable (`problem` says why).
    public var meds: [Medication]?
    public var supply: [String: SupplyStatus] = [:]
    public var problem: StoreProblem?
    /// A save failed (data protection); retried at the next unlock or activation.
    public var saveOwed = false
    public var queued: [QueuedDose] = []
    /// Slots up to this instant have been judged by missed-dose detection.
    public var lastMissedCheck: Instant?
    /// The user's answer when the permission prompt appears (scenario setting).
    public var permissionAnswer: NotificationAuthorization = .granted
    /// Whether the last scheduling pass fitted the budget (`repeating`) or used the rolling window.
    public var scheduleMode = "repeating"
    public var projected = 0

    // Caches: derived from the fields above, never part of the canonical state, and used only
    // after checking that what they were made from is unchanged.
    /// Each medication's state line (see `MedStateLine`).
    var medLines: [MedStateLine] = []
    /// Each medication's JSON object as last saved (see `MedicationFile.encode(_:lastCheck:cache:)`).
    var encodedMeds: [EncodedMedication] = []
    /// Each medication's wanted notification requests (see `MedRequests`).
    var requestMemo = RequestMemo()
    /// What the last scheduling pass left (see `Scheduler.sync`).
    var lastSync: SyncMark?
    /// The device's zone, for the `dosesAtWallClock` invariant (which is handed only the state).
    /// Set at start and on every zone change; `write(state, to:)` does not write it, so no digest
    /// or golden depends on it.
    var deviceZone: Zone?

    public func med(_ id: String) -> Medication? { meds?.first { $0.id == id } }
}
