import LockstepCore
import Platform

/// The reviewed add form, as the user saves it (validated by the reducer, which answers with
/// field errors).
public struct MedicationForm: Hashable, Sendable {
    public var name: String
    public var form: String
    public var strength: String?
    public var barcode: String?
    public var photoBytes: Int?
    public var quantity: Double
    public var dose: Double
    public var times: String
    public var start: Instant?
    public var end: Instant?
}

/// What the export sheet writes.
public enum ExportFormat: String, CaseIterable, Sendable { case json, csv }
/// The content type the file importer hands over.
public enum ImportType: String, CaseIterable, Sendable { case json, csv }
/// The three `TimelineProvider` calls.
public enum WidgetRequest: String, CaseIterable, Sendable { case timeline, snapshot, placeholder }

/// Every input Track Your Pills reacts to.
public enum PillTrackerEvent: Sendable {
    /// The app's first launch creates the App Group container and the store.
    case launch
    /// The App Group container can (not) be opened by the widget process.
    case container(available: Bool)
    /// The user taps "Scan barcode".
    case scan
    case capture(CaptureSystemEvent)
    case confirm(MedicationForm)
    case logIntake(med: Int64, at: Instant, status: String, loggedAt: Instant?)
    case delete(med: Int64)
    case stats(from: Instant, to: Instant)
    case daily(days: Int)
    case widget(WidgetRequest)
    case report(title: String, from: Instant, to: Instant, label: String)
    case export(ExportFormat)
    case importFile(bytes: [UInt8], type: ImportType, label: String)
    /// The user picks the file just exported (the Files round trip).
    case reimport
    case importConfirm(replace: Bool)
}
