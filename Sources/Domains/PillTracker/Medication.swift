import LockstepCore
import Platform

/// The four forms the add screen offers.
public enum MedForm: String, CaseIterable, Sendable {
    case tablet, capsule, syrup, injection

    /// The Remaining column's unit (GAP: syrups in ml, the article's only stated unit; the rest
    /// counted), singular for exactly one.
    func unit(_ quantity: Double) -> String {
        switch self {
        case .tablet: quantity == 1 ? "tablet" : "tablets"
        case .capsule: quantity == 1 ? "capsule" : "capsules"
        case .syrup: "ml"
        case .injection: quantity == 1 ? "injection" : "injections"
        }
    }
}

/// `Intake.Status`: what the user logged for one scheduled dose.
public enum IntakeStatus: String, CaseIterable, Sendable {
    case taken, missed, skipped
}

/// A wall-clock dose time (`DateComponents(hour:minute:)`).
public struct DoseTime: Hashable, Sendable, Comparable {
    public var hour: Int
    public var minute: Int

    public static func < (a: DoseTime, b: DoseTime) -> Bool { (a.hour, a.minute) < (b.hour, b.minute) }

    /// `08:00`.
    var text: String { ZeroPad.two(hour) + ":" + ZeroPad.two(minute) }

    /// Parses `08:00,20:30`; nil (with the offending item) when an item is not `H:MM`/`HH:MM` in range.
    static func parseList(_ text: String) -> Result<[DoseTime], DoseTimeError> {
        if text.isEmpty { return .success([]) }
        var out: [DoseTime] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), parts[1].count == 2 else {
                return .failure(DoseTimeError(message: "time '\(item)' is not HH:MM"))
            }
            guard (0...23).contains(h) else { return .failure(DoseTimeError(message: "hour \(h) is outside 0-23")) }
            guard (0...59).contains(m) else { return .failure(DoseTimeError(message: "minute \(m) is outside 0-59")) }
            out.append(DoseTime(hour: h, minute: m))
        }
        guard out.count <= Medication.maxTimes else { return .failure(DoseTimeError(message: "more than \(Medication.maxTimes) times")) }
        return .success(out)
    }
}

/// A stored medication (`@Model Medication`), read back from the object store.
public struct Medication: Hashable, Sendable {
    static let maxTimes = 12
    static let maxCount = 200

    public var id: Int64
    public var name: String
    /// The raw form string, as the model stores it.
    public var form: String
    public var strength: String?
    public var barcode: String?
    /// Bytes of the photo, if any (kept as external storage; the bytes themselves are not modelled).
    public var photoBytes: Int?
    public var quantityRemaining: Double
    public var dosePerIntake: Double
    public var times: [DoseTime]
    public var startDate: Instant
    public var endDate: Instant?

    var medForm: MedForm { MedForm(rawValue: form) ?? .tablet }
    var scheduleText: String { times.map(\.text).joined(separator: ", ") }
}

/// A logged dose (`@Model Intake`), with the raw status string the model keeps.
public struct Intake: Hashable, Sendable {
    public var id: Int64
    public var medID: Int64
    public var scheduledAt: Instant
    public var loggedAt: Instant?
    public var statusRaw: String

    /// `Status(rawValue:) ?? .missed`, the article's reading.
    var status: IntakeStatus { IntakeStatus(rawValue: statusRaw) ?? .missed }
}

/// Why a schedule list does not read.
struct DoseTimeError: Error, Hashable, Sendable {
    var message: String
}
