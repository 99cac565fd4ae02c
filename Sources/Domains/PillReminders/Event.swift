import LockstepCore
import Platform

/// A medication as entered on the add/edit screen, not yet validated (the reducer validates and
/// answers with a record).
public struct MedicationInput: Sendable, Equatable {
    public var id: String
    public var name: String?
    /// `HHmm` values as written (`800`, `2100`).
    public var times: [Int]?
    public var pillsPerDose: Int?
    public var pills: Int?
    public var warnDays: Int?

    public init(id: String, name: String? = nil, times: [Int]? = nil, pillsPerDose: Int? = nil, pills: Int? = nil,
                warnDays: Int? = nil) {
        self.id = id
        self.name = name
        self.times = times
        self.pillsPerDose = pillsPerDose
        self.pills = pills
        self.warnDays = warnDays
    }
}

/// What the device does to the app's storage and process.
public enum DeviceAction: String, Sendable, CaseIterable {
    /// The phone restarts: the app process ends and nothing is readable until the first unlock.
    case reboot
    case unlock
    case lock
}

/// Every input Daily Pills reacts to.
public enum PillEvent: Sendable {
    case lifecycle(LifecycleLine)
    case addMedication(MedicationInput)
    case editMedication(MedicationInput)
    case deleteMedication(id: String)
    case refill(id: String, pills: Int)
    /// The user answers a delivered notification (Lock Screen, banner or Notification Centre).
    case respond(id: String, action: String)
    /// "I took it, I just didn't tap": marks the latest missed slot of that time as taken.
    case correct(med: String, time: Int)
    case device(DeviceAction)
    /// The user changes notification permission in Settings.
    case settings(NotificationAuthorization)
    /// The app's "Pending: N / 64" audit screen.
    case audit
    /// Puts bytes in the medication file as if an earlier version or a crash had left them.
    case storeSeed(bytes: [UInt8], label: String)
    /// Damages the medication file (reads fail with `reason`).
    case storeCorrupt(reason: String)
    /// The user gives up on unreadable data and starts an empty list (the only way the app will
    /// save over a corrupt file).
    case resetData
    /// The centre's delivery timer.
    case notificationDue
}

/// The notification permission answers a scenario can give (Platform's, shared by every domain).
public typealias PermissionAnswer = NotificationPermissionAnswer
