import LockstepCore

/// The article's failure modes and the note's derived ones, each switchable back on.
public enum PillTrackerFault: String, DomainFault {
    case deadScanButton, autoSaveScan, broadSymbologies, widgetCrashOnEmpty, cloudKitSync
    case skippedAsMissed, emptyDayGreen, pdfNoPagination, halfAppliedImport, csvAsBackup
    case safeWording, noWidgetReload, photoInline, midnightDoubleCount, unknownStatusAsMissed, endedMedUpcoming

    public var summary: String {
        switch self {
        case .deadScanButton: "the scan button checks isSupported only: with the camera denied it opens a scanner that never starts (F1)"
        case .autoSaveScan: "a catalogue hit is saved at once, without the editable review form (F2)"
        case .broadSymbologies: "every symbology is recognised, so a QR or Code 39 on the box is taken as the medicine's code (F3)"
        case .widgetCrashOnEmpty: "the widget crashes when the App Group store cannot be opened (before first launch) (F4)"
        case .cloudKitSync: "SwiftData picks up CloudKit from the iCloud capability: data leaves the device (F5)"
        case .skippedAsMissed: "skipped doses count as due, lowering adherence (F6)"
        case .emptyDayGreen: "a day with nothing due is shown as a perfect green square (F7)"
        case .pdfNoPagination: "the PDF never starts a new page: rows run off the bottom (F8)"
        case .halfAppliedImport: "the import writes medication by medication, so a bad one leaves half a database (F9)"
        case .csvAsBackup: "CSV is accepted as a backup, losing schedules, forms and quantities (F10)"
        case .safeWording: "no interaction is worded 'safe to combine' and the data date is not shown (F12)"
        case .noWidgetReload: "logging a dose does not reload the widget's timeline, which stays stale (F13)"
        case .photoInline: "photos are stored inside the database row instead of external storage (F14)"
        case .midnightDoubleCount: "the daily series uses the closed interval: a 00:00 dose counts on two days (F15)"
        case .unknownStatusAsMissed: "an unknown status in a backup is imported silently and read as missed (F15)"
        case .endedMedUpcoming: "the widget lists doses of medications whose end date has passed (F15)"
        }
    }
}
